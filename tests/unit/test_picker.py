"""The picker (spec section 6)."""

from __future__ import annotations

import math
from typing import Any

import pytest
import toon_format

from toon_picker import FlattenError, Pick, flatten, pick, stringify_compact

ROWS = [{"id": i, "stats": {"runs": i * 10, "reads": i}} for i in range(1, 4)]


def test_uniform_rows_pick_toon_flatten() -> None:
    result = pick({"items": ROWS})
    assert result.strategy == "toon-flatten"
    assert result.text == ("items[3]{id,stats.runs,stats.reads}:\n  1,10,1\n  2,20,2\n  3,30,3")
    json_text = (
        '{"items":[{"id":1,"stats":{"runs":10,"reads":1}},'
        '{"id":2,"stats":{"runs":20,"reads":2}},{"id":3,"stats":{"runs":30,"reads":3}}]}'
    )
    assert result.sizes == {"json": len(json_text), "toon-flatten": len(result.text)}
    assert result.dropped == {}


def test_json_wins_ties_and_small_payloads() -> None:
    # "a: 1" (4 bytes) against '{"a":1}' (7 bytes): TOON wins; '1' ties with '1'.
    assert pick({"a": 1}).strategy == "toon-flatten"
    tie = pick(1)
    assert tie.strategy == "json"
    assert tie.sizes == {"json": 1, "toon-flatten": 1}


def test_never_larger_than_json() -> None:
    prose = [{"text": 'a long sentence, with commas, and quotes " ' * 5}]
    result = pick(prose, candidates=["json", "toon-flatten", "toon"])
    assert len(result.text.encode()) <= result.sizes["json"]


def test_empty_root_object_never_ships_empty_text() -> None:
    result = pick({}, candidates=["toon", "toon-flatten"])
    assert result == Pick(
        "json", "{}", {"json": 2}, {"toon": "empty-text", "toon-flatten": "empty-text"}
    )


def test_flatten_failures_drop_the_candidate() -> None:
    colliding = {"a.b": 1, "a_b": 2}
    result = pick(colliding, candidates=["toon-flatten", "toon"])
    assert result.dropped == {"toon-flatten": "key-collision"}
    assert result.strategy == "toon"  # plain TOON can still encode it
    with pytest.raises(FlattenError):
        flatten(colliding)


def test_depth_limit_applies_to_plain_toon_too() -> None:
    value: Any = 1
    for _ in range(21):
        value = {"k": value}
    result = pick(value, candidates=["toon-flatten", "toon"])
    assert result.strategy == "json"
    assert result.dropped == {"toon-flatten": "depth-exceeded", "toon": "depth-exceeded"}


def test_lone_surrogate_ships_escaped_json() -> None:
    result = pick({"a": "\ud800"}, candidates=["toon-flatten", "toon"])
    assert result.text == '{"a":"\\ud800"}'
    assert result.dropped == {"toon-flatten": "encode-failed", "toon": "encode-failed"}


def test_a_very_deep_payload_still_ships_json() -> None:
    value: Any = 1
    for _ in range(100_000):
        value = [value]
    result = pick(value, candidates=["toon-flatten", "toon"])
    assert result.strategy == "json"
    assert len(result.text) == 200_001


JUST_OVER_A_QUARTER = 1 - math.nextafter(0.75, 0)  # (1 - r) * 12 is just under 9


