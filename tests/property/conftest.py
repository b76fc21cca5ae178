"""Shared fixtures of the property suite.

Its directory also goes on sys.path (pytest's default import mode), so the test modules and
``mutants/`` import ``prop_oracles``, ``prop_checks`` and ``prop_port``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from prop_port import JSPort

from toon_picker.conformance import ProcessPort

JS_PORT = Path(__file__).resolve().parents[2] / "conformance" / "ports" / "js"


@pytest.fixture(scope="session")
def js_port() -> Iterator[JSPort]:
    """The JavaScript port, started once per session; skipped where it cannot run."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    if not (JS_PORT / "port.js").is_file():
        pytest.skip(f"no JS port at {JS_PORT}")
    if not (JS_PORT / "node_modules" / "@toon-format" / "toon").is_dir():
        pytest.skip(f"JS port dependencies missing: run `npm ci` in {JS_PORT}")
    port = ProcessPort(f"{node} {JS_PORT / 'port.js'}", timeout=60)
    port.open()
    try:
        yield JSPort(port)
    finally:
        port.close()
