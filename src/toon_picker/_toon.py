"""The reference TOON encoder (spec 6.2): ``toon-format`` plus the one number fix.

The two official encoders disagree on one kind of double, a whole number with
2**53 <= |x| < 1e21: ``toon-format`` writes its exact value (999999999999999868928), the
JavaScript encoder Number::toString digits (999999999999999900000). Spec 6.2 pins the
latter, the digits of the JSON candidate, so such doubles reach toon-format as the ints
that have those digits.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import toon_format

from . import _json
from ._numbers import int_digits

# Ints this long or longer are beyond CPython's default str() limit (4,300 digits).
_BOUND = 10**4000

__all__ = [
    "ecma_whole_floats",
    "long_ints_written",
    "marked",
    "reference",
    "replace_leaves",
    "toon_format_text",
    "unmarked",
]

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


def replace_leaves(value: Any, replace: Callable[[Any], Any]) -> Any:
    """``value`` with each scalar ``x`` replaced by ``replace(x)``. Recursive: the picker
    checked the depth to be at most MAX_DEPTH."""
    if isinstance(value, dict):
        return {key: replace_leaves(item, replace) for key, item in value.items()}
    if isinstance(value, list):
        return [replace_leaves(item, replace) for item in value]
    return replace(value)


def marked(value: Any, text_of: Callable[[Any], str | None]) -> tuple[Any, list[str]]:
    """``value`` with each scalar that ``text_of`` gives a text for replaced by a marker
    string, which a TOON encoder writes bare where the number would stand; and the texts,
    in marker order, for :func:`unmarked`."""
    texts: list[str] = []

    def mark(leaf: Any) -> Any:
        text = text_of(leaf)
        if text is None:
            return leaf
        texts.append(text)
        return f"{MARKER_OPEN}{len(texts) - 1}{MARKER_CLOSE}"

    return replace_leaves(value, mark), texts


def unmarked(text: str, texts: list[str]) -> str | None:
    """``text`` with each marker replaced by its text; None when the text holds more
    markers than were made (the payload held marker text of its own)."""
    if len(_MARKER.findall(text)) != len(texts):
        return None
    return _MARKER.sub(lambda match: texts[int(match.group(1))], text)


def _long_int_digits(leaf: Any) -> str | None:
    if isinstance(leaf, int) and not isinstance(leaf, bool) and not -_BOUND < leaf < _BOUND:
        return int_digits(leaf)
    return None


def long_ints_written(value: Any) -> str:
    """The TOON text of ``value`` when it holds ints too long for ``str()``: each is
    encoded as a marker and then replaced by its digits. Raises ValueError when there is
    none, or when the payload holds marker text itself."""
    value, texts = marked(value, _long_int_digits)
    text = unmarked(toon_format_text(value), texts) if texts else None
    if text is None:
        raise ValueError("cannot write this payload's integers as TOON text")
    return text


def _wide_whole(x: float) -> bool:
    return x.is_integer() and _WIDE_WHOLE <= abs(x) < 1e21


def ecma_whole_floats(value: Any, ecma_floats: frozenset[float]) -> Any:
    """``value`` with each whole float in [2**53, 1e21) replaced by the int with its
    ECMAScript digits; ``value`` itself when ``ecma_floats`` holds none (the common case)."""
    if not any(_wide_whole(x) for x in ecma_floats):
        return value
    return replace_leaves(value, _ecma_whole)


def _ecma_whole(leaf: Any) -> Any:
    if isinstance(leaf, float) and _wide_whole(leaf):
        return int(_json.format_number(leaf))
    return leaf
