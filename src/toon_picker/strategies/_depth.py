"""``payloads_at_depth``: payloads whose maximum depth is exactly a given number."""

from __future__ import annotations

from hypothesis import strategies as st

from ._scalars import JSONValue
from ._trees import (
    BOOLS,
    Budget,
    bool_error,
    config,
    draw_int,
    draw_leaf,
    draw_names,
    draw_tree,
    first_error,
    int_error,
    invalid,
)

__all__ = ["payloads_at_depth"]

_CONTAINERS = ("any", "objects", "arrays")


def payloads_at_depth(
    depth: int,
    *,
    containers: str = "any",
    max_leaves: int = 30,
    portable: bool = False,
) -> st.SearchStrategy[JSONValue]:
    """Payloads whose maximum depth (spec 2.3) is exactly ``depth``: for fuzzing 20/21.

    A spine of ``depth`` containers leads from the root to a value at depth ``depth``:
    a scalar, ``{}`` or ``[]`` (empty leaves). Along the spine, containers may carry
    shallower siblings. ``containers`` picks the spine: ``"objects"`` (object chains),
    ``"arrays"`` (array chains) or ``"any"`` (each link chosen freely, so mixed chains too).
    Objects are collision-free (spec 4.3), so ``flatten`` succeeds iff ``depth <= 20``.

    Shrinks toward a bare chain (no siblings) of single-child containers ending in ``{}``
    (``[[[{}]]]`` for ``payloads_at_depth(3, containers="arrays")``).
    """
    error = first_error(
        int_error("payloads_at_depth", "depth", depth, 0),
        ""
        if containers in _CONTAINERS
        else f"payloads_at_depth: containers must be one of {_CONTAINERS}, got {containers!r}",
        int_error("payloads_at_depth", "max_leaves", max_leaves, 1),
        bool_error("payloads_at_depth", "portable", portable),
    )
    if error:
        return invalid(error)
    cfg = config(portable, collision_free=True)

    def spine(draw: st.DrawFn, left: int, budget: Budget) -> JSONValue:
        if left == 0:
            return draw_leaf(draw, cfg, budget)
        is_array = containers == "arrays" or (containers == "any" and draw(BOOLS))
        child = spine(draw, left - 1, budget)
        n_siblings = draw_int(draw, 0, max(0, min(3, budget.leaves)))
        names = [] if is_array else draw_names(draw, cfg, n_siblings + 1)
        if not is_array:
            n_siblings = len(names) - 1
        siblings = [draw_tree(draw, cfg, left - 1, budget) for _ in range(n_siblings)]
        at = draw_int(draw, 0, n_siblings)
        if is_array:
            return [*siblings[:at], child, *siblings[at:]]
        values = [*siblings[:at], child, *siblings[at:]]
        # names[0] shrinks to "a"; give it to the spine child.
        names.insert(at, names.pop(0))
        return dict(zip(names, values, strict=True))

    @st.composite
    def payloads(draw: st.DrawFn) -> JSONValue:
        return spine(draw, depth, Budget(max_leaves))

    return payloads()
