"""Command line: ``toon-picker pick|flatten|unflatten|report|conformance``.

Bad input ends with one line on stderr naming the reason and the JSON path, and exit
status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import _cli_report, about
from ._backends import DEFAULT_BACKEND, known_backends
from ._cli_options import add_choice_options, candidates_arg, ratio_arg
from ._decode import parse_compact
from ._errors import ToonPickerError
from ._flatten import flatten
from ._json import dumps
from ._picker import CANDIDATES, pick
from ._reader import InputError, read_json, read_text
from ._unflatten import unflatten
from .conformance import _cli as _cli_conformance

__all__ = ["main"]

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2


def _cmd_pick(args: argparse.Namespace) -> int:
    options = ("candidates", "min_saving", "measure", "dots", "verify", "backend")
    result = pick(read_json(args.file), **{name: getattr(args, name) for name in options})
    if args.json:
        report = {
            "strategy": result.strategy,
            "text": result.text,
            "measure": result.measure,
            "sizes": result.sizes,
            "dropped": result.dropped,
        }
        print(dumps(report))
    else:
        print(result.text)
    return EXIT_OK


def _cmd_flatten(args: argparse.Namespace) -> int:
    print(dumps(flatten(read_json(args.file), dots=args.dots)))
    return EXIT_OK


def _cmd_parse(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    print(dumps(parse_compact(text, args.strategy)))
    return EXIT_OK


def _cmd_unflatten(args: argparse.Namespace) -> int:
    print(dumps(unflatten(read_json(args.file))))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="toon-picker",
        description="Ship structured data as JSON or TOON, whichever is smaller.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=about(),
        help="print the package, spec and TOON versions and the active implementation",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("pick", help="print the smallest of the candidate texts")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="JSON file, or - for stdin")
    p.add_argument("--json", action="store_true", help="print strategy, text, sizes and dropped")
    p.add_argument(
        "--candidates",
        type=candidates_arg,
        default=["json", "toon-flatten"],
        metavar="NAMES",
        help=f"comma-separated, from {', '.join(CANDIDATES)} (default: json,toon-flatten)",
    )
    p.add_argument(
        "--min-saving",
        type=ratio_arg,
        default=0.0,
        metavar="R",
        help="a TOON text must be at most (1-R) times the JSON size to win (default 0)",
    )
    add_choice_options(p, "measure", "dots")
    p.add_argument(
        "--verify",
        action="store_true",
        help="drop every TOON text that does not decode back to the payload",
    )
    p.add_argument(
        "--backend",
        choices=known_backends(),
        default=DEFAULT_BACKEND,
        help=f"TOON encoder (default {DEFAULT_BACKEND}; see docs/backends.md)",
    )
    p.set_defaults(func=_cmd_pick)

    for name, func, summary in (
        ("flatten", _cmd_flatten, "print the dot-flattened payload as JSON"),
        ("unflatten", _cmd_unflatten, "print the un-flattened payload as JSON"),
    ):
        q = sub.add_parser(name, help=summary)
        q.add_argument(
            "file", nargs="?", default="-", metavar="FILE", help="JSON file, or - for stdin"
        )
        if name == "flatten":
            add_choice_options(q, "dots")
        q.set_defaults(func=func)

    q = sub.add_parser(
        "parse",
        help="print, as JSON, the value a reader recovers from a picked text",
        description=(
            "Decode a text that pick shipped: json is read as JSON, toon with the official "
            "TOON decoder, toon-flatten with the TOON decoder and then unflatten."
        ),
    )
    q.add_argument("file", nargs="?", default="-", metavar="FILE", help="text file, or - for stdin")
    q.add_argument("--strategy", required=True, choices=CANDIDATES, help="the pick's strategy")
    q.set_defaults(func=_cmd_parse)

    _cli_report.register(sub)
    _cli_conformance.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except ToonPickerError as exc:
        print(f"toon-picker: {exc.reason} at {exc.path}: {exc.detail}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (InputError, ValueError) as exc:  # unreadable input; options the library refused
        print(f"toon-picker: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_FAIL
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
