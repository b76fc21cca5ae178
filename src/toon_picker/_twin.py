"""The compiled twin of the hot path, when it is built and not switched off.

``_payload.check`` and ``_flatten.flatten_checked`` are the one definition of the data
model and of flatten. ``_speedups`` (C, optional at build time) repeats them for plain
payloads in one pass and hands every other payload back (None here), so the reference
path decides, and reports every error, for anything unusual. This is the pattern of
CPython's ``json`` (``c_make_encoder or py_make_encoder``) and msgpack's fallback:
``TOON_PICKER_PUREPYTHON=1`` in the environment forces pure Python, as
``MSGPACK_PUREPYTHON`` does, and so does a build without a C compiler.

When the twin answers, the payload holds exact built-in types only, so orjson (the
``[fast]`` extra) may write the JSON candidate where it provably gives JSON.stringify's
bytes (``_json.encode``); in pure Python it is not used either.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from ._payload import MAX_DEPTH, Checked, JSONValue

__all__ = [
    "IMPLEMENTATION",
    "REASON",
    "TwinChecked",
    "check",
    "check_and_flatten",
    "orjson_dumps",
    "pure_python",
]

ENV_VAR = "TOON_PICKER_PUREPYTHON"

_speedups: Any = None
orjson_dumps: Callable[[Any], bytes] | None = None
orjson_fragment: Callable[[bytes], Any] = bytes
REASON: str
"""Why the implementation is what it is, for ``toon_picker.about()``."""

if os.environ.get(ENV_VAR, "") not in ("", "0"):
    REASON = f"{ENV_VAR} is set"
else:
    try:
        from . import _speedups  # type: ignore[attr-defined, no-redef]
    except ImportError:
        REASON = "toon_picker._speedups is not built: no C compiler at install time?"
    else:
        if _speedups.MAX_DEPTH != MAX_DEPTH:  # a stale build: do not trust it
            _speedups = None
            REASON = "toon_picker._speedups is out of date: reinstall toon-picker"
        else:
            try:
                import orjson
            except ImportError:
                REASON = "toon_picker._speedups; JSON text by json.dumps (no orjson)"
            else:
                orjson_dumps, orjson_fragment = orjson.dumps, orjson.Fragment
                REASON = f"toon_picker._speedups; JSON text by orjson {orjson.__version__}"

IMPLEMENTATION: Literal["compiled", "python"] = "python" if _speedups is None else "compiled"
"""``"compiled"`` when the C twin serves plain payloads, ``"python"`` otherwise."""


Path = tuple[str | int, ...]
"""Member names and item indices from the root to a value."""


@dataclass(frozen=True)
class TwinChecked(Checked):
    """What ``_payload.check`` gives, made by the twin: so the value holds exact built-in
    types only (no subclass that a C writer might read otherwise than ours)."""

    float_paths: list[Path] | None = None
    """Where each float of ``ecma_floats`` stands, in document order; None when there
    are too many to list (``_speedups.PATHS_MAX``)."""


def _checked(value: Any, got: tuple[int, set[float], bool, Any, list[Path] | None]) -> TwinChecked:
    depth, floats, big_ints, _, paths = got
    return TwinChecked(value, depth, None, frozenset(floats), False, big_ints, paths)


def check(value: Any) -> TwinChecked | None:
    """``_payload.check(value)`` of a plain payload, or None: take the reference path."""
    if _speedups is None:
        return None
    got = _speedups.check(value, False, False)
    return None if got is None else _checked(value, got)


def check_and_flatten(
    value: Any, *, refuse_dots: bool = False
) -> tuple[TwinChecked, JSONValue] | None:
    """``(check(value), flatten_checked(...))`` of a plain payload in one pass, or None:
    take the reference path (which then reports depth-exceeded, key-collision, or, with
    ``refuse_dots``, dotted-name at any member name holding a dot)."""
    if _speedups is None:
        return None
    got = _speedups.check(value, True, refuse_dots)
    return None if got is None else (_checked(value, got), got[3])


@contextlib.contextmanager
def pure_python() -> Iterator[None]:
    """Run the block on the reference path alone, as ``TOON_PICKER_PUREPYTHON=1`` does:
    for tests and benchmarks that compare both in one process (not thread-safe)."""
    global _speedups, orjson_dumps
    saved = _speedups, orjson_dumps
    _speedups, orjson_dumps = None, None
    try:
        yield
    finally:
        _speedups, orjson_dumps = saved
