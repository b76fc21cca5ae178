"""Traceability: every spec section with a MUST has a case; every cited section exists;
conformance/TRACEABILITY.md is up to date."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from _conformance_helpers import CONFORMANCE, ROOT


def _tool() -> ModuleType:
    path = CONFORMANCE / "tools" / "gen_traceability.py"
    spec = importlib.util.spec_from_file_location("gen_traceability", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_traceability"] = module
    spec.loader.exec_module(module)
    return module


TRACE = _tool()

pytestmark = pytest.mark.skipif(not (ROOT / "spec" / "SPEC.md").is_file(), reason="no spec/SPEC.md")


def test_every_must_section_has_a_case_and_every_citation_exists() -> None:
    sections = TRACE.read_sections()
    assert sum(1 for s in sections if s.musts) >= 10  # the parser found the requirements
    assert TRACE.problems(sections, TRACE.read_cases()) == []


def test_traceability_file_is_current() -> None:
    expected = TRACE.render(TRACE.read_sections(), TRACE.read_cases())
    current = (CONFORMANCE / "TRACEABILITY.md").read_text("utf-8")
    assert current == expected, "stale: run python conformance/tools/gen_traceability.py"


def test_gaps_are_detected(tmp_path: Path) -> None:
    spec = tmp_path / "SPEC.md"
    spec.write_text(
        '<a id="s1.1"></a>\n### 1.1 Terms\n\nThe words "MUST" and "MUST NOT" are defined.\n\n'
        '<a id="s4.1"></a>\n### 4.1 Depth\n\nA port MUST fail.\n\n'
        '<a id="s4.2"></a>\n### 4.2 Keys\n\nA port MUST NOT crash.\n\n'
        '<a id="s4.3"></a>\n### 4.3 Notes\n\n```text\nMUST inside code is not a requirement\n```\n',
        "utf-8",
    )
    sections = TRACE.read_sections(spec)
    assert [(s.number, s.title, s.musts) for s in sections] == [
        ("1.1", "Terms", 0),
        ("4.1", "Depth", 1),
        ("4.2", "Keys", 1),
        ("4.3", "Notes", 0),
    ]
    found = TRACE.problems(sections, [("flatten.a.001", "4.1"), ("flatten.a.002", "9.9")])
    assert found == [
        "case flatten.a.002 cites section 9.9, which spec/SPEC.md does not have",
        "section 4.2 (Keys) has 1 MUST but no conformance case",
    ]
