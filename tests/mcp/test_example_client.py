"""The README's MCP command: examples/mcp_client.py starts the example server over stdio
and prints what the client received."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="optional extra: pip install 'toon-picker[mcp]'")

from synth import places

from toon_picker import pick, project

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "mcp_client.py"


def run(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(CLIENT), *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_default_call_prints_strategy_and_toon_text() -> None:
    meta, *text = run()
    assert json.loads(meta.removeprefix("_meta: "))["com.apify/encodingStrategy"] == "toon-flatten"
    assert text[0] == "data.total: 500"
    assert text[5].startswith("data.items[5]{id,actId,")


def test_projected_dataset_items_are_the_picked_text() -> None:
    arguments = {"dataset_id": "google-places", "fields": "title,url,totalScore", "limit": 3}
    meta, *text = run("get-dataset-items", json.dumps(arguments))
    # The server's google-places items are synth.places with its seed (2026).
    expected = pick(project(places(3, 2026), "title,url,totalScore")).text
    assert "\n".join(text) == expected
    assert "toon-flatten" in meta
