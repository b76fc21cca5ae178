"""Properties of the picker: spec/SPEC.md section 6, one test per clause."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import prop_checks as check
import prop_oracles as oracle
import pytest
import toon_format
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import pick
from toon_picker.strategies import json_values

ALL = check.CANDIDATES
payloads = check.PICK_PAYLOADS
candidate_lists = check.CANDIDATE_LISTS
savings = st.one_of(st.just(0.0), st.floats(0, 1, exclude_max=True), st.sampled_from([0.3, 0.5]))


def size(text: str) -> int:
    return len(text.encode("utf-8"))


def effective(candidates: list[str]) -> list[str]:
    return ["json", *(c for c in candidates if c != "json")]


@given(payloads, candidate_lists)
@example({"v": 1e-6}, ["toon-flatten"])
@example({}, ["toon", "toon-flatten"])
def test_never_larger_than_json(x: Any, candidates: list[str]) -> None:
    """6: "It never returns a text larger than the JSON candidate." (6.4: the winner has the
    fewest bytes; 3.5: sizes are UTF-8 byte counts.)"""
    result = pick(x, candidates=candidates)
    json_size = size(pick(x, candidates=["json"]).text)
    assert result.sizes["json"] == json_size
    assert size(result.text) == result.sizes[result.strategy] <= json_size
    assert result.text != ""


@given(payloads, candidate_lists)
def test_candidates_and_result_shape(x: Any, candidates: list[str]) -> None:
    """6.1: "`json` MUST always be a candidate, and MUST be the first one [...] The other
    candidates MUST keep the caller's order." 6.6: "`sizes` MUST contain every eligible
    candidate and no other. `sizes` MUST list the eligible candidates in effective candidate
    order." 6.3: "The `json` candidate is eligible for every payload.\""""
    result = pick(x, candidates=candidates)
    order = effective(candidates)
    assert next(iter(result.sizes)) == "json"
    assert [c for c in order if c in result.sizes] == list(result.sizes)
    assert set(result.sizes) | set(result.dropped) == set(order)
    assert not set(result.sizes) & set(result.dropped)


@given(payloads, candidate_lists)
@example({"s": "\udfff"}, ["toon-flatten", "toon"])
@example({"a.b": 1, "a_b": 2}, ["toon-flatten", "toon"])
def test_dropped_reasons(x: Any, candidates: list[str]) -> None:
    """6.3/7.2: a candidate is dropped "when flatten fails (`toon-flatten` only:
    `depth-exceeded`, `key-collision`), when the value is too deep (`toon`:
    `depth-exceeded`), when the TOON encoder raises (`encode-failed` [...]), or when the text
    is empty (`empty-text`)"; "A candidate gets the first code that applies, in the order of
    this table." (checked against the oracles and the official encoder)"""
    result = pick(x, candidates=candidates)
    too_deep = oracle.depth(x) > oracle.MAX_DEPTH
    for name in effective(candidates)[1:]:
        if too_deep:
            expected: str | None = "depth-exceeded"
        elif name == "toon-flatten" and oracle.has_collision(x):
            expected = "key-collision"
        else:
            subject = oracle.flatten(x) if name == "toon-flatten" else oracle.ecma_value(x)
            try:
                text = toon_format.encode(subject)
                text.encode("utf-8")
            except Exception:
                expected = "encode-failed"
            else:
                expected = None if text else "empty-text"
        assert result.dropped.get(name) == expected, name


@given(payloads, st.lists(st.sampled_from(ALL), unique=True, min_size=1, max_size=3))
def test_text_decodes_to_the_candidate_value(x: Any, candidates: list[str]) -> None:
    """6.1: "`toon-flatten` | TOON of `flatten(value)`", "`toon` | TOON of the value itself",
    "`json` | the JSON candidate of the value": the picked text is the JSON candidate, or
    decodes with `toon_format.decode` to flatten(x) (or x for `toon`)."""
    result = pick(x, candidates=candidates)
    if result.strategy == "json":
        assert oracle.json_equal(json.loads(result.text), x)
        return
    expected = oracle.flatten(x) if result.strategy == "toon-flatten" else x
    assert oracle.json_equal(toon_format.decode(result.text), expected)


