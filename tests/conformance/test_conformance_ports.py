"""The Python port and the JS port over the protocol, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _conformance_helpers import CORPUS, PY_PORT, js_port_or_skip

from toon_picker.cli import main

pytestmark = pytest.mark.slow  # the whole corpus through the Python and JS ports

N_MUST = sum(c.level == "must" for c in CORPUS.cases)


def _run(args: list[str], tmp_path: Path) -> tuple[int, dict[str, object]]:
    report = tmp_path / "report.json"
    status = main(["conformance", "run", "--quiet", "--json", str(report), *args])
    return status, json.loads(report.read_text("utf-8"))


def test_in_process_reference_passes_everything(tmp_path: Path) -> None:
    status, report = _run(["--level", "host"], tmp_path)
    assert status == 0
    assert report["summary"] == {"passed": len(CORPUS.cases), "failed": 0, "skipped": 0}


def test_python_port_passes_everything(tmp_path: Path) -> None:
    status, report = _run(["--port", PY_PORT, "--level", "host"], tmp_path)
    assert status == 0
    assert report["summary"] == {"passed": len(CORPUS.cases), "failed": 0, "skipped": 0}
    assert report["implementation"]["language"] == "python"  # type: ignore[index]


def test_python_port_oneshot(tmp_path: Path) -> None:
    status, report = _run(
        [
            "--port",
            f"{PY_PORT} --oneshot",
            "--oneshot",
            "--run",
            "flatten.keys.00*",
            "--run",
            "pick.empty-text.*",
        ],
        tmp_path,
    )
    assert status == 0
    assert report["summary"] == {"passed": 19, "failed": 0, "skipped": 0}


def test_js_port_passes_every_must_case(tmp_path: Path) -> None:
    port = js_port_or_skip()
    status, report = _run(["--port", port], tmp_path)
    failed = [c for c in report["cases"] if c["status"] != "pass" and c["level"] == "must"]  # type: ignore[union-attr]
    assert failed == []
    assert status == 0
    assert report["summary"]["passed"] == N_MUST  # type: ignore[index]
    assert report["implementation"]["language"] == "javascript"  # type: ignore[index]


def test_js_port_host_cases_are_reported_not_fatal(tmp_path: Path) -> None:
    port = js_port_or_skip()
    status, report = _run(["--port", port, "--level", "host", "--run", "*.host.*"], tmp_path)
    assert status == 0  # host-level failures never fail the run (spec 1.2)
    assert report["summary"]["failed"] >= 1  # type: ignore[index]
