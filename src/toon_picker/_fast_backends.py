"""Fast TOON encoders (Rust, from PyPI) behind a number guard that restores the reference
bytes (spec 6.2); docs/backends.md says which are offered and why.

`toons` and `etoon` write the reference's bytes except for some numbers (docs/backends.md):
floats below 1e-6 and from 1e21 in plain notation (0.0000001 for the reference's 1e-7),
integral floats from 2**53 padded with zeros (45493949450465420 for 45493949450465424.0),
floats of 16 or more significant digits that lie halfway between two shortest texts
(toons: 562949953421312.3 for the reference's 562949953421312.2) and, etoon only,
integers beyond 64 bits rounded. Each such text holds "0.000000" or a run of 16 or more
digits and points; other texts are used as they are. A float's text (it has a point) is
rewritten in place: it can only be a float, and its digits give the float back exactly.
A run of 16 or more digits without a point may be an integer or a float, so then every
number the fast encoders may write differently is replaced in the value by a marker
string (written bare, like a number), the value is encoded again and each marker is
replaced by the reference's text for its number. Either way the bytes are the
reference's, at a fraction of its cost. If the fast encoder raises, or the value already
holds marker characters, the reference encodes the value. The conformance corpus and the
differential property in tests/backends/ check all of this.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable
from typing import Any

from ._json import format_number
from ._toon import (
    MARKER_CLOSE,
    MARKER_OPEN,
    ecma_whole_floats,
    marked,
    reference,
    toon_format_text,
    unmarked,
)

__all__ = ["etoon", "toons"]

Encoder = Callable[[Any, frozenset[float]], str]
_TINY = "0.000000"
_NUMBER_CHARS_TO_ZERO = str.maketrans("123456789.", "0000000000")
_NUMBER_BYTES_TO_ZERO = bytes.maketrans(b"123456789.", b"0000000000")
_LONG_RUN = "0" * 16


def _zeros(text: str) -> str:
    """``text`` with every digit and point written as 0 (a table lookup per byte for ASCII
    text, twice as fast as str.translate's lookups)."""
    if text.isascii():
        return text.encode("ascii").translate(_NUMBER_BYTES_TO_ZERO).decode("ascii")
    return text.translate(_NUMBER_CHARS_TO_ZERO)


def _suspect(text: str) -> bool:
    """Cheap C-level test: False means ``text`` holds no number written differently."""
    return _TINY in text or _LONG_RUN in _zeros(text)


def _risky_digits(text: str) -> bool:
    """True for a number text the fast encoders may write otherwise than the reference."""
    digits = text.lstrip("-")
    if digits.startswith(_TINY):
        return True
    return len(digits.replace(".", "").lstrip("0").partition("e")[0]) >= 16


# A quoted TOON string, escapes included. Outside strings a TOON line holds no quote and
# no backslash (both force quoting), so this regex finds every string of a line.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _in_string(line: str) -> bool:
    """True when the end of ``line`` (a line's start) lies inside a quoted string: a quote
    is left once the complete strings are removed."""
    return '"' in line and '"' in _STRING.sub("", line)


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


# The rest of a run of digits and points, from a position inside it.
_RUN_REST = re.compile(r"[0-9.]*")


def _repair(text: str) -> str | None:
    """``text`` with each float text the fast encoders may write differently replaced by the
    reference's text; None when it holds a long integer-like number (integer or float?)."""
    zeros = _zeros(text)  # runs of digits and points become runs of 0s
    pieces: list[str] = []
    done = 0
    tiny, long = text.find(_TINY), zeros.find(_LONG_RUN)
    while tiny >= 0 or long >= 0:
        hit = tiny if long < 0 or 0 <= tiny < long else long
        end = _RUN_REST.match(text, hit).end()  # type: ignore[union-attr]  # always matches
        # Search on only past the run (each search is linear in what it skips).
        if 0 <= tiny < end:
            tiny = text.find(_TINY, end)
        if 0 <= long < end:
            long = zeros.find(_LONG_RUN, end)
        if end < len(text) and text[end] not in ",\n":
            continue  # not a whole value (most runs inside strings end so)
        line_start = text.rfind("\n", 0, hit) + 1
        start = line_start + len(zeros[line_start:hit].rstrip("0"))
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
        number = float(token)
        if repr(number) == token:
            continue  # the shortest digits in plain notation: the reference's text too
        # A text with a point comes from a float that is not integral; for those the
        # reference's text is the ECMAScript one (tests/backends/test_verdicts.py).
        pieces += (text[done:start], format_number(number))
        done = end
    pieces.append(text[done:])
    return "".join(pieces)


_SAFE_FLOAT = 2.0**53
_SAFE_INT = 2**63


def _risky_text(leaf: Any) -> str | None:
    """The reference's text of a number a fast encoder may write differently, else None."""
    if isinstance(leaf, float):
        size = abs(leaf)
        if size >= _SAFE_FLOAT or (size < 1e-6 and leaf != 0.0) or _risky_digits(repr(size)):
            return toon_format_text(leaf)
    elif isinstance(leaf, int) and not isinstance(leaf, bool) and abs(leaf) >= _SAFE_INT:
        return toon_format_text(leaf)
    return None


def _guarded(fast: Callable[[Any], str]) -> Encoder:
    def encode(value: Any, ecma_floats: frozenset[float]) -> str:
        # The reference's own value fix first: after it, toon-format's text of any number
        # left in the value is the reference's text.
        value = ecma_whole_floats(value, ecma_floats)
        if type(value) is str and value.startswith("\ufeff"):
            # A root string led by U+FEFF: the reference quotes it, the fast encoders do
            # not, and both official decoders drop a leading U+FEFF as a byte order mark
            # ("\ufeff1" would read as the number 1). No other text differs this way
            # (a differential search over every Unicode space, control and format
            # character in roots, names, items and cells; docs/backends.md).
            return reference(value)
        try:
            text = fast(value)
        except Exception:  # the reference decides: it raises too, or it encodes
            return reference(value)
        repaired = _repair(text)
        if repaired is not None:
            return repaired
        if MARKER_OPEN in text or MARKER_CLOSE in text:  # the payload holds marker characters
            return reference(value)
        try:
            with_markers, numbers = marked(value, _risky_text)
            if not numbers:  # long integers or digit runs the fast encoder writes right
                return text
            restored = unmarked(fast(with_markers), numbers)
        except Exception:  # e.g. an int too long for str(): the reference writes it
            return reference(value)
        return restored if restored is not None else reference(value)

    return encode


# Imported by name: both are optional, and etoon ships no type information. Made once.
@functools.cache
def toons() -> Encoder:
    toons = importlib.import_module("toons")
    return _guarded(lambda value: toons.dumps(value, indent_size=2, delimiter=","))


@functools.cache
def etoon() -> Encoder:
    etoon = importlib.import_module("etoon")
    return _guarded(lambda value: etoon.dumps(value, delimiter=",", fold_keys=False))
