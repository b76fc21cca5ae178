"""The runner against deliberately broken ports: each defect is reported as what it is,
never counted as an expected error, and the run ends (exit status 1) without hanging."""

from __future__ import annotations

import json
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from _conformance_helpers import CORPUS, PY_PORT, broken

from toon_picker.cli import main
from toon_picker.conformance import reference

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


# --- each kind of port failure ---------------------------------------------------------


@dataclass(frozen=True)
class Broken:
    """A broken port, the cases it is run on, and what the runner must report."""

    args: tuple[str, ...]
    run: tuple[str, ...]
    statuses: tuple[str, ...]
    message: str


BROKEN_PORTS = {
    # case 1 answered; case 2 hangs -> killed, restarted; the fresh port answers case 3
    # (its first request) and hangs on case 4.
    "hang-restarts": Broken(
        ("--port", broken("hang.py"), "--timeout", "0.5"),
        ("flatten.merge.00[1-4]",),
        ("pass", "port-failure", "pass", "port-failure"),
        "timeout: no reply within 0.5 s",
    ),
    # after 3 consecutive failures the runner stops asking and marks the rest failed
    "hang-gives-up": Broken(
        ("--port", broken("hang.py") + " always", "--timeout", "0.3"),
        ("flatten.collision.00[1-6]",),
        ("port-failure",) * 6,
        "failed 3 times in a row (last: timeout)",
    ),
    # every third request kills the process; the runner restarts it for the next case
    "crash": Broken(
        ("--port", broken("crash.py")),
        (ERROR_CASES,),
        ("pass", "pass", "port-failure") * (N_ERROR // 3),
        "crash: the port exited (exit status 3); stderr: boom: simulated crash",
    ),
    "garbage": Broken(
        ("--port", broken("garbage.py")),
        (ERROR_CASES,),
        ("port-failure",) * N_ERROR,
        "garbage: reply is not JSON: 'hello, this is not JSON {'",
    ),
    "wrong-seq": Broken(
        ("--port", broken("wrong_seq.py")),
        ("flatten.merge.00[1-2]",),
        ("port-failure", "port-failure"),
        "protocol: wrong seq: expected 1, got 2",
    ),
    "no-ready": Broken(
        ("--port", broken("no_ready.py")),
        ("flatten.keys.00[1-5]",),
        ("port-failure",) * 5,
        "crash: the port exited (exit status 1); stderr: cannot import something",
    ),
    "bad-measures": Broken(
        ("--port", f"{broken('correct.py')} --measures '\"o200k_base\"'"),
        ("flatten.keys.00[1-2]",),
        ("port-failure", "port-failure"),
        "protocol: measures in the ready message must be a list of names",
    ),
    # in oneshot mode no start message is sent: garbage.py answers the run request
    "oneshot-garbage": Broken(
        ("--oneshot", "--port", broken("garbage.py")),
        ("flatten.keys.00[1-2]",),
        ("port-failure", "port-failure"),
        "garbage: reply is not JSON: 'hello, this is not JSON {'",
    ),
}


@pytest.mark.parametrize("port", BROKEN_PORTS.values(), ids=BROKEN_PORTS.keys())
def test_broken_port_is_reported_as_a_port_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, port: Broken
) -> None:
    globs = [arg for glob in port.run for arg in ("--run", glob)]
    status, out, report = run(capsys, tmp_path, *port.args, *globs)
    assert statuses(report) == list(port.statuses)
    assert port.message in out
    failed = port.statuses.count("port-failure")
    summary = f"{len(port.statuses) - failed} passed, {failed} failed, 0 skipped"
    assert out.rstrip().endswith(summary)
    not_run = [c for c in report["cases"] if c.get("detail", "").startswith("not run:")]
    # Cases the runner gave up on are one line, not one line each.
    assert out.count("PORT FAILURE: the remaining cases are not run") == (1 if not_run else 0)
    for case in report["cases"]:
        if case["status"] == "port-failure":
            assert (f"PORT FAILURE {case['id']} " in out) == (case not in not_run)
            if case["id"].startswith("flatten.collision."):
                # a port failure is never taken for the error the case expects
                assert case["expected"] == "error key-collision"
    assert status == 1


