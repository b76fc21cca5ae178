"""TOON encoder backends (spec section 6.2): a registry of encoders by name.

The reference backend (``toon-format`` plus the number fix of spec 6.2, in ``_toon``) is
the default. Other encoders may be registered here; one is offered only when it reproduces
the reference byte for byte on the conformance corpus and the differential properties
(see docs/backends.md). Each encoder owns its number fixes: the picker hands it the value
and the floats the payload check found needing ECMAScript spelling (``ecma_floats``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import toon_format

from . import _fast_backends
from ._toon import reference, toon_format_text

__all__ = [
    "AUTO",
    "DEFAULT_BACKEND",
    "TOON_SPEC_VERSION",
    "Encoder",
    "available",
    "encoder",
    "fastest",
    "known_backends",
    "toon_format_text",
]

Encoder = Callable[[Any, frozenset[float]], str]
"""``encode(value, ecma_floats)``: the TOON text of a checked payload or its flattening."""

DEFAULT_BACKEND = "toon-format"
AUTO = "auto"
"""Not a backend: the name asks for ``fastest()``, the fastest offered one installed."""
TOON_SPEC_VERSION: str = str(getattr(toon_format, "__toon_spec__", "4"))
"""The TOON specification version the reference encoder implements."""


# name -> factory returning an encoder, or raising ImportError when not installed.
_FACTORIES: dict[str, Callable[[], Encoder]] = {
    DEFAULT_BACKEND: lambda: reference,
    "toons": _fast_backends.toons,
    "etoon": _fast_backends.etoon,
}

# name -> why the backend is not offered although it may be installed.
_REFUSED: dict[str, str] = {
    "etoon": (
        "etoon 0.8 writes member names starting with '#', '$' or '@' bare where TOON 4 and "
        'the reference quote them ({"#debug": 1} gives #debug: 1, not "#debug": 1), so '
        "its sizes and texts differ (conformance case pick.apify.030); see docs/backends.md"
    ),
}


# The registered backends, fastest first, as bench/bench_backends.py measures them (toons
# encodes the benchmark payloads 10-20 times as fast as the reference).
_BY_SPEED = ("toons", "etoon", DEFAULT_BACKEND)


def known_backends() -> tuple[str, ...]:
    """The backend names a caller may ask for (installed or not), and ``auto``: every
    registered one except those refused (docs/backends.md says why)."""
    return (*(name for name in _FACTORIES if name not in _REFUSED), AUTO)


def available() -> tuple[str, ...]:
    """Names of the backends that are installed and offered, the reference first."""
    names = []
    for name, factory in _FACTORIES.items():
        if name in _REFUSED:
            continue
        try:
            factory()
        except ImportError:
            continue
        names.append(name)
    return tuple(names)


def fastest() -> str:
    """The name of the fastest backend that is installed and offered (``backend="auto"``);
    the reference when no other is."""
    offered = available()
    return next(name for name in _BY_SPEED if name in offered)


def encoder(name: str) -> Encoder:
    """The encode function of backend ``name`` (or of ``fastest()`` for ``"auto"``);
    ValueError says why one is unusable."""
    if name == AUTO:
        name = fastest()
    if name in _REFUSED:
        raise ValueError(f"TOON backend {name!r} is not offered: {_REFUSED[name]}")
    factory = _FACTORIES.get(name)
    if factory is None:
        known = ", ".join(sorted({*_FACTORIES, *_REFUSED, AUTO}))
        raise ValueError(f"unknown TOON backend {name!r} (known: {known})")
    try:
        return factory()
    except ImportError as exc:
        raise ValueError(f"TOON backend {name!r} is not installed: {exc}") from exc
