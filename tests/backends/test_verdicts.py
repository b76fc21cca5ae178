"""Which backends are offered, and why the others are not (docs/backends.md).

The disagreements listed here are the ones docs/backends.md documents; each test fails if
the installed encoder stops disagreeing, so the document and the verdicts are revisited.
"""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import _backends, _fast_backends, pick
from toon_picker._flatten import flatten
from toon_picker._payload import check
from toon_picker.conformance._compare import same_pick
from toon_picker.conformance._corpus import load_corpus

REFERENCE = _backends.encoder("toon-format")
INSTALLED = tuple(name for name in ("toons", "etoon") if importlib.util.find_spec(name))


def _installed(name: str) -> None:
    if name not in INSTALLED:
        pytest.skip(f"{name} is not installed")


def _raw(name: str) -> Any:
    """The unguarded encoder of a fast backend, with the options the backend uses."""
    module = pytest.importorskip(name)
    if name == "toons":
        return lambda value: module.dumps(value, indent_size=2, delimiter=",")
    return lambda value: module.dumps(value, delimiter=",", fold_keys=False)


@pytest.mark.parametrize("name", INSTALLED)
def test_offered_iff_not_refused(name: str) -> None:
    assert (name in _backends.available()) == (name not in _backends._REFUSED)


def test_reference_is_first_and_toons_is_offered() -> None:
    assert _backends.available()[0] == "toon-format"
    if "toons" in INSTALLED:
        assert "toons" in _backends.available()


def test_etoon_is_refused_with_the_reason() -> None:
    _installed("etoon")
    assert "etoon" not in _backends.available()
    with pytest.raises(ValueError, match=r"'etoon' is not offered: .*'#', '\$' or '@'"):
        pick({"a": 1}, backend="etoon")


def test_unknown_backend_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown TOON backend 'nope'"):
        pick({"a": 1}, backend="nope")


# --- the documented disagreements --------------------------------------------------------

# Values whose TOON text differs between the raw fast encoder and the reference.
NUMBER_CASES = [
    ({"usd": 1e-8}, "usd: 1e-8", "usd: 0.00000001"),
    ({"v": -5.284e-9}, "v: -5.284e-9", "v: -0.000000005284"),
    ({"v": 1e21}, "v: 1e+21", "v: 1000000000000000000000"),
]
TOONS_ONLY = [
    # 562949953421312.25 lies halfway between the two 16-digit texts; the reference (like
    # ECMAScript) takes the even one.
    ({"v": 562949953421312.2}, "v: 562949953421312.2", "v: 562949953421312.3"),
    ([1125899906842624.2], "[1]: 1125899906842624.2", "[1]: 1125899906842624.3"),
]
ETOON_ONLY = [
    ({"big": 2**64}, "big: 18446744073709551616", "big: 18446744073709552000"),
    ({"#debug": 1}, '"#debug": 1', "#debug: 1"),
    ({"$A": None}, '"$A": null', "$A: null"),
    ({"@id": "x"}, '"@id": x', "@id: x"),
]


@pytest.mark.parametrize("name", ["toons", "etoon"])
@pytest.mark.parametrize(("value", "reference", "fast"), NUMBER_CASES)
def test_raw_encoders_disagree_on_numbers(name: str, value: Any, reference: str, fast: str) -> None:
    assert REFERENCE(value, check(value).ecma_floats) == reference
    assert _raw(name)(value) == fast


@pytest.mark.parametrize("name", ["toons", "etoon"])
def test_whole_doubles_from_2_53_get_ecmascript_digits(name: str) -> None:
    """Spec 6.2: toon-format alone writes the exact value; the reference encoder (with its
    fix) and the raw fast encoders write Number::toString digits, as the JSON text does."""
    value = {"n": 45493949450465424.0}
    assert _backends.toon_format_text(value) == "n: 45493949450465424"
    assert REFERENCE(value, check(value).ecma_floats) == "n: 45493949450465420"
    assert _raw(name)(value) == "n: 45493949450465420"


@pytest.mark.parametrize(("value", "reference", "fast"), TOONS_ONLY)
def test_raw_toons_disagrees_on_halfway_floats(value: Any, reference: str, fast: str) -> None:
    assert REFERENCE(value, check(value).ecma_floats) == reference
    assert _raw("toons")(value) == fast
    if "etoon" in INSTALLED:
        assert _raw("etoon")(value) == reference


@pytest.mark.parametrize(("value", "reference", "fast"), ETOON_ONLY)
def test_raw_etoon_disagrees_on_names_and_big_integers(
    value: Any, reference: str, fast: str
) -> None:
    assert REFERENCE(value, check(value).ecma_floats) == reference
    assert _raw("etoon")(value) == fast
    if "toons" in INSTALLED:
        assert _raw("toons")(value) == reference


