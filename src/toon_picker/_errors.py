"""Typed errors: each carries a machine-readable reason code and the JSON path."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Literal, get_args

__all__ = [
    "DropReason",
    "FlattenError",
    "PayloadError",
    "Reason",
    "ToonPickerError",
    "UnflattenError",
    "format_path",
]

Reason = Literal[
    "invalid-payload",
    "depth-exceeded",
    "key-collision",
    "path-conflict",
    "not-flat",
]
"""Reason codes carried by :class:`ToonPickerError` (spec section 7)."""

DropReason = Literal["depth-exceeded", "key-collision", "encode-failed", "empty-text"]
"""Why the picker dropped a candidate (spec section 6.3)."""

REASONS: tuple[Reason, ...] = get_args(Reason)
DROP_REASONS: tuple[DropReason, ...] = get_args(DropReason)

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

PathPart = str | int


def format_path(parts: Iterable[PathPart]) -> str:
    """Render a path as ``$.name[3]["odd name"]`` (spec section 1.3)."""
    out = ["$"]
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _IDENTIFIER.match(part):
            out.append(f".{part}")
        else:
            out.append(f"[{json.dumps(part, ensure_ascii=False)}]")
    return "".join(out)


class ToonPickerError(Exception):
    """Base class of every error toon-picker raises for bad input.

    ``reason`` is a stable code from :data:`Reason`; ``path`` points at the offending
    value in the input, e.g. ``$.data.items[3].score``.
    """

    reason: Reason
    path: str

    def __init__(self, reason: Reason, path: str, detail: str) -> None:
        super().__init__(f"{reason} at {path}: {detail}")
        self.reason = reason
        self.path = path
        self.detail = detail


class PayloadError(ToonPickerError, TypeError):
    """The value is not a JSON payload (spec section 2): reason ``invalid-payload``."""


class FlattenError(ToonPickerError, ValueError):
    """dot-flatten refused the payload: ``depth-exceeded`` or ``key-collision``."""


class UnflattenError(ToonPickerError, ValueError):
    """unflatten refused the value: ``not-flat``, ``path-conflict`` or ``depth-exceeded``."""
