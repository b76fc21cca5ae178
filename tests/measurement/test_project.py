"""project(value, fields): which members survive, in which shape."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from synth import generate

from toon_picker._project import FieldSpecError, parse_fields, project

PLACE = {
    "title": "Kim's",
    "url": "https://maps/1",
    "totalScore": 4.5,
    "location": {"lat": 1.5, "lng": 2.5},
    "reviews": [{"text": "good", "stars": 5}, {"stars": 1}, "odd", [{"text": "nested"}]],
    "additionalInfo": {"Service options": [{"Takeout": True}]},
    "restaurantData": {},
    "closed": None,
}


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ("title,url", {"title": "Kim's", "url": "https://maps/1"}),
        ("url,title", {"url": "https://maps/1", "title": "Kim's"}),  # spec order
        ("location.lat", {"location": {"lat": 1.5}}),
        ("location", {"location": {"lat": 1.5, "lng": 2.5}}),
        ("location.lat,location", {"location": {"lat": 1.5, "lng": 2.5}}),  # whole wins
        ("location,location.lat", {"location": {"lat": 1.5, "lng": 2.5}}),
        ("title,title", {"title": "Kim's"}),
        ("missing,location.alt,title.x", {}),  # missing, absent leaf, scalar on path
        ("closed.x", {}),  # null on the path is missing
        ("closed", {"closed": None}),  # a present null is kept
        ("restaurantData", {"restaurantData": {}}),
        ("restaurantData.x", {}),
        (
            "additionalInfo.Service options",
            {"additionalInfo": {"Service options": [{"Takeout": True}]}},
        ),
        # arrays on the path: positions kept, non-objects kept, nested arrays walked
        ("reviews.text", {"reviews": [{"text": "good"}, {}, "odd", [{"text": "nested"}]]}),
    ],
)
def test_single_object(fields: str, expected: dict[str, Any]) -> None:
    result = project(PLACE, fields)
    assert result == expected
    assert list(result) == list(expected)


def test_top_level_array_keeps_every_item_in_place() -> None:
    rows = [{"a": 1, "b": 2}, {"b": 3}, 7, None, ["x"]]
    assert project(rows, ["a"]) == [{"a": 1}, {}, 7, None, ["x"]]


def test_envelope_items_are_projected_and_the_rest_kept() -> None:
    payload = generate("actor-runs", 5)
    before = copy.deepcopy(payload)
    result = project(payload, "id,meta.origin")
    assert payload == before  # input untouched
    assert {k: v for k, v in result["data"].items() if k != "items"} == {
        k: v for k, v in before["data"].items() if k != "items"
    }
    assert result["data"]["items"] == [
        {"id": row["id"], "meta": {"origin": row["meta"]["origin"]}}
        for row in before["data"]["items"]
    ]


def test_object_with_data_but_not_an_envelope_is_an_item() -> None:
    value = {"data": {"items": [{"a": 1}]}, "extra": 1}
    assert project(value, "extra") == {"extra": 1}
    assert project({"data": {"x": 1}}, "data.x") == {"data": {"x": 1}}


def test_scalar_root_and_tuples() -> None:
    assert project(5, "a") == 5
    assert project(({"a": 1, "b": 2},), "a") == [{"a": 1}]


def test_projection_of_places_matches_a_naive_selection() -> None:
    rows = generate("places", 20)
    expected = [{k: row[k] for k in ("title", "url", "totalScore")} for row in rows]
    assert project(rows, "title,url,totalScore") == expected


@pytest.mark.parametrize(
    ("fields", "reason", "path"),
    [
        ("", "no-fields", "fields"),
        ([], "no-fields", "fields"),
        ("a,,b", "empty-field", "fields[1]"),
        (["a", ""], "empty-field", "fields[1]"),
        ("a,.b", "empty-segment", "fields[1]"),
        ("a.", "empty-segment", "fields[0]"),
        ("a..b", "empty-segment", "fields[0]"),
        (["a", 3], "not-a-string", "fields[1]"),
    ],
)
def test_bad_field_specs(fields: Any, reason: str, path: str) -> None:
    with pytest.raises(FieldSpecError) as info:
        project({"a": 1}, fields)
    assert info.value.reason == reason
    assert info.value.path == path
    assert isinstance(info.value, ValueError)


def test_parse_fields_strips_spaces_around_commas() -> None:
    assert parse_fields(" a , b.c ") == ("a", "b.c")
    assert parse_fields(("x y.z",)) == ("x y.z",)
