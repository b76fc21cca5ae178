"""The tree generator every strategy is built on, and the lazy argument checks."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn, TypeVar

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from ._scalars import JSONObject, JSONValue, ecma_name, member_names, normalised_name, scalars

__all__ = [
    "BOOLS",
    "SEPARATORS",
    "Budget",
    "Config",
    "bool_error",
    "config",
    "draw_int",
    "draw_leaf",
    "draw_names",
    "draw_object",
    "draw_shuffled",
    "draw_tree",
    "first_error",
    "int_error",
    "invalid",
    "tree_options_error",
    "trees",
]

_T = TypeVar("_T")

# --- the tree generator -----------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    names: st.SearchStrategy[str]
    # Dot-free name pieces for building collision pairs.
    segments: st.SearchStrategy[str]
    scalars: st.SearchStrategy[JSONValue]
    # Names of one object are unique under this key: the ECMAScript name, or the
    # normalised name for collision-free objects.
    unique_by: Callable[[str], str]


def config(portable: bool, collision_free: bool, dotted_names: bool = True) -> Config:
    names = member_names(portable)
    if not dotted_names:
        names = names.map(_without_dots)
    return Config(
        names=names,
        segments=st.one_of(
            st.sampled_from(("a", "b", "", "_", "x1", "é")),
            names.map(_without_dots),
        ),
        scalars=scalars(portable),
        unique_by=normalised_name if collision_free else ecma_name,
    )


def _without_dots(name: str) -> str:
    return name.replace(".", "")


@functools.cache
def _ints(low: int, high: int) -> st.SearchStrategy[int]:
    # Building a strategy per draw is what makes composite strategies slow: reuse them.
    return st.integers(low, high)


def draw_int(draw: st.DrawFn, low: int, high: int) -> int:
    return draw(_ints(low, high)) if high > low else low


BOOLS = st.booleans()
SEPARATORS = st.sampled_from("._")


def draw_shuffled(draw: st.DrawFn, items: list[_T]) -> list[_T]:
    """Fisher-Yates driven by draws; shrinks toward the original order."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = i - draw_int(draw, 0, i)
        items[i], items[j] = items[j], items[i]
    return items


class Budget:
    """Leaves left to spend: bounds the size of a drawn tree."""

    def __init__(self, leaves: int) -> None:
        self.leaves = leaves

    def take(self) -> None:
        self.leaves -= 1


_SCALAR, _EMPTY_OBJECT, _EMPTY_ARRAY, _OBJECT, _ARRAY, _CHAIN = range(6)


def draw_leaf(draw: st.DrawFn, cfg: Config, budget: Budget) -> JSONValue:
    budget.take()
    kind = draw_int(draw, 0, 2)
    if kind == 1:
        return {}
    if kind == 2:
        return []
    return draw(cfg.scalars)


def draw_names(draw: st.DrawFn, cfg: Config, n: int, *, taken: Sequence[str] = ()) -> list[str]:
    """Up to n names, unique under cfg.unique_by and distinct from taken.

    May return fewer than n (duplicates are dropped, not redrawn forever); never fewer than
    one when n >= 1 and taken is empty.
    """
    used = {cfg.unique_by(t) for t in taken}
    names: list[str] = []
    for _ in range(2 * n + 2):
        if len(names) == n:
            break
        name = draw(cfg.names)
        key = cfg.unique_by(name)
        if key not in used:
            used.add(key)
            names.append(name)
    return names


def draw_tree(draw: st.DrawFn, cfg: Config, height: int, budget: Budget) -> JSONValue:
    """Any value whose own height (depth of its deepest value, itself at 0) is <= height."""
    if height <= 0 or budget.leaves <= 0:
        return draw_leaf(draw, cfg, budget)
    kind = draw_int(draw, _SCALAR, _CHAIN)
    if kind == _SCALAR:
        budget.take()
        return draw(cfg.scalars)
    if kind == _EMPTY_OBJECT:
        budget.take()
        return {}
    if kind == _EMPTY_ARRAY:
        budget.take()
        return []
    if kind == _CHAIN:
        # A run of single-child containers: reaches the depth limit far more often than
        # independent choices would.
        links = [draw(BOOLS) for _ in range(draw_int(draw, 1, height))]
        value = draw_tree(draw, cfg, height - len(links), budget)
        for is_array in reversed(links):
            value = [value] if is_array else {draw_names(draw, cfg, 1)[0]: value}
        return value
    size = draw_int(draw, 1, max(1, min(5, budget.leaves)))
    if kind == _ARRAY:
        return [draw_tree(draw, cfg, height - 1, budget) for _ in range(size)]
    names = draw_names(draw, cfg, size)
    return {name: draw_tree(draw, cfg, height - 1, budget) for name in names}


def draw_object(draw: st.DrawFn, cfg: Config, height: int, budget: Budget) -> JSONObject:
    """An object (possibly empty) of height <= height."""
    if height <= 0:
        return {}
    size = draw_int(draw, 0, max(0, min(6, budget.leaves)))
    names = draw_names(draw, cfg, size)
    return {name: draw_tree(draw, cfg, height - 1, budget) for name in names}


# --- argument checking (lazy) -----------------------------------------------------------


def invalid(message: str) -> st.SearchStrategy[NoReturn]:
    """A strategy that raises InvalidArgument when drawn (lazy validation)."""

    def fail() -> NoReturn:
        raise InvalidArgument(message)

    return st.builds(fail)


def int_error(func: str, name: str, value: object, low: int, high: int | None = None) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        return f"{func}: {name} must be an int, got {value!r}"
    if value < low or (high is not None and value > high):
        bound = f">= {low}" if high is None else f"in [{low}, {high}]"
        return f"{func}: {name} must be {bound}, got {value!r}"
    return ""


def bool_error(func: str, name: str, value: object) -> str:
    if not isinstance(value, bool):
        return f"{func}: {name} must be a bool, got {value!r}"
    return ""


def first_error(*messages: str) -> str:
    return next((m for m in messages if m), "")


def tree_options_error(
    func: str, max_depth: object, max_leaves: object, *, min_depth: int = 0, **flags: object
) -> str:
    """The first bad one of the options the tree strategies share (``max_depth`` of at least
    ``min_depth``, ``max_leaves`` of at least 1, boolean ``flags``), or ``""``."""
    return first_error(
        int_error(func, "max_depth", max_depth, min_depth),
        int_error(func, "max_leaves", max_leaves, 1),
        *(bool_error(func, name, value) for name, value in flags.items()),
    )


def trees(
    func: str,
    draw_root: Callable[[st.DrawFn, Config, int, Budget], _T],
    *,
    max_depth: int,
    max_leaves: int,
    portable: bool,
    dotted_names: bool,
    collision_free: bool,
) -> st.SearchStrategy[_T]:
    """The strategy ``func`` of the public API: its options checked lazily (a bad one is a
    strategy that raises when drawn), then roots drawn by ``draw_root``."""
    error = tree_options_error(
        func, max_depth, max_leaves, portable=portable, dotted_names=dotted_names
    )
    if error:
        return invalid(error)
    cfg = config(portable, collision_free=collision_free, dotted_names=dotted_names)

    @st.composite
    def roots(draw: st.DrawFn) -> _T:
        return draw_root(draw, cfg, max_depth, Budget(max_leaves))

    return roots()
