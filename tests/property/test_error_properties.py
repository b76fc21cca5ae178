"""Properties of errors: spec/SPEC.md sections 2.2 and 7, one test per clause."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import prop_oracles as oracle
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import FlattenError, PayloadError, UnflattenError, flatten, pick, unflatten
from toon_picker._errors import ToonPickerError
from toon_picker.strategies import (
    colliding_objects,
    flat_documents,
    json_values,
    payloads_at_depth,
)

REASONS = {"invalid-payload", "depth-exceeded", "key-collision", "path-conflict", "not-flat"}


def _bad_leaves() -> st.SearchStrategy[Any]:
    return st.sampled_from(
        [
            lambda: float("nan"),
            lambda: float("inf"),
            lambda: -float("inf"),
            set,
            lambda: b"bytes",
            lambda: datetime.date(2026, 1, 1),
            object,
            lambda: {1: "non-str key"},
            lambda: {("t",): 1},
            lambda: frozenset({1}),
            complex,
        ]
    ).map(lambda make: make())


@st.composite
def invalid_payloads(draw: st.DrawFn) -> tuple[Any, Any]:
    """(payload, the offending value) with one non-JSON value or cycle planted somewhere."""
    base = draw(json_values(max_depth=draw(st.sampled_from([4, 22]))))
    containers: list[Any] = []

    def walk(v: Any) -> None:
        if isinstance(v, (dict, list)):
            containers.append(v)
            for child in v.values() if isinstance(v, dict) else v:
                walk(child)

    walk(base)
    cycle = draw(st.booleans()) and containers
    if not containers:
        bad = draw(_bad_leaves())
        return (bad, bad) if draw(st.booleans()) else ([bad], bad)
    target = draw(st.sampled_from(containers))
    # A container holding itself is the simplest cycle.
    bad = target if cycle else draw(_bad_leaves())
    if isinstance(target, list):
        target.insert(draw(st.integers(0, len(target))), bad)
    else:
        target[draw(st.text(max_size=3).filter(lambda n: n not in target))] = bad
    return base, bad


def assert_points_at_bad_value(payload: Any, bad: Any, error: ToonPickerError) -> None:
    found = oracle.resolve(payload, oracle.parse_path(error.path))
    if isinstance(bad, dict) and any(not isinstance(k, str) for k in bad):
        assert found is bad or found in bad.values()  # the dict or its odd member
    elif isinstance(bad, float):
        assert found is bad or (found != found and bad != bad) or found == bad
    else:
        assert found is bad


_A_SET = {2}


def caught(run: Callable[[Any], Any], x: Any) -> ToonPickerError | None:
    try:
        run(x)
    except ToonPickerError as exc:
        return exc
    return None


@given(invalid_payloads(), st.sampled_from(["flatten", "unflatten", "pick"]))
@example(({"a": [1, _A_SET]}, _A_SET), "flatten")
def test_invalid_payload_first_with_path(case: tuple[Any, Any], op: str) -> None:
    """2.2: "The reference raises `PayloadError(reason="invalid-payload")` naming the path
    of the first such value it meets" and 7.3: "`invalid-payload` comes first" (also ahead
    of depth-exceeded and key-collision in the same payload)."""
    payload, bad = case
    run: Callable[[Any], Any] = {"flatten": flatten, "unflatten": unflatten, "pick": pick}[op]
    with pytest.raises(PayloadError) as info:
        run(payload)
    assert info.value.reason == "invalid-payload"
    assert isinstance(info.value, TypeError)
    assert_points_at_bad_value(payload, bad, info.value)


@given(
    st.one_of(
        json_values(max_depth=23),
        colliding_objects(),
        payloads_at_depth(21),
    )
)
def test_flatten_errors_carry_reason_and_existing_path(x: Any) -> None:
    """7.1: "All three Python exceptions [...] carry `.reason` (one of the codes) and
    `.path`"; the path names a value of the input: for depth-exceeded one deeper than 20,
    for key-collision a member with a sibling of the same normalised name."""
    exc = caught(flatten, x)
    if exc is None:
        return
    assert isinstance(exc, FlattenError)
    assert isinstance(exc, ValueError)
    assert exc.reason in REASONS
    steps = oracle.parse_path(exc.path)
    assert oracle.resolve(x, steps) is not oracle._MISSING, exc.path
    if exc.reason == "depth-exceeded":
        assert len(steps) > oracle.MAX_DEPTH
    else:
        assert exc.reason == "key-collision"
        parent = oracle.resolve(x, steps[:-1])
        name = steps[-1]
        assert isinstance(parent, dict)
        assert isinstance(name, str)
        twins = [k for k in parent if oracle.norm_name(k) == oracle.norm_name(name)]
        assert len(twins) >= 2


_KEYS = st.sampled_from(["a", "a.b", "a.b.c", "b", "", ".", "a.", "a_b"])
near_flat = st.dictionaries(
    _KEYS, st.one_of(json_values(max_depth=1), flat_documents(max_depth=3)), max_size=4
)


@given(st.one_of(near_flat, st.lists(near_flat, max_size=3), flat_documents(max_depth=23)))
@example({"a": {"b": 1}})
@example({"a": 1, "a.b": 2})
def test_unflatten_errors_carry_reason_and_existing_path(y: Any) -> None:
    """7.1: `not-flat`, `path-conflict` and `depth-exceeded` from unflatten carry a reason
    and the path of an input member (for not-flat: one whose value is a non-empty object)."""
    exc = caught(unflatten, y)
    if exc is None:
        return
    assert isinstance(exc, UnflattenError)
    assert isinstance(exc, ValueError)
    assert exc.reason in {"not-flat", "path-conflict", "depth-exceeded"}
    found = oracle.resolve(y, oracle.parse_path(exc.path))
    assert found is not oracle._MISSING, exc.path
    if exc.reason == "not-flat":
        assert isinstance(found, dict)
        assert found


@given(json_values(max_depth=23), st.lists(st.sampled_from(["toon-flatten", "toon"])))
def test_pick_never_raises_for_a_payload(x: Any, candidates: list[str]) -> None:
    """7.1/6.6: "pick raises only `invalid-payload`"; "For a payload and valid options, pick
    MUST return a result and MUST NOT fail.\""""
    pick(x, candidates=list(dict.fromkeys(candidates)))
