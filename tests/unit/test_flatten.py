"""dot-flatten (spec section 4). Expected values are written out by hand from the spec."""

from __future__ import annotations

from typing import Any

import pytest

from toon_picker import MAX_DEPTH, FlattenError, PayloadError, flatten, unflatten
from toon_picker._flatten import normalise_keys


def object_chain(depth: int, leaf: Any = 1) -> Any:
    """``{"k":{"k":...leaf}}`` with the leaf at ``depth``."""
    value = leaf
    for _ in range(depth):
        value = {"k": value}
    return value


def array_chain(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def mixed_chain(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for level in range(depth):
        value = {"k": value} if level % 2 else [value]
    return value


SHAPES = {"object": object_chain, "array": array_chain, "mixed": mixed_chain}
LEAVES = {"scalar": 1, "null": None, "empty-object": {}, "empty-array": [], "string": "s"}


@pytest.mark.parametrize("leaf", LEAVES.values(), ids=list(LEAVES))
@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
def test_depth_20_passes_and_21_fails(shape: Any, leaf: Any) -> None:
    assert MAX_DEPTH == 20
    flatten(shape(20, leaf))
    with pytest.raises(FlattenError) as info:
        flatten(shape(21, leaf))
    assert info.value.reason == "depth-exceeded"
    assert info.value.path.startswith("$")


def test_depth_counts_levels_not_keys() -> None:
    # 20 levels of objects flatten into one key with 20 segments.
    assert flatten(object_chain(20)) == {".".join(["k"] * 20): 1}


def test_depth_checked_before_collisions() -> None:
    payload = {"a.b": 1, "a_b": 2, "deep": object_chain(21)}
    with pytest.raises(FlattenError) as info:
        flatten(payload)
    assert info.value.reason == "depth-exceeded"
    assert info.value.path == "$.deep" + ".k" * 20


def test_deep_nesting_gives_a_clean_error() -> None:
    with pytest.raises(FlattenError) as info:
        flatten(object_chain(100_000))
    assert info.value.reason == "depth-exceeded"


def test_every_dot_is_normalised() -> None:
    assert flatten({"a.b.c": 1, "x": {"y.z": 2}}) == {"a_b_c": 1, "x.y_z": 2}
    assert flatten({".": 1, "..": 2}) == {"_": 1, "__": 2}


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ({"": 1}, {"": 1}),
        ({"": {"b": 1}}, {".b": 1}),
        ({"a": {"": 1}}, {"a.": 1}),
        ({"": {"": {"": 1}}}, {"..": 1}),
        ({"__proto__": {"x": 1}, "constructor": 2}, {"__proto__.x": 1, "constructor": 2}),
        ({"toString": {"valueOf": 1}}, {"toString.valueOf": 1}),
        ({"größe": {"名前": "x"}}, {"größe.名前": "x"}),
        ({"Service options": {"Dine in": True}}, {"Service options.Dine in": True}),
    ],
)
def test_odd_member_names(payload: Any, expected: Any) -> None:
    assert flatten(payload) == expected


@pytest.mark.parametrize(
    "payload",
    [
        {"a.b": 1, "a_b": 2},  # leaf
        {"a_b": {"c": 1}, "a.b": {"c": 2}},  # merge
        {"a_b": {}, "a.b": 1},  # empty object
        {"x": [{"a.b": 1, "a_b": 2}]},  # inside an array
        {"x": {"y": {"p.q": 1, "p_q": 1}}},  # nested
        {"a..b": 1, "a._b": 2},
    ],
)
def test_collisions(payload: Any) -> None:
    with pytest.raises(FlattenError) as info:
        flatten(payload)
    assert info.value.reason == "key-collision"


def test_collision_error_names_both_members() -> None:
    with pytest.raises(FlattenError) as info:
        flatten({"data": {"a_b": {"c": 1}, "a.b": {"c": 2}}})
    assert info.value.path == '$.data["a.b"]'
    assert "'a_b'" in str(info.value)
    assert "'a.b'" in str(info.value)


def test_no_collision_between_prefix_and_name_with_underscore() -> None:
    # "a"+"b" flattens to "a.b", the member "a.b" to "a_b": distinct keys.
    assert flatten({"a": {"b": 1}, "a.b": 2}) == {"a.b": 1, "a_b": 2}


def test_empty_objects_are_kept() -> None:
    assert flatten({"a": {}}) == {"a": {}}
    assert flatten({"a": {"b": {}, "c": 1}}) == {"a.b": {}, "a.c": 1}
    assert flatten({}) == {}


def test_arrays_stay_arrays_and_elements_have_their_own_key_space() -> None:
    payload = {"items": [{"id": 1, "s": {"r": 1}}, {"id": 2, "s": {"r": 2}}], "tags": ["a", []]}
    assert flatten(payload) == {
        "items": [{"id": 1, "s.r": 1}, {"id": 2, "s.r": 2}],
        "tags": ["a", []],
    }
    assert flatten([[{"a": {"b": 1}}], 2]) == [[{"a.b": 1}], 2]


@pytest.mark.parametrize("root", [None, True, 0, -1.5, "text", [], [1, "a"]])
def test_scalar_and_array_roots(root: Any) -> None:
    assert flatten(root) == root


def test_output_order_is_depth_first_input_order() -> None:
    payload = {"z": 1, "a": {"y": 2, "b": {"x": 3}, "c": 4}, "m": 5}
    assert list(flatten(payload)) == ["z", "a.y", "a.b.x", "a.c", "m"]  # type: ignore[arg-type]


def test_flatten_does_not_alias_or_mutate_input() -> None:
    payload = {"a": {"b": [1]}, "e": {}}
    out = flatten(payload)
    assert isinstance(out, dict)
    out["a.b"].append(2)  # type: ignore[union-attr]
    out["e"]["x"] = 1  # type: ignore[index, call-overload]
    assert payload == {"a": {"b": [1]}, "e": {}}


def test_round_trip_law_on_examples() -> None:
    for payload in [
        {"a.b": {"c": 1}, "d": [{"e.f": {}}]},
        {"": {"": 1}, "x": []},
        [{"a": {"b": None}}],
    ]:
        assert unflatten(flatten(payload)) == normalise_keys(payload)


def test_flatten_is_not_idempotent() -> None:
    once = flatten({"a": {"b": 1}})
    assert once == {"a.b": 1}
    assert flatten(once) == {"a_b": 1}


def test_invalid_payload_is_payload_error() -> None:
    with pytest.raises(PayloadError) as info:
        flatten({"a": [1, {"b": b"x"}]})
    assert info.value.reason == "invalid-payload"
    assert info.value.path == "$.a[1].b"
    assert isinstance(info.value, TypeError)


def test_default_converts_unknown_objects() -> None:
    class Point:
        def __init__(self, x: int) -> None:
            self.x = x

    assert flatten({"p": Point(3)}, default=lambda o: {"x": o.x}) == {"p.x": 3}