@given(payloads, candidate_lists, savings)
@example([{"id": 1, "ok": True}, {"id": 2, "ok": False}], [], 0.0)
def test_winner_and_min_saving(x: Any, candidates: list[str], r: float) -> None:
    """6.4: "The winner MUST be the eligible candidate with the fewest bytes among `json` and
    the candidates allowed by 6.5. When several have the fewest bytes, the winner MUST be the
    earliest in the effective candidate list" 6.5: "A candidate other than `json` MUST be
    allowed to win only if `size <= (1 - r) * json_size`\""""
    result = pick(x, candidates=candidates, min_saving=r)
    json_size = result.sizes["json"]
    allowed = [
        (s, i, c)
        for i, (c, s) in enumerate(result.sizes.items())
        if c == "json" or s <= (1 - r) * json_size
    ]
    assert result.strategy == min(allowed)[2]
    # Eligibility does not depend on min_saving (6.5: "stays eligible").
    assert result.sizes == pick(x, candidates=candidates).sizes


@given(payloads, candidate_lists, savings)
def test_deterministic(x: Any, candidates: list[str], r: float) -> None:
    """6.6: "For a payload and valid options, pick MUST return a result" which depends on
    the payload and options only: a copy gives the same result, and the input is unchanged."""
    snapshot = copy.deepcopy(x)
    first = pick(x, candidates=candidates, min_saving=r)
    assert first == pick(snapshot, candidates=candidates, min_saving=r)
    assert oracle.same_value(x, snapshot)


@given(st.sampled_from([-0.1, 1.0, 1.5, float("nan")]) | st.floats(max_value=-1e-300))
def test_min_saving_out_of_range(r: float) -> None:
    """6.5: "A value of `r` outside [0, 1) is a usage error (the reference raises
    `ValueError`).\""""
    with pytest.raises(ValueError, match="min_saving"):
        pick({"a": 1}, min_saving=r)


@given(
    st.lists(st.sampled_from(ALL), min_size=2).filter(lambda c: len(set(c)) < len(c))
    | st.lists(st.sampled_from([*ALL, "yaml", "TOON", ""]), min_size=1).filter(
        lambda c: not set(c) <= set(ALL)
    )
)
def test_bad_candidate_lists(candidates: list[str]) -> None:
    """6.1: "A list with an unknown name or with a repeated name is a usage error: the
    reference raises `ValueError`.\""""
    with pytest.raises(ValueError, match="candidate"):
        pick({"a": 1}, candidates=candidates)


@given(json_values(max_depth=0).filter(lambda v: isinstance(v, float)) | st.floats(-1e22, 1e22))
@example(9.999999999999999e20)
@example(2.0**60)
def test_toon_numbers_use_the_json_digits(x: float) -> None:
    """6.2: "A number held as a double MUST appear in TOON text with the digits of 3.3."
    (against the independent Number::toString oracle)"""
    if not math.isfinite(x):
        return
    result = pick({"v": x}, candidates=["toon-flatten", "toon"])
    assert result.strategy == "toon-flatten"
    assert result.text == "v: " + oracle.js_number(x)


@given(check.REFUSE_MIX, candidate_lists)
@example({"a": [{"b.c": 1}]}, ["toon-flatten", "toon"])
@example({"a.b": 1, "a_b": 2}, ["toon-flatten"])
def test_refuse_drops_toon_flatten_iff_a_name_holds_a_dot(x: Any, candidates: list[str]) -> None:
    """6.3/7.2 with `dots="refuse"`: `toon-flatten` is dropped with `dotted-name` (after
    `depth-exceeded`, before `key-collision`) iff some member name holds a dot; "JSON or
    plain `toon` (which keep names) can still win": the other candidates are unchanged."""
    refused = pick(x, candidates=candidates, dots="refuse")
    renamed = pick(x, candidates=candidates)
    if "toon-flatten" in candidates:
        if oracle.depth(x) > oracle.MAX_DEPTH:
            assert refused.dropped["toon-flatten"] == "depth-exceeded"
        elif oracle.first_dotted_name(x) is not None:
            assert refused.dropped["toon-flatten"] == "dotted-name"
        else:
            assert refused == renamed
    for name in ("json", "toon"):
        assert refused.sizes.get(name) == renamed.sizes.get(name), name
        assert refused.dropped.get(name) == renamed.dropped.get(name), name
