"""The reference TOON encoder (spec 6.2): ``toon-format`` plus the one number fix.

The two official encoders disagree on one kind of double, a whole number with
2**53 <= |x| < 1e21: ``toon-format`` writes its exact value (999999999999999868928), the
JavaScript encoder Number::toString digits (999999999999999900000). Spec 6.2 pins the
latter, the digits of the JSON candidate, so such doubles reach toon-format as the ints
that have those digits.
"""

from __future__ import annotations

import re
from typing import Any

import toon_format

from . import _json
from ._numbers import int_digits

# Ints this long or longer are beyond CPython's default str() limit (4,300 digits).
_BOUND = 10**4000

__all__ = ["ecma_whole_floats", "long_ints_written", "reference", "toon_format_text"]

_WIDE_WHOLE = float(2**53)


def toon_format_text(value: Any) -> str:
    """``toon_format.encode`` with the options of spec 6.2, nothing else."""
    return toon_format.encode(value, indent_size=2, delimiter=",")


def reference(value: Any, ecma_floats: frozenset[float] = frozenset()) -> str:
    """The reference TOON text of a checked value; ``ecma_floats`` as in ``Checked``."""
    value = ecma_whole_floats(value, ecma_floats)
    try:
        return toon_format_text(value)
    except ValueError:
        # toon-format writes ints with str(), which CPython refuses beyond 4,300 digits.
        return long_ints_written(value)


# Private-use characters: written bare in TOON (no quoting), and rare in real payloads.
MARKER_OPEN, MARKER_CLOSE = "\ue000", "\ue001"
_MARKER = re.compile(f"{MARKER_OPEN}([0-9]+){MARKER_CLOSE}")


def long_ints_written(value: Any) -> str:
    """The TOON text of ``value`` when it holds ints too long for ``str()``: each is
    encoded as a marker string (bare, like a number) that is then replaced by its digits.
    Raises ValueError when there is none, or when the payload holds marker text itself."""
    numbers: list[str] = []

    def mark(node: Any) -> Any:
        if isinstance(node, int) and not isinstance(node, bool) and not -_BOUND < node < _BOUND:
            numbers.append(int_digits(node))
            return f"{MARKER_OPEN}{len(numbers) - 1}{MARKER_CLOSE}"
        if isinstance(node, dict):
            return {key: mark(item) for key, item in node.items()}
        if isinstance(node, list):
            return [mark(item) for item in node]
        return node

    marked = mark(value)
    text = toon_format_text(marked)
    if not numbers or len(_MARKER.findall(text)) != len(numbers):
        raise ValueError("cannot write this payload's integers as TOON text")
    return _MARKER.sub(lambda match: numbers[int(match.group(1))], text)


def _wide_whole(x: float) -> bool:
    return x.is_integer() and _WIDE_WHOLE <= abs(x) < 1e21


def ecma_whole_floats(value: Any, ecma_floats: frozenset[float]) -> Any:
    """``value`` with each whole float in [2**53, 1e21) replaced by the int with its
    ECMAScript digits; ``value`` itself when ``ecma_floats`` holds none (the common case)."""
    if not any(_wide_whole(x) for x in ecma_floats):
        return value
    return _replace(value)


def _replace(value: Any) -> Any:
    # Recursive: the picker checked the depth to be at most MAX_DEPTH.
    if isinstance(value, float):
        return int(_json.format_number(value)) if _wide_whole(value) else value
    if isinstance(value, dict):
        return {key: _replace(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_replace(item) for item in value]
    return value
