"""The reader's side (spec 6.8): the value a reader recovers from a picked text.

``parse_compact(text, strategy)`` undoes each candidate: ``json`` is read as JSON,
``toon`` with the official TOON decoder (``toon_format``), and ``toon-flatten`` with the
TOON decoder and then :func:`~toon_picker.unflatten`. The law, checked by the property
suite and by ``pick(..., verify=True)``: ``parse_compact(p.text, p.strategy)`` equals the
payload for every pick (for ``toon-flatten``, ``normalise_keys`` of the payload).
"""

from __future__ import annotations

from typing import Any

import toon_format

from ._errors import TextError
from ._numbers import int_from_digits
from ._payload import JSONValue
from ._reader import InputError, parse_json
from ._unflatten import unflatten

__all__ = ["parse_compact", "same_value"]


def parse_compact(text: str, strategy: str) -> JSONValue:
    """The value a reader recovers from ``text``, a text picked with ``strategy``.

    >>> parse_compact("items[2]{id,stats.runs}:\\n  1,10\\n  2,20", "toon-flatten")
    {'items': [{'id': 1, 'stats': {'runs': 10}}, {'id': 2, 'stats': {'runs': 20}}]}

    Raises TextError (``invalid-text``) when the text cannot be read that way, and
    UnflattenError when a ``toon-flatten`` text decodes to a value unflatten refuses.
    ValueError for an unknown strategy.
    """
    if strategy == "json":
        # The strict reader of the CLI: any depth (pick ships JSON for deep payloads), any
        # integer length, and no NaN or repeated names, which no JSON candidate holds.
        try:
            value: JSONValue = parse_json(text, "")
        except InputError as exc:
            raise TextError("invalid-text", exc.path, exc.detail) from None
        return value
    if strategy not in ("toon", "toon-flatten"):
        raise ValueError(f"unknown strategy {strategy!r} (known: json, toon-flatten, toon)")
    try:
        decoded: JSONValue = toon_format.decode(text, indent_size=2, parse_int=int_from_digits)
    except (ValueError, RecursionError) as exc:
        raise TextError("invalid-text", "$", f"not a TOON text: {exc}") from None
    return unflatten(decoded) if strategy == "toon-flatten" else decoded


def same_value(a: Any, b: Any) -> bool:
    """Equal as JSON values (spec 2.1): objects as mappings, numbers by value, where an
    int equals a double when it converts to that double (a decoder reads the TOON text
    ``1152921504606847000`` as an int; it is the double 2**60). Depth is bounded by the
    picker's limit, so recursion is safe here."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, int) and isinstance(b, int):
            return a == b
        try:
            return float(a) == float(b)
        except OverflowError:  # an int beyond every double equals no double
            return False
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b  # strings and null
