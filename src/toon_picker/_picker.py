"""The picker (spec section 6): ship whichever candidate text is smallest.

:func:`candidates` makes every candidate text once; :func:`choose` applies the winner
rules (6.4, 6.5) to them; :func:`pick` is the two together. The report reads the texts
:func:`candidates` made, so it never encodes a payload again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, cast, get_args

from . import _backends, _json, _twin
from ._backends import Encoder
from ._errors import DropReason, FlattenError
from ._flatten import flatten_checked
from ._payload import MAX_DEPTH, Checked, Default, JSONValue, check

__all__ = ["CANDIDATES", "Candidate", "Candidates", "Pick", "candidates", "choose", "pick"]

Candidate = Literal["json", "toon-flatten", "toon"]
CANDIDATES: tuple[Candidate, ...] = get_args(Candidate)
DEFAULT_CANDIDATES: tuple[Candidate, ...] = ("json", "toon-flatten")


@dataclass(frozen=True)
class Pick:
    """What the picker chose, and why.

    ``sizes`` holds the UTF-8 byte count of every eligible candidate in candidate order;
    ``dropped`` holds a reason code for every candidate that produced no usable text.
    """

    strategy: Candidate
    text: str
    sizes: dict[str, int] = field(default_factory=dict)
    dropped: dict[str, DropReason] = field(default_factory=dict)


@dataclass(frozen=True)
class Candidates:
    """Every candidate's text and size (eligible ones, in effective order) or drop reason."""

    texts: dict[str, str]
    sizes: dict[str, int]
    dropped: dict[str, DropReason]


def pick(
    value: Any,
    *,
    candidates: Iterable[str] = DEFAULT_CANDIDATES,
    min_saving: float = 0.0,
    default: Default | None = None,
    backend: str = _backends.DEFAULT_BACKEND,
) -> Pick:
    """Encode ``value`` as every candidate and return the smallest text.

    JSON is always a candidate, so the text is never larger than ``JSON.stringify`` gives.
    A non-JSON candidate wins only when its size is at most ``(1 - min_saving)`` times the
    JSON size. Raises PayloadError for a non-JSON value and ValueError for bad options;
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
    made = _candidates(value, candidates, default, backend)
    return choose(made, min_saving)


def stringify_compact(value: Any, **options: Any) -> str:
    """The picked text: a drop-in for ``JSON.stringify`` that may answer in TOON."""
    return pick(value, **options).text


def candidates(
    value: Any,
    *,
    candidates: Iterable[str] = DEFAULT_CANDIDATES,
    default: Default | None = None,
    backend: str = _backends.DEFAULT_BACKEND,
) -> Candidates:
    """Every candidate text of ``value`` (spec 6.1-6.3), each made once."""
    return _candidates(value, candidates, default, backend)


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
    return Pick(cast(Candidate, best), made.texts[best], dict(sizes), dict(made.dropped))


def _check_min_saving(min_saving: float) -> None:
    if isinstance(min_saving, bool) or not (
        isinstance(min_saving, (int, float)) and 0 <= min_saving < 1
    ):
        raise ValueError(
            f"min_saving must be a number with 0 <= min_saving < 1, got {min_saving!r}"
        )


def _candidates(
    value: Any, candidates: Iterable[str], default: Default | None, backend: str
) -> Candidates:
    names = _candidate_list(candidates)
    encode = _backends.encoder(backend)
    # The compiled twin checks (and flattens) a plain payload in one pass; anything else,
    # and every error, takes the reference path.
    flat: JSONValue | None = None
    twin: Checked | None
    if "toon-flatten" in names:
        twin, flat = _twin.check_and_flatten(value) or (None, None)
    else:
        twin = _twin.check(value)
    checked = twin or check(value, default)

    json_text = _json.encode(checked)
    texts: dict[str, str] = {"json": json_text}
    sizes: dict[str, int] = {"json": _size(json_text)}
    dropped: dict[str, DropReason] = {}
    for name in names[1:]:
        text, size, reason = _toon_candidate(name, checked, flat, encode)
        if reason is not None:
            dropped[name] = reason
        else:
            texts[name] = text
            sizes[name] = size
    return Candidates(texts, sizes, dropped)


def _candidate_list(candidates: Iterable[str]) -> list[Candidate]:
    """``json`` first (added when missing), then the caller's order."""
    if isinstance(candidates, str):
        raise ValueError("candidates must be a sequence of names, not a single string")
    names: list[Candidate] = ["json"]
    seen: set[str] = set()
    for name in candidates:
        if name not in CANDIDATES:
            raise ValueError(f"unknown candidate {name!r} (known: {', '.join(CANDIDATES)})")
        if name in seen:
            raise ValueError(f"candidate {name!r} is listed twice")
        seen.add(name)
        if name != "json":
            names.append(cast(Candidate, name))
    return names


def _toon_candidate(
    name: Candidate, checked: Checked, flat: JSONValue | None, encode: Encoder
) -> tuple[str, int, DropReason | None]:
    """The candidate's text, or the reason it was dropped (spec 7.2, in its order).

    ``flat`` is ``flatten_checked(checked)`` when the caller has it already.
    """
    if name == "toon-flatten":
        try:
            subject = flat if flat is not None else flatten_checked(checked)
        except FlattenError as exc:
            return "", 0, cast(DropReason, exc.reason)
    else:
        # Plain TOON obeys the same depth limit so that every host drops the same payloads.
        if checked.depth > MAX_DEPTH:
            return "", 0, "depth-exceeded"
        subject = checked.value
    try:
        text = encode(subject, checked.ecma_floats)
        size = _size(text)  # raises on a lone surrogate the encoder let through
    except Exception:  # any encoder failure drops the candidate; JSON still ships
        return "", 0, "encode-failed"
    if not text:
        return "", 0, "empty-text"
    return text, size, None


def _size(text: str) -> int:
    # isascii() reads a flag of the str object: no copy for the common ASCII text.
    return len(text) if text.isascii() else len(text.encode("utf-8"))
