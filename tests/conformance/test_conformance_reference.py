"""Every corpus case, one named test each, against the in-process reference (both levels)."""

from __future__ import annotations

import pytest
from _conformance_helpers import CORPUS

from toon_picker.conformance import Case
from toon_picker.conformance._port import ReferencePort
from toon_picker.conformance._runner import judge

_PORT = ReferencePort()


@pytest.mark.parametrize("case", CORPUS.cases, ids=lambda c: c.id)
def test_reference(case: Case) -> None:
    outcome = judge(case, _PORT.run(1, case.op, case.input, case.options))
    assert outcome.status == "pass", f"{outcome.detail}: got {outcome.actual}"
