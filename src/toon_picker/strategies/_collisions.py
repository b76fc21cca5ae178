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
    bool_error,
    config,
    draw_int,
    draw_names,
    draw_object,
    draw_shuffled,
    draw_tree,
    first_error,
    int_error,
    invalid,
)

__all__ = ["colliding_objects", "collision_free_objects"]


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
    error = first_error(
        int_error("colliding_objects", "max_depth", max_depth, 1),
        int_error("colliding_objects", "max_leaves", max_leaves, 1),
        bool_error("colliding_objects", "portable", portable),
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
        inner: JSONValue = dict(draw_shuffled(draw, members))
        for level in range(wrappers):
            # The outermost wrapper is an object; the others may be arrays.
            outermost = level == wrappers - 1
            n = draw_int(draw, 0, 2)
            room = max_depth - (wrappers - level)
            as_array = not outermost and draw(BOOLS)
            names = [] if as_array else draw_names(draw, free, n + 1)
            if not as_array:
                n = len(names) - 1
            siblings = [draw_tree(draw, free, room, budget) for _ in range(n)]
            at = draw_int(draw, 0, n)
            if as_array:
                inner = [*siblings[:at], inner, *siblings[at:]]
            else:
                names.insert(at, names.pop(0))
                inner = dict(zip(names, [*siblings[:at], inner, *siblings[at:]], strict=True))
        assert isinstance(inner, dict)
        return inner

    return objects()


def collision_free_objects(
    *, max_depth: int = MAX_DEPTH, max_leaves: int = 40, portable: bool = False
) -> st.SearchStrategy[JSONObject]:
    """Objects (the root is an object) of depth <= ``max_depth`` with no key collision.

    In every object at every level, member names are unique after normalisation
    (spec 4.2), so with the default ``max_depth`` flatten must succeed and
    ``unflatten(flatten(x)) == normalise_keys(x)``. Names still contain dots, ``""``,
    ``.`` and the rest of the bias list; values are as in `json_values`.

    Shrinks toward ``{}``, then few members named ``"a"``, ``"b"`` with ``None`` values.
    """
    error = first_error(
        int_error("collision_free_objects", "max_depth", max_depth, 0),
        int_error("collision_free_objects", "max_leaves", max_leaves, 1),
        bool_error("collision_free_objects", "portable", portable),
    )
    if error:
        return invalid(error)
    cfg = config(portable, collision_free=True)

    @st.composite
    def objects(draw: st.DrawFn) -> JSONObject:
        return draw_object(draw, cfg, max_depth, Budget(max_leaves))

    return objects()
