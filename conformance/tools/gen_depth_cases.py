"""Write the depth-boundary case files (flatten/depth, unflatten/depth, pick/depth).

The inputs are chains of containers described by a step list, built at depth 20 (the
limit, must work) and 21 (one past it, must fail). The expected flatten/unflatten values
are constructed from the same step list by the rule being pinned (consecutive object steps
join into one dotted key; array steps stay arrays), which is short enough to check by eye,
and never by calling an implementation. Pick expectations are left out here and filled in
by build_pick_expectations.py (which cross-checks two implementations).

Ids are positional within SHAPES: append new shapes at the end, never reorder.

    python conformance/tools/gen_depth_cases.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from casefmt import write_file

CASES = Path(__file__).resolve().parent.parent / "cases"
MAX_DEPTH = 20

# (tag, step pattern, leaf, object member name). Steps: "o" = object member, "a" = array
# element; the pattern repeats to the needed depth. The leaf sits at exactly that depth.
SHAPES: list[tuple[str, str, Any, str]] = [
    ("object-chain", "o", 1, "a"),
    ("object-chain", "o", None, "a"),
    ("object-chain", "o", "s", "a"),
    ("object-chain", "o", True, "a"),
    ("object-chain", "o", {}, "a"),
    ("object-chain", "o", [], "a"),
    ("array-chain", "a", 1, "a"),
    ("array-chain", "a", "s", "a"),
    ("array-chain", "a", None, "a"),
    ("array-chain", "a", {}, "a"),
    ("array-chain", "a", [], "a"),
    ("mixed", "oa", 1, "a"),
    ("mixed", "ao", 1, "a"),
    ("mixed", "oa", {}, "a"),
    ("mixed", "ao", [], "a"),
    ("mixed", "ooa", 2.5, "k"),
    ("mixed", "aao", False, "k"),
    ("empty-name", "o", 1, ""),
    ("empty-name", "oa", "x", ""),
    ("unicode", "o", 1, "é"),
    ("proto", "o", 1, "__proto__"),
]


def steps_for(pattern: str, depth: int) -> str:
    return (pattern * depth)[:depth]


def nested(steps: str, leaf: Any, name: str) -> Any:
    value: Any = leaf
    for step in reversed(steps):
        value = {name: value} if step == "o" else [value]
    return value


def flat(steps: str, leaf: Any, name: str) -> Any:
    """The flattened chain: a run of object steps becomes one member with a dotted key."""
    if not steps:
        return leaf
    if steps[0] == "a":
        return [flat(steps[1:], leaf, name)]
    run = len(steps) - len(steps.lstrip("o"))
    key = ".".join([name] * run)
    return {key: flat(steps[run:], leaf, name)}


def _wide(value: Any) -> Any:
    # The deep chain as the last of several shallow members: depth is checked everywhere.
    return {"id": 1, "tags": ["x", {"y": 2}], "empty": {}, "deep": value}


def build() -> dict[str, int]:
    flatten_cases: list[dict[str, Any]] = []
    unflatten_cases: list[dict[str, Any]] = []
    pick_cases: list[dict[str, Any]] = []

    def add(cases: list[dict[str, Any]], op: str, **fields: Any) -> None:
        cases.append(
            {"id": f"{op}.depth.{len(cases) + 1:03d}", "op": op, "level": "must", **fields}
        )

    for tag, pattern, leaf, name in SHAPES:
        for depth in (MAX_DEPTH, MAX_DEPTH + 1):
            steps = steps_for(pattern, depth)
            over = depth > MAX_DEPTH
            where = f"{tag} {pattern!r}, leaf {json.dumps(leaf)} at depth {depth}"
            tags = ["depth", tag, "over" if over else "limit"]
            expect_f: dict[str, Any] = (
                {"error": "depth-exceeded"} if over else {"ok": flat(steps, leaf, name)}
            )
            add(
                flatten_cases,
                "flatten",
                spec="4.1",
                tags=tags,
                note=where,
                input=nested(steps, leaf, name),
                **expect_f,
            )
            expect_u: dict[str, Any] = (
                {"error": "depth-exceeded"} if over else {"ok": nested(steps, leaf, name)}
            )
            add(
                unflatten_cases,
                "unflatten",
                spec="5.4",
                tags=tags,
                note=f"result: {where}",
                input=flat(steps, leaf, name),
                **expect_u,
            )
    # Wide variants: the deep chain is one member among shallow ones.
    for tag, pattern, leaf, name in SHAPES[:1] + SHAPES[6:7] + SHAPES[11:12]:
        for depth in (MAX_DEPTH - 1, MAX_DEPTH):  # +1 for the "deep" member
            steps = steps_for(pattern, depth)
            over = depth + 1 > MAX_DEPTH
            where = f"wide object, deep member {tag} {pattern!r} with leaf at depth {depth + 1}"
            tags = ["depth", tag, "wide", "over" if over else "limit"]
            expect_f = (
                {"error": "depth-exceeded"}
                if over
                else {
                    "ok": {
                        "id": 1,
                        "tags": ["x", {"y": 2}],
                        "empty": {},
                        **_prefix("deep", flat(steps, leaf, name)),
                    }
                }
            )
            add(
                flatten_cases,
                "flatten",
                spec="4.1",
                tags=tags,
                note=where,
                input=_wide(nested(steps, leaf, name)),
                **expect_f,
            )
    # Pick: the same chains with every candidate requested.
    for tag, pattern, leaf, name in SHAPES[:1] + SHAPES[4:8] + SHAPES[9:12] + SHAPES[13:14]:
        for depth in (MAX_DEPTH, MAX_DEPTH + 1):
            steps = steps_for(pattern, depth)
            over = depth > MAX_DEPTH
            note = f"{tag} {pattern!r}, leaf {json.dumps(leaf)} at depth {depth}: " + (
                "toon-flatten and toon dropped (depth-exceeded)"
                if over
                else "within the limit, every candidate eligible"
            )
            add(
                pick_cases,
                "pick",
                spec="6.2",
                tags=["depth", tag, "over" if over else "limit"],
                note=note,
                options={"candidates": ["json", "toon-flatten", "toon"]},
                input=nested(steps, leaf, name),
            )
    write_file(
        CASES / "flatten" / "depth.json",
        "Depth boundary (4.1): a value at depth 20 works, at depth 21 raises "
        "depth-exceeded, on every container shape and leaf kind. Generated by "
        "conformance/tools/gen_depth_cases.py.",
        flatten_cases,
    )
    write_file(
        CASES / "unflatten" / "depth.json",
        "Depth boundary of the result (5.4): the rebuilt value may reach depth 20; "
        "depth 21 raises depth-exceeded. Generated by "
        "conformance/tools/gen_depth_cases.py.",
        unflatten_cases,
    )
    write_file(
        CASES / "pick" / "depth.json",
        "Depth boundary in the picker (6.2, 6.3): past depth 20 both TOON candidates "
        "are dropped and JSON ships. Generated by conformance/tools/gen_depth_cases.py; "
        "ok filled by build_pick_expectations.py.",
        pick_cases,
    )
    return {
        "flatten": len(flatten_cases),
        "unflatten": len(unflatten_cases),
        "pick": len(pick_cases),
    }


def _prefix(prefix: str, value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return {f"{prefix}.{k}": v for k, v in value.items()}
    return {prefix: value}


if __name__ == "__main__":
    print(build())
