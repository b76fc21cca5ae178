"""Shared helpers for the conformance tests: paths, the corpus and the port commands."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from toon_picker.conformance import Corpus, load_corpus

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = ROOT / "conformance"
BROKEN = Path(__file__).resolve().parent / "broken_ports"
PY_PORT = f"{sys.executable} {CONFORMANCE / 'ports' / 'python' / 'port.py'}"
JS_DIR = CONFORMANCE / "ports" / "js"


def js_port_or_skip() -> str:
    """The JS port command, or skip with the reason it cannot run here."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (CI installs Node 20)")
    if not (JS_DIR / "node_modules" / "@toon-format" / "toon").is_dir():
        pytest.skip("conformance/ports/js/node_modules is missing: run `npm ci` there")
    if not (JS_DIR / "port.js").is_file():
        pytest.skip("conformance/ports/js/port.js is missing")
    return f"{node} {JS_DIR / 'port.js'}"


def broken(name: str) -> str:
    return f"{sys.executable} {BROKEN / name}"


CORPUS: Corpus = load_corpus(CONFORMANCE)
