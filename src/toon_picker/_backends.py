"""TOON encoder backends (spec section 6.2).

The reference backend is the official ``toon-format`` package. Other encoders may be
registered here; one is offered only when it reproduces the reference byte for byte on the
conformance corpus and the differential properties (see docs/backends.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import toon_format

__all__ = ["DEFAULT_BACKEND", "TOON_SPEC_VERSION", "available", "encoder"]

Encoder = Callable[[Any], str]

DEFAULT_BACKEND = "toon-format"
TOON_SPEC_VERSION: str = str(getattr(toon_format, "__toon_spec__", "4"))
"""The TOON specification version the reference encoder implements."""


def _toon_format(value: Any) -> str:
    return toon_format.encode(value, indent_size=2, delimiter=",")


# name -> factory returning an encoder, or raising ImportError when not installed.
_FACTORIES: dict[str, Callable[[], Encoder]] = {
    DEFAULT_BACKEND: lambda: _toon_format,
}

# name -> why the backend is not offered although it may be installed.
_REFUSED: dict[str, str] = {}


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


def encoder(name: str) -> Encoder:
    """The encode function of backend ``name``; ValueError says why one is unusable."""
    if name in _REFUSED:
        raise ValueError(f"TOON backend {name!r} is not offered: {_REFUSED[name]}")
    factory = _FACTORIES.get(name)
    if factory is None:
        known = ", ".join(sorted({*_FACTORIES, *_REFUSED}))
        raise ValueError(f"unknown TOON backend {name!r} (known: {known})")
    try:
        return factory()
    except ImportError as exc:
        raise ValueError(f"TOON backend {name!r} is not installed: {exc}") from exc