def test_restarts_are_counted(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _status, out, _report = run(
        capsys, tmp_path, "--port", broken("crash.py"), "--run", ERROR_CASES
    )
    assert "the port was restarted 2 times after port failures" in out


# --- commands that cannot start --------------------------------------------------------


def _not_executable(tmp_path: Path) -> str:
    script = tmp_path / "port.py"
    script.write_text("print('never run')\n", "utf-8")
    script.chmod(0o644)
    return str(script)


UNSTARTABLE = {
    "no-such-path": lambda tmp: "/nonexistent/port --flag",
    "no-such-program": lambda tmp: "toon-picker-no-such-port-program",
    "not-executable": _not_executable,
    "a-directory": lambda tmp: str(tmp),
    "empty": lambda tmp: "   ",
    "unbalanced-quote": lambda tmp: f"{shlex.quote(sys.executable)} 'port.py",
}


@pytest.mark.parametrize("oneshot", [False, True], ids=["persistent", "oneshot"])
@pytest.mark.parametrize("command", UNSTARTABLE.values(), ids=UNSTARTABLE.keys())
def test_a_command_that_cannot_start_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: Any, oneshot: bool
) -> None:
    args = ["conformance", "run", "--port", command(tmp_path), *(["--oneshot"] if oneshot else [])]
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("toon-picker conformance: ")
    assert "--port" in err


# --- oneshot ---------------------------------------------------------------------------


def test_oneshot_closes_the_ports_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # oneshot_eof.py answers only after end of input: it passes only if stdin is closed.
    status, _out, report = run(
        capsys,
        tmp_path,
        "--oneshot",
        "--timeout",
        "5",
        "--port",
        broken("oneshot_eof.py"),
        "--run",
        "flatten.keys.00[1-2]",
        "--run",
        "pick.basic.001",
    )
    assert statuses(report) == ["pass", "pass", "pass"]
    assert status == 0


# --- what the port declares: ops and measures ------------------------------------------


