"""The reference implementation's side of the port protocol: its ready message and replies.

One definition shared by everything that answers for the reference: the Python port
(``conformance/ports/python/port.py``), the in-process ``ReferencePort`` of the runner, and
the corpus tools. A run request becomes one library call::

    flatten(value, dots=...)
    unflatten(value)
    pick(value, candidates=..., min_saving=..., measure=..., dots=..., verify=...)

Options absent from the request take the library's defaults. An option name the operation
does not have, a ``candidates`` that is not a list, or any ValueError the library raises
for a bad option value is answered ``{"error": {"kind": "invalid-options", ...}}``: a usage
error, not a reason code of spec section 7.
"""

from __future__ import annotations

import functools
from typing import Any

from .. import SPEC_VERSION, flatten, pick, unflatten
from .._errors import ToonPickerError
from .._measures import MEASURES, counter
from ._protocol import OPS, OPTIONS, PROTOCOL

__all__ = ["implementation", "measures", "ready", "reply"]

INVALID_OPTIONS = "invalid-options"


def implementation(name: str = "toon-picker") -> dict[str, str]:
    """The ``implementation`` member of the ready message."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        package = version("toon-picker")
    except PackageNotFoundError:  # a source tree that was never installed
        package = "unknown"
    return {"name": name, "version": package, "language": "python", "spec": SPEC_VERSION}


@functools.cache
def measures() -> tuple[str, ...]:
    """The measures this installation can count: ``bytes``, plus both token measures when
    the ``[tokens]`` extra is installed (a measure whose tokenizer is missing raises
    ValueError in the library, and so is not declared)."""
    usable: list[str] = []
    for measure in MEASURES:
        try:
            counter(measure)
        except ValueError:
            continue
        usable.append(measure)
    return tuple(usable)


def ready(name: str = "toon-picker") -> dict[str, Any]:
    """The ready message answering ``{"cmd": "start", "protocol": 1}``."""
    return {
        "ready": True,
        "protocol": PROTOCOL,
        "implementation": implementation(name),
        "ops": list(OPS),
        "measures": list(measures()),
    }


def _call(op: str, value: Any, options: dict[str, Any]) -> Any:
    unknown = [name for name in options if name not in OPTIONS[op]]
    if unknown:
        known = ", ".join(OPTIONS[op]) or "none"
        raise ValueError(f"unknown {op} option {unknown[0]!r} (known: {known})")
    if op == "flatten":
        return flatten(value, **options)
    if op == "unflatten":
        return unflatten(value)
    if "candidates" in options and not isinstance(options["candidates"], list):
        raise ValueError(f"candidates must be a list, got {options['candidates']!r}")
    result = pick(value, **options)
    return {"strategy": result.strategy, "text": result.text, "sizes": result.sizes}


def reply(seq: Any, op: str, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The reference's reply to one run request: ``ok``, ``error`` or ``skipped``."""
    if op not in OPS:
        return {"seq": seq, "skipped": f"unknown op {op!r}"}
    if not isinstance(options, dict):
        return {"seq": seq, "error": {"kind": "protocol", "message": "options must be an object"}}
    try:
        return {"seq": seq, "ok": _call(op, value, options)}
    except ToonPickerError as exc:
        return {"seq": seq, "error": {"kind": exc.reason, "message": str(exc)}}
    except ValueError as exc:  # bad options: a usage error, not a reason code of the spec
        return {"seq": seq, "error": {"kind": INVALID_OPTIONS, "message": str(exc)}}
