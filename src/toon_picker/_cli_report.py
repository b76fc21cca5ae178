"""The ``toon-picker report`` subcommand.

The report goes to standard output (or ``-o FILE``); everything else goes to standard
error: errors, the list of bad inputs, a note when tokens cannot be counted, and the
progress bar (only when standard error is a terminal).

Exit status: 0 when every input was measured, 1 when some inputs were bad (they are
listed and skipped; the report is still printed), 2 on bad options or when no payload
could be measured at all.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._cli_options import candidates_arg, ratio_arg
from ._measures import MEASURES, TOKEN_MEASURES
from ._project import FieldSpecError, parse_fields
from ._report import Measurements, build_report
from ._report_baseline import baseline_indent
from ._report_inputs import GROUP_RULES
from ._report_render import FORMATS, bad_inputs_text, render

__all__ = ["register"]

PROG = "toon-picker report"


def _fields(text: str) -> tuple[str, ...]:
    try:
        return parse_fields(text)
    except FieldSpecError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _baseline(text: str) -> str:
    try:
        baseline_indent(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "report",
        help="measure JSON vs TOON on files and folders, in bytes and tokens, per group",
        description=(
            "Run the picker on every payload of JSON files, NDJSON files (one payload per "
            "line) and folders of them; print per-payload, per-group and combined sizes in "
            "bytes and, with the [tokens] extra, in tokens; the change against JSON (and "
            "against the JSON you ship today, --baseline); how often each candidate wins; "
            "and how many picks cost more tokens than JSON."
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
        "--measure",
        choices=MEASURES,
        default="bytes",
        help="pick by UTF-8 bytes (default) or by the tokens of a tiktoken encoding",
    )
    p.add_argument(
        "--tokens",
        choices=(*TOKEN_MEASURES, "none"),
        metavar="ENCODING",
        help=(
            "token encoding counted beside bytes: o200k_base (default), cl100k_base, or "
            "none for bytes only; needs the [tokens] extra"
        ),
    )
    p.add_argument(
        "--baseline",
        type=_baseline,
        default="compact",
        metavar="LAYOUT",
        help=(
            "the JSON you ship today: compact (default) or indent:N for "
            "JSON.stringify(value, null, N); savings are also shown against it"
        ),
    )
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
    p.add_argument("-o", "--output", metavar="FILE", help="write the report here, not stdout")
    p.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (it is shown only on a terminal, with the [report] extra)",
    )
    p.set_defaults(func=_run)


def _say(text: str) -> None:
    print(f"{PROG}: {text}", file=sys.stderr)


def _run(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {}
    if args.tokens is not None:
        options["tokens"] = None if args.tokens == "none" else args.tokens
    try:
        report = build_report(
            args.paths,
            candidates=args.candidates,
            min_saving=args.min_saving,
            fields=args.fields,
            group_by=args.group_by,
            measure=args.measure,
            baseline=args.baseline,
            progress=not args.no_progress,
            **options,
        )
    except ValueError as exc:
        _say(str(exc))
        return 2
    for note in report.notes:
        _say(note)
    sys.stderr.write(bad_inputs_text(report))
    text = render(report, args.format)
    try:
        if args.output:
            with open(args.output, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        else:
            sys.stdout.write(text)
    except OSError as exc:
        _say(f"cannot write {args.output}: {exc}")
        return 2
    if args.chart:
        status = _chart(report, args.chart)
        if status:
            return status
    if not report.payloads:
        return 2
    return 1 if report.bad else 0


def _chart(report: Measurements, path: str) -> int:
    if not report.payloads:
        _say("no payload measured, no chart written")
        return 0
    try:
        from ._report_chart import write_chart

        write_chart(report, path)
    except ImportError:
        _say("--chart needs matplotlib: install the extra toon-picker[chart]")
        return 2
    except (OSError, ValueError) as exc:  # unwritable path, or a suffix matplotlib lacks
        _say(f"cannot write chart {path}: {str(exc).splitlines()[0] if str(exc) else exc!r}")
        return 2
    return 0
