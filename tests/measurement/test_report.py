"""``toon-picker report`` on a temporary folder with good, bad and NDJSON inputs."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from toon_picker import _report
from toon_picker.cli import main


def _json_size(value: Any) -> int:
    # Independent of the picker: these payloads hold no floats, so json.dumps matches
    # JSON.stringify byte for byte.
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


ROWS = [{"id": i, "name": f"row{i}", "meta": {"ok": i % 2 == 0}} for i in range(30)]
PROSE = [{"text": "a long sentence of prose " * 40, "n": 1}]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "lists").mkdir()
    (tmp_path / "items").mkdir()
    (tmp_path / "lists" / "rows.json").write_text(json.dumps(ROWS), encoding="utf-8")
    (tmp_path / "lists" / "envelope.json").write_text(
        json.dumps({"data": {"count": 30, "items": ROWS}}), encoding="utf-8"
    )
    (tmp_path / "items" / "prose.json").write_text(json.dumps(PROSE), encoding="utf-8")
    (tmp_path / "items" / "lines.ndjson").write_text(
        json.dumps(ROWS[:3]) + "\n\n" + json.dumps(PROSE) + "\n{not json\n", encoding="utf-8"
    )
    (tmp_path / "items" / "nan.json").write_text('{"x": NaN}', encoding="utf-8")
    (tmp_path / "items" / "broken.json").write_text("[1, 2", encoding="utf-8")
    (tmp_path / "items" / "notes.txt").write_text("ignored", encoding="utf-8")
    return tmp_path


def test_build_report_groups_counts_and_bad_inputs(tree: Path) -> None:
    report = _report.build_report([str(tree)])
    assert list(report.groups) == ["items", "lists"]
    assert report.groups["lists"].payloads == 2
    assert report.groups["items"].payloads == 3  # prose.json + 2 good NDJSON lines
    bad = {Path(b.source).name: b.reason for b in report.bad}
    assert set(bad) == {"lines.ndjson:4", "nan.json", "broken.json"}
    assert "NaN" in bad["nan.json"]
    assert "invalid JSON" in bad["broken.json"]
    by_name = {Path(m.source).name: m for m in report.payloads}
    rows = by_name["rows.json"]
    assert rows.json_bytes == _json_size(ROWS)
    assert rows.strategy == "toon-flatten"
    assert rows.sizes["toon-flatten"] < rows.json_bytes
    assert by_name["prose.json"].strategy == "json"
    combined = report.combined
    assert combined is not None
    assert combined.payloads == 5
    assert combined.totals["json"] == sum(m.json_bytes for m in report.payloads)
    assert combined.picked == sum(min(m.sizes.values()) for m in report.payloads)
    assert sum(combined.wins.values()) == 5
    expected_change = (combined.picked - combined.totals["json"]) / combined.totals["json"] * 100
    assert combined.change == pytest.approx(expected_change)


def test_min_saving_and_candidates(tree: Path) -> None:
    report = _report.build_report(
        [str(tree / "lists")], candidates=["toon-flatten", "toon"], min_saving=0.99
    )
    assert report.candidates == ("json", "toon-flatten", "toon")
    assert all(m.strategy == "json" for m in report.payloads)
    assert all(set(m.sizes) == {"json", "toon-flatten", "toon"} for m in report.payloads)


def test_fields_projects_before_measuring(tree: Path) -> None:
    report = _report.build_report([str(tree / "lists" / "rows.json")], fields=["id"])
    (m,) = report.payloads
    assert m.json_bytes == _json_size([{"id": row["id"]} for row in ROWS])


def test_dropped_candidate_counts_json_bytes(tmp_path: Path) -> None:
    deep: Any = 1
    for _ in range(25):
        deep = {"a": deep}
    (tmp_path / "deep.json").write_text(json.dumps(deep), encoding="utf-8")
    report = _report.build_report([str(tmp_path)])
    (m,) = report.payloads
    assert m.dropped == {"toon-flatten": "depth-exceeded"}
    group = report.groups[tmp_path.name]
    assert group.drops == {"toon-flatten": 1}
    assert group.totals["toon-flatten"] == group.totals["json"] == _json_size(deep)


@pytest.mark.parametrize(("rule", "groups"), [
    ("file", {"rows.json", "envelope.json"}),
    ("none", {"all"}),
    ("stem", {"rows", "envelope"}),
    ("regex:^(r|e)", {"r", "e"}),
    ("regex:nomatch", {"(other)"}),
])  # fmt: skip
def test_group_by_rules(tree: Path, rule: str, groups: set[str]) -> None:
    report = _report.build_report([str(tree / "lists")], group_by=rule)
    assert set(report.groups) == groups


def test_unknown_group_rule(tree: Path) -> None:
    with pytest.raises(ValueError, match="group-by"):
        _report.build_report([str(tree)], group_by="colour")


def test_missing_path_and_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    report = _report.build_report([str(tmp_path / "nope"), str(tmp_path / "empty")])
    assert [b.reason for b in report.bad] == [
        "no such file or folder",
        "folder holds no .json/.ndjson/.jsonl file",
    ]
    assert "no payload measured" in _report.render(report, "table")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["report", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_table(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, str(tree))
    assert status == 1  # bad inputs were skipped
    assert err == ""  # no progress bar: stderr is not a terminal
    last = out.strip().splitlines()[-1]
    assert last.startswith("combined: 5 payloads in 2 groups")
    assert "3 bad inputs skipped" in last
    assert "bad inputs (3, skipped):" in out
    status, out, _ = _run(capsys, str(tree / "lists"))
    assert status == 0


def test_cli_json(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, str(tree), "--format", "json")
    data = json.loads(out)
    assert status == 1
    assert len(data["payloads"]) == 5
    assert len(data["bad"]) == 3
    assert [g["name"] for g in data["groups"]] == ["items", "lists"]
    assert data["combined"]["payloads"] == 5
    assert data["combined"]["bytes"]["json"] == sum(p["bytes"]["json"] for p in data["payloads"])


def test_cli_csv(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, str(tree), "--format", "csv", "--candidates", "json,toon")
    rows = list(csv.DictReader(io.StringIO(out)))
    levels = [row["level"] for row in rows]
    assert levels.count("payload") == 5
    assert levels.count("group") == 2
    assert levels.count("combined") == 1
    assert levels.count("bad") == 3
    payloads = [row for row in rows if row["level"] == "payload"]
    combined = next(row for row in rows if row["level"] == "combined")
    assert int(combined["json"]) == sum(int(row["json"]) for row in payloads)
    assert int(combined["toon"]) == sum(int(row["toon"]) for row in payloads)


def test_cli_markdown(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, str(tree), "--format", "markdown")
    lines = out.splitlines()
    assert lines[0].startswith("| Group | Payloads | `json` bytes | `toon-flatten` bytes")
    assert set(lines[1]) <= set("|-:")
    assert lines[4].startswith("| **combined** | 5 |")
    assert sum(line.startswith("| `") for line in lines) == 5  # one row per payload


def test_cli_fields_and_bad_fields(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, str(tree / "lists"), "--fields", "id", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["settings"]["fields"] == ["id"]
    with pytest.raises(SystemExit) as info:
        main(["report", str(tree), "--fields", "a,,b"])
    assert info.value.code == 2
    assert "empty-field" in capsys.readouterr().err


def test_cli_nothing_measured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, str(tmp_path / "missing.json"))
    assert status == 2
    assert "no such file or folder" in out


def test_chart_is_a_valid_svg(
    tree: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "chart.svg"
    status, _, _ = _run(
        capsys, str(tree), "--chart", str(chart), "--candidates", "json,toon-flatten,toon"
    )
    assert status == 1
    root = ET.parse(chart).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = chart.read_text(encoding="utf-8")
    for label in ("json", "toon-flatten", "toon", "picked", "items", "lists", "combined"):
        assert f">{label}" in text, label
    # 3 groups (items, lists, combined) x 4 series (3 candidates + picked) bars
    bars = [
        e
        for e in root.iter("{http://www.w3.org/2000/svg}g")
        if e.get("id", "").startswith("patch_")
    ]
    assert len(bars) >= 12
    # deterministic output: the same report gives the same file
    again = tmp_path / "again.svg"
    _run(capsys, str(tree), "--chart", str(again), "--candidates", "json,toon-flatten,toon")
    assert again.read_bytes() == chart.read_bytes()


def test_tokens_unavailable_is_one_line(
    tree: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_report, "load_tokenizer", lambda name: (None, "offline"))
    status, out, err = _run(capsys, str(tree / "lists"), "--tokens", "cl100k_base")
    assert status == 0
    assert err == "tokens: offline; continuing with bytes only\n"
    assert "combined:" in out


def test_tokens_counted_when_available(
    tree: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def fake(name: str) -> tuple[Any, None]:
        return (lambda text: len(text.split(",")), None)

    monkeypatch.setattr(_report, "load_tokenizer", fake)
    report = _report.build_report([str(tree / "lists" / "rows.json")], tokens="fake")
    (m,) = report.payloads
    assert m.tokens is not None
    assert m.tokens["json"] == len(json.dumps(ROWS, separators=(",", ":")).split(","))
    assert m.tokens["picked"] == m.tokens[m.strategy]
    assert "tokens" in _report.render(report, "table")


def test_progress_bar_only_on_a_stream_given(tree: Path) -> None:
    stream = io.StringIO()
    _report.build_report([str(tree)], progress=stream)
    assert "\r[" in stream.getvalue()
    assert "6/6" in stream.getvalue()  # six .json/.ndjson files


def test_report_runs_on_the_bundled_examples(capsys: pytest.CaptureFixture[str]) -> None:
    examples = Path(__file__).resolve().parents[2] / "examples" / "apify"
    status, out, _ = _run(capsys, str(examples))
    assert status == 0
    assert "combined: 11 payloads in 5 groups" in out


def test_report_runs_on_shared_fixtures_when_present(capsys: pytest.CaptureFixture[str]) -> None:
    fixtures = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "apify"
    if not fixtures.is_dir():
        pytest.skip("../shared/fixtures/apify is not present")
    status, out, _ = _run(capsys, str(fixtures))
    assert status == 0
    assert "combined: 15 payloads" in out
