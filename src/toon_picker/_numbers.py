"""Integers of any length, without the interpreter's limit on integer digits.

CPython refuses to convert integers of more than 4,300 digits to and from text unless
``sys.set_int_max_str_digits`` is raised, which is global state a library must not touch.
JSON allows any integer, so long ones go through ``decimal``, which has no such limit.
"""

from __future__ import annotations

from decimal import Decimal

__all__ = ["int_digits", "int_from_digits"]

# Below CPython's default limit (4,300) the built-in conversions are exact and fastest.
_SHORT = 4000
_BOUND = 10**_SHORT


def int_digits(value: int) -> str:
    """The exact decimal text of ``value`` (``int.__repr__`` for all but huge ones)."""
    if -_BOUND < value < _BOUND:
        return int.__repr__(value)
    return str(Decimal(value))


def int_from_digits(text: str) -> int:
    """``int(text)`` for a JSON integer token of any length."""
    if len(text) <= _SHORT:
        return int(text)
    return int(Decimal(text))
