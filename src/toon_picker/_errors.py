"""Typed errors: each carries a machine-readable reason code and the JSON path.

Spec 7.3's precedence lives here as one table (:data:`PRECEDENCE`); flatten, unflatten,
the picker's drop reasons, the tests and the docs all read it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Literal, get_args

__all__ = [
    "DROP_ORDER",
    "PRECEDENCE",
    "DropReason",
    "FlattenError",
    "PayloadError",
    "Reason",
    "TextError",
    "ToonPickerError",
    "UnflattenError",
    "format_path",
]

Reason = Literal[
    "invalid-payload",
    "depth-exceeded",
    "dotted-name",
    "key-collision",
    "path-conflict",
    "not-flat",
    "invalid-text",
]
"""Reason codes carried by :class:`ToonPickerError` (spec section 7.1)."""

DropReason = Literal[
    "depth-exceeded",
    "dotted-name",
    "key-collision",
    "encode-failed",
    "empty-text",
    "decode-mismatch",
]
"""Why the picker dropped a candidate (spec section 7.2), in the order they apply."""

REASONS: tuple[Reason, ...] = get_args(Reason)
DROP_REASONS: tuple[DropReason, ...] = get_args(DropReason)

PRECEDENCE: dict[str, tuple[Reason, ...]] = {
    "flatten": ("invalid-payload", "depth-exceeded", "dotted-name", "key-collision"),
    "unflatten": ("invalid-payload", "not-flat", "path-conflict", "depth-exceeded"),
    "pick": ("invalid-payload",),
}
"""Spec 7.3: per operation, the reason codes in the order they are reported. Each kind is
looked for over the whole input before the next, so the code depends only on the input."""

DROP_ORDER: tuple[DropReason, ...] = DROP_REASONS
"""Spec 7.2/7.3: a dropped candidate gets the first of these codes that applies."""

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

    ``reason`` is a stable code (spec section 7); ``path`` points at the offending
    value in the input, e.g. ``$.data.items[3].score``; ``detail`` says what went wrong.
    ``str(error)`` is ``"<reason> at <path>: <detail>"``, the line the CLI prints.
    """

    reason: str
    path: str
    detail: str

    def __init__(self, reason: str, path: str, detail: str) -> None:
        super().__init__(f"{reason} at {path}: {detail}")
        self.reason = reason
        self.path = path
        self.detail = detail


class PayloadError(ToonPickerError, TypeError):
    """The value is not a JSON payload (spec section 2): reason ``invalid-payload``."""

    reason: Reason


class FlattenError(ToonPickerError, ValueError):
    """dot-flatten refused the payload: ``depth-exceeded``, ``dotted-name`` (only with
    ``dots="refuse"``) or ``key-collision``."""

    reason: Reason


class UnflattenError(ToonPickerError, ValueError):
    """unflatten refused the value: ``not-flat``, ``path-conflict`` or ``depth-exceeded``."""

    reason: Reason


class TextError(ToonPickerError, ValueError):
    """``parse_compact`` cannot read the text as its strategy says: ``invalid-text``."""

    reason: Reason


class Faults:
    """The first fault of each kind met in a walk; :meth:`raise_first` raises the one that
    :data:`PRECEDENCE` puts first for ``op``, so visiting order never decides the code."""

    def __init__(self, op: str, error: type[FlattenError] | type[UnflattenError]) -> None:
        self.order = PRECEDENCE[op]
        self.error = error
        self.found: dict[Reason, tuple[str, str]] = {}

    def note(self, reason: Reason, path: str, detail: str) -> None:
        self.found.setdefault(reason, (path, detail))

    def __contains__(self, reason: Reason) -> bool:
        return reason in self.found

    def raise_first(self) -> None:
        for reason in self.order:
            if reason in self.found:
                path, detail = self.found[reason]
                raise self.error(reason, path, detail)
