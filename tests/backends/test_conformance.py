"""Every ``must`` pick case of the conformance corpus, with each fast backend."""

from __future__ import annotations

from typing import Any

import pytest

from toon_picker import MEASURES, ToonPickerError, pick
from toon_picker.conformance import OPTIONS, Case, load_corpus, reference
from toon_picker.conformance._compare import same_pick

CASES = [case for case in load_corpus().cases if case.op == "pick" and case.level == "must"]


def test_the_corpus_has_pick_cases() -> None:
    assert len(CASES) >= 100


def _run(case: Case, backend: str) -> dict[str, Any]:
    """The pick result, or the error as a port reports it: the reason code of a
    ToonPickerError, ``invalid-options`` for a ValueError about the options."""
    if set(case.options) - set(OPTIONS["pick"]):
        return {"error": "invalid-options"}  # as Python, pick() would raise TypeError
    try:
        result = pick(case.input, backend=backend, **case.options)
    except ToonPickerError as exc:
        return {"error": exc.reason}
    except ValueError:
        return {"error": "invalid-options"}
    return {"strategy": result.strategy, "text": result.text, "sizes": result.sizes}


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_must_pick_case(case: Case, backend: str) -> None:
    measure = case.options.get("measure", "bytes")
    if measure in MEASURES and measure not in reference.measures():
        pytest.skip(f"the measure {measure} needs the [tokens] extra")
    got = _run(case, backend)
    if case.expects_error:
        assert got == {"error": case.error}, case.id
        return
    difference = same_pick(case.ok, got)
    assert difference is None, f"{case.id} ({case.file}): {difference}; got {got}"
