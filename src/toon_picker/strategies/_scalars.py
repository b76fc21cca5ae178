"""The bias lists: scalars and member names that break flatteners, unflatteners and pickers."""

from __future__ import annotations

import math
from typing import TypeAlias

from hypothesis import strategies as st

__all__ = [
    "JSONObject",
    "JSONValue",
    "ecma_name",
    "floats",
    "member_names",
    "normalised_name",
    "scalars",
    "strings",
]

JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
JSONObject: TypeAlias = dict[str, JSONValue]

# Largest integer both hosts print exactly (spec 3.4).
_SAFE_INT = 2**53 - 1

# --- scalars ----------------------------------------------------------------------------

_TRICKY_FLOATS: tuple[float, ...] = (
    0.0,
    -0.0,
    1.0,
    0.5,
    -1.5,
    0.1,
    1e-6,  # smallest magnitude still printed in plain notation
    math.nextafter(1e-6, 0.0),  # first one printed as 9.999999999999999e-7
    1e-7,
    -1.5e-7,
    1.234e-5,
    8.311e-05,
    1e21,  # first magnitude printed with an exponent
    math.nextafter(1e21, 0.0),  # 999999999999999900000
    1e20,
    -1.5e21,
    1e16,
    2.0**53,
    2.0**53 + 2.0,
    2.0**60,  # whole doubles beyond 2**53: exact digits differ from Number::toString
    1.2345678901234567e19,
    123456789.125,
    5e-324,
    2.2250738585072014e-308,
    1.7976931348623157e308,
)

_TRICKY_INTS: tuple[int, ...] = (
    0,
    1,
    -1,
    10,
    255,
    2**31 - 1,
    -(2**31),
    2**32,
    _SAFE_INT,
    -_SAFE_INT,
)
_HOST_INTS: tuple[int, ...] = (2**53, 2**53 + 1, -(2**53) - 1, 10**21, 2**64, -(10**30))

# Characters that need escaping in JSON or TOON, that change byte counts, or that a careless
# implementation mangles: controls, quotes, backslash, U+2028/9, DEL, BOM, astral characters
# and lone surrogates (both halves; adjacent ones also form two-code-point pairs).
_SPECIAL_CHARS = (
    '."\\\b\f\n\r\t\x00\x01\x1f\x7f\u2028\u2029 ,:-_[]{}#|é€\ufeff\U0001f600'
    "\ud800\udbff\udc00\udfff\ud83d\ude00"
)

_TRICKY_STRINGS: tuple[str, ...] = (
    "",
    "a",
    " ",
    "true",
    "false",
    "null",
    "0",
    "-0",
    "1.0",
    "1e-7",
    "05",
    "-",
    "- a",
    "a:b",
    "a,b",
    "[1]",
    "{}",
    "#",
    "a\nb",
    "tab\tsep",
    'quote"d',
    "back\\slash",
    "\x00",
    "\u2028",
    "\ud800",
    "\udc00x",
    "\ud83d\ude00",
    "\U0001f600",
    "ключ",
)

# Member names: dots and underscores (normalisation collisions), empty segments, prototype
# names, integer-like names, unicode, names TOON must quote.
_TRICKY_NAMES: tuple[str, ...] = (
    "a",
    "b",
    "a.b",
    "a_b",
    "",
    ".",
    "_",
    "..",
    "a.",
    ".a",
    "a.b.c",
    "a_b_c",
    "a.b_c",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "0",
    "1",
    "10",
    "01",
    "-1",
    "4294967294",
    "4294967295",
    "1.5",
    "é",
    "ключ",
    "\U0001f600",
    "a b",
    "Service options.Dine in",
    "true",
    "null",
    "-",
    "#",
    "key\n",
    "\ud800",
    "x\ud83d\ude00",
)


def ecma_name(name: str) -> str:
    """The name as ECMAScript sees it: surrogate pairs held as two code points combined."""
    return name.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def normalised_name(name: str) -> str:
    """Spec 4.2: every `.` becomes `_` (on the ECMAScript view of the name)."""
    return ecma_name(name).replace(".", "_")


def _is_integer_like(name: str) -> bool:
    # Conservative: any all-ASCII-digit name (covers every ECMAScript array index).
    return name != "" and name.isascii() and name.isdigit()


def floats() -> st.SearchStrategy[float]:
    decimal = st.builds(
        lambda neg, digits, exp: float(f"{'-' if neg else ''}{digits}e{exp}"),
        st.booleans(),
        st.integers(1, 10**7),
        st.integers(-14, 26),
    )
    return st.one_of(
        st.sampled_from(_TRICKY_FLOATS),
        decimal,
        st.floats(allow_nan=False, allow_infinity=False),
    )


def _integers(portable: bool) -> st.SearchStrategy[int]:
    safe = st.one_of(
        st.integers(-1000, 1000),
        st.sampled_from(_TRICKY_INTS),
        st.integers(-_SAFE_INT, _SAFE_INT),
    )
    if portable:
        return safe
    return st.one_of(safe, st.sampled_from(_HOST_INTS), st.integers())


_CHARS: st.SearchStrategy[str] = st.one_of(
    st.sampled_from("ab._"),
    st.sampled_from(_SPECIAL_CHARS),
    st.characters(),
)


def strings() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(_TRICKY_STRINGS), st.text(_CHARS, max_size=12))


def member_names(portable: bool) -> st.SearchStrategy[str]:
    names = st.one_of(
        st.sampled_from(_TRICKY_NAMES),
        # A tiny alphabet makes `a.b` / `a_b` style collisions and empty segments common.
        st.text(st.sampled_from("ab._"), max_size=4),
        st.text(_CHARS, max_size=8),
    )
    if portable:
        return names.filter(lambda n: not _is_integer_like(n))
    return names


def scalars(portable: bool) -> st.SearchStrategy[JSONValue]:
    return st.one_of(st.none(), st.booleans(), _integers(portable), floats(), strings())
