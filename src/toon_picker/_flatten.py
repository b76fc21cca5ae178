"""dot-flatten (spec section 4) and key normalisation."""

from __future__ import annotations

from typing import Any

from ._errors import FlattenError, format_path
from ._fast import check_and_flatten
from ._model import MAX_DEPTH, Checked, Default, JSONValue, _Link, _parts, check

__all__ = ["flatten", "flatten_checked", "normalise_keys"]


def flatten(value: Any, *, default: Default | None = None) -> JSONValue:
    """Lift nested object members into dotted keys so uniform rows become tables.

    >>> flatten({"id": 1, "stats": {"runs": 10, "last.run": None}, "tags": {}})
    {'id': 1, 'stats.runs': 10, 'stats.last_run': None, 'tags': {}}

    Raises PayloadError for a non-JSON value and FlattenError (``depth-exceeded``,
    ``key-collision``) where flattening would lose information.
    """
    fast = check_and_flatten(value)
    if fast is not None:
        return fast[1]
    return flatten_checked(check(value, default))


def flatten_checked(checked: Checked) -> JSONValue:
    """flatten() of a payload that already passed the data-model check."""
    if checked.deep_path is not None:
        # Checked over the whole input before collisions, so every host reports the same
        # reason for the same payload (spec 4.1).
        raise FlattenError(
            "depth-exceeded",
            checked.deep_path,
            f"a value is nested deeper than MAX_DEPTH={MAX_DEPTH}",
        )
    return _flatten(checked.value, None)


def _flatten(value: JSONValue, link: _Link) -> JSONValue:
    # Recursion is bounded: the depth was checked to be at most MAX_DEPTH.
    if isinstance(value, dict):
        out: dict[str, JSONValue] = {}
        _merge(value, "", out, link)
        return out
    if isinstance(value, list):
        return [_flatten(item, (link, index)) for index, item in enumerate(value)]
    return value


def _merge(obj: dict[str, JSONValue], prefix: str, out: dict[str, JSONValue], link: _Link) -> None:
    """Write the members of ``obj`` into ``out`` under ``prefix``.

    Names are unique within ``obj`` after normalisation (else key-collision), and they hold
    no dots, so the dotted keys written into ``out`` can never meet each other.
    """
    dotted: dict[str, str] = {}  # normalised -> original, for names that hold a dot
    for name, child in obj.items():
        if "." in name:
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
        else:
            key = name
        full = prefix + key
        if isinstance(child, dict):
            if child:
                _merge(child, full + ".", out, (link, name))
            else:
                out[full] = {}  # an empty object is a leaf: dropping it would lose data
        elif isinstance(child, list):
            out[full] = _flatten(child, (link, name))
        else:
            out[full] = child


def normalise_keys(value: Any) -> JSONValue:
    """The payload with every ``.`` in every member name replaced by ``_`` (nothing else).

    The round-trip law is ``unflatten(flatten(x)) == normalise_keys(x)``.
    """
    checked = check(value)
    if checked.depth > MAX_DEPTH:
        raise FlattenError(
            "depth-exceeded",
            checked.deep_path or "$",
            f"a value is nested deeper than MAX_DEPTH={MAX_DEPTH}",
        )
    return _normalise(checked.value)


def _normalise(value: JSONValue) -> JSONValue:
    if isinstance(value, dict):
        return {name.replace(".", "_"): _normalise(child) for name, child in value.items()}
    if isinstance(value, list):
        return [_normalise(item) for item in value]
    return value
