"""``json_values``: any JSON payload up to a depth."""

from __future__ import annotations

from hypothesis import strategies as st

from .. import MAX_DEPTH
from ._scalars import JSONValue
from ._trees import draw_tree, trees

__all__ = ["json_values"]


def json_values(
    *,
    max_depth: int = MAX_DEPTH,
    max_leaves: int = 40,
    portable: bool = False,
    dotted_names: bool = True,
) -> st.SearchStrategy[JSONValue]:
    """JSON payloads as spec section 2 defines them, of maximum depth <= ``max_depth``.

    Any root (scalar, array, object). Objects have unique member names but may hold
    normalisation collisions (``a.b`` next to ``a_b``); use `collision_free_objects`
    when you need flatten to succeed. The default ``max_depth`` is the spec's MAX_DEPTH
    (20), so no value is too deep for flatten; pass more (e.g. 23) to cross the limit.
    ``max_leaves`` bounds the number of scalars and empty containers.

    Biased toward flattener bugs: names with dots, ``""``, ``.``, ``__proto__``, unicode,
    integer-like names; empty objects/arrays at any level; chains of single-child
    containers that reach ``max_depth``; notation-threshold floats, ``-0.0``; controls and
    lone surrogates in strings. ``dotted_names=False`` leaves every dot out of every member
    name at every level (so ``flatten(x, dots="refuse")`` must accept them when flatten
    does).

    Shrinks toward ``{}``, then toward small objects and arrays with ``None`` leaves and
    the first names of the bias list (``{"a": None, "b": None}``).
    """
    return trees(
        "json_values",
        draw_tree,
        max_depth=max_depth,
        max_leaves=max_leaves,
        portable=portable,
        dotted_names=dotted_names,
        collision_free=False,
    )
