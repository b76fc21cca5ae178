"""The public strategies keep their documented promises (toon_picker.strategies)."""

from __future__ import annotations

import math
import subprocess
import sys
from typing import Any

import prop_oracles as oracle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from toon_picker import strategies
from toon_picker.strategies import (
    colliding_objects,
    collision_free_objects,
    dotted_name_objects,
    flat_documents,
    json_values,
    payloads_at_depth,
    uniform_rows,
)


def walk(value: Any) -> list[Any]:
    """Every value inside value (itself included)."""
    out = [value]
    if isinstance(value, dict):
        for child in value.values():
            out += walk(child)
    elif isinstance(value, list):
        for child in value:
            out += walk(child)
    return out


def is_plain_json(value: Any, *, portable: bool = False) -> bool:
    for v in walk(value):
        if isinstance(v, float) and not math.isfinite(v):
            return False
        if portable and isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**53 - 1:
            return False
        if isinstance(v, dict):
            names = [oracle.ecma(k) for k in v]
            if len(set(names)) != len(names) or not all(isinstance(k, str) for k in v):
                return False
            if portable and any(k.isascii() and k.isdigit() for k in v):
                return False
        elif not (v is None or isinstance(v, (bool, int, float, str, list))):
            return False
    return True


@given(st.integers(0, 25).flatmap(lambda d: st.tuples(st.just(d), json_values(max_depth=d))))
def test_json_values(case: tuple[int, Any]) -> None:
    max_depth, x = case
    assert oracle.depth(x) <= max_depth
    assert is_plain_json(x)


@given(json_values(max_depth=23, portable=True))
def test_json_values_portable(x: Any) -> None:
    assert is_plain_json(x, portable=True)


@given(
    st.tuples(
        st.integers(0, 24), st.sampled_from(["any", "objects", "arrays"]), st.booleans()
    ).flatmap(
        lambda t: st.tuples(st.just(t), payloads_at_depth(t[0], containers=t[1], portable=t[2]))
    )
)
def test_payloads_at_depth(case: tuple[tuple[int, str, bool], Any]) -> None:
    (depth, containers, portable), x = case
    assert oracle.depth(x) == depth
    assert not oracle.has_collision(x)
    assert is_plain_json(x, portable=portable)
    if depth and containers != "any":
        assert isinstance(x, dict if containers == "objects" else list)


@given(st.integers(1, 22).flatmap(lambda d: st.tuples(st.just(d), colliding_objects(max_depth=d))))
def test_colliding_objects(case: tuple[int, Any]) -> None:
    max_depth, x = case
    assert isinstance(x, dict)
    assert oracle.has_collision(x)
    assert oracle.depth(x) <= max_depth
    assert is_plain_json(x)


@given(collision_free_objects(portable=True))
def test_collision_free_objects(x: Any) -> None:
    assert isinstance(x, dict)
    assert not oracle.has_collision(x)
    assert oracle.depth(x) <= oracle.MAX_DEPTH
    assert is_plain_json(x, portable=True)


def member_names(value: Any) -> list[str]:
    """Every member name at every level."""
    return [k for v in walk(value) if isinstance(v, dict) for k in v]


@given(
    st.one_of(
        json_values(dotted_names=False, max_depth=23),
        collision_free_objects(dotted_names=False, portable=True),
    )
)
def test_without_dotted_names(x: Any) -> None:
    assert not any("." in name for name in member_names(x))
    assert not oracle.has_collision(x)
    assert is_plain_json(x)


@given(
    st.integers(1, 22).flatmap(lambda d: st.tuples(st.just(d), dotted_name_objects(max_depth=d)))
)
def test_dotted_name_objects(case: tuple[int, Any]) -> None:
    max_depth, x = case
    assert isinstance(x, dict)
    assert sum("." in name for name in member_names(x)) == 1
    assert not oracle.has_collision(x)
    assert oracle.depth(x) <= max_depth
    assert is_plain_json(x)


def test_dotted_names_reach_every_level() -> None:
    depths: set[int] = set()

    @settings(max_examples=300, database=None)
    @given(dotted_name_objects(max_depth=6))
    def collect(x: Any) -> None:
        depths.add(len(oracle.first_dotted_name(x) or []))

    collect()
    assert {1, 2, 3, 4} <= depths  # the dotted member is found at the root and deep down


def shape(value: Any) -> Any:
    if isinstance(value, dict):
        return [(k, shape(v)) for k, v in value.items()]
    return None


@given(uniform_rows(min_rows=2, max_rows=5))
def test_uniform_rows(rows: list[Any]) -> None:
    assert 2 <= len(rows) <= 5
    assert all(isinstance(row, dict) and row for row in rows)
    assert all(shape(row) == shape(rows[0]) for row in rows)
    assert not oracle.has_collision(rows)
    assert is_plain_json(rows)


@given(st.integers(0, 22).flatmap(lambda d: st.tuples(st.just(d), flat_documents(max_depth=d))))
def test_flat_documents(case: tuple[int, Any]) -> None:
    max_depth, y = case
    assert oracle.unflatten_error(y) is None or (
        max_depth > oracle.MAX_DEPTH and oracle.unflatten_error(y) == "depth-exceeded"
    )
    assert not oracle.holds_nested_object(y)
    assert is_plain_json(y)


@pytest.mark.parametrize(
    "make",
    [
        lambda: json_values(max_depth=-1),
        lambda: json_values(max_leaves=0),
        lambda: json_values(max_depth="3"),  # type: ignore[arg-type]
        lambda: json_values(portable=1),  # type: ignore[arg-type]
        lambda: payloads_at_depth(-1),
        lambda: payloads_at_depth(True),  # type: ignore[arg-type]
        lambda: payloads_at_depth(3, containers="trees"),
        lambda: colliding_objects(max_depth=0),
        lambda: collision_free_objects(max_leaves=-5),
        lambda: uniform_rows(min_rows=3, max_rows=2),
        lambda: uniform_rows(max_fields=0),
        lambda: flat_documents(max_depth=1.5),  # type: ignore[arg-type]
        lambda: json_values(dotted_names=0),  # type: ignore[arg-type]
        lambda: collision_free_objects(dotted_names=None),  # type: ignore[arg-type]
        lambda: dotted_name_objects(max_depth=0),
        lambda: dotted_name_objects(portable="yes"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_fail_when_drawn(make: Any) -> None:
    strategy = make()  # lazy: building the strategy does not raise

    @settings(max_examples=1, database=None)
    @given(strategy)
    def draw_one(x: Any) -> None:
        pass

    with pytest.raises(InvalidArgument):
        draw_one()


def test_importing_the_package_does_not_import_hypothesis() -> None:
    code = "import sys, toon_picker; assert 'hypothesis' not in sys.modules, 'imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_strategies_are_documented() -> None:
    for name in strategies.__all__:
        obj = getattr(strategies, name)
        if callable(obj) and name.islower():
            doc = obj.__doc__ or ""
            assert "Shrinks toward" in doc, name
