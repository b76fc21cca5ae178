"""dot-flatten (spec section 4) and key normalisation (4.2, 4.3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, get_args

from ._errors import Faults, FlattenError, format_path
from ._payload import MAX_DEPTH, Checked, Default, JSONValue, _Link, _parts, check
from ._twin import check_and_flatten

__all__ = ["DOTS", "Dots", "check_dots", "flatten", "flatten_checked", "normalise_keys"]

Dots = Literal["rename", "refuse"]
"""What flatten does with a member name that holds a dot (spec 4.2): rename it (``.`` ->
``_``, the default) or refuse the payload with ``dotted-name``."""
DOTS: tuple[Dots, ...] = get_args(Dots)


def check_dots(dots: str) -> Dots:
    """``dots`` itself, or ValueError naming the known values."""
    if dots not in DOTS:
        raise ValueError(f"unknown dots value {dots!r} (known: {', '.join(DOTS)})")
    return dots


def flatten(value: Any, *, dots: Dots = "rename", default: Default | None = None) -> JSONValue:
    """Lift nested object members into dotted keys so uniform rows become tables.

    >>> flatten({"id": 1, "stats": {"runs": 10, "last.run": None}, "tags": {}})
    {'id': 1, 'stats.runs': 10, 'stats.last_run': None, 'tags': {}}

    Raises PayloadError for a non-JSON value and FlattenError (``depth-exceeded``,
    ``key-collision``) where flattening would lose information. With ``dots="refuse"``
    a member name that holds a dot is refused (``dotted-name``) instead of renamed, so
    every flattened name is made of the payload's own names.
    """
    made = check_and_flatten(value, refuse_dots=check_dots(dots) == "refuse")
    if made is not None:  # the compiled twin, for a plain payload
        return made[1]
    return flatten_checked(check(value, default), dots=dots)


def flatten_checked(checked: Checked, *, dots: Dots = "rename") -> JSONValue:
    """flatten() of a payload that already passed the data-model check."""
    _depth_first(checked)
    return _flatten(checked.value, None, dots == "refuse")


def normalise_keys(value: Any, *, default: Default | None = None) -> JSONValue:
    """The payload with every ``.`` in every member name replaced by ``_`` (nothing else).

    Refuses what flatten refuses (``depth-exceeded``, ``key-collision``, in that order),
    so the round-trip law ``unflatten(flatten(x)) == normalise_keys(x)`` holds exactly.

    >>> normalise_keys({"a.b": {"c.d": 1}})
    {'a_b': {'c_d': 1}}
    """
    checked = check(value, default)
    _depth_first(checked)
    return _normalise(checked.value, None)


def _depth_first(checked: Checked) -> None:
    # Depth is known for the whole input before any collision is looked for, so every
    # host reports the same reason for the same payload (spec 4.1, 7.3).
    faults = Faults("flatten", FlattenError)
    if checked.deep_path is not None:
        faults.note(
            "depth-exceeded",
            checked.deep_path,
            f"a value is nested deeper than MAX_DEPTH={MAX_DEPTH}",
        )
    faults.raise_first()


def _members(
    obj: dict[str, JSONValue], link: _Link, refuse: bool = False
) -> Iterator[tuple[str, str, JSONValue]]:
    """(name, normalised name, value) of each member; key-collision when two names are
    one after normalisation (spec 4.3), dotted-name for any dot when ``refuse``."""
    dotted: dict[str, str] = {}  # normalised -> original, for names that hold a dot
    for name, child in obj.items():
        if "." in name:
            if refuse:
                # Members are walked in document order, and every collision involves a
                # dotted name, so this comes before any key-collision (spec 7.3).
                raise FlattenError(
                    "dotted-name",
                    format_path([*_parts(link), name]),
                    f"member name {name!r} holds a dot (dots='refuse' keeps names as they are)",
                )
            # Only a name with a dot can meet another: plain names are unique already.
            key = name.replace(".", "_")
            other = key if key in obj else dotted.get(key)
            if other is not None:
                raise FlattenError(
                    "key-collision",
                    format_path([*_parts(link), name]),
                    f"members {other!r} and {name!r} both normalise to {key!r}",
                )
            dotted[key] = name
            yield name, key, child
        else:
            yield name, name, child


def _flatten(value: JSONValue, link: _Link, refuse: bool) -> JSONValue:
    # Recursion is bounded: the depth was checked to be at most MAX_DEPTH.
    if isinstance(value, dict):
        out: dict[str, JSONValue] = {}
        _merge(value, "", out, link, refuse)
        return out
    if isinstance(value, list):
        return [_flatten(item, (link, index), refuse) for index, item in enumerate(value)]
    return value


def _merge(
    obj: dict[str, JSONValue], prefix: str, out: dict[str, JSONValue], link: _Link, refuse: bool
) -> None:
    """Write the members of ``obj`` into ``out`` under ``prefix``.

    Names are unique within ``obj`` after normalisation (else key-collision), and they hold
    no dots, so the dotted keys written into ``out`` can never meet each other.
    """
    for name, key, child in _members(obj, link, refuse):
        full = prefix + key
        if isinstance(child, dict):
            if child:
                _merge(child, full + ".", out, (link, name), refuse)
            else:
                out[full] = {}  # an empty object is a leaf: dropping it would lose data
        elif isinstance(child, list):
            out[full] = _flatten(child, (link, name), refuse)
        else:
            out[full] = child


def _normalise(value: JSONValue, link: _Link) -> JSONValue:
    if isinstance(value, dict):
        return {key: _normalise(child, (link, name)) for name, key, child in _members(value, link)}
    if isinstance(value, list):
        return [_normalise(item, (link, index)) for index, item in enumerate(value)]
    return value
