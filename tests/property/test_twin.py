"""The compiled twin (``_twin`` over the C module ``_speedups``) agrees with the reference.

The reference path (``_payload.check``, then ``_flatten.flatten_checked``) is the
definition. Whenever the twin answers, its answer must be the reference's exactly: the
same flat value (member order, float signs, int or float), depth, ``ecma_floats`` and
``big_ints``. It must answer for every plain payload (exact built-in types, no surrogate,
depth at most MAX_DEPTH, and for flatten no key collision). And ``pick``, ``flatten`` and
``_json.dumps`` must give the same result, or the same error with the same reason and
path, with the twin as without it, on every input, including those it hands back.

Skipped where the twin is not active (``TOON_PICKER_PUREPYTHON=1``, or no C compiler at
install time); scripts/test.sh runs the suite both ways.
"""

from __future__ import annotations

import dataclasses
import decimal
import math
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from prop_oracles import float_paths

from toon_picker import FlattenError, _json, _twin, flatten, pick
from toon_picker._errors import ToonPickerError
from toon_picker._flatten import flatten_checked
from toon_picker._payload import MAX_DEPTH, Checked, check
from toon_picker.strategies import (
    colliding_objects,
    collision_free_objects,
    json_values,
    payloads_at_depth,
    uniform_rows,
)

pytestmark = pytest.mark.skipif(
    _twin.IMPLEMENTATION != "compiled", reason=f"the compiled twin is not active: {_twin.REASON}"
)


def same(a: Any, b: Any) -> bool:
    """Equal including member order, float signs and int/float/bool kinds."""
    return type(a) is type(b) and repr(a) == repr(b)


def is_plain(value: Any) -> bool:
    """Exact built-in JSON types only, str names, no surrogate, finite floats."""
    kind = type(value)
    if kind is dict:
        return all(type(k) is str and is_plain(k) and is_plain(v) for k, v in value.items())
    if kind is list:
        return all(is_plain(item) for item in value)
    if kind is str:
        return not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if kind is float:
        return math.isfinite(value)
    return kind in (int, bool) or value is None


def as_reference(checked: _twin.TwinChecked, value: Any) -> Checked:
    """The twin's answer as the reference writes it; its float paths checked on the way."""
    paths = float_paths(value)
    if checked.float_paths is None:  # too many to list
        assert len(paths) > _twin._speedups.PATHS_MAX
    else:
        assert checked.float_paths == paths
    return Checked(*(getattr(checked, f.name) for f in dataclasses.fields(Checked)))


def has_dotted_name(value: Any) -> bool:
    if isinstance(value, dict):
        return any("." in k or has_dotted_name(v) for k, v in value.items())
    if isinstance(value, list):
        return any(has_dotted_name(item) for item in value)
    return False


# --- payloads the twin must hand back: subclasses, tuples, values for default= --------


class _Dict(dict):  # type: ignore[type-arg]
    pass


class _List(list):  # type: ignore[type-arg]
    pass


class _Str(str):
    pass


class _Int(int):
    pass


class _Float(float):
    pass


@st.composite
def disguised(draw: st.DrawFn) -> Any:
    """A JSON value with a few nodes swapped for what only the reference path handles."""
    value = draw(json_values(max_leaves=20))

    def swap(node: Any) -> Any:
        if type(node) is dict:
            node = {swap_key(k): swap(v) for k, v in node.items()}
            return _Dict(node) if draw(st.integers(0, 9)) == 0 else node
        if type(node) is list:
            items = [swap(v) for v in node]
            way = draw(st.integers(0, 12))
            return tuple(items) if way == 0 else _List(items) if way == 1 else items
        if draw(st.integers(0, 9)):
            return node
        if type(node) is str:
            return _Str(node)
        if type(node) is bool or node is None:
            return decimal.Decimal(1)  # default=str turns it into "1"
        if type(node) is int:
            return _Int(node)
        if type(node) is float:
            return _Float(node)
        return node

    def swap_key(key: str) -> str:
        return _Str(key) if draw(st.integers(0, 15)) == 0 else key

    return swap(value)


payloads = st.one_of(
    json_values(),
    uniform_rows(),
    colliding_objects(),
    collision_free_objects(),
    st.integers(19, 22).flatmap(lambda depth: payloads_at_depth(depth)),
)


