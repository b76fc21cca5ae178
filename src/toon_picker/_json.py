"""The JSON candidate (spec section 3): the exact text of ECMAScript ``JSON.stringify``.

``json.dumps`` differs from ``JSON.stringify`` on float notation, ``-0.0`` and lone
surrogates; those differences flip the picker on near-ties, so they are not cosmetic.
The C encoder is used whenever the model check saw none of them; otherwise a small
iterative writer produces the text. orjson (the ``[fast]`` extra) writes it instead where
it provably gives the same bytes (``_orjson_writes``; tests/property/test_orjson_gate.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal
from json.encoder import encode_basestring
from typing import Any

from . import _twin
from ._numbers import int_digits
from ._payload import Checked, Default, check, float_is_plain

__all__ = ["dumps", "encode", "format_number", "quote"]

# json's C encoder and _recursive recurse; stay well below the interpreter's limit.
_RECURSION_MAX_DEPTH = 400

_ESCAPE = re.compile('[\x00-\x1f"\\\\\ud800-\udfff]')
_SHORT = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _SHORT.get(char) or f"\\u{ord(char):04x}"


def quote(text: str) -> str:
    """Quote a string as JSON.stringify does (spec 3.2); surrogate pairs are already joined."""
    return '"' + _ESCAPE.sub(_escape, text) + '"'


def format_number(x: int | float) -> str:
    """ECMAScript Number::toString for floats, exact digits for ints (spec 3.3)."""
    if isinstance(x, bool):
        raise TypeError("bool is not a number here")
    if isinstance(x, int):
        return int_digits(x)
    if x == 0:
        return "0"  # both zeros
    sign = "-" if x < 0 else ""
    # repr gives the shortest digits that round-trip, as ECMAScript requires;
    # Decimal splits them into digits and exponent without float arithmetic.
    parts = Decimal(float.__repr__(abs(x))).normalize().as_tuple()
    digits = "".join(map(str, parts.digits))
    k = len(digits)
    n = k + int(parts.exponent)  # value = 0.<digits> * 10**n
    if k <= n <= 21:
        text = digits + "0" * (n - k)
    elif 0 < n <= 21:
        text = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        text = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        exponent = f"e{'+' if e >= 0 else '-'}{abs(e)}"
        text = (digits[0] + ("." + digits[1:] if k > 1 else "")) + exponent
    return sign + text


# orjson refuses 255 nested containers; a payload of depth d has at most d + 1.
_ORJSON_MAX_DEPTH = 253


def _orjson_spells(x: float) -> bool:
    """True when orjson writes the float ``x`` as ECMAScript does.

    orjson differs on integral floats below 1e21 (``1.0``, ``-0.0``, ``1e+16`` for ``1``,
    ``0``, ``10000000000000000``) and on floats in [1e-6, 1e-5) (``5.98e-6`` for
    ``0.00000598``); tests/property/test_orjson_gate.py checks every other float."""
    a = abs(x)
    return not ((x.is_integer() and a < 1e21) or 1e-6 <= a < 1e-5)


def _orjson_writes(checked: Checked) -> bool:
    """True when ``orjson.dumps`` writes JSON.stringify's bytes for this payload, once the
    floats it spells otherwise are given as text (``_orjson_text``).

    orjson escapes strings as JSON.stringify does (only ``"``, ``\\`` and U+0000-U+001F,
    with the same short escapes and lowercase ``\\u00xx``; U+2028, U+2029, U+007F, ``/``
    and all other characters raw), and raises on lone surrogates, on ints outside
    [-2**63, 2**64) and beyond 254 nested containers.
    """
    return (
        checked.depth <= _ORJSON_MAX_DEPTH and not checked.lone_surrogates and not checked.big_ints
    )


def _orjson_text(
    value: Any,
    ecma_floats: frozenset[float],
    paths: list[tuple[str | int, ...]] | None,
    dumps: Callable[[Any], bytes],
    fragment: Callable[[bytes], Any],
) -> str | None:
    """orjson's text of ``value``, each float it spells otherwise given as its ECMAScript
    text (an ``orjson.Fragment``, written as it is) in a copy of the containers on the way
    to it; ``paths`` lists where the floats of ``ecma_floats`` stand. None when such a
    float exists and ``paths`` is None (too many to copy for)."""
    if all(_orjson_spells(x) for x in ecma_floats):
        return dumps(value).decode("utf-8")
    if paths is None:
        return None
    copies: dict[tuple[str | int, ...], Any] = {}  # path -> the copy of the container there
    root: Any = [value]  # a holder, so the root itself may be a float
    for path in paths:
        node, where = root, (0, *path)
        for depth in range(len(where) - 1):
            # Only the containers on a path are copied; everything else is shared.
            copy = copies.get(where[: depth + 1])
            if copy is None:
                child = node[where[depth]]
                copy = copies[where[: depth + 1]] = (
                    dict(child) if type(child) is dict else list(child)
                )
                node[where[depth]] = copy
            node = copy
        x = node[where[-1]]
        if not _orjson_spells(x):
            node[where[-1]] = fragment(format_number(x).encode())
    return dumps(root[0]).decode("utf-8")


def encode(checked: Checked) -> str:
    """The JSON candidate of an already checked payload.

    orjson writes it when the compiled twin checked the payload (a ``TwinChecked``: only
    exact built-in types, which orjson reads as the writers here do) and ``_orjson_writes``.
    """
    dumps = _twin.orjson_dumps
    if dumps is not None and isinstance(checked, _twin.TwinChecked) and _orjson_writes(checked):
        text = _orjson_text(
            checked.value, checked.ecma_floats, checked.float_paths, dumps, _twin.orjson_fragment
        )
        if text is not None:
            return text
    if checked.depth >= _RECURSION_MAX_DEPTH:
        return _write(checked.value)
    if checked.plain:
        return json.dumps(
            checked.value, ensure_ascii=False, separators=(",", ":"), check_circular=False
        )
    return _recursive(checked.value, quote if checked.lone_surrogates else encode_basestring)


def _recursive(value: Any, string: Callable[[str], str]) -> str:
    """Exact text for payloads json.dumps writes differently (odd floats, lone surrogates).

    Recursive, so bounded in depth, but several times faster than ``_write``. (Respelling
    the odd floats in json.dumps output measured no faster on real payloads.)
    """
    kind = type(value)
    if kind is str:
        return string(value)
    if kind is dict:
        return (
            "{"
            + ",".join(
                [string(key) + ":" + _recursive(item, string) for key, item in value.items()]
            )
            + "}"
        )
    if kind is list:
        return "[" + ",".join([_recursive(item, string) for item in value]) + "]"
    if kind is int:
        return int_digits(value)
    if kind is float:
        return float.__repr__(value) if float_is_plain(value) else format_number(value)
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, dict):  # subclasses of dict and list are kept as they came
        return _recursive(dict(value), string)
    return _recursive(list(value), string)


def dumps(value: Any, default: Default | None = None) -> str:
    """``JSON.stringify(value)`` as text; raises PayloadError for a non-JSON value."""
    return encode(_twin.check(value) or check(value, default))


_CLOSE_OBJECT = object()
_CLOSE_ARRAY = object()


def _write(value: Any) -> str:
    """Iterative writer: any depth, exact ECMAScript number and string text."""
    out: list[str] = []
    # Each entry is a value to write, a literal separator string, or a closing marker.
    stack: list[Any] = [value]
    while stack:
        node = stack.pop()
        if node is _CLOSE_OBJECT:
            out.append("}")
        elif node is _CLOSE_ARRAY:
            out.append("]")
        elif isinstance(node, _Raw):
            out.append(node.text)
        elif node is None:
            out.append("null")
        elif node is True:
            out.append("true")
        elif node is False:
            out.append("false")
        elif isinstance(node, str):
            out.append(quote(node))
        elif isinstance(node, (int, float)):
            out.append(format_number(node))
        elif isinstance(node, dict):
            out.append("{")
            stack.append(_CLOSE_OBJECT)
            items = list(node.items())
            for index in range(len(items) - 1, -1, -1):
                key, child = items[index]
                stack.append(child)
                stack.append(_Raw(("," if index else "") + quote(key) + ":"))
        else:  # list
            out.append("[")
            stack.append(_CLOSE_ARRAY)
            for index in range(len(node) - 1, -1, -1):
                stack.append(node[index])
                if index:
                    stack.append(_Raw(","))
    return "".join(out)


class _Raw:
    """Text the writer copies as it is (punctuation and quoted member names)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text
