"""``toon-picker report``: inputs, groups, totals, bad inputs, exit status."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from _report_helpers import ROOT, ROWS, json_size, run, run_process, write_tree

from toon_picker import _report, pick
from toon_picker._report_render import render


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return write_tree(tmp_path)


def test_groups_counts_and_bad_inputs(tree: Path) -> None:
    report = _report.build_report([str(tree)], tokens=None)
    assert report.units == ("bytes",)
    assert list(report.groups) == ["items", "lists"]
    assert report.groups["lists"].payloads == 2
    assert report.groups["items"].payloads == 3  # prose.json + 2 good NDJSON lines
    bad = {Path(b.source).name: b.reason for b in report.bad}
    assert set(bad) == {"lines.ndjson:4", "nan.json", "broken.json"}
    assert "NaN" in bad["nan.json"]
    assert "invalid-text at $: not JSON text" in bad["broken.json"]
    by_name = {Path(m.source).name: m for m in report.payloads}
    rows = by_name["rows.json"]
    assert rows.sizes["bytes"]["json"] == json_size(ROWS)
    assert rows.strategy == "toon-flatten"
    assert rows.sizes["bytes"]["toon-flatten"] < json_size(ROWS)
    assert by_name["prose.json"].strategy == "json"
    combined = report.combined
    assert combined is not None
    assert combined.payloads == 5
    assert combined.json("bytes") == sum(m.sizes["bytes"]["json"] for m in report.payloads)
    assert combined.picked_size("bytes") == sum(
        min(m.sizes["bytes"].values()) for m in report.payloads
    )
    assert sum(combined.wins["bytes"].values()) == 5
    expected = (combined.picked_size("bytes") - combined.json("bytes")) / combined.json("bytes")
    assert combined.change("bytes") == pytest.approx(expected * 100)


def test_picks_and_sizes_are_those_of_pick(tree: Path) -> None:
    report = _report.build_report([str(tree)], candidates=["toon-flatten", "toon"], tokens=None)
    for m in report.payloads:
        path, _, line = m.source.partition(".ndjson:")
        if line:
            value = json.loads(Path(path + ".ndjson").read_text().splitlines()[int(line) - 1])
        else:
            value = json.loads(Path(m.source).read_text())
        expected = pick(value, candidates=["json", "toon-flatten", "toon"])
        assert m.strategy == expected.strategy
        assert m.sizes["bytes"] == expected.sizes
        assert m.picked("bytes") == len(expected.text.encode())


def test_min_saving_and_candidates(tree: Path) -> None:
    report = _report.build_report(
        [str(tree / "lists")], candidates=["toon-flatten", "toon"], min_saving=0.99, tokens=None
    )
    assert report.candidates == ("json", "toon-flatten", "toon")
    assert all(m.strategy == "json" for m in report.payloads)
    assert all(set(m.sizes["bytes"]) == {"json", "toon-flatten", "toon"} for m in report.payloads)


def test_fields_projects_before_measuring(tree: Path) -> None:
    report = _report.build_report([str(tree / "lists" / "rows.json")], fields=["id"], tokens=None)
    (m,) = report.payloads
    assert m.sizes["bytes"]["json"] == json_size([{"id": row["id"]} for row in ROWS])


def test_dropped_candidate_counts_json_size(tmp_path: Path) -> None:
    deep: Any = 1
    for _ in range(25):
        deep = {"a": deep}
    (tmp_path / "deep.json").write_text(json.dumps(deep), encoding="utf-8")
    report = _report.build_report([str(tmp_path)], tokens=None)
    (m,) = report.payloads
    assert m.dropped == {"toon-flatten": "depth-exceeded"}
    group = report.groups[tmp_path.name]
    assert group.drops == {"toon-flatten": 1}
    assert group.totals["bytes"]["toon-flatten"] == group.json("bytes") == json_size(deep)


@pytest.mark.parametrize(("rule", "groups"), [
    ("file", {"rows.json", "envelope.json"}),
    ("none", {"all"}),
    ("stem", {"rows", "envelope"}),
    ("regex:^(r|e)", {"r", "e"}),
    ("regex:nomatch", {"(other)"}),
])  # fmt: skip
def test_group_by_rules(tree: Path, rule: str, groups: set[str]) -> None:
    report = _report.build_report([str(tree / "lists")], group_by=rule, tokens=None)
    assert set(report.groups) == groups


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"group_by": "colour"}, "group-by"),
        ({"group_by": "regex:("}, "bad --group-by regex"),
        ({"measure": "words"}, "unknown measure 'words'"),
        ({"tokens": "p50k_base"}, "unknown token encoding 'p50k_base'"),
        ({"baseline": "indent:11"}, "unknown baseline 'indent:11'"),
        ({"min_saving": 1.0}, "min_saving"),
        ({"candidates": ["yaml"]}, "unknown candidate 'yaml'"),
    ],
)
def test_bad_options_are_value_errors(tree: Path, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _report.build_report([str(tree)], **options)


def test_missing_path_and_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    report = _report.build_report([str(tmp_path / "nope"), str(tmp_path / "empty")])
    assert [b.reason for b in report.bad] == [
        "no such file or folder",
        "folder holds no .json/.ndjson/.jsonl file",
    ]
    assert render(report, "table").endswith("combined: no payload measured; 2 bad inputs skipped\n")


def test_cli_table_and_exit_status(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(tree), "--tokens", "none")
    assert status == 1  # bad inputs were skipped
    last = out.strip().splitlines()[-1]
    assert last.startswith("combined: 5 payloads in 2 groups; bytes json ")
    assert last.endswith("; 3 bad inputs skipped")
    status, out, err = run(capsys, str(tree / "lists"), "--tokens", "none")
    assert (status, err) == (0, "")


def test_cli_nothing_measured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(tmp_path / "missing.json"))
    assert status == 2
    assert out == "combined: no payload measured; 1 bad input skipped\n"
    assert err.splitlines() == [
        "toon-picker report: 1 bad input skipped:",
        f"  {tmp_path / 'missing.json'}: no such file or folder",
    ]


def test_cli_bad_options_are_one_line(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(tree), "--group-by", "regex:(")
    assert (status, out) == (2, "")
    assert err.startswith("toon-picker report: bad --group-by regex:")
    assert len(err.splitlines()) == 1
    for argv in (["--baseline", "pretty"], ["--fields", "a,,b"], ["--tokens", "gpt2"]):
        with pytest.raises(SystemExit) as info:
            run(capsys, str(tree), *argv)
        assert info.value.code == 2
        assert "Traceback" not in capsys.readouterr().err


def test_cli_fields(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(tree / "lists"), "--fields", "id", "--format", "json")
    assert status == 0
    assert json.loads(out)["settings"]["fields"] == ["id"]


def test_unwritable_output_is_one_line(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tree / "no" / "such" / "dir" / "out.txt"
    status, out, err = run(capsys, str(tree / "lists"), "-o", str(target))
    assert (status, out) == (2, "")
    assert err.startswith(f"toon-picker report: cannot write {target}:")
    assert len(err.splitlines()) == 1


def test_integers_of_any_length_end_to_end(tmp_path: Path) -> None:
    digits = "9" * 5000  # beyond CPython's default 4,300-digit int/str limit
    (tmp_path / "huge.json").write_text(f'[{{"n":{digits},"m":-{digits}}}]', encoding="utf-8")
    proc = run_process(str(tmp_path), "--format", "json", "--tokens", "none")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    (payload,) = json.loads(proc.stdout)["payloads"]
    assert payload["units"]["bytes"]["sizes"]["json"] == len(f'[{{"n":{digits},"m":-{digits}}}]')
    limit = getattr(sys, "get_int_max_str_digits", lambda: None)()
    report = _report.build_report([str(tmp_path)], tokens=None)
    assert report.payloads[0].sizes["bytes"]["json"] == 2 * len(digits) + 14
    assert getattr(sys, "get_int_max_str_digits", lambda: None)() == limit  # untouched


def test_report_runs_on_the_bundled_examples(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(ROOT / "examples" / "apify"), "--tokens", "none")
    assert (status, err) == (0, "")
    assert "combined: 11 payloads in 5 groups" in out


def test_report_runs_on_shared_fixtures_when_present(capsys: pytest.CaptureFixture[str]) -> None:
    fixtures = ROOT.parent / "shared" / "fixtures" / "apify"
    if not fixtures.is_dir():
        pytest.skip("../shared/fixtures/apify is not present")
    status, out, _ = run(capsys, str(fixtures), "--tokens", "none")
    assert status == 0
    assert "combined: 15 payloads" in out