@given(value=payloads)
@example(value={"a.b": 1, "a_b": 2})
@example(value={"a.b": 1, "a": {"b": 2}, "c": {"d.e": {}}})
@example(value={"v": [1e-05, 2.0, -0.0, 0.0, 9.999999999999999e20, 5e-324, 1e16]})
@example(value={"i": [2**63 - 1, -(2**63), 2**64 - 1, 2**64, -(2**63) - 1, True]})
@example(value={"s": "\ud800"})
@example(value={"s": "\ud83d\ude00"})  # a pair split into two code points
@example(value={"\udfff": 1})
@example(value=[[]])
@example(value={"": {"": {"": 1}}, ".": 2})
def test_the_twin_answers_as_the_reference(value: Any) -> None:
    reference = check(value)
    plain = is_plain(value) and reference.depth <= MAX_DEPTH
    checked = _twin.check(value)
    if checked is None:
        assert not plain, "the twin handed back a plain payload"
    else:
        assert plain
        # value (the same object), depth, deep path, floats, flags
        assert as_reference(checked, value) == reference
        assert checked.value is value
    flattens = True
    try:
        flat = flatten_checked(reference)
    except FlattenError:
        flattens = False
    for refuse_dots in (False, True):
        made = _twin.check_and_flatten(value, refuse_dots=refuse_dots)
        must_answer = plain and flattens and not (refuse_dots and has_dotted_name(value))
        if made is None:
            assert not must_answer, "the twin handed back a plain payload"
            continue
        assert must_answer
        twin_checked, twin_flat = made
        assert as_reference(twin_checked, value) == reference
        assert same(twin_flat, flat)


def outcome(func: Any, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    try:
        result = func(*args, **kwargs)
    except ToonPickerError as exc:
        return ("error", type(exc), exc.reason, exc.path, str(exc))
    return ("ok", type(result), repr(result))


def both_ways(func: Any, *args: Any, **kwargs: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    twin = outcome(func, *args, **kwargs)
    with _twin.pure_python():
        reference = outcome(func, *args, **kwargs)
    return twin, reference


ALL = ("json", "toon-flatten", "toon")


@given(value=st.one_of(payloads, disguised()))
@example(value={"a.b": 1, "a_b": 2})
@example(value=[{"x": 1, "k.v": {"a": 2}}, {"x": 2}])  # dotted-name with dots="refuse"
@example(value=[1.0, 1e-6, 5.98e-6, 1e-7, -0.0, 1e21, 2**64, "\u2028\x7f/\x1f\x00é"])
@example(value={"deep": [[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]})
@example(value=(1, 2, 3))
@example(value={"s": _Str("x"), "n": _Int(3), "d": _Dict(a=1)})
@example(value=float("nan"))
@example(value={1: 2})
def test_same_results_and_errors_with_and_without_the_twin(value: Any) -> None:
    for candidates in (ALL, ("json",), ("json", "toon-flatten")):
        twin, reference = both_ways(pick, value, candidates=candidates, default=str)
        assert twin == reference
    twin, reference = both_ways(pick, value, candidates=ALL, dots="refuse", default=str)
    assert twin == reference
    twin, reference = both_ways(flatten, value, dots="refuse", default=str)
    assert twin == reference
    twin, reference = both_ways(flatten, value, default=str)
    assert twin == reference
    twin, reference = both_ways(_json.dumps, value, default=str)
    assert twin == reference
    twin, reference = both_ways(pick, value)  # no default=: the reference reports
    assert twin == reference


def test_float_paths_are_listed_while_floats_are_few() -> None:
    many, share = _twin._speedups.PATHS_MAX, _twin._speedups.PATHS_SHARE
    floats = [1.0] * (many + 1)
    checked = _twin.check(floats)
    assert checked is not None
    assert checked.float_paths is None
    sparse = [[1.0, *["x"] * share] for _ in range(many + 1)]  # one leaf in share + 1
    checked = _twin.check(sparse)
    assert checked is not None
    assert checked.float_paths == float_paths(sparse)
    for value in (floats, sparse):
        twin, reference = both_ways(_json.dumps, value)
        assert twin == reference


def test_a_cycle_is_handed_back_and_reported_by_the_reference() -> None:
    loop: list[Any] = [1]
    loop.append(loop)
    holder: dict[str, Any] = {"a": {}}
    holder["a"]["b"] = holder
    for value in (loop, holder):
        assert _twin.check(value) is None
        assert _twin.check_and_flatten(value) is None
        twin, reference = both_ways(pick, value)
        assert twin == reference
        assert twin[0] == "error"
