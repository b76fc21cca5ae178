"""Reading JSON text strictly (spec 2.1): what the command line and the report accept.

``json.loads`` with these changes: NaN, the infinities and numbers beyond a double's range
are refused (they are not JSON data), a repeated member name is refused (the first repeat
in document order), each with its JSON path; integers of any length are read exactly,
without touching the interpreter's process-wide limit on integer digits
(``sys.set_int_max_str_digits``); text nested deeper than ``json``'s recursive parser
goes is read by an iterative one; a leading byte-order mark is ignored, as RFC 8259
section 8.1 allows.
"""

from __future__ import annotations

import json
import math
import re
import sys
from json.decoder import scanstring  # type: ignore[attr-defined]  # in the stdlib, not in its stubs
from typing import Any

from ._errors import PathPart, format_path
from ._numbers import int_from_digits

__all__ = ["InputError", "parse_json", "read_json", "read_text"]


class InputError(Exception):
    """Input that is not a JSON payload. ``str()`` is the one line the CLI prints:
    ``<reason> at <path>: <detail>``, after the source when there is one."""

    def __init__(self, detail: str, *, source: str = "", reason: str = "", path: str = "$"):
        line = f"{reason} at {path}: {detail}" if reason else detail
        super().__init__(f"{source}: {line}" if source else line)
        self.reason, self.path, self.detail, self.source = reason, path, detail, source


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


class _Fault:
    """What the walk raises for: a repeated name, or a constant that is not JSON data."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what


# An exponent of three or more digits: the text may hold a number beyond a double's range.
_HUGE_EXPONENT = re.compile(r"[eE][+-]?0*[0-9]{3}")


def parse_json(text: str, source: str = "<input>") -> Any:
    """``json.loads`` restricted to the JSON data model (spec 2.1); InputError otherwise."""
    faults = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal faults
        obj: dict[str, Any] = {}
        for index, (key, value) in enumerate(items):
            if key in obj:
                faults = True
                return _Repeated(items, index)
            obj[key] = value
        return obj

    def constant(name: str) -> Any:
        nonlocal faults
        faults = True
        return _Fault(f"{name} is not JSON")

    if text.startswith("\ufeff"):
        text = text[1:]
    hooks: dict[str, Any] = {"object_pairs_hook": pairs, "parse_constant": constant}
    try:
        try:
            value = json.loads(text, **hooks)
        except (json.JSONDecodeError, RecursionError):
            raise
        except ValueError:
            # An integer beyond CPython's digit limit: read every integer exactly instead
            # (a hook per integer, so only when needed).
            faults = False
            value = json.loads(text, **hooks, parse_int=int_from_digits)
    except json.JSONDecodeError as exc:
        raise _invalid_text(exc, source) from None
    except RecursionError:
        faults = False
        try:
            value = _parse_deep(text, pairs, constant, source)
        except json.JSONDecodeError as exc:  # from scanstring: a bad string
            raise _invalid_text(exc, source) from None
    if faults or _HUGE_EXPONENT.search(text):
        _raise_first_fault(value, source)
    return value


def _invalid_text(exc: json.JSONDecodeError, source: str) -> InputError:
    detail = f"not JSON text: {exc.msg}: line {exc.lineno} column {exc.colno}"
    return InputError(detail, source=source, reason="invalid-text")


def _raise_first_fault(value: Any, source: str) -> None:
    """Raise for the fault that comes first in the text, if there is one.

    A repeat at pair ``i`` of an object comes after everything inside pairs ``0..i-1``
    and before everything inside pair ``i``'s value, so a depth-first walk that looks
    inside the earlier pairs first finds the first fault in document order.
    """
    stack: list[tuple[Any, list[PathPart]]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, _Repeated):
            key = node.pairs[node.index][0]
            # After the earlier pairs are searched (pushed last, popped first), the repeat.
            stack.append((_Fault(f"member name {key!r} repeats"), [*path, key]))
            for name, child in reversed(node.pairs[: node.index]):
                stack.append((child, [*path, name]))
        elif isinstance(node, _Fault):
            raise InputError(
                node.what, source=source, reason="invalid-payload", path=format_path(path)
            )
        elif type(node) is float and not math.isfinite(node):
            what = "a number beyond the range of a double"
            raise InputError(what, source=source, reason="invalid-payload", path=format_path(path))
        elif isinstance(node, dict):
            for name, child in reversed(node.items()):
                stack.append((child, [*path, name]))
        elif isinstance(node, list):
            for index in range(len(node) - 1, -1, -1):
                stack.append((node[index], [*path, index]))


_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS = {"null": None, "true": True, "false": False}
_CONSTANTS = ("NaN", "Infinity", "-Infinity")


def _parse_deep(text: str, pairs: Any, constant: Any, source: str) -> Any:
    """The same value ``json.loads`` gives, for text nested deeper than it can recurse:
    an explicit stack of open containers (lists, and member lists of objects)."""

    def fail(message: str, pos: int) -> InputError:
        return _invalid_text(json.JSONDecodeError(message, text, pos), source)

    # Each open container: [items, is_object, pending member name].
    stack: list[list[Any]] = []
    pos = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
    while True:
        # A value starts at pos.
        char = text[pos : pos + 1]
        if char in ("{", "["):
            pos = _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
            close = "}" if char == "{" else "]"
            if text[pos : pos + 1] == close:
                value: Any = pairs([]) if char == "{" else []
                pos += 1
            else:
                stack.append([[], char == "{", None])
                if char == "{":
                    pos = _member_name(text, pos, stack[-1], fail)
                continue
        elif char == '"':
            value, pos = scanstring(text, pos + 1, True)
        elif (number := _NUMBER.match(text, pos)) is not None:
            digits = number.group()
            value = float(digits) if number.group(1) or number.group(2) else int_from_digits(digits)
            pos = number.end()
        else:
            word = next((w for w in (*_LITERALS, *_CONSTANTS) if text.startswith(w, pos)), None)
            if word is None:
                raise fail("Expecting value", pos)
            value = _LITERALS[word] if word in _LITERALS else constant(word)
            pos += len(word)
        # A value ended at pos: close every container it completes.
        while True:
            pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
            if not stack:
                if pos != len(text):
                    raise fail("Extra data", pos)
                return value
            top = stack[-1]
            items, is_object = top[0], top[1]
            items.append((top[2], value) if is_object else value)
            char = text[pos : pos + 1]
            if char == ",":
                pos = _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
                if is_object:
                    pos = _member_name(text, pos, top, fail)
                break
            if char != ("}" if is_object else "]"):
                expected = "',' or '}'" if is_object else "',' or ']'"
                raise fail(f"Expecting {expected} delimiter", pos)
            stack.pop()
            value = pairs(items) if is_object else items
            pos += 1


def _member_name(text: str, pos: int, top: list[Any], fail: Any) -> int:
    """Read ``"name":`` at ``pos`` into the open object ``top``; the position after it."""
    if text[pos : pos + 1] != '"':
        raise fail("Expecting property name enclosed in double quotes", pos)
    top[2], pos = scanstring(text, pos + 1, True)
    pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
    if text[pos : pos + 1] != ":":
        raise fail("Expecting ':' delimiter", pos)
    return _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
