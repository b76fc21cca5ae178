"""Properties of the JSON candidate: spec/SPEC.md section 3, one test per clause."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import prop_oracles as oracle
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import pick
from toon_picker.strategies import json_values


def json_text(x: Any) -> str:
    return pick(x, candidates=("json",)).text


@given(json_values(max_depth=23))
@example({"v": -0.0, "w": 1.0, "big": 2**64, "s": "\ud800\x00\u2028"})
def test_json_candidate_parses_back(x: Any) -> None:
    """3: "The JSON candidate of a payload is exactly the text that ECMAScript
    `JSON.stringify(value)` [...] produces for it." So `json.loads` of it gives the payload
    back (compared as JSON values: -0.0 reads back as 0, 1.0 as 1)."""
    assert oracle.json_equal(json.loads(json_text(x)), x)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


@given(json_values())
@example({"b": [1, {}], "a": None, "c": [True, False, " x "]})
def test_layout_has_no_whitespace(x: Any) -> None:
    """3.1: "The JSON candidate MUST contain no whitespace outside strings. Object members
    MUST appear in input order.\""""
    text = json_text(x)
    outside = _STRING.sub("", text)
    assert not re.search(r"\s", outside)
    assert oracle.json_equal(json.loads(text), x, ordered=True)


_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)")
_SHORT = {'"': '"', "\\": "\\", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


_SPECIAL = '\ud800\udbff\udc00\udfff\ud83d\ude00\x7f\u2028\u2029\x00\x08\x1f"\\/'


@given(st.text(st.characters() | st.sampled_from(_SPECIAL)))
@example("\ud83d\ude00\ud800x\udfff")
def test_string_escapes(s: str) -> None:
    """3.2: "Hexadecimal digits in `\\u` escapes MUST be lowercase. A lone surrogate MUST be
    written as a `\\u` escape. A surrogate pair MUST be written as the one character it
    encodes, in UTF-8. U+007F, U+2028 and U+2029 MUST be written literally.\""""
    text = json_text(s)
    assert text.startswith('"')
    assert text.endswith('"')
    text.encode("utf-8")  # no lone surrogate is written raw
    for m in _ESCAPE.finditer(text[1:-1]):
        esc = m.group(1)
        if esc.startswith("u"):
            code = int(esc[1:], 16)
            assert esc == esc.lower()
            assert code < 0x20 or 0xD800 <= code <= 0xDFFF, esc
            assert oracle.ecma(s).find(chr(code)) >= 0
        else:
            assert esc in _SHORT
    assert json.loads(text) == oracle.ecma(s)


@given(
    st.one_of(
        st.floats(allow_nan=False, allow_infinity=False),
        json_values(max_depth=0).filter(lambda v: isinstance(v, float)),
        st.builds(lambda m, e: m * 10.0**e, st.floats(1, 10), st.integers(-8, 23)).filter(
            math.isfinite
        ),
    )
)
@example(1e-7)
@example(math.nextafter(1e21, 0))
@example(0.30000000000000004)
@example(123e-20)
def test_number_text(x: float) -> None:
    """3.3: "A number held as a double MUST be written as ECMAScript `Number::toString(x)`
    writes it" (against an independent implementation of the algorithm in 3.3)."""
    assert json_text([x]) == "[" + oracle.js_number(x) + "]"


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (1.0, "1"),
        (-0.0, "0"),
        (1.5, "1.5"),
        (0.1, "0.1"),
        (1e-6, "0.000001"),
        (8.311e-05, "0.00008311"),
        (1e-7, "1e-7"),
        (-1.5e-7, "-1.5e-7"),
        (123e-20, "1.23e-18"),
        (5e-324, "5e-324"),
        (1e16, "10000000000000000"),
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (1.5e21, "1.5e+21"),
        (0.30000000000000004, "0.30000000000000004"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
    ],
)
def test_number_oracle_agrees_with_the_spec_table(x: float, text: str) -> None:
    """3.3: the table of examples (keeps the oracle used above honest)."""
    assert oracle.js_number(x) == text


@given(st.integers(-(2**53) + 1, 2**53 - 1) | st.integers())
def test_integer_text(n: int) -> None:
    """3.3: "A number held as an integer MUST be written as its exact decimal digits, with a
    leading `-` when negative" (3.4: the reference keeps integers beyond 2^53 exact)."""
    assert json_text(n) == str(n)


@given(json_values())
def test_size_is_utf8_bytes(x: Any) -> None:
    """3.5: "The size of a text MUST be its length in bytes when encoded as UTF-8.\""""
    result = pick(x, candidates=("json",))
    assert result.sizes == {"json": len(result.text.encode("utf-8"))}
