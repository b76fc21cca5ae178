"""Spec 7.3's precedence is one table: the code's (``_errors.PRECEDENCE``) is the spec's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from toon_picker import FlattenError, UnflattenError, flatten, pick, unflatten
from toon_picker._errors import DROP_ORDER, DROP_REASONS, PRECEDENCE

SPEC = (Path(__file__).resolve().parents[2] / "spec" / "SPEC.md").read_text(encoding="utf-8")


def _section(number: str) -> str:
    start = SPEC.index(f'<a id="s{number}"></a>')
    end = SPEC.index('<a id="s', start + 1)
    return SPEC[start:end]


def _rows(section: str) -> dict[str, tuple[str, ...]]:
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and "`" in cells[1]:
            rows[cells[0]] = tuple(re.findall(r"`([a-z-]+)`", cells[1]))
    return rows


def test_the_code_s_table_is_the_spec_s() -> None:
    rows = _rows(_section("7.3"))
    assert {op: rows[op] for op in PRECEDENCE} == PRECEDENCE
    assert rows["one dropped candidate"] == DROP_ORDER


def test_the_drop_codes_are_listed_in_their_order() -> None:
    listed = re.findall(r"^\| `([a-z-]+)` \|", _section("7.2"), flags=re.M)
    assert tuple(listed) == DROP_REASONS == DROP_ORDER


O21: Any = 1
for _ in range(21):
    O21 = {"a": O21}

# One input per pair of kinds, holding both faults: the code of the earlier kind wins.
FLATTEN_PAIRS = {
    ("depth-exceeded", "dotted-name"): {"a.b": 1, "d": O21},
    ("depth-exceeded", "key-collision"): {"a_b": 1, "a.b": 2, "d": O21},
    ("dotted-name", "key-collision"): {"a_b": 1, "a.b": 2},
}
UNFLATTEN_PAIRS = {
    ("not-flat", "path-conflict"): {"a.b": 2, "a": [{"d": {"e": 1}}]},
    ("not-flat", "depth-exceeded"): {"x": {"y": 1}, ".".join(["k"] * 22): 1},
    ("path-conflict", "depth-exceeded"): {"a": 1, "a.b": 2, ".".join(["k"] * 22): 1},
}


@pytest.mark.parametrize(("kinds", "value"), FLATTEN_PAIRS.items(), ids=str)
def test_flatten_reports_the_earlier_kind(kinds: tuple[str, str], value: Any) -> None:
    order = PRECEDENCE["flatten"]
    assert order.index(kinds[0]) < order.index(kinds[1])
    with pytest.raises(FlattenError) as info:
        flatten(value, dots="refuse" if "dotted-name" in kinds else "rename")
    assert info.value.reason == kinds[0]


@pytest.mark.parametrize(("kinds", "value"), UNFLATTEN_PAIRS.items(), ids=str)
def test_unflatten_reports_the_earlier_kind(kinds: tuple[str, str], value: Any) -> None:
    order = PRECEDENCE["unflatten"]
    assert order.index(kinds[0]) < order.index(kinds[1])
    with pytest.raises(UnflattenError) as info:
        unflatten(value)
    assert info.value.reason == kinds[0]


@pytest.mark.parametrize(("kinds", "value"), FLATTEN_PAIRS.items(), ids=str)
def test_a_dropped_candidate_gets_the_earlier_code(kinds: tuple[str, str], value: Any) -> None:
    dots = "refuse" if "dotted-name" in kinds else "rename"
    assert pick(value, dots=dots).dropped == {"toon-flatten": kinds[0]}
    assert DROP_ORDER.index(kinds[0]) < DROP_ORDER.index(kinds[1])
