"""Option parsers shared by the subcommands (argparse ``type=`` functions)."""

from __future__ import annotations

import argparse

from ._flatten import DOTS
from ._measures import MEASURES
from ._picker import CANDIDATES

__all__ = ["add_dots_option", "add_measure_option", "candidates_arg", "ratio_arg"]


def add_measure_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--measure",
        choices=MEASURES,
        default="bytes",
        help="size candidates in UTF-8 bytes (default) or in tokens of a tiktoken encoding "
        "(needs pip install 'toon-picker[tokens]')",
    )


def add_dots_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dots",
        choices=DOTS,
        default="rename",
        help="member names holding '.': rename them to '_' in flattened names (default) "
        "or refuse (pick then ships JSON or plain TOON, which keep every name)",
    )


def candidates_arg(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in CANDIDATES:
            raise argparse.ArgumentTypeError(
                f"unknown candidate {name!r} (known: {', '.join(CANDIDATES)})"
            )
    return names


def ratio_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError("must satisfy 0 <= R < 1")
    return value
