"""unflatten (spec section 5). Expected values are written out by hand from the spec."""

from __future__ import annotations

from typing import Any

import pytest

from toon_picker import UnflattenError, flatten, unflatten


@pytest.mark.parametrize(
    ("flat", "nested"),
    [
        ({"a.b": 1, "a.c": 2, "d": 3}, {"a": {"b": 1, "c": 2}, "d": 3}),
        ({".b": 1}, {"": {"b": 1}}),
        ({"a.": 1}, {"a": {"": 1}}),
        ({"": 1}, {"": 1}),
        ({"a": {}}, {"a": {}}),
        ({"a.b": {}}, {"a": {"b": {}}}),
        ({"x": [{"a.b": 1}, [{"c.d": 2}]]}, {"x": [{"a": {"b": 1}}, [{"c": {"d": 2}}]]}),
        ({"__proto__.polluted": 1}, {"__proto__": {"polluted": 1}}),
        ([{"a.b": 1}, 2], [{"a": {"b": 1}}, 2]),
        ("text", "text"),
        ({}, {}),
        ({"a_b": 1}, {"a_b": 1}),
    ],
)
def test_rebuilds_nested_objects(flat: Any, nested: Any) -> None:
    assert unflatten(flat) == nested


def test_first_appearance_order() -> None:
    out = unflatten({"b.x": 1, "a": 2, "b.y": 3})
    assert list(out) == ["b", "a"]  # type: ignore[arg-type]
    assert list(out["b"]) == ["x", "y"]  # type: ignore[index, call-overload]


@pytest.mark.parametrize(
    "flat",
    [
        {"a": 1, "a.b": 2},
        {"a.b": 2, "a": 1},
        {"a": {}, "a.b": 1},
        {"a.b": 1, "a": {}},
        {"a.b": 1, "a.b.c": 2},
        {"a": None, "a.b": 1},
        {"a": [], "a.b": 1},
        [{"x": 1, "x.y": 2}],
    ],
)
def test_path_conflicts(flat: Any) -> None:
    with pytest.raises(UnflattenError) as info:
        unflatten(flat)
    assert info.value.reason == "path-conflict"


@pytest.mark.parametrize("flat", [{"a": {"b": 1}}, {"x": [{"a": {"b": 1}}]}, [{"a": {"": 1}}]])
def test_not_flat(flat: Any) -> None:
    with pytest.raises(UnflattenError) as info:
        unflatten(flat)
    assert info.value.reason == "not-flat"


def test_precedence_not_flat_then_conflict_then_depth() -> None:
    deep_key = ".".join(["k"] * 21)
    with pytest.raises(UnflattenError) as info:
        unflatten({deep_key: 1, "a": 1, "a.b": 2, "n": {"x": 1}})
    assert info.value.reason == "not-flat"
    with pytest.raises(UnflattenError) as info:
        unflatten({deep_key: 1, "a": 1, "a.b": 2})
    assert info.value.reason == "path-conflict"


def test_result_depth_boundary() -> None:
    assert unflatten({".".join(["k"] * 20): 1})  # leaf at depth 20
    with pytest.raises(UnflattenError) as info:
        unflatten({".".join(["k"] * 21): 1})
    assert info.value.reason == "depth-exceeded"
    # 19 segments + an array + its element = depth 21
    with pytest.raises(UnflattenError):
        unflatten({".".join(["k"] * 20): [1]})
    assert unflatten({".".join(["k"] * 20): []})


def test_very_deep_input_is_a_clean_error() -> None:
    value: Any = 1
    for _ in range(100_000):
        value = [value]
    with pytest.raises(UnflattenError) as info:
        unflatten(value)
    assert info.value.reason == "depth-exceeded"
    with pytest.raises(UnflattenError):
        unflatten({".".join(["k"] * 100_000): 1})


def test_flatten_of_unflatten_is_identity_as_mapping() -> None:
    for flat in [{"b.x": 1, "a": 2, "b.y": 3}, {".": 1, "q": {}}, {"x": [{"a.": []}]}]:
        assert flatten(unflatten(flat)) == flat


def test_does_not_mutate_input() -> None:
    flat = {"a.b": [1], "c": {}}
    out = unflatten(flat)
    out["a"]["b"].append(2)  # type: ignore[index, call-overload, union-attr]
    assert flat == {"a.b": [1], "c": {}}
