"""The picker (spec section 6): ship whichever candidate text is smallest.

:func:`encode_candidates` makes every candidate text once; :func:`choose` applies the winner
rules (6.4, 6.5) to them; :func:`pick` is the two together. The report reads the texts
:func:`encode_candidates` made, so it never encodes a payload again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, cast, get_args

from . import _backends, _json, _twin
from ._backends import Encoder
from ._decode import parse_compact, same_value
from ._errors import DropReason, FlattenError, ToonPickerError
from ._flatten import Dots, check_dots, flatten_checked, normalise_keys
from ._measures import Measure, counter
from ._payload import MAX_DEPTH, Checked, Default, JSONValue, check

__all__ = ["CANDIDATES", "Candidate", "Candidates", "Pick", "choose", "encode_candidates", "pick"]

Candidate = Literal["json", "toon-flatten", "toon"]
CANDIDATES: tuple[Candidate, ...] = get_args(Candidate)
DEFAULT_CANDIDATES: tuple[Candidate, ...] = ("json", "toon-flatten")


@dataclass(frozen=True)
class Pick:
    """What the picker chose, and why.

    ``sizes`` holds the size of every eligible candidate in candidate order, in the unit
    of ``measure`` (UTF-8 bytes, or tokens of a tiktoken encoding); ``dropped`` holds a
    reason code for every candidate that produced no usable text.
    """

    strategy: Candidate
    text: str
    sizes: dict[str, int] = field(default_factory=dict)
    dropped: dict[str, DropReason] = field(default_factory=dict)
    measure: Measure = "bytes"


@dataclass(frozen=True)
class Candidates:
    """Every candidate's text and size (eligible ones, in effective order) or drop reason."""

    texts: dict[str, str]
    sizes: dict[str, int]
    dropped: dict[str, DropReason]
    measure: Measure = "bytes"


def pick(
    value: Any,
    *,
    candidates: Iterable[str] = DEFAULT_CANDIDATES,
    min_saving: float = 0.0,
    measure: Measure = "bytes",
    dots: Dots = "rename",
    verify: bool = False,
    default: Default | None = None,
    backend: str = _backends.DEFAULT_BACKEND,
) -> Pick:
    """Encode ``value`` as every candidate and return the smallest text.

    JSON is always a candidate, so the text is never larger than ``JSON.stringify`` gives.
    A non-JSON candidate wins only when its size is at most ``(1 - min_saving)`` times the
    JSON size. Sizes are in ``measure``: UTF-8 bytes, or the tokens of ``"o200k_base"``
    or ``"cl100k_base"`` (extra ``[tokens]``). ``dots="refuse"`` drops ``toon-flatten``
    for payloads whose member names hold dots, so no name is renamed in the text;
    ``verify=True`` drops every TOON text that does not decode to the payload.
    Raises PayloadError for a non-JSON value and ValueError for bad options;
    never anything else for a valid payload.

    >>> rows = [{"id": 1, "ok": True}, {"id": 2, "ok": False}]
    >>> result = pick(rows)
    >>> result.strategy, result.sizes
    ('toon-flatten', {'json': 40, 'toon-flatten': 30})
    >>> print(result.text)
    [2]{id,ok}:
      1,true
      2,false
    """
    _check_min_saving(min_saving)
    made = encode_candidates(
        value,
        names=candidates,
        measure=measure,
        dots=dots,
        verify=verify,
        default=default,
        backend=backend,
    )
    return choose(made, min_saving)


def stringify_compact(value: Any, **options: Any) -> str:
    """The picked text: a drop-in for ``JSON.stringify`` that may answer in TOON."""
    return pick(value, **options).text


def choose(made: Candidates, min_saving: float = 0.0) -> Pick:
    """The winner among ``made`` (spec 6.4, 6.5): the fewest bytes within ``min_saving``
    of JSON, the earliest candidate on a tie."""
    _check_min_saving(min_saving)
    sizes = made.sizes
    json_size = sizes["json"]
    limit = (1 - min_saving) * json_size
    best = "json"
    for name, size in sizes.items():
        # Strict '<' against the best so far: ties go to the earlier candidate.
        if size <= limit and size < sizes[best]:
            best = name
    return Pick(
        cast(Candidate, best), made.texts[best], dict(sizes), dict(made.dropped), made.measure
    )


