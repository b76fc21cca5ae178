"""Properties of the data model (host API): spec/SPEC.md sections 2.2 and 2.3."""

from __future__ import annotations

import collections
import datetime
from typing import Any

import prop_checks as check
import prop_oracles as oracle
import pytest
from hypothesis import given
from hypothesis import strategies as st

from toon_picker import PayloadError, flatten, pick
from toon_picker.strategies import json_values


class Text(str):
    pass


class Number(int):
    pass


class Real(float):
    pass


class Mapping(dict):  # type: ignore[type-arg]
    pass


class Sequence(list):  # type: ignore[type-arg]
    pass


@st.composite
def host_variants(draw: st.DrawFn, value: Any) -> Any:
    """value with some containers and scalars swapped for the other Python types that 2.2
    maps to the same JSON value: tuples, subclasses, OrderedDict."""
    if isinstance(value, dict):
        kind = draw(st.sampled_from([dict, Mapping, collections.OrderedDict]))
        return kind(
            (draw(host_variants(k)) if draw(st.booleans()) else k, draw(host_variants(v)))
            for k, v in value.items()
        )
    if isinstance(value, list):
        kind = draw(st.sampled_from([list, tuple, Sequence]))
        return kind(draw(host_variants(v)) for v in value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, str):
        return Text(value) if draw(st.booleans()) else value
    if isinstance(value, int):
        return Number(value) if draw(st.booleans()) else value
    return Real(value) if draw(st.booleans()) else value


@given(check.ACCEPTED.flatmap(lambda x: st.tuples(st.just(x), host_variants(x))))
def test_python_types_map_to_the_same_payload(case: tuple[Any, Any]) -> None:
    """2.2: "array | `list` or `tuple`", "Subclasses of these types are accepted and treated
    as the base type." (flatten and pick give the same result for either form)"""
    x, variant = case
    assert oracle.same_value(flatten(variant), flatten(x))
    assert pick(variant, candidates=["toon", "toon-flatten"]) == pick(
        x, candidates=["toon", "toon-flatten"]
    )


class Stamp:
    def __init__(self, value: Any) -> None:
        self.value = value


def convert(obj: Any) -> Any:
    if isinstance(obj, Stamp):
        return obj.value
    if isinstance(obj, datetime.date):
        return obj.isoformat()
    raise TypeError(f"cannot convert {type(obj).__name__}")


def wrap(value: Any, draw: st.DrawFn) -> Any:
    if isinstance(value, dict):
        return {k: wrap(v, draw) for k, v in value.items()}
    if isinstance(value, list):
        return [wrap(v, draw) for v in value]
    return Stamp(value) if draw(st.booleans()) else value


@st.composite
def with_stamps(draw: st.DrawFn) -> tuple[Any, Any]:
    x = draw(json_values(max_depth=6))
    return x, wrap(x, draw)


@given(with_stamps())
def test_default_converts_unknown_objects(case: tuple[Any, Any]) -> None:
    """2.2: "`default=`, a function called with each value that is not a payload. Its result
    replaces that value and is validated at the same path.\""""
    x, stamped = case
    assert pick(stamped, default=convert) == pick(x)
    try:
        expected = flatten(x)
    except Exception as exc:  # collisions and depth: the same error either way
        with pytest.raises(type(exc)):
            flatten(stamped, default=convert)
    else:
        assert oracle.same_value(flatten(stamped, default=convert), expected)


@given(st.sampled_from([set(), b"x", object(), float("nan"), 1j]))
def test_default_that_refuses_gives_payload_error(bad: Any) -> None:
    """2.2: "If `default` raises `TypeError` or `ValueError`, the reference raises
    `PayloadError` for that path.\""""
    with pytest.raises(PayloadError) as info:
        flatten({"a": [bad]}, default=convert)
    assert info.value.reason == "invalid-payload"


@given(st.integers(0, 30).flatmap(lambda n: st.tuples(st.just(n), st.sampled_from("ol"))))
def test_depth_of_chains(case: tuple[int, str]) -> None:
    """2.3: "The root has depth 0. Each array element, and each object member value, is one
    deeper than the container that holds it." (chains of n containers around a scalar)"""
    n, kind = case
    value: Any = 1
    for _ in range(n):
        value = {"a": value} if kind == "o" else [value]
    assert oracle.depth(value) == n
    dropped = pick(value, candidates=["toon"]).dropped
    assert ("toon" in dropped and dropped["toon"] == "depth-exceeded") == (n > 20)
