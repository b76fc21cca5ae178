"""orjson writes the JSON candidate only where it gives JSON.stringify's bytes.

``_json._orjson_writes`` is the gate and ``_json._orjson_text`` the respelling of floats in
[1e-6, 1e-5); each claim of their docstrings is checked here against the project's own
writer (``_json.quote``, ``_json.format_number``, ``_json._write``), and every exclusion
is shown to be needed.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import _json
from toon_picker._payload import check

orjson = pytest.importorskip("orjson")


def reference(value: Any) -> str:
    return _json._write(check(value).value)


def via_orjson(value: Any) -> str | None:
    """orjson's text after the gate, counting quotes, and again knowing the float counts
    (as the compiled twin tells them): both must agree."""
    checked = check(value)
    assert _json._orjson_writes(checked)
    counted = _json._orjson_text(checked, orjson.dumps)
    counts = Counter(x for x in _floats(value) if x in checked.ecma_floats)
    known = _json._orjson_text(checked, orjson.dumps, counts)
    assert counted in (None, known)  # the counts decide more often, never otherwise
    return known


def _floats(value: Any) -> list[float]:
    if isinstance(value, dict):
        return [x for item in value.values() for x in _floats(item)]
    if isinstance(value, list):
        return [x for item in value for x in _floats(item)]
    return [value] if type(value) is float else []


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
@example(0.0001)
@example(1.5e16)
def test_floats_orjson_writes_as_ecmascript_does(x: float) -> None:
    if x.is_integer():
        return
    raw = orjson.dumps(x).decode()
    if 1e-6 <= abs(x) < 1e-5:
        assert raw != _json.format_number(x)  # why these are respelled
    else:
        assert raw == _json.format_number(x)
    assert via_orjson([x, {"v": x}]) == reference([x, {"v": x}])


def test_floats_at_every_power_of_ten_boundary() -> None:
    for exponent in range(-323, 309):
        for x in (10.0**exponent, float(f"1e{exponent}")):
            for y in (math.nextafter(x, 0), x, math.nextafter(x, math.inf)):
                if math.isfinite(y) and not y.is_integer():
                    for z in (y, -y):
                        assert via_orjson([z]) == reference([z]), repr(z)


@pytest.mark.parametrize("x", [1.0, -0.0, 0.0, 1e16, 2.0**53, 1e20])
def test_integral_floats_are_what_the_gate_excludes(x: float) -> None:
    assert orjson.dumps(x).decode() != _json.format_number(x)
    assert not _json._orjson_writes(check([x]))


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
    value: Any = [1] if leaf else []
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


_PIECES = ["3.47e-6", "-3.47e-6", '"', ":", ",", "[", "]", "{", "}", "\\", "x", "1e-6"]


@given(
    st.lists(
        st.one_of(
            st.sampled_from([3.47e-6, -3.47e-6, 1e-6, 9.99e-6, 1e-7, 1.5e-5, 0.5]),
            st.lists(st.sampled_from(_PIECES), max_size=5).map("".join),
        ),
        max_size=8,
    ),
)
@example(["a:3.47e-6,", 3.47e-6, '"', 3.47e-6, "[3.47e-6]"])
def test_tiny_floats_are_respelled_only_outside_strings(items: list[Any]) -> None:
    value = [items, dict(zip(map(str, items), items, strict=False))]
    text = via_orjson(value)
    if text is None:  # a backslash in the text: the project's writer does it
        assert "\\" in orjson.dumps(value).decode()
    else:
        assert text == reference(value)
