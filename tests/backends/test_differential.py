"""Differential property: a fast backend picks exactly what the reference picks.

Same strategy, same text, same sizes, same dropped candidates, on generated payloads biased
toward what breaks encoders (the project's strategies) plus number-heavy payloads, with all
three candidates so plain TOON is compared too.
"""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import pick
from toon_picker._backends import encoder
from toon_picker._flatten import flatten
from toon_picker._payload import check
from toon_picker.strategies import (
    collision_free_objects,
    json_values,
    payloads_at_depth,
    uniform_rows,
)

ALL = ("json", "toon-flatten", "toon")
REFERENCE = "toon-format"

# The number classes where the fast encoders write other text than the reference
# (docs/backends.md), as leaves of tabular rows and of plain objects.
_NUMBERS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(min_value=-1e-6, max_value=1e-6, allow_nan=False),
    st.floats(min_value=2.0**53, max_value=1e22).map(float.__round__).map(float),
    st.integers(),
    st.sampled_from([1e-7, 1e21, 1.5e300, 5e-324, 2.0**53, 2**64, -(2**63) - 1, 10**25]),
    # 16-17 significant digits, some exactly halfway between two shortest texts.
    st.builds(lambda k, j: 2.0**k + j / 8, st.integers(40, 53), st.integers(0, 15)),
    st.floats(min_value=1e14, max_value=2.0**53),
)
# Strings holding the same digits inside quotes, next to delimiters, escapes and markers:
# the guard must leave string content alone.
_LOOKALIKES = st.lists(
    st.sampled_from(
        [
            *("0.0000001", "-0.00000012", ",", '"', "\\", " ", "- ", ": ", "x", "1e-7"),
            *("12345678901234567", "\n", "\ue000", "\ue0000\ue001"),
        ]
    ),
    max_size=6,
).map("".join)
# Text led or ended by characters a decoder may skip: U+FEFF (both official decoders drop
# it at the start of a document, so a bare root "\ufeff1" reads as the number 1), the
# other Unicode spaces, controls and format characters, next to what must stay a string.
# A differential search against toon_format and both decoders found the root U+FEFF case
# only (docs/backends.md); these keep every such text under test, as root, name and leaf.
_INVISIBLE = st.characters(categories=["Zs", "Zl", "Zp", "Cc", "Cf"], exclude_characters="\n")
_SKIPPABLE = st.builds(
    lambda lead, body, tail: lead + body + tail,
    st.one_of(st.just("\ufeff"), st.just("\ufeff\ufeff"), _INVISIBLE, st.just("")),
    st.one_of(
        st.sampled_from(["1", "-1", "1.5", "1e5", "05", "true", "null", "#c", "- x", "[]", ""]),
        st.text(st.one_of(_INVISIBLE, st.sampled_from('1#- :,"a')), max_size=4),
    ),
    st.one_of(st.just(""), _INVISIBLE),
)
_LEAVES = st.one_of(_NUMBERS, _LOOKALIKES, _SKIPPABLE)
number_payloads = st.one_of(
    st.lists(st.fixed_dictionaries({"id": st.integers(0, 9), "v": _LEAVES}), max_size=5),
    st.lists(st.fixed_dictionaries({"s": _LOOKALIKES, "v": _NUMBERS}), max_size=4),
    st.dictionaries(
        st.one_of(st.sampled_from(["a", "b.c", "d"]), _LOOKALIKES, _SKIPPABLE), _LEAVES, max_size=4
    ),
    st.lists(st.fixed_dictionaries({"s": _SKIPPABLE, "n": st.integers(0, 9)}), max_size=4),
    st.lists(_LEAVES, max_size=5),
    _LEAVES,
)
payloads = st.one_of(
    json_values(),
    uniform_rows(),
    collision_free_objects(),
    payloads_at_depth(20),
    payloads_at_depth(21),
    number_payloads,
)


def _picked(value: Any, backend: str) -> tuple[Any, ...]:
    result = pick(value, candidates=ALL, backend=backend)
    return result.strategy, result.text, result.sizes, result.dropped


@given(value=payloads)
@example(value={"usd": 1e-8, "rows": [{"a": 1}, {"a": 2}]})
@example(value=[{"n": 45493949450465424.0}, {"n": 1.0}])
@example(value={"big": 2**70, "small": -(2**64)})
@example(value={"n": 10**4300, "rows": [{"a": 1}, {"a": -(10**5000)}]})  # beyond str()
@example(value={"id": "12345678901234567890", "v": 0.30000000000000004})
@example(value={"note": "\ud800", "rows": [{"a": 1}]})
@example(value={"s": "\ue0000\ue001", "v": 1e-8})  # the guard's marker, in the payload
@example(value=[{"n": 2**60, "v": 1.5}, {"n": -(2**62), "v": 1e-7}])
@example(value={"#debug": {"requestId": "r1"}, "rows": [{"a": 1}, {"a": 2}]})
@example(value=[{"s": 'a\\",0.0000001', "v": 1e-7}, {"s": "- 0.0000001", "v": 2e-7}])
@example(value=[562949953421312.2, {"v": 1125899906842624.2, "n": 2**60}])
@example(value={"a: 0.0000001": 1e-9, "k": ["x,0.0000001", 3e-8, "0.0000001 x"]})
@example(value="\ufeff1")  # bare, both official decoders read the number 1
@example(value="\ufeff")
@example(value=["\ufeff1", {"\ufeffk": "\ufeff#c"}])
def test_pick_matches_the_reference(value: Any, backend: str) -> None:
    assert _picked(value, backend) == _picked(value, REFERENCE)


@given(value=st.one_of(_SKIPPABLE, st.lists(_SKIPPABLE, max_size=3)))
def test_texts_a_decoder_may_skip_match_the_reference(value: Any, backend: str) -> None:
    """Roots, names and items led or ended by U+FEFF and other invisible characters: one
    in-place branch of ``payloads`` among many would draw them too rarely."""
    assert _picked(value, backend) == _picked(value, REFERENCE)
    assert _picked({"k": value}, backend) == _picked({"k": value}, REFERENCE)


def _encoded(encode: Any, value: Any, ecma_floats: frozenset[float]) -> str:
    try:
        return "ok:" + str(encode(value, ecma_floats))
    except Exception:  # compared: both must raise, the type may differ
        return "raises"


@given(value=st.one_of(json_values(), uniform_rows(), number_payloads, _SKIPPABLE))
def test_encoder_matches_the_reference(value: Any, backend: str) -> None:
    """The encoders themselves, on the checked value and on its flattened form."""
    checked = check(value)
    subjects = [checked.value]
    with contextlib.suppress(ValueError):  # depth or key collision: nothing to flatten
        subjects.append(flatten(value))
    fast, ref = encoder(backend), encoder(REFERENCE)
    for subject in subjects:
        assert _encoded(fast, subject, checked.ecma_floats) == _encoded(
            ref, subject, checked.ecma_floats
        )