@pytest.mark.parametrize(
    ("payload", "min_saving", "strategy"),
    [
        # {"abc":1234} is 12 bytes, "abc: 1234" 9: a saving of exactly 1/4
        ({"abc": 1234}, 0.0, "toon-flatten"),
        ({"abc": 1234}, 0.25, "toon-flatten"),  # size == (1 - r) * json_size still wins
        ({"abc": 1234}, JUST_OVER_A_QUARTER, "json"),
        ({"abc": 1234}, 0.5, "json"),
        # {"a":1} is 7 bytes, "a: 1" 4: (1 - 3/7) * 7 rounds to exactly 4.0
        ({"a": 1}, 3 / 7 - 1e-9, "toon-flatten"),
        ({"a": 1}, 3 / 7, "toon-flatten"),
        ({"a": 1}, 3 / 7 + 1e-9, "json"),
    ],
)
def test_min_saving_boundary(payload: Any, min_saving: float, strategy: str) -> None:
    """6.5: a candidate other than json may win only if size <= (1 - r) * json_size, in
    IEEE doubles; sizes and eligibility never depend on r."""
    result = pick(payload, min_saving=min_saving)
    assert result.strategy == strategy
    assert result.sizes == pick(payload).sizes


@pytest.mark.parametrize("bad", [-0.1, 1, 1.5, float("nan"), "0.1"])
def test_min_saving_must_be_a_fraction(bad: Any) -> None:
    with pytest.raises(ValueError, match="min_saving"):
        pick({}, min_saving=bad)


def test_candidates_json_first_and_validated() -> None:
    assert list(pick(ROWS, candidates=["toon", "toon-flatten"]).sizes) == [
        "json",
        "toon",
        "toon-flatten",
    ]
    assert list(pick(ROWS, candidates=["toon-flatten", "json"]).sizes) == ["json", "toon-flatten"]
    assert pick(ROWS, candidates=[]).strategy == "json"
    with pytest.raises(ValueError, match="unknown candidate"):
        pick(ROWS, candidates=["yaml"])
    with pytest.raises(ValueError, match="twice"):
        pick(ROWS, candidates=["toon", "toon"])
    with pytest.raises(ValueError, match="sequence of names, got 'toon'"):
        pick(ROWS, candidates="toon")


def test_ties_between_toon_candidates_go_to_the_earlier() -> None:
    flat_rows = [{"a": 1, "b": 2}, {"a": 3, "b": 4}]  # flatten changes nothing
    first = pick(flat_rows, candidates=["toon", "toon-flatten"])
    second = pick(flat_rows, candidates=["toon-flatten", "toon"])
    assert first.sizes["toon"] == first.sizes["toon-flatten"]
    assert (first.strategy, second.strategy) == ("toon", "toon-flatten")


def test_plain_toon_can_beat_toon_flatten() -> None:
    # TOON 4 tabulates uniformly nested rows with a nested header.
    rows = [{"id": i, "s": {"r": i, "q": i}} for i in range(3)]
    result = pick(rows, candidates=["toon-flatten", "toon"])
    assert result.sizes["toon"] < result.sizes["toon-flatten"]
    assert result.text == toon_format.encode(rows)


def test_text_decodes_back() -> None:
    result = pick({"items": ROWS})
    assert toon_format.decode(result.text) == flatten({"items": ROWS})


def test_stringify_compact_is_the_picked_text() -> None:
    assert stringify_compact({"items": ROWS}) == pick({"items": ROWS}).text
    assert stringify_compact({"v": 1e-6}, candidates=["json"]) == '{"v":0.000001}'


def test_unknown_backend() -> None:
    with pytest.raises(ValueError, match="unknown TOON backend"):
        pick({}, backend="nope")


@pytest.mark.parametrize(
    ("number", "digits"),
    [
        (9.999999999999999e20, "999999999999999900000"),
        (1.2345678901234567e19, "12345678901234567000"),
        (-1.2345678901234567e19, "-12345678901234567000"),
        (2.0**53, "9007199254740992"),
        (1e21, "1e+21"),
    ],
)
def test_whole_doubles_beyond_2_53_use_ecmascript_digits_in_toon(
    number: float, digits: str
) -> None:
    # toon-format alone writes the exact value (999999999999999868928); spec 6.2 pins the
    # Number::toString digits that @toon-format/toon writes.
    for name in ("toon", "toon-flatten"):
        result = pick({"v": [number, "x"]}, candidates=[name])
        assert result.sizes[name] == len(f"v[2]: {digits},x")
        assert result.text == f"v[2]: {digits},x"
