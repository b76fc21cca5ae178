"""Field projection: keep only the named (dotted) fields of each item.

The design's ``fields=`` parameter, applied before the picker. Rules:

* **Items.** The items are the elements of a top-level array, or of ``data.items`` when the
  value is an Apify API envelope (``{"data": {..., "items": [...]}}``; the other envelope
  members such as ``total`` and ``count`` are kept unchanged), or the value itself when it
  is any other object. Every item keeps its position: an object item with none of the
  fields becomes ``{}``; an item that is not an object is kept unchanged (it has no fields
  to select from). A scalar root is returned unchanged.
* **Fields.** A field is a dotted path of member names: ``a.b`` keeps ``{"a": {"b": ...}}``.
  Members appear in the order the fields first name them. A field that names a whole
  value (``a``) keeps it whole, so ``a`` wins over ``a.b`` when both are given; repeated
  fields are harmless.
* **Missing fields are omitted**, never filled with ``null``: ``a.b`` on an item without
  ``a``, with ``a`` null or a scalar, or with ``a`` lacking ``b``, contributes nothing, and
  an object member whose selection came out empty is dropped.
* **Arrays on the path are transparent**: ``reviews.text`` applied to ``"reviews": [...]``
  projects every element by the rest of the path (``text``) with the item rules above, so
  the array keeps its length and element positions (an object element without ``text``
  becomes ``{}``, a non-object element is kept). Arrays nested in arrays are walked the
  same way.
* A member name containing ``.`` cannot be named by a dotted field (there is no escape);
  name its parent instead.

Bad field specs raise :class:`FieldSpecError` (a ``ValueError``) with a reason code and the
position of the bad field, e.g. ``fields[2]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, get_args

from ._errors import ToonPickerError

__all__ = ["FieldSpecError", "FieldSpecReason", "parse_fields", "project"]

FieldSpecReason = Literal["no-fields", "not-a-string", "empty-field", "empty-segment"]
"""``no-fields``: the spec names no field; ``not-a-string``: a field is not a str;
``empty-field``: a field is ``""`` (e.g. ``"a,,b"``); ``empty-segment``: a dotted field has
an empty part (``".a"``, ``"a."``, ``"a..b"``)."""

FIELD_SPEC_REASONS: tuple[FieldSpecReason, ...] = get_args(FieldSpecReason)

# A node of the field trie: member name -> sub-trie; None means "keep the whole value".
_Trie = dict[str, "_Trie | None"]


class FieldSpecError(ToonPickerError, ValueError):
    """A field spec passed to :func:`project` (or ``--fields``) is malformed; ``path`` is
    the position of the bad field, e.g. ``fields[2]``."""

    reason: FieldSpecReason


def parse_fields(fields: str | Iterable[str]) -> tuple[str, ...]:
    """Validate a field spec: a comma-separated string or an iterable of dotted fields.

    >>> parse_fields("title, url,location.lat")
    ('title', 'url', 'location.lat')
    """
    if isinstance(fields, str):
        items: list[object] = [part.strip() for part in fields.split(",")]
        if items == [""]:
            items = []
    else:
        items = list(fields)
    if not items:
        raise FieldSpecError("no-fields", "fields", "name at least one field")
    out = []
    for index, field in enumerate(items):
        where = f"fields[{index}]"
        if not isinstance(field, str):
            raise FieldSpecError("not-a-string", where, f"expected str, got {type(field).__name__}")
        if field == "":
            raise FieldSpecError("empty-field", where, "a field name is empty")
        if "" in field.split("."):
            raise FieldSpecError("empty-segment", where, f"{field!r} has an empty dotted part")
        out.append(field)
    return tuple(out)


def _trie(fields: Sequence[str]) -> _Trie:
    root: _Trie = {}
    for field in fields:
        node = root
        segments = field.split(".")
        for i, segment in enumerate(segments):
            last = i == len(segments) - 1
            if segment in node:
                child = node[segment]
                if child is None:  # an ancestor is already kept whole
                    break
                if last:
                    node[segment] = None
                    break
                node = child
            elif last:
                node[segment] = None
            else:
                new: _Trie = {}
                node[segment] = new
                node = new
    return root


def _select(obj: Mapping[str, Any], trie: _Trie) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, sub in trie.items():
        if name not in obj:
            continue
        value = obj[name]
        if sub is None:
            out[name] = value
        elif isinstance(value, Mapping):
            selected = _select(value, sub)
            if selected:
                out[name] = selected
        elif isinstance(value, (list, tuple)):
            out[name] = _rows(value, sub)
        # a scalar or null where the path goes on: the field is missing, omit it
    return out


def _rows(values: Sequence[Any], trie: _Trie) -> list[Any]:
    """Project each element as an item; positions are kept."""
    out: list[Any] = []
    for value in values:
        if isinstance(value, Mapping):
            out.append(_select(value, trie))
        elif isinstance(value, (list, tuple)):
            out.append(_rows(value, trie))
        else:
            out.append(value)
    return out


def _is_envelope(value: Mapping[str, Any]) -> bool:
    data = value.get("data")
    return (
        len(value) == 1
        and isinstance(data, Mapping)
        and isinstance(data.get("items"), (list, tuple))
    )


def project(value: Any, fields: str | Iterable[str]) -> Any:
    """Keep only ``fields`` of each item of ``value`` (see the module docstring).

    >>> project([{"title": "A", "url": "u", "x": 1}, {"title": "B"}], "title,url")
    [{'title': 'A', 'url': 'u'}, {'title': 'B'}]
    >>> project({"data": {"count": 1, "items": [{"a": {"b": 1, "c": 2}}]}}, ["a.b"])
    {'data': {'count': 1, 'items': [{'a': {'b': 1}}]}}

    The input is not modified; kept values are shared with it, not copied.
    """
    trie = _trie(parse_fields(fields))
    if isinstance(value, (list, tuple)):
        return [_select(v, trie) if isinstance(v, Mapping) else v for v in value]
    if isinstance(value, Mapping):
        if _is_envelope(value):
            data = dict(value["data"])
            data["items"] = [
                _select(v, trie) if isinstance(v, Mapping) else v for v in data["items"]
            ]
            return {"data": data}
        return _select(value, trie)
    return value
