"""Option parsers shared by the subcommands (argparse ``type=`` functions)."""

from __future__ import annotations

import argparse

from ._flatten import DOTS
from ._measures import MEASURES
from ._picker import CANDIDATES

__all__ = ["add_choice_options", "candidates_arg", "ratio_arg"]


# name -> (choices, default, help) of the options pick, flatten and report share.
_CHOICES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "measure": (
        MEASURES,
        "bytes",
        "size candidates in UTF-8 bytes (default) or in tokens of a tiktoken encoding "
        "(needs the extra toon-picker[tokens])",
    ),
    "dots": (
        DOTS,
        "rename",
        "member names holding '.': rename them to '_' in flattened names (default) "
        "or refuse (pick then ships JSON or plain TOON, which keep every name)",
    ),
}


def add_choice_options(parser: argparse.ArgumentParser, *names: str) -> None:
    """Add ``--measure`` and/or ``--dots`` with their choices, defaults and help."""
    for name in names:
        choices, default, text = _CHOICES[name]
        parser.add_argument(f"--{name}", choices=choices, default=default, help=text)


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