def _private_corpus(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    """A corpus of pick cases whose expectations are the reference's own replies."""
    corpus = tmp_path / "corpus"
    (corpus / "cases" / "pick").mkdir(parents=True)
    (corpus / "VERSION").write_text("0.0.1\n", "utf-8")
    for case in cases:
        answer = reference.reply(1, "pick", case["input"], case["options"])
        if "ok" in answer:
            case["ok"] = answer["ok"]
        else:
            case["error"] = answer["error"]["kind"]
    (corpus / "cases" / "pick" / "measures.json").write_text(
        json.dumps({"description": "measures", "cases": cases}), "utf-8"
    )
    return corpus


def _measure_case(n: int, measure: str) -> dict[str, Any]:
    rows = [{"id": i, "name": f"row {i}", "ok": i % 2 == 0} for i in range(4)]
    return {
        "id": f"pick.measures.{n:03d}",
        "op": "pick",
        "level": "must",
        "spec": "6.7",
        "tags": [],
        "options": {"measure": measure, "candidates": ["toon-flatten", "toon"]},
        "input": {"items": rows},
    }


MEASURE_CASES = ["bytes", "o200k_base", "cl100k_base", "o200k_base", "words"]


@pytest.mark.parametrize(
    ("declared", "skipped"),
    [
        (None, {"o200k_base": 2, "cl100k_base": 1}),
        (["bytes"], {"o200k_base": 2, "cl100k_base": 1}),
        (["bytes", "o200k_base"], {"cl100k_base": 1}),
        (["bytes", "o200k_base", "cl100k_base"], {}),
    ],
    ids=["absent", "bytes", "one-token-measure", "all"],
)
def test_cases_of_undeclared_token_measures_are_skipped(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    declared: list[str] | None,
    skipped: dict[str, int],
) -> None:
    pytest.importorskip("tiktoken", reason="the token measures need the [tokens] extra")
    cases = [_measure_case(n, m) for n, m in enumerate(MEASURE_CASES, 1)]
    corpus = _private_corpus(tmp_path, cases)
    assert cases[-1]["error"] == "invalid-options"  # an unknown measure is a usage error
    port = broken("correct.py")
    if declared is not None:
        port += " --measures " + shlex.quote(json.dumps(declared))
    status, out, report = run(capsys, tmp_path, "--corpus", str(corpus), "--port", port)
    expected = [
        "skip" if skipped.get(m) else "pass" for m in MEASURE_CASES
    ]  # "words" is no token measure of the spec: it runs (and is refused by the port)
    assert statuses(report) == expected
    assert report["skipped_for_measures"] == skipped
    for measure, count in skipped.items():
        assert f"{count} skipped: the port does not declare the measure {measure}\n" in out
    assert ("does not declare the measure" in out) == bool(skipped)
    n_skipped = sum(skipped.values())
    assert out.rstrip().endswith(f"{5 - n_skipped} passed, 0 failed, {n_skipped} skipped")
    assert status == 0


def test_the_python_port_declares_what_it_can_measure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    corpus = _private_corpus(
        tmp_path, [_measure_case(n, m) for n, m in enumerate(MEASURE_CASES, 1)]
    )
    status, _out, report = run(capsys, tmp_path, "--corpus", str(corpus), "--port", PY_PORT)
    declared = reference.measures()
    expected = ["pass" if m in declared or m == "words" else "skip" for m in MEASURE_CASES]
    assert statuses(report) == expected
    assert status == 0


def test_ops_the_port_does_not_offer_are_skipped_before_any_request(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The ready message is read before the first case, so not even the first request
    # goes to a port for an op it does not offer.
    port = f"{broken('correct.py')} --ops '[\"flatten\"]'"
    status, out, report = run(capsys, tmp_path, "--port", port, "--run", "pick.basic.00[1-2]")
    assert statuses(report) == ["skip", "skip"]
    assert {c["detail"] for c in report["cases"]} == {"the port does not offer pick"}
    assert out.rstrip().endswith("0 passed, 0 failed, 2 skipped")
    assert status == 0


# --- wrong answers, lists and levels ---------------------------------------------------


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


KNOWN_FAILURES = {
    # flatten.roots.001 expects null; wrong.py answers {} -> a known failure as well
    "listed-failures-count-as-skipped": (
        "# wrong.py gets these wrong\nflatten.merge.001  # value\npick.basic.*\n"
        "flatten.roots.001\n",
        broken("wrong.py"),
        ("flatten.merge.001", "pick.basic.00[12]", "flatten.roots.001"),
        ["known-failure", "known-failure", "known-failure", "skip"],
        "0 passed, 0 failed, 4 skipped",
        0,
    ),
    # a listed case that passes makes the list stale: counted as failed
    "a-stale-entry-fails": (
        "flatten.merge.001\n",
        PY_PORT,
        ("flatten.merge.00[12]",),
        ["unexpected-pass", "pass"],
        "1 passed, 1 failed, 0 skipped",
        1,
    ),
}


@pytest.mark.parametrize(
    ("listed", "port", "globs", "expected", "final", "exit_status"),
    KNOWN_FAILURES.values(),
    ids=KNOWN_FAILURES.keys(),
)
def test_known_failures(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    listed: str,
    port: str,
    globs: tuple[str, ...],
    expected: list[str],
    final: str,
    exit_status: int,
) -> None:
    known = tmp_path / "known.txt"
    known.write_text(listed, "utf-8")
    runs = [arg for glob in globs for arg in ("--run", glob)]
    args = ["--port", port, "--known-failures", str(known), *runs, "--skip", "pick.basic.002"]
    status, out, report = run(capsys, tmp_path, *args)
    assert statuses(report) == expected
    assert out.rstrip().endswith(final)
    assert status == exit_status


@pytest.mark.parametrize(
    ("level", "expected", "exit_status"),
    [("must", "skip", 0), ("host", "fail", 0)],  # only must-level failures set status 1
)
def test_host_cases_skipped_by_default_and_never_fatal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, level: str, expected: str, exit_status: int
) -> None:
    status, _out, report = run(
        capsys, tmp_path, "--port", broken("wrong.py"), "--level", level, "--run", "*.host.00[1-4]"
    )
    assert {c["level"] for c in report["cases"]} == {"host"}
    assert len(report["cases"]) == 12
    assert set(statuses(report)) == {expected}
    assert status == exit_status


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


USAGE_ERRORS = {
    "no-corpus": (lambda tmp: ["--corpus", str(tmp)], "not a conformance corpus"),
    "no-known-failures-file": (
        lambda tmp: ["--known-failures", str(tmp / "missing.txt")],
        "missing.txt",
    ),
    "timeout-zero": (lambda tmp: ["--timeout", "0"], "--timeout must be positive"),
}


@pytest.mark.parametrize(("args", "message"), USAGE_ERRORS.values(), ids=USAGE_ERRORS.keys())
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: Any, message: str
) -> None:
    assert main(["conformance", "run", *args(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert message in err
    assert out == ""


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
