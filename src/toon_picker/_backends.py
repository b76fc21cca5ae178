"""TOON encoder backends (spec section 6.2).

The reference backend is the official ``toon-format`` package. Other encoders may be
registered here; one is offered only when it reproduces the reference byte for byte on the
conformance corpus and the differential properties (see docs/backends.md).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

import toon_format

__all__ = ["DEFAULT_BACKEND", "TOON_SPEC_VERSION", "available", "encoder"]

Encoder = Callable[[Any], str]

DEFAULT_BACKEND = "toon-format"
TOON_SPEC_VERSION: str = str(getattr(toon_format, "__toon_spec__", "4"))
"""The TOON specification version the reference encoder implements."""


def _toon_format(value: Any) -> str:
    return toon_format.encode(value, indent_size=2, delimiter=",")


# --- fast backends (Rust encoders from PyPI) ---------------------------------------------
# `toons` and `etoon` write the reference's bytes except for some numbers (docs/backends.md):
# floats below 1e-6 and from 1e21 in plain notation (0.0000001 for the reference's 1e-7),
# integral floats from 2**53 padded with zeros (45493949450465420 for 45493949450465424.0),
# floats of 16 or more significant digits that lie halfway between two shortest texts
# (toons: 562949953421312.3 for the reference's 562949953421312.2) and, etoon only,
# integers beyond 64 bits rounded. Each such text holds "0.000000" or a run of 16 or more
# digits and points; other texts are used as they are. A float's text (it has a point) is
# rewritten in place: it can only be a float, and its digits give the float back exactly.
# A run of 16 or more digits without a point may be an integer or a float, so then every
# number the fast encoders may write differently is replaced in the value by a marker
# string (written bare, like a number), the value is encoded again and each marker is
# replaced by the reference's text for its number. Either way the bytes are the
# reference's, at a fraction of its cost. If the fast encoder raises, or the value already
# holds marker characters, the reference encodes the value. The conformance corpus and the
# differential property in tests/backends/ check all of this.

_TINY = "0.000000"
_NUMBER_CHARS_TO_ZERO = str.maketrans("123456789.", "0000000000")
_LONG_RUN = "0" * 16


def _suspect(text: str) -> bool:
    """Cheap C-level test: False means ``text`` holds no number written differently."""
    return _TINY in text or _LONG_RUN in text.translate(_NUMBER_CHARS_TO_ZERO)


def _risky_digits(text: str) -> bool:
    """True for a number text the fast encoders may write otherwise than the reference."""
    digits = text.lstrip("-")
    if digits.startswith(_TINY):
        return True
    return len(digits.replace(".", "").lstrip("0").partition("e")[0]) >= 16


def _in_string(line: str) -> bool:
    """True when the end of ``line`` (a line's start) lies inside a quoted string."""
    inside = False
    i = 0
    while i < len(line):
        char = line[i]
        if inside and char == "\\":
            i += 2
            continue
        if char == '"':
            inside = not inside
        i += 1
    return inside


def _is_value(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` is a whole value: it starts after a line's indentation
    (and list marker), a key's ": " or a delimiter, ends at a delimiter or a line's end,
    and is not inside a quoted string (TOON strings never span lines)."""
    if end < len(text) and text[end] not in ",\n":
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if not (before.endswith((",", ": ")) or before.strip(" ") in ("", "-")):
        return False
    return not _in_string(before)


def _repair(text: str) -> str | None:
    """``text`` with each float text the fast encoders may write differently replaced by the
    reference's text; None when it holds a long integer-like number (integer or float?)."""
    zeros = text.translate(_NUMBER_CHARS_TO_ZERO)  # runs of digits and points become 0s
    pieces: list[str] = []
    done = pos = 0
    tiny, long = text.find(_TINY), zeros.find(_LONG_RUN)
    while tiny >= 0 or long >= 0:
        start = end = tiny if long < 0 or 0 <= tiny < long else long
        while start > 0 and zeros[start - 1] == "0":
            start -= 1
        while end < len(text) and zeros[end] == "0":
            end += 1
        pos = end
        # Search on only past the run (each search is linear in what it skips).
        if 0 <= tiny < pos:
            tiny = text.find(_TINY, pos)
        if 0 <= long < pos:
            long = zeros.find(_LONG_RUN, pos)
        if start > 0 and text[start - 1] == "-":
            start -= 1
        token = text[start:end]
        if not _is_value(text, start, end):
            continue  # part of a string or a name: both encoders write it alike
        if "." not in token:
            if len(token.lstrip("-")) >= 16:
                return None
            continue
        if token.count(".") != 1 or token.endswith(".") or not _risky_digits(token):
            continue
        pieces += (text[done:start], _toon_format(float(token)))
        done = end
    pieces.append(text[done:])
    return "".join(pieces)


# Private-use characters: bare in TOON output (no quoting), and rare in real payloads.
_OPEN, _CLOSE = "\ue000", "\ue001"
_MARKER = re.compile(f"{_OPEN}([0-9]+){_CLOSE}")
_SAFE_FLOAT = 2.0**53
_SAFE_INT = 2**63


def _marked(value: Any, numbers: list[str]) -> Any:
    """``value`` with every number a fast encoder may write differently replaced by a marker;
    ``numbers`` receives the reference's text for each, in marker order."""
    if isinstance(value, float):
        size = abs(value)
        if size >= _SAFE_FLOAT or (size < 1e-6 and value != 0.0) or _risky_digits(repr(size)):
            numbers.append(_toon_format(value))
            return f"{_OPEN}{len(numbers) - 1}{_CLOSE}"
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _SAFE_INT:
        numbers.append(_toon_format(value))
        return f"{_OPEN}{len(numbers) - 1}{_CLOSE}"
    if isinstance(value, dict):
        return {key: _marked(item, numbers) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_marked(item, numbers) for item in value]
    return value


def _guarded(fast: Encoder) -> Encoder:
    def encode(value: Any) -> str:
        try:
            text = fast(value)
        except Exception:  # the reference decides: it raises too, or it encodes
            return _toon_format(value)
        repaired = _repair(text)
        if repaired is not None:
            return repaired
        if _OPEN in text or _CLOSE in text:  # the payload holds marker characters itself
            return _toon_format(value)
        numbers: list[str] = []
        try:
            marked = _marked(value, numbers)
            if not numbers:  # long integers or digit runs the fast encoder writes right
                return text
            marked_text = fast(marked)
        except Exception:
            return _toon_format(value)
        return _MARKER.sub(lambda match: numbers[int(match.group(1))], marked_text)

    return encode


# Imported by name: both are optional, and etoon ships no type information.
def _toons() -> Encoder:
    toons = importlib.import_module("toons")
    return _guarded(lambda value: toons.dumps(value, indent_size=2, delimiter=","))


def _etoon() -> Encoder:
    etoon = importlib.import_module("etoon")
    return _guarded(lambda value: etoon.dumps(value, delimiter=",", fold_keys=False))


# name -> factory returning an encoder, or raising ImportError when not installed.
_FACTORIES: dict[str, Callable[[], Encoder]] = {
    DEFAULT_BACKEND: lambda: _toon_format,
    "toons": _toons,
    "etoon": _etoon,
}

# name -> why the backend is not offered although it may be installed.
_REFUSED: dict[str, str] = {
    "etoon": (
        "etoon 0.8 writes member names starting with '#', '$' or '@' bare where TOON 4 and "
        'the reference quote them ({"#debug": 1} gives #debug: 1, not "#debug": 1), so '
        "its sizes and texts differ (conformance case pick.apify.030); see docs/backends.md"
    ),
}


def available() -> tuple[str, ...]:
    """Names of the backends that are installed and offered, the reference first."""
    names = []
    for name, factory in _FACTORIES.items():
        if name in _REFUSED:
            continue
        try:
            factory()
        except ImportError:
            continue
        names.append(name)
    return tuple(names)


def encoder(name: str) -> Encoder:
    """The encode function of backend ``name``; ValueError says why one is unusable."""
    if name in _REFUSED:
        raise ValueError(f"TOON backend {name!r} is not offered: {_REFUSED[name]}")
    factory = _FACTORIES.get(name)
    if factory is None:
        known = ", ".join(sorted({*_FACTORIES, *_REFUSED}))
        raise ValueError(f"unknown TOON backend {name!r} (known: {known})")
    try:
        return factory()
    except ImportError as exc:
        raise ValueError(f"TOON backend {name!r} is not installed: {exc}") from exc
