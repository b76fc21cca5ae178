"""Every corpus case, one named test each, against the in-process reference (both levels)."""

from __future__ import annotations

from typing import Any

import pytest
from _conformance_helpers import CORPUS

from toon_picker import MEASURES, FlattenError, flatten, pick
from toon_picker.conformance import OPS, PROTOCOL, Case, ReferencePort, reference
from toon_picker.conformance._runner import judge

_PORT = ReferencePort()


@pytest.mark.parametrize("case", CORPUS.cases, ids=lambda c: c.id)
def test_reference(case: Case) -> None:
    outcome = judge(case, _PORT.run(1, case.op, case.input, case.options))
    assert outcome.status == "pass", f"{outcome.detail}: got {outcome.actual}"


# --- the reference's replies to options (protocol: usage errors are invalid-options) ----

ROWS = [{"id": 1, "a.b": "x", "ok": True}, {"id": 2, "a.b": "y", "ok": False}]


@pytest.mark.parametrize(
    ("op", "options"),
    [
        ("flatten", {"dots": "refuse"}),
        ("flatten", {"dots": "rename"}),
        ("pick", {"candidates": ["toon", "toon-flatten"], "min_saving": 0.25}),
        ("pick", {"dots": "refuse", "candidates": ["toon-flatten", "toon"]}),
        ("pick", {"verify": True, "candidates": ["toon-flatten", "toon"]}),
        ("pick", {"measure": "bytes"}),
        ("pick", {"measure": "o200k_base", "candidates": ["toon"]}),
        ("pick", {"measure": "cl100k_base", "dots": "refuse", "verify": True}),
    ],
)
def test_options_reach_the_library(op: str, options: dict[str, Any]) -> None:
    if options.get("measure", "bytes") not in reference.measures():
        pytest.skip("the token measures need the [tokens] extra")
    got = reference.reply(7, op, ROWS, options)
    if op == "flatten":
        try:
            want: dict[str, Any] = {"ok": flatten(ROWS, **options)}
        except FlattenError as exc:
            want = {"error": {"kind": exc.reason, "message": str(exc)}}
    else:
        result = pick(ROWS, **options)
        want = {"ok": {"strategy": result.strategy, "text": result.text, "sizes": result.sizes}}
    assert got == {"seq": 7, **want}


def test_dots_refuse_is_answered_with_its_reason() -> None:
    assert reference.reply(1, "flatten", ROWS, {"dots": "refuse"})["error"]["kind"] == (
        "dotted-name"
    )
    ok = reference.reply(1, "pick", ROWS, {"dots": "refuse"})["ok"]
    assert ok["strategy"] == "json"
    assert list(ok["sizes"]) == ["json"]  # toon-flatten dropped (dotted-name)


@pytest.mark.parametrize(
    ("op", "options"),
    [
        ("flatten", {"candidates": ["json"]}),
        ("flatten", {"dots": "keep"}),
        ("flatten", {"dots": None}),
        ("unflatten", {"dots": "rename"}),
        ("pick", {"colour": "blue"}),
        ("pick", {"backend": "toons"}),
        ("pick", {"default": None}),
        ("pick", {"candidates": "json"}),
        ("pick", {"candidates": {"json": 1}}),
        ("pick", {"candidates": None}),
        ("pick", {"candidates": ["json", "json"]}),
        ("pick", {"candidates": ["yaml"]}),
        ("pick", {"candidates": [1]}),
        ("pick", {"min_saving": 1}),
        ("pick", {"min_saving": -0.5}),
        ("pick", {"min_saving": "0.5"}),
        ("pick", {"min_saving": True}),
        ("pick", {"measure": "words"}),
        ("pick", {"measure": ["bytes"]}),
        ("pick", {"dots": "drop"}),
        ("pick", {"verify": "yes"}),
        ("pick", {"verify": 1}),
    ],
)
def test_usage_errors_are_invalid_options(op: str, options: dict[str, Any]) -> None:
    got = reference.reply(3, op, {"a": 1}, options)
    assert got["seq"] == 3
    assert got["error"]["kind"] == "invalid-options", got


def test_unknown_op_is_skipped() -> None:
    assert reference.reply(1, "sort", [], {}) == {"seq": 1, "skipped": "unknown op 'sort'"}


def test_ready_message_declares_ops_and_measures() -> None:
    ready = reference.ready()
    assert ready["ready"] is True
    assert ready["protocol"] == PROTOCOL
    assert ready["ops"] == list(OPS)
    assert ready["measures"][0] == "bytes"
    assert set(ready["measures"]) <= set(MEASURES)


@pytest.mark.parametrize("installed", [True, False], ids=["tokens-extra", "no-tokens-extra"])
def test_measures_are_those_the_library_can_count(
    monkeypatch: pytest.MonkeyPatch, installed: bool
) -> None:
    def counter(measure: str) -> Any:
        if measure != "bytes" and not installed:
            raise ValueError("needs a tokenizer")
        return len

    monkeypatch.setattr(reference, "counter", counter)
    expected = MEASURES if installed else ("bytes",)
    assert reference.measures.__wrapped__() == expected
