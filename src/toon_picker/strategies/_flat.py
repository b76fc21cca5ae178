"""``flat_documents``: valid unflatten inputs (spec 5)."""

from __future__ import annotations

from hypothesis import strategies as st

from .. import MAX_DEPTH
from ._scalars import JSONObject, JSONValue
from ._trees import (
    Budget,
    config,
    draw_int,
    draw_object,
    draw_shuffled,
    draw_tree,
    invalid,
    tree_options_error,
)

__all__ = ["flat_documents"]


def _flatten_for_strategy(draw: st.DrawFn, value: JSONValue, shuffle: bool) -> JSONValue:
    """A small spec-4 flatten of a collision-free value (keys optionally shuffled)."""
    if isinstance(value, list):
        return [_flatten_for_strategy(draw, v, shuffle) for v in value]
    if not isinstance(value, dict):
        return value
    items: list[tuple[str, JSONValue]] = []

    def walk(obj: JSONObject, prefix: str) -> None:
        for name, v in obj.items():
            key = prefix + name.replace(".", "_")
            if isinstance(v, dict) and v:
                walk(v, key + ".")
            else:
                items.append((key, _flatten_for_strategy(draw, v, shuffle)))

    walk(value, "")
    if shuffle and len(items) > 1:
        items = draw_shuffled(draw, items)
    return dict(items)


def flat_documents(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 40, portable: bool = False
) -> st.SearchStrategy[JSONValue]:
    """Valid unflatten inputs (spec 5): values that ``unflatten`` must accept.

    Built as the flatten of a collision-free value of depth <= ``max_depth``, so the
    unflattened result is at most ``max_depth`` deep, no key is both a leaf and a prefix,
    and no member value is a non-empty object. Keys such as ``".b"``, ``"a."``, ``""``,
    ``{}`` leaves and arrays of flat objects appear often; member order is shuffled
    (unflatten accepts any order). Mostly objects; sometimes an array or scalar root. With
    ``portable`` no key segment is integer-like either.

    Shrinks toward ``{}``, then short keys in depth-first order.
    """
    error = tree_options_error("flat_documents", max_depth, max_leaves, portable=portable)
    if error:
        return invalid(error)
    cfg = config(portable, collision_free=True)

    @st.composite
    def documents(draw: st.DrawFn) -> JSONValue:
        budget = Budget(max_leaves)
        if draw_int(draw, 0, 4) < 4:
            nested: JSONValue = draw_object(draw, cfg, max_depth, budget)
        else:
            nested = draw_tree(draw, cfg, max_depth, budget)
        return _flatten_for_strategy(draw, nested, shuffle=True)

    return documents()
