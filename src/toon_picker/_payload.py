"""The payload (spec section 2): check that a Python value is a JSON payload.

One iterative pass (no recursion, so any nesting depth works) that rejects what JSON cannot
hold, measures the depth (spec 2.3), and notes the values whose text needs care: floats
that ECMAScript spells otherwise than ``repr``, lone surrogates, integers beyond 64 bits.
Values that need converting (tuples, ``default=`` results, surrogate pairs split into two
code points) are rebuilt into plain lists, dicts and strings; everything else is returned
as it came.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._errors import PathPart, PayloadError, format_path

__all__ = ["MAX_DEPTH", "Checked", "JSONValue", "check", "float_is_plain"]

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
    ecma_floats: frozenset[float]
    """The floats whose ECMAScript text (spec 3.3) differs from ``repr`` (``1e-05``,
    ``2.0``): every writer of number text, JSON or TOON, decides from these."""
    lone_surrogates: bool
    """True when a string or member name holds a lone surrogate (escaped in JSON text)."""
    big_ints: bool
    """True when an integer lies outside [-2**63, 2**64): beyond what C encoders hold."""

    @property
    def plain(self) -> bool:
        """True when ``json.dumps`` (compact, ``ensure_ascii=False``) gives the exact text."""
        return not self.ecma_floats and not self.lone_surrogates and not self.big_ints


_EXIT = object()
_INT_LOW, _INT_HIGH = -(2**63), 2**64


class _Holder:
    """A one-value box walked like a container whose child keeps the box's own path: used
    for the root and for what ``default=`` returned, so neither needs a special case."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _surrogates(text: str) -> tuple[bool, bool]:
    """(holds a surrogate pair split into two code points, holds a lone surrogate)."""
    return bool(_PAIR.search(text)), bool(_SURROGATE.search(_PAIR.sub("", text)))


def check(value: Any, default: Default | None = None) -> Checked:
    """Check ``value`` against the data model; raise PayloadError naming the first problem.

    Containers go on an explicit stack (so depth is unbounded); scalars, which are most of
    any payload, are checked inline in their container's loop on exact types first.
    """
    max_depth = 0
    deep_link: _Link = None
    deep_found = False
    odd: set[float] = set()
    lone = False
    big = False
    rebuild = False
    converted: dict[int, Any] = {}  # id(original) -> default(original), called once each
    active: set[int] = set()  # containers on the current path, to detect cycles
    stack: list[tuple[Any, int, _Link]] = [(_Holder(value), -1, None)]

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
        holder = type(node) is _Holder
        if holder:
            pairs: Any = ((None, node.value),)
            is_object = False
        else:
            node_id = id(node)
            if node_id in active:
                raise PayloadError("invalid-payload", _path(link), "cycle: the value holds itself")
            active.add(node_id)
            stack.append((_EXIT, node_id, None))
            is_object = isinstance(node, dict)
            pairs = node.items() if is_object else enumerate(node)
        child_depth = depth + 1
        pending: list[tuple[Any, int, _Link]] = []
        joined_names: set[str] = set()
        for key, child in pairs:
            if child_depth > max_depth:
                max_depth = child_depth
                if child_depth > MAX_DEPTH and not deep_found:
                    deep_found, deep_link = True, link if holder else (link, key)
            if is_object:
                if type(key) is not str and not isinstance(key, str):
                    raise PayloadError(
                        "invalid-payload",
                        _path((link, str(key))),
                        f"member name {key!r} is of type {type(key).__name__}, not a string",
                    )
                if not key.isascii() and _SURROGATE.search(key):
                    pair, has_lone = _surrogates(key)
                    rebuild, lone = rebuild or pair, lone or has_lone
                    if pair:
                        # Joined, this name may equal another: one name twice is no object.
                        joined = _PAIR.sub(_join_pair, key)
                        if joined in node or joined in joined_names:
                            raise PayloadError(
                                "invalid-payload",
                                _path((link, key)),
                                f"member names {key!r} and {joined!r} are the same string"
                                " once surrogate pairs are joined",
                            )
                        joined_names.add(joined)
            kind = type(child)
            if kind is str:
                if not child.isascii() and _SURROGATE.search(child):
                    pair, has_lone = _surrogates(child)
                    rebuild, lone = rebuild or pair, lone or has_lone
            elif kind is int:
                if not _INT_LOW <= child < _INT_HIGH:
                    big = True
            elif kind is bool or child is None:
                pass
            elif kind is float:
                if not math.isfinite(child):
                    raise PayloadError(
                        "invalid-payload",
                        _path(link if holder else (link, key)),
                        f"{child!r} is not a JSON number",
                    )
                if not float_is_plain(child):
                    odd.add(child)
            elif kind is dict or kind is list:
                pending.append((child, child_depth, link if holder else (link, key)))
            elif isinstance(child, (str, int, float)):  # subclasses: check them as their base
                # The base type's own conversion, as json.dumps does: a str-mixin Enum
                # member is its value, not the text str() gives.
                base: Any = (
                    str.__str__
                    if isinstance(child, str)
                    else float.__float__
                    if isinstance(child, float)
                    else int.__int__
                )
                converted[id(child)] = base(child)
                pending.append(
                    (_Holder(converted[id(child)]), depth, link if holder else (link, key))
                )
                rebuild = True
            elif isinstance(child, (dict, list, tuple)):
                rebuild = rebuild or isinstance(child, tuple)
                pending.append((child, child_depth, link if holder else (link, key)))
            else:
                child_link = link if holder else (link, key)
                pending.append((_Holder(convert(child, child_link)), depth, child_link))
                rebuild = True
        # Reversed, so containers pop in document order and the first deep path found is
        # the first in document order.
        stack.extend(reversed(pending))

    result = _rebuild(value, converted) if rebuild else value
    return Checked(
        result, max_depth, _path(deep_link) if deep_found else None, frozenset(odd), lone, big
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
