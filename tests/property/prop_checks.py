"""Property checks shared by the suite and by the mutant tests.

Each check takes the flatten under test as its first argument, so
``tests/property/mutants/`` can run the very same checks against broken flattens and show
that they fail. Everything else (unflatten, the oracles) is fixed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import prop_oracles as oracle
from hypothesis import strategies as st

from toon_picker import FlattenError, unflatten
from toon_picker.strategies import (
    colliding_objects,
    collision_free_objects,
    dotted_name_objects,
    json_values,
    payloads_at_depth,
    uniform_rows,
)

Flatten = Callable[[Any], Any]


def accepted_values(max_depth: int = 20) -> st.SearchStrategy[Any]:
    """Values flatten must accept: no collision, depth <= max_depth, any root."""
    return st.one_of(
        collision_free_objects(max_depth=max_depth),
        json_values(max_depth=max_depth).filter(lambda x: not oracle.has_collision(x)),
    )


ACCEPTED = accepted_values()

# Around the depth limit: every container shape at 19..22, plus free payloads to depth 23
# (collision-prone names, so depth-versus-collision precedence is exercised too).
AROUND_THE_LIMIT = st.one_of(
    st.integers(19, 22).flatmap(lambda d: payloads_at_depth(d)),
    st.sampled_from(["objects", "arrays"]).flatmap(
        lambda c: st.integers(20, 21).flatmap(lambda d: payloads_at_depth(d, containers=c))
    ),
    json_values(max_depth=23),
)

# A collision next to a value at depth 20, 21 or 22, in either order (4.1 precedence).
COLLISION_AND_DEPTH = st.tuples(
    colliding_objects(max_depth=19),
    st.integers(19, 21).flatmap(lambda d: payloads_at_depth(d)),
    st.booleans(),
).map(lambda t: [t[0], t[1]] if t[2] else [t[1], t[0]])

# Inputs with and without collisions, within and beyond the depth limit.
COLLISION_MIX = st.one_of(
    json_values(),
    colliding_objects(),
    collision_free_objects(),
    AROUND_THE_LIMIT,
    COLLISION_AND_DEPTH,
)


# Payloads for the picker: rows TOON tabulates, collisions, dotted names, depth 21.
PICK_PAYLOADS = st.one_of(
    json_values(),
    uniform_rows(),
    uniform_rows().map(lambda rows: {"items": rows}),
    collision_free_objects(),
    colliding_objects(),
    json_values(max_depth=22),
    payloads_at_depth(21),
)
CANDIDATES = ("json", "toon-flatten", "toon")
CANDIDATE_LISTS = st.lists(st.sampled_from(CANDIDATES), unique=True, max_size=3)

# With dots="refuse": values with dots anywhere, nowhere, or in exactly one deep name,
# next to collisions and values beyond the depth limit (7.3 precedence).
REFUSE_MIX = st.one_of(
    json_values(),
    json_values(dotted_names=False),
    collision_free_objects(dotted_names=False),
    uniform_rows().map(lambda rows: {"items": rows}),
    dotted_name_objects(),
    colliding_objects(),
    AROUND_THE_LIMIT,
    st.tuples(dotted_name_objects(max_depth=19), payloads_at_depth(21)).map(list),
)


def outcome(flatten: Flatten, x: Any) -> tuple[str | None, Any]:
    """(reason, None) when flatten raises FlattenError, else (None, result)."""
    try:
        return None, flatten(x)
    except FlattenError as exc:
        return exc.reason, None


def check_depth_iff(flatten: Flatten, x: Any) -> None:
    """4.1: depth-exceeded if and only if some value sits deeper than 20."""
    reason, _ = outcome(flatten, x)
    too_deep = oracle.depth(x) > oracle.MAX_DEPTH
    assert (reason == "depth-exceeded") == too_deep, (reason, oracle.depth(x))


def check_collision_iff(flatten: Flatten, x: Any) -> None:
    """4.3 (with 4.1 precedence): key-collision iff some object has two members whose
    normalised names are equal, for inputs within the depth limit."""
    reason, _ = outcome(flatten, x)
    if oracle.depth(x) > oracle.MAX_DEPTH:
        assert reason == "depth-exceeded", reason
        return
    assert reason in (None, "key-collision"), reason
    assert (reason == "key-collision") == oracle.has_collision(x), reason


def check_round_trip(flatten: Flatten, x: Any) -> None:
    """4.9: unflatten(flatten(x)) == normalise_keys(x) (member order included)."""
    assert oracle.same_value(unflatten(flatten(x)), oracle.normalise_keys(x))


def check_no_nested_objects(flatten: Flatten, x: Any) -> None:
    """4 / 4.4: no object member of the result holds a non-empty object."""
    assert not oracle.holds_nested_object(flatten(x))


def key_sequences(value: Any) -> list[list[str]]:
    """The member names of every object in value, in document order."""
    out: list[list[str]] = []
    if isinstance(value, dict):
        out.append([oracle.ecma(k) for k in value])
        for child in value.values():
            out += key_sequences(child)
    elif isinstance(value, list):
        for child in value:
            out += key_sequences(child)
    return out


def check_depth_first_order(flatten: Flatten, x: Any) -> None:
    """4.8: keys in depth-first input order (in every flattened object)."""
    assert key_sequences(flatten(x)) == key_sequences(oracle.flatten(x))


def check_normalisation(flatten: Flatten, x: Any) -> None:
    """4.2: renaming first changes nothing, so every `.` of every name was replaced."""
    assert oracle.same_value(flatten(x), flatten(oracle.normalise_keys(x)))


def check_empty_objects_kept(flatten: Flatten, x: Any) -> None:
    """4.5: every empty object of the input is still there, at its flattened key."""
    assert count_empty_objects(flatten(x)) == count_empty_objects(x)


def count_empty_objects(value: Any) -> int:
    if isinstance(value, dict):
        return (0 if value else 1) + sum(count_empty_objects(v) for v in value.values())
    if isinstance(value, list):
        return sum(count_empty_objects(v) for v in value)
    return 0


def check_matches_oracle(flatten: Flatten, x: Any) -> None:
    """4 as a whole: the result equals an independent flatten, exactly."""
    assert oracle.same_value(flatten(x), oracle.flatten(x))
