"""The picker (spec section 6): ship whichever candidate text has the fewest UTF-8 bytes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, cast, get_args

from . import _backends, _json
from ._errors import DropReason, FlattenError
from ._fast import check_and_flatten
from ._flatten import flatten_checked
from ._model import MAX_DEPTH, Checked, Default, JSONValue, check

__all__ = ["CANDIDATES", "Candidate", "Pick", "pick", "stringify_compact"]

Candidate = Literal["json", "toon-flatten", "toon"]
CANDIDATES: tuple[Candidate, ...] = get_args(Candidate)


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


def pick(
    value: Any,
    *,
    candidates: Iterable[str] = ("json", "toon-flatten"),
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
    names = _candidate_list(candidates)
    if not (isinstance(min_saving, (int, float)) and 0 <= min_saving < 1):
        raise ValueError(
            f"min_saving must be a number with 0 <= min_saving < 1, got {min_saving!r}"
        )
    encode = _backends.encoder(backend)
    # One pass does the model check and flatten for plain payloads; the rest (and every
    # error) takes the reference path.
    fast = check_and_flatten(value)
    checked, flat = fast if fast is not None else (check(value, default), None)

    json_text = _json.encode(checked)
    json_size = _size(json_text)
    sizes: dict[str, int] = {"json": json_size}
    dropped: dict[str, DropReason] = {}
    best: tuple[Candidate, str, int] = ("json", json_text, json_size)
    limit = (1 - min_saving) * json_size
    for name in names[1:]:
        text, size, reason = _toon_candidate(name, checked, flat, encode)
        if reason is not None:
            dropped[name] = reason
            continue
        sizes[name] = size
        # Strict '<' against the best so far: ties go to the earlier candidate.
        if size <= limit and size < best[2]:
            best = (name, text, size)
    return Pick(best[0], best[1], sizes, dropped)


def stringify_compact(value: Any, **options: Any) -> str:
    """The picked text: a drop-in for ``JSON.stringify`` that may answer in TOON."""
    return pick(value, **options).text


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
    name: Candidate, checked: Checked, flat: JSONValue | None, encode: Callable[[Any], str]
) -> tuple[str, int, DropReason | None]:
    """The candidate's text and size, or the reason it was dropped.

    ``flat`` is ``flatten_checked(checked)`` when the caller has it already.
    """
    if name == "toon-flatten":
        try:
            subject = flat if flat is not None else flatten_checked(checked)
        except FlattenError as exc:
            return "", 0, _FLATTEN_DROPS[exc.reason]
    else:
        # Plain TOON obeys the same depth limit so that every host drops the same payloads.
        if checked.depth > MAX_DEPTH:
            return "", 0, "depth-exceeded"
        subject = checked.value
    if checked.wide_whole_floats:
        subject = _shortest_whole_floats(subject)
    try:
        text = encode(subject)
        size = _size(text)
    except Exception:  # any encoder failure drops the candidate; JSON still ships
        return "", 0, "encode-failed"
    if not text:
        return "", 0, "empty-text"
    return text, size, None


def _shortest_whole_floats(value: Any) -> Any:
    """Replace whole floats in [2**53, 1e21) by ints with their ECMAScript digits.

    toon-format writes such a float as its exact value (999999999999999868928), the
    official JavaScript encoder as Number::toString does (999999999999999900000); spec 6.2
    pins the latter, the same text as the JSON candidate. Depth is at most MAX_DEPTH here.
    """
    if isinstance(value, float):
        if value.is_integer() and abs(value) >= 2**53:
            text = _json.format_number(value)
            return int(text) if "e" not in text else value
        return value
    if isinstance(value, dict):
        return {key: _shortest_whole_floats(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shortest_whole_floats(item) for item in value]
    return value


_FLATTEN_DROPS: dict[str, DropReason] = {
    "depth-exceeded": "depth-exceeded",
    "key-collision": "key-collision",
}


def _size(text: str) -> int:
    return len(text.encode("utf-8"))
