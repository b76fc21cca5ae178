"""Every ``must`` pick case of the conformance corpus, with each fast backend."""

from __future__ import annotations

from typing import Any

import pytest

from toon_picker import PayloadError, pick
from toon_picker.conformance._compare import same_pick
from toon_picker.conformance._corpus import Case, load_corpus

CASES = [case for case in load_corpus().cases if case.op == "pick" and case.level == "must"]


def test_the_corpus_has_pick_cases() -> None:
    assert len(CASES) >= 100


def _run(case: Case, backend: str) -> dict[str, Any]:
    result = pick(case.input, backend=backend, **case.options)
    return {"strategy": result.strategy, "text": result.text, "sizes": result.sizes}


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_must_pick_case(case: Case, backend: str) -> None:
    if case.expects_error:
        assert case.error == "invalid-options"  # the only error a pick case can expect
        unknown = set(case.options) - {"candidates", "min_saving", "measure", "dots", "verify"}
        # An unknown keyword is Python's own TypeError; a bad value is a ValueError.
        with pytest.raises(TypeError if unknown else ValueError) as info:
            _run(case, backend)
        assert not isinstance(info.value, PayloadError)
        return
    difference = same_pick(case.ok, _run(case, backend))
    assert difference is None, f"{case.id} ({case.file}): {difference}"