def _check_min_saving(min_saving: float) -> None:
    if isinstance(min_saving, bool) or not (
        isinstance(min_saving, (int, float)) and 0 <= min_saving < 1
    ):
        raise ValueError(
            f"min_saving must be a number with 0 <= min_saving < 1, got {min_saving!r}"
        )


def encode_candidates(
    value: Any,
    *,
    names: Iterable[str],
    measure: Measure,
    dots: Dots,
    verify: bool,
    default: Default | None,
    backend: str,
) -> Candidates:
    """Every candidate text of ``value`` (spec 6.1-6.3), each made and measured once;
    :func:`pick` is ``choose(encode_candidates(...), min_saving)``, with the same options
    (none has a default here: pick's signature is the one that documents them)."""
    names = _candidate_list(names)
    size_of = counter(measure)
    check_dots(dots)
    if not isinstance(verify, bool):
        raise ValueError(f"verify must be True or False, got {verify!r}")
    encode = _backends.encoder(backend)
    # The compiled twin checks (and flattens) a plain payload in one pass; anything else,
    # and every error, takes the reference path.
    flat: JSONValue | None = None
    twin: Checked | None
    if "toon-flatten" in names:
        twin, flat = _twin.check_and_flatten(value, refuse_dots=dots == "refuse") or (None, None)
    else:
        twin = _twin.check(value)
    checked = twin or check(value, default)

    toon_texts: dict[str, str] = {}
    dropped: dict[str, DropReason] = {}
    for name in names[1:]:
        text, reason = _toon_candidate(name, checked, flat, encode, dots, verify)
        if name == "toon-flatten":
            flat = None  # freed before the next text is made (peak memory)
        if reason is not None:
            dropped[name] = reason
        else:
            toon_texts[name] = text
    # The JSON text last, so it does not sit in memory beside the flat value.
    texts = {"json": _json.encode(checked), **toon_texts}
    sizes = {name: size_of(text) for name, text in texts.items()}
    return Candidates(texts, sizes, dropped, measure)


def _candidate_list(candidates: Iterable[str]) -> list[Candidate]:
    """``json`` first (added when missing), then the caller's order."""
    if isinstance(candidates, (str, dict)) or not isinstance(candidates, Iterable):
        raise ValueError(f"candidates must be a sequence of names, got {candidates!r}")
    names: list[Candidate] = ["json"]
    seen: set[str] = set()
    for name in candidates:
        if not isinstance(name, str) or name not in CANDIDATES:
            raise ValueError(f"unknown candidate {name!r} (known: {', '.join(CANDIDATES)})")
        if name in seen:
            raise ValueError(f"candidate {name!r} is listed twice")
        seen.add(name)
        if name != "json":
            names.append(cast(Candidate, name))
    return names


def _toon_candidate(
    name: Candidate,
    checked: Checked,
    flat: JSONValue | None,
    encode: Encoder,
    dots: Dots,
    verify: bool,
) -> tuple[str, DropReason | None]:
    """The candidate's text, or the reason it was dropped (spec 7.2, in its order).

    ``flat`` is ``flatten_checked(checked)`` when the caller has it already.
    """
    if name == "toon-flatten":
        try:
            subject = flat if flat is not None else flatten_checked(checked, dots=dots)
        except FlattenError as exc:
            return "", cast(DropReason, exc.reason)
    else:
        # Plain TOON obeys the same depth limit so that every host drops the same payloads.
        if checked.depth > MAX_DEPTH:
            return "", "depth-exceeded"
        subject = checked.value
    try:
        text = encode(subject, checked.ecma_floats)
        if not text.isascii():
            text.encode("utf-8")  # raises on a lone surrogate the encoder let through
    except Exception:  # any encoder failure drops the candidate; JSON still ships
        return "", "encode-failed"
    if not text:
        return "", "empty-text"
    if verify and not _decodes_back(text, name, checked.value):
        return "", "decode-mismatch"
    return text, None


def _decodes_back(text: str, name: Candidate, value: JSONValue) -> bool:
    """True when a reader recovers ``value`` from ``text`` (spec 6.3, 6.8)."""
    try:
        recovered = parse_compact(text, name)
    except ToonPickerError:  # undecodable, or a decoding unflatten refuses
        return False
    expected = normalise_keys(value) if name == "toon-flatten" else value
    return same_value(recovered, expected)
