"""Command line: ``toon-picker pick|flatten|unflatten [FILE|-]`` and registered subcommands.

Bad input ends with one line on stderr naming the reason and the JSON path, and exit
status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from typing import Any

from ._errors import ToonPickerError
from ._json import dumps
from ._picker import CANDIDATES, pick

__all__ = ["main"]

# Modules that add subcommands: each exposes register(subparsers).
_COMMANDS: tuple[str, ...] = ("toon_picker._cli_report", "toon_picker.conformance._cli")

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2


class InputError(Exception):
    """Input the CLI cannot use; printed as one line, exit status 2."""


def read_json(source: str) -> Any:
    """Parse JSON from a path or ``-`` (stdin), rejecting NaN, Infinity and repeated names."""
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {source}: {exc}") from exc
    return parse_json(text, source)


def parse_json(text: str, source: str = "<input>") -> Any:
    """``json.loads`` restricted to the JSON data model (spec 2.1)."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, value in items:
            if key in obj:
                raise InputError(f"{source}: invalid-payload: member name {key!r} repeats")
            obj[key] = value
        return obj

    def constant(name: str) -> Any:
        raise InputError(f"{source}: invalid-payload: {name} is not JSON")

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}: invalid JSON: {exc}") from exc
    except RecursionError as exc:
        raise InputError(f"{source}: invalid-payload: nested too deep to parse") from exc


def _candidates(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in CANDIDATES:
            raise argparse.ArgumentTypeError(
                f"unknown candidate {name!r} (known: {', '.join(CANDIDATES)})"
            )
    return names


def _ratio(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError("must satisfy 0 <= R < 1")
    return value


def _cmd_pick(args: argparse.Namespace) -> int:
    result = pick(read_json(args.file), candidates=args.candidates, min_saving=args.min_saving)
    if args.json:
        report = {
            "strategy": result.strategy,
            "text": result.text,
            "sizes": result.sizes,
            "dropped": result.dropped,
        }
        print(dumps(report))
    else:
        print(result.text)
    return EXIT_OK


def _cmd_flatten(args: argparse.Namespace) -> int:
    from ._flatten import flatten

    print(dumps(flatten(read_json(args.file))))
    return EXIT_OK


def _cmd_unflatten(args: argparse.Namespace) -> int:
    from ._unflatten import unflatten

    print(dumps(unflatten(read_json(args.file))))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="toon-picker",
        description="Ship structured data as JSON or TOON, whichever is smaller.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("pick", help="print the smallest of the candidate texts")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="JSON file, or - for stdin")
    p.add_argument("--json", action="store_true", help="print strategy, text, sizes and dropped")
    p.add_argument(
        "--candidates",
        type=_candidates,
        default=["json", "toon-flatten"],
        metavar="NAMES",
        help=f"comma-separated, from {', '.join(CANDIDATES)} (default: json,toon-flatten)",
    )
    p.add_argument(
        "--min-saving",
        type=_ratio,
        default=0.0,
        metavar="R",
        help="a TOON text must be at most (1-R) times the JSON size to win (default 0)",
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
        q.set_defaults(func=func)

    for module in _COMMANDS:
        importlib.import_module(module).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except ToonPickerError as exc:
        print(f"toon-picker: {exc.reason} at {exc.path}: {exc.detail}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InputError as exc:
        print(f"toon-picker: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_FAIL
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
