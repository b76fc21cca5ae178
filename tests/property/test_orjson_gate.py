"""orjson writes the JSON candidate only where it gives JSON.stringify's bytes.

``_json._orjson_writes`` is the gate, ``_json._orjson_spells`` says which floats orjson
writes as ECMAScript does, and ``_json._orjson_text`` hands the others to orjson as text.
Each claim of their docstrings is checked here against the project's own writer
(``_json.quote``, ``_json.format_number``, ``_json._write``), and every exclusion is shown
to be needed.
"""

from __future__ import annotations

import math
import sys
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from prop_oracles import float_paths

from toon_picker import _json
from toon_picker._payload import check
from toon_picker.strategies import json_values

orjson = pytest.importorskip("orjson")


def reference(value: Any) -> str:
    return _json._write(check(value).value)


def via_orjson(value: Any) -> str | None:
    checked = check(value)
    assert _json._orjson_writes(checked)
    paths = float_paths(value)
    before = repr(value)
    text = _json._orjson_text(value, checked.ecma_floats, paths, orjson.dumps, orjson.Fragment)
    assert repr(value) == before  # the payload itself is never changed
    without = _json._orjson_text(value, checked.ecma_floats, None, orjson.dumps, orjson.Fragment)
    assert without in (None, text)
    assert (without is None) == any(not _json._orjson_spells(x) for x in checked.ecma_floats)
    return text


@pytest.mark.parametrize("start", range(0, 0x110000, 0x8000))
def test_every_code_point_is_escaped_as_json_stringify_does(start: int) -> None:
    chars = [chr(c) for c in range(start, start + 0x8000) if not 0xD800 <= c <= 0xDFFF]
    for char in chars[:0x800] if start else chars:  # one at a time where escapes live
        assert orjson.dumps(char).decode() == _json.quote(char), hex(ord(char))
    text = "".join(chars)
    assert orjson.dumps({text: text}).decode() == reference({text: text})


def test_the_characters_that_json_dumps_or_old_engines_treat_otherwise() -> None:
    text = '\u2028\u2029\x7f/\\"\b\f\n\r\t\x00\x1f\x0b é\U0001f600'
    assert orjson.dumps(text).decode() == reference(text)
    assert (
        reference(text)
        == '"\u2028\u2029\x7f/\\\\\\"\\b\\f\\n\\r\\t\\u0000\\u001f\\u000b é\U0001f600"'
    )


@given(st.floats(allow_nan=False, allow_infinity=False))
@example(5e-324)
@example(sys.float_info.max)
@example(1e21)
@example(9.999999999999999e20)
@example(1e-7)
@example(5.98e-6)
@example(0.0001)
@example(-0.0)
@example(1.5e16)
def test_floats_orjson_spells_as_ecmascript_and_the_others(x: float) -> None:
    assert (orjson.dumps(x).decode() == _json.format_number(x)) == _json._orjson_spells(x)
    value = [x, {"v": x}, [[x]]]
    assert via_orjson(value) == reference(value)
    assert via_orjson(x) == reference(x)


def test_floats_at_every_power_of_ten_boundary() -> None:
    for exponent in range(-323, 309):
        for x in (10.0**exponent, float(f"1e{exponent}")):
            for y in (math.nextafter(x, 0), x, math.nextafter(x, math.inf)):
                if math.isfinite(y):
                    for z in (y, -y):
                        assert via_orjson([z]) == reference([z]), repr(z)


@pytest.mark.parametrize("x", [1.0, -0.0, 0.0, 1e16, 2.0**53, 1e20, 5.98e-6, 1e-6])
def test_the_floats_orjson_spells_otherwise(x: float) -> None:
    assert orjson.dumps(x).decode() != _json.format_number(x)
    assert not _json._orjson_spells(x)


def test_ints_within_64_bits_and_only_those() -> None:
    for n in (0, -1, 2**53 + 1, 2**63 - 1, -(2**63), 2**64 - 1):
        assert via_orjson([n]) == reference([n])
    for n in (2**64, -(2**63) - 1, 10**30):
        with pytest.raises(TypeError):
            orjson.dumps(n)
        assert not _json._orjson_writes(check([n]))


def test_lone_surrogates_are_excluded() -> None:
    with pytest.raises(TypeError):
        orjson.dumps("\ud800")
    assert not _json._orjson_writes(check(["\ud800"]))


def _nested(containers: int, *, leaf: bool) -> Any:
    value: Any = [1.0] if leaf else []
    for _ in range(containers - 1):
        value = [value]
    return value


def test_the_depth_bound_is_orjsons_container_limit() -> None:
    limit = _json._ORJSON_MAX_DEPTH
    for fits in (_nested(limit, leaf=True), _nested(limit + 1, leaf=False)):
        assert check(fits).depth == limit
        assert via_orjson(fits) == reference(fits)
    too_deep = _nested(limit + 2, leaf=False)  # depth limit + 1
    with pytest.raises(TypeError):
        orjson.dumps(too_deep)
    assert not _json._orjson_writes(check(too_deep))


_PIECES = ["3.47e-6", "-3.47e-6", "1.0", '"', ":", ",", "[", "]", "{", "}", "\\", "x", "1e-6"]


@given(
    st.lists(
        st.one_of(
            st.sampled_from([3.47e-6, -3.47e-6, 1e-6, 9.99e-6, 1e-7, 1.5e-5, 0.5, 1.0, -0.0]),
            st.lists(st.sampled_from(_PIECES), max_size=5).map("".join),
        ),
        max_size=8,
    ),
)
@example(["a:3.47e-6,", 3.47e-6, '"', 3.47e-6, "[3.47e-6]", 1.0, "1.0"])
def test_strings_that_look_like_numbers_stay_strings(items: list[Any]) -> None:
    value = [items, dict(zip(map(str, items), items, strict=False))]
    assert via_orjson(value) == reference(value)


@given(json_values())
def test_any_payload_the_gate_admits(value: Any) -> None:
    checked = check(value)
    if _json._orjson_writes(checked) and checked.value is value:
        assert via_orjson(value) == reference(value)
