"""One pass for the common payload: the data-model check and dot-flatten together.

The reference path walks a payload twice (``_model.check``, then ``_flatten``). Most
payloads are plain: exact built-in types, str keys, no surrogates, depth at most MAX_DEPTH,
no collisions. For those this walk does both jobs at once, recursively (bounded by
MAX_DEPTH). Anything else, it gives up on and the caller takes the reference path, which
then reports the precise error. The conformance corpus and a property in
tests/property/ check that both paths agree.
"""

from __future__ import annotations

import math
from typing import Any

from ._payload import _INT_HIGH, _INT_LOW, _SURROGATE, MAX_DEPTH, Checked, JSONValue, float_is_plain

__all__ = ["check_and_flatten"]


class _GiveUp(Exception):
    """The payload needs the reference path."""


def check_and_flatten(value: Any) -> tuple[Checked, JSONValue] | None:
    """``(check(value), flatten_checked(...))`` in one pass, or None to take the long way."""
    odd: set[float] = set()
    big = False
    deepest = 0

    def scalar(item: Any, kind: type) -> None:
        nonlocal big
        if kind is str:
            if not item.isascii() and _SURROGATE.search(item):
                raise _GiveUp
        elif kind is float:
            if not math.isfinite(item):
                raise _GiveUp
            if not float_is_plain(item):
                odd.add(item)
        elif kind is int:
            if not _INT_LOW <= item < _INT_HIGH:
                big = True
        elif not (kind is bool or item is None):
            raise _GiveUp

    def merge(obj: dict[str, Any], prefix: str, out: dict[str, JSONValue], depth: int) -> None:
        # ``obj`` sits at ``depth``; its members one deeper.
        nonlocal deepest
        if depth >= MAX_DEPTH:
            raise _GiveUp
        deepest = max(deepest, depth + 1)
        dotted: set[str] = set()
        for name, child in obj.items():
            if type(name) is not str:
                raise _GiveUp
            if "." in name:
                key = name.replace(".", "_")
                if key in obj or key in dotted:
                    raise _GiveUp  # a collision: the reference path names it
                dotted.add(key)
            else:
                key = name
            if not key.isascii() and _SURROGATE.search(key):
                raise _GiveUp
            kind = type(child)
            if kind is dict:
                if child:
                    merge(child, prefix + key + ".", out, depth + 1)
                else:
                    out[prefix + key] = {}
            elif kind is list:
                out[prefix + key] = array(child, depth + 1)
            elif kind is str:  # the commonest scalars inline, the rest in scalar()
                if not child.isascii() and _SURROGATE.search(child):
                    raise _GiveUp
                out[prefix + key] = child
            elif child is None or kind is bool:
                out[prefix + key] = child
            else:
                scalar(child, kind)
                out[prefix + key] = child

    def array(items: list[Any], depth: int) -> list[JSONValue]:
        nonlocal deepest
        if items:
            if depth >= MAX_DEPTH:
                raise _GiveUp
            deepest = max(deepest, depth + 1)
        result: list[JSONValue] = []
        for item in items:
            kind = type(item)
            if kind is dict:
                flat: dict[str, JSONValue] = {}
                if item:
                    merge(item, "", flat, depth + 1)
                result.append(flat)
            elif kind is list:
                result.append(array(item, depth + 1))
            else:
                scalar(item, kind)
                result.append(item)
        return result

    try:
        kind = type(value)
        flat: JSONValue
        if kind is dict:
            flat = {}
            if value:
                merge(value, "", flat, 0)
        elif kind is list:
            flat = array(value, 0)
        else:
            scalar(value, kind)
            flat = value
    except _GiveUp:
        return None
    checked = Checked(value, deepest, None, frozenset(odd), False, big)
    return checked, flat
