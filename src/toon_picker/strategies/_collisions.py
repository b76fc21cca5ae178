"""Objects with and without key collisions (spec 4.3)."""

from __future__ import annotations

from hypothesis import strategies as st

from .. import MAX_DEPTH
from ._scalars import JSONObject, JSONValue
from ._trees import (
    BOOLS,
    SEPARATORS,
    Budget,
    Config,
    config,
    draw_int,
    draw_names,
    draw_object,
    draw_shuffled,
    draw_tree,
    invalid,
    tree_options_error,
    trees,
)

__all__ = ["colliding_objects", "collision_free_objects", "dotted_name_objects"]


def _draw_collision_pair(draw: st.DrawFn, cfg: Config) -> tuple[str, str]:
    """Two distinct names whose normalised forms (spec 4.2) are equal."""
    segments = [draw(cfg.segments) for _ in range(draw_int(draw, 2, 4))]
    joints = len(segments) - 1
    first = [draw(SEPARATORS) for _ in range(joints)]
    second = [draw(SEPARATORS) for _ in range(joints)]
    if first == second:
        i = draw_int(draw, 0, joints - 1)
        second[i] = "_" if first[i] == "." else "."

    def join(seps: list[str]) -> str:
        return segments[0] + "".join(s + seg for s, seg in zip(seps, segments[1:], strict=True))

    return join(first), join(second)


def colliding_objects(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 30, portable: bool = False
) -> st.SearchStrategy[JSONObject]:
    """Objects holding at least one key collision (spec 4.3), of depth <= ``max_depth``.

    Somewhere (at the root, in a nested object, or in an object inside an array) one
    object has two members whose names differ but normalise to the same name (``a.b`` and
    ``a_b``, ``.`` and ``_``); their values are leaves or objects. With the default
    ``max_depth`` flatten must raise ``key-collision`` (the depth check takes precedence
    above 20). ``max_depth`` must be >= 1.

    Shrinks toward ``{"a.a": None, "a_a": None}``: the pair at the root, scalar values.
    """
    error = tree_options_error(
        "colliding_objects", max_depth, max_leaves, min_depth=1, portable=portable
    )
    if error:
        return invalid(error)
    cfg = config(portable, collision_free=False)
    free = config(portable, collision_free=True)

    @st.composite
    def objects(draw: st.DrawFn) -> JSONObject:
        budget = Budget(max_leaves)
        # The colliding object sits at depth `wrappers`; its members one deeper.
        wrappers = draw_int(draw, 0, max_depth - 1)
        room = max_depth - wrappers - 1
        a, b = _draw_collision_pair(draw, cfg)
        others = draw_names(draw, free, draw_int(draw, 0, 3), taken=(a, b))
        members = [
            (a, draw_tree(draw, free, room, budget)),
            (b, draw_tree(draw, free, room, budget)),
        ]
        members += [(n, draw_tree(draw, free, room, budget)) for n in others]
        inner = dict(draw_shuffled(draw, members))
        return _bury(draw, free, inner, wrappers, max_depth, budget)

    return objects()


def _bury(
    draw: st.DrawFn, cfg: Config, inner: JSONObject, wrappers: int, max_depth: int, budget: Budget
) -> JSONObject:
    """``inner`` at depth ``wrappers``: inside that many containers (the outermost an object,
    the others objects or arrays), each with shallower siblings drawn from ``cfg``."""
    value: JSONValue = inner
    for level in range(wrappers):
        outermost = level == wrappers - 1
        n = draw_int(draw, 0, 2)
        room = max_depth - (wrappers - level)
        as_array = not outermost and draw(BOOLS)
        names = [] if as_array else draw_names(draw, cfg, n + 1)
        if not as_array:
            n = len(names) - 1
        siblings = [draw_tree(draw, cfg, room, budget) for _ in range(n)]
        at = draw_int(draw, 0, n)
        if as_array:
            value = [*siblings[:at], value, *siblings[at:]]
        else:
            names.insert(at, names.pop(0))
            value = dict(zip(names, [*siblings[:at], value, *siblings[at:]], strict=True))
    assert isinstance(value, dict)
    return value


def collision_free_objects(
    *,
    max_depth: int = MAX_DEPTH,
    max_leaves: int = 40,
    portable: bool = False,
    dotted_names: bool = True,
) -> st.SearchStrategy[JSONObject]:
    """Objects (the root is an object) of depth <= ``max_depth`` with no key collision.

    In every object at every level, member names are unique after normalisation
    (spec 4.2), so with the default ``max_depth`` flatten must succeed and
    ``unflatten(flatten(x)) == normalise_keys(x)``. Names still contain dots, ``""``,
    ``.`` and the rest of the bias list; values are as in `json_values`. With
    ``dotted_names=False`` no member name at any level holds a dot.

    Shrinks toward ``{}``, then few members named ``"a"``, ``"b"`` with ``None`` values.
    """
    return trees(
        "collision_free_objects",
        draw_object,
        max_depth=max_depth,
        max_leaves=max_leaves,
        portable=portable,
        dotted_names=dotted_names,
        collision_free=True,
    )


def dotted_name_objects(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 30, portable: bool = False
) -> st.SearchStrategy[JSONObject]:
    """Objects in which exactly one member name, at some level, holds a dot.

    Every other member name at every level is dot-free, and the dotted name sits anywhere
    (at the root, in a nested object, or in an object inside an array), at depth
    <= ``max_depth``. So ``flatten(x, dots="refuse")`` must raise ``dotted-name`` with the
    path of that member, and a port that looks for dots only near the root is caught.
    Names are collision-free. ``max_depth`` must be >= 1.

    Shrinks toward ``{"a.a": None}``: the dotted member at the root, a scalar value.
    """
    error = tree_options_error(
        "dotted_name_objects", max_depth, max_leaves, min_depth=1, portable=portable
    )
    if error:
        return invalid(error)
    plain = config(portable, collision_free=True, dotted_names=False)

    @st.composite
    def objects(draw: st.DrawFn) -> JSONObject:
        budget = Budget(max_leaves)
        wrappers = draw_int(draw, 0, max_depth - 1)
        room = max_depth - wrappers - 1
        segments = [draw(plain.segments) for _ in range(draw_int(draw, 2, 3))]
        dotted = ".".join(segments)
        others = draw_names(draw, plain, draw_int(draw, 0, 3), taken=(dotted,))
        members = [(dotted, draw_tree(draw, plain, room, budget))]
        members += [(n, draw_tree(draw, plain, room, budget)) for n in others]
        inner = dict(draw_shuffled(draw, members))
        return _bury(draw, plain, inner, wrappers, max_depth, budget)

    return objects()
