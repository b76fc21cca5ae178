"""Option parsers shared by the subcommands (argparse ``type=`` functions)."""

from __future__ import annotations

import argparse

from ._picker import CANDIDATES

__all__ = ["candidates_arg", "ratio_arg"]


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