@pytest.mark.parametrize("name", ["toons", "etoon"])
@pytest.mark.parametrize(("value", "reference", "fast"), NUMBER_CASES + TOONS_ONLY + ETOON_ONLY[:1])
def test_the_guard_hands_numbers_to_the_reference(
    name: str, value: Any, reference: str, fast: str
) -> None:
    _installed(name)
    guarded = _backends._FACTORIES[name]()
    assert guarded(value, check(value).ecma_floats) == reference
    assert _fast_backends._suspect(fast)


@pytest.mark.parametrize(
    "text",
    [
        'id: "12345678901234567890"',  # a quoted digit string is a string, not a number
        "ids[2]: abc12345678901234567,x",
        "v: 0.30000000000000004",  # 17 digits, and the reference writes the same
        "[2]{a,b}:\n  1,0.000001\n  2,123456789012345",
        "key1234567890123456789: 1",
        'k: "x,0.0000001,"\nl[2]: "a\\",0.0000001,",b',  # inside quoted strings
        "k: 0.0000001 x",  # an unquoted string
    ],
)
def test_the_guard_lets_other_texts_through(text: str) -> None:
    assert _fast_backends._repair(text) == text


@pytest.mark.parametrize(
    ("text", "repaired"),
    [
        ("v: 0.00000001", "v: 1e-8"),
        ("- -0.000000005284", "- -5.284e-9"),
        ("[2]: 0.0000001,562949953421312.3", "[2]: 1e-7,562949953421312.2"),
        ("t[2]{a,b}:\n  0.0000001,x\n  1,-0.00000012", "t[2]{a,b}:\n  1e-7,x\n  1,-1.2e-7"),
        ('k: "0.0000001",0.0000001', 'k: "0.0000001",1e-7'),
        ("n: 45493949450465420", None),  # integer or float? the markers decide
        ("n: -1234567890123456", None),
    ],
)
def test_the_guard_repairs_float_texts(text: str, repaired: str | None) -> None:
    assert _fast_backends._repair(text) == repaired


def test_etoon_fails_the_corpus_where_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    """Un-refused for this test only: the must cases it gets wrong include pick.apify.030."""
    _installed("etoon")
    monkeypatch.delitem(_backends._REFUSED, "etoon")
    failing = []
    for case in load_corpus().cases:
        if case.op != "pick" or case.level != "must" or case.expects_error:
            continue
        result = pick(case.input, backend="etoon", **case.options)
        actual = {"strategy": result.strategy, "text": result.text, "sizes": result.sizes}
        if same_pick(case.ok, actual) is not None:
            failing.append(case.id)
    assert "pick.apify.030" in failing


def test_flatten_keeps_the_names_etoon_gets_wrong() -> None:
    """Apify items carry `#debug` / `#error`; flattened they stay names that need quotes."""
    assert REFERENCE(flatten({"#debug": {"requestId": "r1"}}), frozenset()) == (
        '"#debug.requestId": r1'
    )


def test_the_guard_reencodes_with_markers_not_with_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Numbers are respelled one by one; the document is not re-encoded."""
    _installed("toons")
    seen: list[Any] = []
    real_number, real_document = _fast_backends.format_number, _fast_backends.toon_format_text

    def spy(value: Any) -> str:
        seen.append(value)
        return real_number(value)

    monkeypatch.setattr(_fast_backends, "format_number", spy)
    monkeypatch.setattr(_fast_backends, "toon_format_text", None)  # never called
    rows = [{"id": i, "usd": 10.0**-i, "tags": ["a", "b"]} for i in range(1, 12)]
    text = _backends._FACTORIES["toons"]()(rows, check(rows).ecma_floats)
    assert text == real_document(rows)
    assert seen == [1e-7, 1e-8, 1e-9, 1e-10, 1e-11]


def test_marker_characters_in_the_payload_go_to_the_reference() -> None:
    _installed("toons")
    value = {"s": "\ue0000\ue001", "v": 1e-8}
    floats = check(value).ecma_floats
    assert _backends._FACTORIES["toons"]()(value, floats) == REFERENCE(value, floats)
    assert REFERENCE(value, floats) == "s: \ue0000\ue001\nv: 1e-8"


def test_auto_is_the_fastest_offered_backend() -> None:
    assert set(_backends._BY_SPEED) == set(_backends._FACTORIES)
    fastest = _backends.fastest()
    assert fastest in _backends.available()
    assert fastest == ("toons" if "toons" in INSTALLED else "toon-format")
    value = [{"a": 1, "b": {"c": 1e-7}}, {"a": 2, "b": {"c": 2.5}}]
    assert pick(value, backend="auto") == pick(value, backend=fastest) == pick(value)


@given(st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: not x.is_integer()))
@example(1e-7)
@example(-5.284e-9)
@example(562949953421312.2)
@example(0.30000000000000004)
@example(5e-324)
def test_the_guard_writes_floats_as_the_reference(x: float) -> None:
    """The guard respells a float text with ``_json.format_number``: for floats that are
    not integral that is the reference's TOON text (both are ECMAScript's, spec 6.2)."""
    assert _fast_backends.format_number(x) == REFERENCE(x, frozenset())
