"""Properties of the reader's side: spec/SPEC.md 6.8 (`parse_compact`) and 6.3 (`verify`).

Every text the picker ships must give the payload back to a reader: ``parse_compact`` of
the picked text, with the picked strategy, equals the payload (``toon-flatten``: the
payload with normalised names). Equality is judged by the independent oracle
(``prop_oracles.json_equal``: numbers by value, strings as ECMAScript reads them, member
order kept), not by the library's own comparison.
"""

from __future__ import annotations

from typing import Any

import prop_checks as check
import prop_oracles as oracle
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import parse_compact, pick

DOTS = st.sampled_from(["rename", "refuse"])
EVERY_CANDIDATE = st.lists(st.sampled_from(check.CANDIDATES), unique=True, min_size=1)


def expected(x: Any, strategy: str) -> Any:
    return oracle.normalise_keys(x) if strategy == "toon-flatten" else oracle.ecma_value(x)


@given(check.PICK_PAYLOADS | check.REFUSE_MIX, EVERY_CANDIDATE, DOTS)
@example({"v": 2.0**60, "w": 1e21, "x": -0.0}, ["toon-flatten", "toon"], "rename")
@example([{"id": 1, "a.b": "\ufeff1"}, {"id": 2, "a.b": " 1"}], ["toon-flatten"], "rename")
@example({"s": "\ud83d\ude00", "t": ["", "-", "null", "1e-7"]}, ["toon"], "rename")
@example("\ufeff1", ["toon"], "rename")
@example({"a.b": {"c": 2.0**60}}, ["toon-flatten"], "rename")
def test_parse_compact_gives_the_payload_back(x: Any, candidates: list[str], dots: str) -> None:
    """6.8: "for every pick, `parse_compact(p.text, p.strategy)` equals the payload (for
    `toon-flatten`, `normalise_keys` of the payload)\""""
    p = pick(x, candidates=candidates, dots=dots)
    assert oracle.json_equal(parse_compact(p.text, p.strategy), expected(x, p.strategy)), p


@given(check.PICK_PAYLOADS | check.REFUSE_MIX, EVERY_CANDIDATE, DOTS)
@example({"v": 2.0**60}, ["toon"], "rename")
def test_verify_changes_nothing_for_the_reference_encoder(
    x: Any, candidates: list[str], dots: str
) -> None:
    """6.3: with `verify=True` a candidate is dropped with `decode-mismatch` "unless it
    gives the payload back"; the reference encoder's texts always do, so the pick is the
    same as with `verify=False`."""
    plain = pick(x, candidates=candidates, dots=dots)
    verified = pick(x, candidates=candidates, dots=dots, verify=True)
    assert "decode-mismatch" not in verified.dropped.values(), verified
    assert verified == plain
