"""Properties of unflatten: spec/SPEC.md section 5, one test per clause."""

from __future__ import annotations

from typing import Any

import prop_oracles as oracle
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import UnflattenError, flatten, unflatten
from toon_picker.strategies import flat_documents, json_values

# Keys from a small set of prefixes of each other, values that are sometimes non-empty
# objects: inputs that break every rule of 5.4, alone and together.
_KEYS = st.sampled_from(["a", "a.b", "a.b.c", "b", "", ".", "a.", ".a", "b.a", "ab.c", "a_b"])
_DEEP_KEY = st.integers(18, 22).map(lambda n: ".".join(["k"] * n))
near_flat = st.recursive(
    st.dictionaries(
        st.one_of(_KEYS, _DEEP_KEY),
        st.one_of(json_values(max_depth=0), st.just({"x": 1})),
        max_size=4,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=3)),
    max_leaves=6,
)


@given(flat_documents())
@example({"a.x": 1, "b": 2, "a.y": 3})
@example({".b": 1, "a.": {}, "c": [{"d.e": []}]})
def test_flatten_inverts_unflatten(y: Any) -> None:
    """5.5: "For every `y` that unflatten accepts, `flatten(unflatten(y))` equals `y` as a
    mapping (member order may differ, because unflatten gathers members that share a
    prefix).\""""
    assert oracle.json_equal(flatten(unflatten(y)), y, ordered=False)


@given(flat_documents())
def test_split_and_rebuild(y: Any) -> None:
    """5.1/5.2: "Each member name MUST be split at every `.` into segments. Empty segments
    MUST be kept." "Each object MUST list its members in the order in which they first
    appear in the input." (compared with an independent rebuild, order included)"""
    assert oracle.same_value(unflatten(y), rebuild(y))


def rebuild(value: Any) -> Any:
    """An independent unflatten of a valid input."""
    if isinstance(value, list):
        return [rebuild(v) for v in value]
    if not isinstance(value, dict):
        return oracle.ecma(value) if isinstance(value, str) else value
    out: dict[str, Any] = {}
    for key, child in value.items():
        *heads, last = oracle.ecma(key).split(".")
        node = out
        for head in heads:
            node = node.setdefault(head, {})
        node[last] = rebuild(child)
    return out


@given(st.one_of(near_flat, flat_documents(), flat_documents(max_depth=23)))
@example({"a": 1, "a.b": 2, "c": {"d": 1}})
@example({"a": 1, "a.b": 2, ".".join(["a"] * 21): 1})
@example({"a": {}, "a.b": 1})
def test_errors_and_precedence(y: Any) -> None:
    """5.4: "Unflatten MUST fail with `not-flat` if any object member, at any level [...],
    has a non-empty object as its value. [...] `path-conflict` if one name's segments are a
    leading part of another name's segments in the same object [...] `depth-exceeded` if the
    result would contain a value at a depth greater than 20 [...] in the order `not-flat`,
    `path-conflict`, `depth-exceeded`\""""
    expected = oracle.unflatten_error(y)
    if expected is None:
        unflatten(y)
    else:
        with pytest.raises(UnflattenError) as info:
            unflatten(y)
        assert info.value.reason == expected


@given(flat_documents(max_depth=19) | json_values(max_depth=0))
def test_any_root(y: Any) -> None:
    """5.3: "Each array element MUST be unflattened on its own, as if it were a root. A
    scalar MUST be returned unchanged. A root of any kind MUST be accepted.\""""
    assert oracle.same_value(unflatten([y, y]), [unflatten(y), unflatten(y)])
    if not isinstance(y, (dict, list)):
        assert oracle.same_value(unflatten(y), oracle.normalise_keys(y))
