"""The ``toon-picker report`` subcommand.

Exit status: 0 when every input was measured, 1 when some inputs were bad (they are
listed and skipped; the report is still printed), 2 on bad options or when no payload
could be measured at all.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._cli_options import candidates_arg, ratio_arg
from ._project import FieldSpecError, parse_fields
from ._report import FORMATS, GROUP_RULES, build_report, render, stderr_progress, write_chart

__all__ = ["register"]


def _fields(text: str) -> tuple[str, ...]:
    try:
        return parse_fields(text)
    except FieldSpecError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "report",
        help="measure JSON vs TOON on files and folders, per group and combined",
        description=(
            "Run the picker on every payload of JSON files, NDJSON files (one payload per "
            "line) and folders of them; print per-payload, per-group and combined bytes, "
            "the change against JSON and how often each strategy wins."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="JSON/NDJSON file or folder")
    p.add_argument(
        "--candidates",
        type=candidates_arg,
        default=["json", "toon-flatten"],
        metavar="NAMES",
        help="comma-separated candidates (default: json,toon-flatten; add toon for plain TOON)",
    )
    p.add_argument("--min-saving", type=ratio_arg, default=0.0, metavar="R", help="as for pick")
    p.add_argument(
        "--fields",
        type=_fields,
        metavar="A,B.C",
        help="project every item to these dotted fields before measuring",
    )
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    p.add_argument(
        "--group-by",
        default="folder",
        metavar="RULE",
        help=f"group payloads by {', '.join(GROUP_RULES)} (default: folder)",
    )
    p.add_argument("--chart", metavar="FILE", help="write a bar chart (.svg, .png or .pdf)")
    p.add_argument(
        "--tokens", metavar="ENCODING", help="also count tokens with tiktoken (e.g. o200k_base)"
    )
    p.add_argument("-o", "--output", metavar="FILE", help="write the report here, not stdout")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    try:
        report = build_report(
            args.paths,
            candidates=args.candidates,
            min_saving=args.min_saving,
            fields=args.fields,
            group_by=args.group_by,
            tokens=args.tokens,
            progress=stderr_progress(),
        )
    except ValueError as exc:
        print(f"toon-picker report: {exc}", file=sys.stderr)
        return 2
    for note in report.notes:
        print(note, file=sys.stderr)
    text = render(report, args.format)
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
    if args.chart:
        if not report.payloads:
            print("toon-picker report: no payload measured, no chart written", file=sys.stderr)
        else:
            try:
                write_chart(report, args.chart)
            except ImportError:
                print(
                    "toon-picker report: --chart needs matplotlib "
                    "(pip install 'toon-picker[chart]')",
                    file=sys.stderr,
                )
                return 2
    if not report.payloads:
        return 2
    return 1 if report.bad else 0
