"""Reading JSON text strictly (spec 2.1): what the command line and the report accept.

``json.loads`` with three changes: NaN and the infinities are refused (they are not JSON),
a repeated member name is refused with its path (the first repeat in document order), and
integers of any length are read exactly, without touching the interpreter's process-wide
limit on integer digits (``sys.set_int_max_str_digits``). A leading byte-order mark is
ignored, as RFC 8259 section 8.1 allows.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ._errors import PathPart, format_path
from ._numbers import int_from_digits

__all__ = ["InputError", "parse_json", "read_json", "read_text"]


class InputError(Exception):
    """Input that is not a JSON payload; its message is one line the CLI prints."""


def read_json(source: str) -> Any:
    """Parse the JSON text in file ``source``, or standard input when it is ``-``."""
    return parse_json(read_text(source, bom=True), source)


def read_text(source: str, *, bom: bool = False) -> str:
    """The UTF-8 text of file ``source`` (``-``: standard input); a leading byte-order mark
    is dropped only when ``bom`` (a TOON text may begin with U+FEFF as content)."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(source, "rb") as handle:
                data = handle.read()
        return data.decode("utf-8-sig" if bom else "utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {source}: {exc}") from exc


class _Repeated(dict):  # type: ignore[type-arg]
    """An object that named one member twice: its pairs, and the index of the repeat."""

    def __init__(self, pairs: list[tuple[str, Any]], index: int) -> None:
        super().__init__(pairs)
        self.pairs = pairs
        self.index = index


def parse_json(text: str, source: str = "<input>") -> Any:
    """``json.loads`` restricted to the JSON data model (spec 2.1); InputError otherwise."""
    repeats = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal repeats
        obj: dict[str, Any] = {}
        for index, (key, value) in enumerate(items):
            if key in obj:
                repeats = True
                return _Repeated(items, index)
            obj[key] = value
        return obj

    def constant(name: str) -> Any:
        raise InputError(f"{source}: invalid-payload: {name} is not JSON")

    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        try:
            value = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
        except json.JSONDecodeError:
            raise
        except ValueError:
            # An integer beyond CPython's digit limit: read every integer exactly instead
            # (a hook per integer, so only when needed).
            repeats = False
            value = json.loads(
                text, object_pairs_hook=pairs, parse_constant=constant, parse_int=int_from_digits
            )
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}: invalid JSON: {exc}") from exc
    except RecursionError as exc:
        raise InputError(f"{source}: invalid-payload: nested too deep to parse") from exc
    if repeats:
        _raise_first_repeat(value, source)
    return value


def _raise_first_repeat(value: Any, source: str) -> None:
    """Raise for the repeated name that comes first in the text.

    A repeat at pair ``i`` of an object comes after everything inside pairs ``0..i-1``
    and before everything inside pair ``i``'s value, so a depth-first walk that looks
    inside the earlier pairs first finds the first repeat in document order.
    """
    stack: list[tuple[Any, list[PathPart]]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, _Repeated):
            key = node.pairs[node.index][0]
            # After the earlier pairs are searched (pushed last, popped first), the repeat.
            stack.append((_Found(key), [*path, key]))
            for name, child in reversed(node.pairs[: node.index]):
                stack.append((child, [*path, name]))
        elif isinstance(node, _Found):
            raise InputError(
                f"{source}: invalid-payload at {format_path(path)}: "
                f"member name {node.key!r} repeats"
            )
        elif isinstance(node, dict):
            for name, child in reversed(node.items()):
                stack.append((child, [*path, name]))
        elif isinstance(node, list):
            for index in range(len(node) - 1, -1, -1):
                stack.append((node[index], [*path, index]))


class _Found:
    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key
