"""The data model (spec section 2): check that a Python value is a JSON payload.

One iterative pass (no recursion, so any nesting depth works) that rejects what JSON cannot
hold, measures the depth, and notes whether the fast JSON path may be used. Values that need
converting (tuples, ``default=`` results, surrogate pairs split into two code points) are
rebuilt into plain lists, dicts and strings; everything else is returned as it came.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._errors import PathPart, PayloadError, format_path

__all__ = ["MAX_DEPTH", "Checked", "JSONValue", "check"]

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]

# The deepest real payload measured was a user-declared schema at depth 9; 20 leaves room
# for that and still bounds the work flatten and the TOON encoder do (spec 4.1).
MAX_DEPTH = 20

Default = Callable[[Any], Any]

_SURROGATE = re.compile("[\ud800-\udfff]")
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")

# A path is kept as a linked list of (parent_link, part) so that no node pays for a tuple
# of its whole path; it is rendered only when an error needs it.
_Link = tuple["_Link", PathPart] | None


def _parts(link: _Link) -> list[PathPart]:
    parts: list[PathPart] = []
    while link is not None:
        link, part = link
        parts.append(part)
    parts.reverse()
    return parts


def _path(link: _Link) -> str:
    return format_path(_parts(link))


def _join_pair(match: re.Match[str]) -> str:
    pair = match.group()
    return chr(0x10000 + ((ord(pair[0]) - 0xD800) << 10) + (ord(pair[1]) - 0xDC00))


def float_is_plain(x: float) -> bool:
    """True when ``repr(x)`` already is the ECMAScript text (spec 3.3).

    Inside [1e-4, 1e16) Python's repr writes the same shortest digits in plain notation;
    integral floats need ``1`` instead of ``1.0``.
    """
    a = abs(x)
    return 1e-4 <= a < 1e16 and not x.is_integer()


@dataclass(frozen=True)
class Checked:
    """A payload that passed the data-model check."""

    value: JSONValue
    depth: int
    """Depth of the deepest value (the root is 0)."""
    deep_path: str | None
    """Path of the first value, in document order, deeper than MAX_DEPTH; None if none."""
    plain: bool
    """True when ``json.dumps`` (compact, ``ensure_ascii=False``) gives the exact JSON text:
    no float that Python writes differently, no lone surrogate."""


_EXIT = object()


def check(value: Any, default: Default | None = None) -> Checked:
    """Check ``value`` against the data model; raise PayloadError naming the first problem."""
    max_depth = 0
    deep_link: _Link = None
    deep_found = False
    plain = True
    rebuild = False
    converted: dict[int, Any] = {}  # id(original) -> default(original), called once each
    active: set[int] = set()  # containers on the current path, to detect cycles
    stack: list[tuple[Any, int, _Link]] = [(value, 0, None)]

    def convert(node: Any, link: _Link) -> Any:
        if default is None:
            raise PayloadError(
                "invalid-payload", _path(link), f"{type(node).__name__} is not a JSON value"
            )
        if id(node) in converted:
            return converted[id(node)]
        try:
            out = default(node)
        except (TypeError, ValueError) as exc:
            raise PayloadError("invalid-payload", _path(link), f"default() refused: {exc}") from exc
        if not isinstance(out, (str, int, float, list, tuple, dict)) and out is not None:
            raise PayloadError(
                "invalid-payload",
                _path(link),
                f"default() returned {type(out).__name__}, which is not a JSON value",
            )
        converted[id(node)] = out
        return out

    while stack:
        node, depth, link = stack.pop()
        if node is _EXIT:
            active.discard(depth)
            continue
        if depth > max_depth:
            max_depth = depth
        if depth > MAX_DEPTH and not deep_found:
            deep_found, deep_link = True, link
        # Scalars first: they are most of any payload.
        if node is None or node is True or node is False:
            continue
        if isinstance(node, str):
            if _SURROGATE.search(node):
                if _PAIR.search(node):
                    rebuild = True
                if _SURROGATE.search(_PAIR.sub("", node)):
                    plain = False
            continue
        if isinstance(node, int):
            continue
        if isinstance(node, float):
            if not math.isfinite(node):
                raise PayloadError("invalid-payload", _path(link), f"{node!r} is not a JSON number")
            if plain and not float_is_plain(node):
                plain = False
            continue
        if isinstance(node, dict):
            key_id = id(node)
            if key_id in active:
                raise PayloadError(
                    "invalid-payload", _path(link), "cycle: the value contains itself"
                )
            active.add(key_id)
            stack.append((_EXIT, key_id, None))
            items = list(node.items())
            for key, _ in items:
                if not isinstance(key, str):
                    raise PayloadError(
                        "invalid-payload",
                        _path((link, str(key))),
                        f"member name {key!r} is a {type(key).__name__}, not a string",
                    )
            # Reversed so the stack pops members in document order (the first deep path
            # reported is then the first in document order).
            for key, child in reversed(items):
                if _SURROGATE.search(key):
                    stack.append((key, depth + 1, (link, key)))
                stack.append((child, depth + 1, (link, key)))
            continue
        if isinstance(node, (list, tuple)):
            key_id = id(node)
            if key_id in active:
                raise PayloadError(
                    "invalid-payload", _path(link), "cycle: the value contains itself"
                )
            active.add(key_id)
            stack.append((_EXIT, key_id, None))
            if isinstance(node, tuple):
                rebuild = True
            for index in range(len(node) - 1, -1, -1):
                stack.append((node[index], depth + 1, (link, index)))
            continue
        rebuild = True
        stack.append((convert(node, link), depth, link))

    result = _rebuild(value, converted) if rebuild else value
    return Checked(
        result,
        max_depth,
        _path(deep_link) if deep_found else None,
        plain,
    )


def _rebuild(value: Any, converted: dict[int, Any]) -> JSONValue:
    """Copy ``value`` into plain lists, dicts and strings (iteratively: any depth)."""

    def fresh(node: Any) -> Any:
        while id(node) in converted:
            node = converted[id(node)]
        if isinstance(node, str):
            return _PAIR.sub(_join_pair, node) if _SURROGATE.search(node) else node
        if isinstance(node, dict):
            return {}
        if isinstance(node, (list, tuple)):
            return []
        return node

    root = fresh(value)
    todo: list[tuple[Any, Any]] = [(value, root)]
    while todo:
        source, target = todo.pop()
        while id(source) in converted:
            source = converted[id(source)]
        if isinstance(target, dict):
            for key, child in source.items():
                made = fresh(child)
                target[fresh(key)] = made
                if isinstance(made, (dict, list)):
                    todo.append((child, made))
        elif isinstance(target, list):
            for child in source:
                made = fresh(child)
                target.append(made)
                if isinstance(made, (dict, list)):
                    todo.append((child, made))
    return root  # type: ignore[no-any-return]
