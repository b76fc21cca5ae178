"""The runner against deliberately broken ports: each defect is reported as what it is,
never counted as an expected error, and the run ends (exit status 1) without hanging."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from _conformance_helpers import CORPUS, PY_PORT, broken

from toon_picker.cli import main

ERROR_CASES = "flatten.collision.00*"  # 9 cases, each expecting key-collision
N_ERROR = sum(1 for c in CORPUS.cases if c.id.startswith("flatten.collision.00"))


def run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str
) -> tuple[int, str, dict[str, Any]]:
    report = tmp_path / "r.json"
    start = time.monotonic()
    status = main(["conformance", "run", "--json", str(report), *args])
    assert time.monotonic() - start < 30
    out = capsys.readouterr().out
    return status, out, json.loads(report.read_text("utf-8"))


def statuses(report: dict[str, Any]) -> list[str]:
    return [c["status"] for c in report["cases"]]


def test_hanging_port_times_out_and_restarts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, report = run(
        capsys,
        tmp_path,
        "--port",
        broken("hang.py"),
        "--timeout",
        "0.5",
        "--run",
        "flatten.merge.00[1-4]",
    )
    # case 1 answered; case 2 hangs -> killed, restarted; the fresh port answers case 3
    # (its first request) and hangs on case 4.
    assert statuses(report) == ["pass", "port-failure", "pass", "port-failure"]
    assert "PORT FAILURE flatten.merge.002" in out
    assert "timeout: no reply within 0.5 s" in out
    assert out.rstrip().endswith("2 passed, 2 failed, 0 skipped")
    assert status == 1


def test_hanging_port_on_error_cases_never_passes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _out, report = run(
        capsys,
        tmp_path,
        "--port",
        broken("hang.py") + " always",
        "--timeout",
        "0.3",
        "--run",
        "flatten.collision.00[1-6]",
    )
    assert status == 1
    assert report["summary"] == {"passed": 0, "failed": 6, "skipped": 0}
    # after 3 consecutive failures the runner stops asking and marks the rest failed
    details = [c["detail"] for c in report["cases"]]
    assert all("timeout" in d for d in details[:3])
    assert all("failed 3 times in a row (last: timeout)" in d for d in details[3:])


def test_crashing_port_is_reported_with_exit_status_and_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, report = run(capsys, tmp_path, "--port", broken("crash.py"), "--run", ERROR_CASES)
    # every third request kills the process; the runner restarts it for the next case
    assert statuses(report) == ["pass", "pass", "port-failure"] * (N_ERROR // 3)
    assert "crash: the port exited (exit status 3); stderr: boom: simulated crash" in out
    assert "the port was restarted 2 times after port failures" in out
    failed = [c for c in report["cases"] if c["status"] == "port-failure"]
    assert all(c["expected"] == "error key-collision" for c in failed)
    assert status == 1


def test_garbage_output_is_reported_and_not_an_expected_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, report = run(
        capsys, tmp_path, "--port", broken("garbage.py"), "--run", ERROR_CASES
    )
    assert report["summary"] == {"passed": 0, "failed": N_ERROR, "skipped": 0}
    assert "garbage: reply is not JSON: 'hello, this is not JSON {'" in out
    assert status == 1


def test_wrong_answers_are_failures_with_expected_and_actual(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, report = run(
        capsys,
        tmp_path,
        "--port",
        broken("wrong.py"),
        "--run",
        "flatten.merge.001",
        "--run",
        "flatten.collision.002",
        "--run",
        "pick.basic.001",
    )
    assert statuses(report) == ["fail", "fail", "fail"]
    # corpus order: flatten.collision.002 gets ok {}, flatten.merge.001 a bogus error kind
    assert (
        "FAIL flatten.collision.002 [must, spec 4.3] expected an error\n"
        '  input:    {"a_b":1,"a.b":2}\n  expected: error key-collision\n'
        "  actual:   {}\n"
    ) in out
    assert (
        "FAIL flatten.merge.001 [must, spec 4.4] unexpected error\n"
        '  input:    {"a":{"b":1}}\n  expected: {"a.b":1}\n'
        '  actual:   error not-a-reason: "wrong"\n'
    ) in out
    assert "FAIL pick.basic.001 [must, spec 6.4] strategy differs" in out
    assert out.rstrip().endswith("0 passed, 3 failed, 0 skipped")
    assert status == 1


def test_wrong_seq_is_a_protocol_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, report = run(
        capsys, tmp_path, "--port", broken("wrong_seq.py"), "--run", "flatten.merge.00[1-2]"
    )
    assert statuses(report) == ["port-failure", "port-failure"]
    assert "protocol: wrong seq: expected 1, got 2" in out
    assert status == 1


def test_port_that_cannot_start(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, report = run(
        capsys, tmp_path, "--port", broken("no_ready.py"), "--run", "flatten.keys.*"
    )
    assert report["summary"]["passed"] == 0
    assert "crash: the port exited (exit status 1); stderr: cannot import something" in out
    assert status == 1


def test_missing_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _report = run(
        capsys, tmp_path, "--port", "/nonexistent/port", "--run", "flatten.keys.00*"
    )
    assert "cannot start /nonexistent/port" in out
    assert status == 1


def test_oneshot_garbage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _out, report = run(
        capsys, tmp_path, "--oneshot", "--port", broken("garbage.py"), "--run", "flatten.keys.001"
    )
    # in oneshot mode no start message is sent; garbage.py waits for lines and answers none
    assert statuses(report) == ["port-failure"]
    assert status == 1


def test_known_failures_skip_list_and_levels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    known = tmp_path / "known.txt"
    known.write_text(
        "# wrong.py gets these wrong\nflatten.merge.001  # value\npick.basic.*\n"
        "flatten.roots.001\n",
        "utf-8",
    )
    status, out, report = run(
        capsys,
        tmp_path,
        "--port",
        broken("wrong.py"),
        "--known-failures",
        str(known),
        "--run",
        "flatten.merge.001",
        "--run",
        "pick.basic.00[12]",
        "--run",
        "flatten.roots.001",
        "--skip",
        "pick.basic.002",
    )
    # flatten.roots.001 expects null; wrong.py answers {} -> a known failure as well
    assert statuses(report) == ["known-failure", "known-failure", "known-failure", "skip"]
    assert out.rstrip().endswith("0 passed, 0 failed, 4 skipped")
    assert status == 0


def test_stale_known_failure_is_a_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    known = tmp_path / "known.txt"
    known.write_text("flatten.merge.001\n", "utf-8")
    status, _out, report = run(
        capsys,
        tmp_path,
        "--port",
        PY_PORT,
        "--known-failures",
        str(known),
        "--run",
        "flatten.merge.00[12]",
    )
    assert statuses(report) == ["unexpected-pass", "pass"]
    assert status == 1


def test_host_cases_skipped_by_default_and_never_fatal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, report = run(capsys, tmp_path, "--port", broken("wrong.py"), "--run", "*.host.*")
    host = [c for c in report["cases"] if c["level"] == "host"]
    assert host
    assert all(c["status"] == "skip" for c in host)
    status, _out, report = run(
        capsys,
        tmp_path,
        "--port",
        broken("wrong.py"),
        "--level",
        "host",
        "--run",
        "flatten.host.00[1-3]",
    )
    assert statuses(report) == ["fail", "fail", "fail"]
    assert status == 0  # only must-level failures set exit status 1


def test_per_op_lines_and_final_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, report = run(capsys, tmp_path, "--run", "*.00[1-3]")
    lines = out.rstrip().splitlines()
    n = report["summary"]["passed"]
    host = sum(1 for c in CORPUS.cases if c.level == "host" and c.id[-3:] in ("001", "002", "003"))
    assert host > 0
    assert n == sum(1 for c in CORPUS.cases if c.id[-3:] in ("001", "002", "003")) - host
    assert lines[-1] == f"{n} passed, 0 failed, {host} skipped"
    assert [line.split(":")[0] for line in lines[-4:-1]] == ["flatten", "unflatten", "pick"]
    assert sum(int(line.split(": ")[1].split()[0]) for line in lines[-4:-1]) == n
    assert status == 0


def test_bad_corpus_path_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["conformance", "run", "--corpus", str(tmp_path)]) == 2
    assert "not a conformance corpus" in capsys.readouterr().err


def test_port_that_stops_reading_cannot_block_the_runner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A private corpus (--corpus) with requests far larger than a pipe buffer.
    corpus = tmp_path / "corpus"
    (corpus / "cases" / "flatten").mkdir(parents=True)
    (corpus / "VERSION").write_text("0.0.1\n", "utf-8")
    big = "x" * 300_000
    cases = [
        {
            "id": f"flatten.big.{i:03d}",
            "op": "flatten",
            "level": "must",
            "spec": "4.7",
            "tags": [],
            "input": big,
            "ok": big,
        }
        for i in (1, 2)
    ]
    (corpus / "cases" / "flatten" / "big.json").write_text(
        json.dumps({"description": "big", "cases": cases}), "utf-8"
    )
    status, out, report = run(
        capsys, tmp_path, "--corpus", str(corpus), "--timeout", "0.5", "--port", broken("deaf.py")
    )
    assert statuses(report) == ["port-failure", "port-failure"]
    assert "timeout: the port read no input within 0.5 s" in out
    assert status == 1
    status, out, report = run(capsys, tmp_path, "--corpus", str(corpus), "--port", PY_PORT)
    assert statuses(report) == ["pass", "pass"]
