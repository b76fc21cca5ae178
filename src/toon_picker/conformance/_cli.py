"""``toon-picker conformance run``: the corpus against a port (or the in-process reference)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ._compare import abridge
from ._corpus import CorpusError, load_corpus
from ._port import OneshotPort, Port, PortCommandError, ProcessPort, ReferencePort
from ._protocol import OPS
from ._runner import Outcome, expected_text, run_cases, select

__all__ = ["main", "register"]

DEFAULT_TIMEOUT = 10.0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "conformance",
        help="run the conformance corpus against a port",
        description="Run the language-neutral conformance corpus.",
    )
    sub = parser.add_subparsers(dest="conformance_command", required=True)
    run = sub.add_parser(
        "run",
        help="run the corpus",
        description=(
            "Run the corpus against a port command (protocol 1: JSON lines on stdin/stdout), "
            "or against the in-process reference when --port is not given. Exit status 1 "
            "when a must-level case fails."
        ),
    )
    run.add_argument("--port", metavar="CMD", help="port command line (split like a shell)")
    run.add_argument(
        "--level",
        choices=("must", "host"),
        default="must",
        help="must: must-level cases only (default); host: also host-level ones",
    )
    run.add_argument(
        "--run",
        action="append",
        default=[],
        metavar="GLOB",
        help="run only case ids matching GLOB (repeatable)",
    )
    run.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="GLOB",
        help="skip case ids matching GLOB (repeatable; counted as skipped)",
    )
    run.add_argument(
        "--known-failures",
        metavar="FILE",
        help="file of case ids or globs, one per line, '#' comments",
    )
    run.add_argument("--json", metavar="REPORT", help="write a JSON report to REPORT")
    run.add_argument(
        "--oneshot",
        action="store_true",
        help="start the port once per case with a single run request",
    )
    run.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=f"seconds to wait for each reply (default {DEFAULT_TIMEOUT:g})",
    )
    run.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the bundled one)")
    run.add_argument("--quiet", action="store_true", help="do not print failure details")
    run.set_defaults(func=main)


def _known_failures(path: str) -> list[str]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [s for s in (line.split("#", 1)[0].strip() for line in lines) if s]


def _printer(out: TextIO, quiet: bool) -> Any:
    gave_up = False

    def show(outcome: Outcome) -> None:
        nonlocal gave_up
        if quiet or outcome.counted != "failed":
            return
        if outcome.detail.startswith("not run:"):  # the runner gave up on the port
            if not gave_up:
                out.write(f"PORT FAILURE: the remaining cases are {outcome.detail}\n")
            gave_up = True
            return
        case = outcome.case
        label = "PORT FAILURE" if outcome.status == "port-failure" else "FAIL"
        out.write(f"{label} {case.id} [{case.level}, spec {case.spec}] {outcome.detail}\n")
        out.write(f"  input:    {abridge(case.input)}\n")
        if case.options:
            out.write(f"  options:  {abridge(case.options)}\n")
        out.write(f"  expected: {expected_text(case)}\n")
        if outcome.actual is not None:
            out.write(f"  actual:   {outcome.actual}\n")

    return show


def main(args: argparse.Namespace) -> int:
    out = sys.stdout
    try:
        corpus = load_corpus(args.corpus)
        known = _known_failures(args.known_failures) if args.known_failures else []
    except (CorpusError, OSError) as exc:
        print(f"toon-picker conformance: {exc}", file=sys.stderr)
        return 2
    if args.timeout <= 0:
        print("toon-picker conformance: --timeout must be positive", file=sys.stderr)
        return 2
    port: Port
    try:
        if args.port is None:
            port = ReferencePort()
        elif args.oneshot:
            port = OneshotPort(args.port, args.timeout)
        else:
            port = ProcessPort(args.port, args.timeout)
    except PortCommandError as exc:
        print(f"toon-picker conformance: {exc} (--port)", file=sys.stderr)
        return 2
    cases = select(corpus.cases, args.run)
    m = corpus.manifest
    out.write(
        f"corpus {corpus.version} (spec {m.get('spec_version', '?')}, TOON spec "
        f"{m.get('toon_spec_version', '?')}): {len(cases)} of {len(corpus.cases)} cases; "
        f"port: {args.port or 'in-process reference'}\n"
    )
    out.flush()
    report = run_cases(
        port,
        cases,
        level=args.level,
        skip=args.skip,
        known_failures=known,
        on_outcome=_printer(out, args.quiet),
    )
    impl = report.implementation
    if impl:
        out.write("implementation: " + ", ".join(f"{k} {v}" for k, v in impl.items()) + "\n")
    restarts = getattr(port, "restarts", 0)
    if restarts > 0:
        out.write(f"the port was restarted {restarts} times after port failures\n")
    for op in OPS:
        out.write(f"{op}: {report.summary(op)}\n")
    for measure, count in report.skipped_for_measures().items():
        out.write(f"{count} skipped: the port does not declare the measure {measure}\n")
    if args.json:
        data = {
            "corpus": {"version": corpus.version, **m},
            "port": args.port,
            "level": args.level,
            **report.to_json(),
        }
        Path(args.json).write_text(
            json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    out.write(report.summary() + "\n")
    return 1 if report.must_failed else 0
