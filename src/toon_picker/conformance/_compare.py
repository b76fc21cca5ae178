"""Compare a port's answer with a case's expectation.

JSON values are compared with member ORDER significant and numbers by value (``1`` equals
``1.0``; ``true`` never equals ``1``). Pick results compare strategy, text and sizes exactly.
Errors compare only the reason code.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["Members", "abridge", "canonical", "parse_reply", "plain", "same_pick", "same_value"]


class Members(tuple):  # type: ignore[type-arg]
    """An object as parsed from a reply: its (name, value) pairs in order, duplicates kept."""


def parse_reply(line: str) -> Any:
    """Parse one reply line keeping member order and repeated names."""
    return json.loads(line, object_pairs_hook=Members)


def canonical(value: Any) -> Any:
    """A comparable, hashable form: objects as ordered pairs, numbers by value."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        return ("num", value)
    if isinstance(value, Members):
        return ("obj", tuple((k, canonical(v)) for k, v in value))
    if isinstance(value, dict):
        return ("obj", tuple((k, canonical(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return ("arr", tuple(canonical(v) for v in value))
    return ("other", repr(value))


def same_value(expected: Any, actual: Any) -> bool:
    return bool(canonical(expected) == canonical(actual))


def _pairs(value: Any) -> list[tuple[Any, Any]] | None:
    if isinstance(value, Members):
        return list(value)
    if isinstance(value, dict):
        return list(value.items())
    return None


def same_pick(expected: dict[str, Any], actual: Any) -> str | None:
    """None when equal, else a short description of the first difference."""
    fields = _pairs(actual)
    if fields is None:
        return "a pick result must be an object {strategy, text, sizes}"
    got = dict(fields)
    for name in ("strategy", "text"):
        if got.get(name) != expected[name] or not isinstance(got.get(name), str):
            return f"{name} differs"
    sizes = _pairs(got.get("sizes"))
    want = list(expected["sizes"].items())
    if (
        sizes is None
        or [(k, v) for k, v in sizes] != want
        or any(isinstance(v, bool) or not isinstance(v, int) for _, v in sizes)
    ):
        return "sizes differ (names, order or byte counts)"
    return None


def plain(value: Any) -> Any:
    """A parsed reply as plain Python data: objects as dicts (a repeated name keeps its
    last value), arrays as lists."""
    if isinstance(value, Members):
        return {k: plain(v) for k, v in value}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def abridge(value: Any, limit: int = 200) -> str:
    """Compact JSON text of a value, cut to ``limit`` characters."""
    try:
        text = json.dumps(plain(value), ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 15] + f"... ({len(text)} chars)"
