"""Properties of dot-flatten: spec/SPEC.md section 4, one test per clause."""

from __future__ import annotations

from typing import Any

import prop_checks as check
import prop_oracles as oracle
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import FlattenError, flatten
from toon_picker import normalise_keys as reference_normalise_keys
from toon_picker.strategies import (
    colliding_objects,
    dotted_name_objects,
    json_values,
)

accepted_values = check.accepted_values
accepted = check.ACCEPTED
around_the_limit = check.AROUND_THE_LIMIT


def deep(value: Any, n: int) -> Any:
    for _ in range(n):
        value = {"a": value}
    return value


def deep_array(value: Any, n: int) -> Any:
    for _ in range(n):
        value = [value]
    return value


@given(around_the_limit)
@example(deep(1, 20))
@example(deep({}, 21))
@example(deep_array([], 21))
@example({"a.b": 1, "a_b": 2, "d": deep(1, 21)})
def test_depth_error_iff_deeper_than_20(x: Any) -> None:
    """4.1: "If any value of the input sits at a depth greater than 20, flatten MUST fail
    with `depth-exceeded`. This applies to every kind of value: scalars, empty arrays, empty
    objects, containers." (checked against an independent depth oracle, both ways)"""
    check.check_depth_iff(flatten, x)


@given(check.COLLISION_MIX)
@example({"a_b": {"c": 1}, "a.b": {"d": 2}})
@example([{"a.b": 1}, {"a_b": 2}])
def test_collision_error_iff_equal_normalised_names(x: Any) -> None:
    """4.3: "If two members of one object have equal names after normalisation, flatten MUST
    fail with `key-collision`. [...] It holds in every object at every level, including
    objects inside arrays." and 4.1: "`depth-exceeded` MUST take precedence over
    `key-collision`." (checked against an independent collision oracle, both ways)"""
    check.check_collision_iff(flatten, x)


@given(colliding_objects())
def test_colliding_objects_always_collide(x: Any) -> None:
    """4.3: "This holds whatever the two values are: scalars, arrays, empty objects or
    non-empty objects." (every generated colliding object raises key-collision)"""
    assert check.outcome(flatten, x)[0] == "key-collision"


@given(accepted)
@example({"a": {}})
@example({"a.b.c": {"": {"": 1}}})
def test_round_trip(x: Any) -> None:
    """4.9: "Round trip: `unflatten(flatten(x))` equals `normalise_keys(x)` for every `x`
    that flatten accepts.\""""
    check.check_round_trip(flatten, x)


@given(accepted)
def test_reference_normalise_keys(x: Any) -> None:
    """4.2: "`normalise_keys(x)` names the value that results from applying only this rule
    to `x` (no merging)" (the reference's helper against the oracle's)."""
    assert oracle.same_value(reference_normalise_keys(x), oracle.normalise_keys(x))


@given(accepted)
def test_every_dot_is_replaced(x: Any) -> None:
    """4.2: "Every `.` in every member name MUST be replaced by `_`. This applies to every
    object at every level" (so normalising first changes nothing)."""
    check.check_normalisation(flatten, x)


@given(accepted)
def test_no_member_holds_a_non_empty_object(x: Any) -> None:
    """4: "`flatten(value)` returns a value in which no object member holds a non-empty
    object" (4.4: "Merging MUST chain through every level of nested non-empty objects.")"""
    check.check_no_nested_objects(flatten, x)


@given(accepted)
@example({"a": {"b": {}, "c": 1}})
@example([{}, {"x": {}}])
def test_empty_objects_are_kept(x: Any) -> None:
    """4.5: "A member whose value is the empty object MUST be kept, with the value `{}`.\""""
    check.check_empty_objects_kept(flatten, x)


@given(accepted)
@example({"z": 1, "m": {"b": 2, "a": 3}, "a": 4})
def test_depth_first_input_order(x: Any) -> None:
    """4.8: "The members of each flattened object MUST appear in depth-first order of the
    input: each member in input order, with a merged object's members inserted, in their
    own order, at the position of the member that held them.\""""
    check.check_depth_first_order(flatten, x)


@given(st.lists(accepted_values(19), max_size=4) | json_values(max_depth=0))
def test_arrays_and_scalars(x: Any) -> None:
    """4.7: "An array MUST stay an array of the same length, at any level. Each array
    element MUST be flattened on its own, as if it were a root [...] A scalar MUST be
    returned unchanged.\""""
    if isinstance(x, list):
        assert oracle.same_value(flatten(x), [flatten(item) for item in x])
    elif not isinstance(x, dict):
        assert oracle.same_value(flatten(x), oracle.normalise_keys(x))
    else:
        assert flatten(x) == {}


@given(accepted)
@example({"": {"": 1}, "a": {"": {"": 2}}})
def test_matches_an_independent_flatten(x: Any) -> None:
    """4 (4.4 merging, 4.6 empty names): "A member named `""` MUST contribute an empty
    segment to flattened names." The result equals an independent flatten exactly."""
    check.check_matches_oracle(flatten, x)


@given(accepted)
def test_deterministic(x: Any) -> None:
    """4: flatten is a function of its input: equal inputs give equal outputs, and the input
    is not modified."""
    before = repr(x)
    first = flatten(x)
    assert repr(x) == before
    assert oracle.same_value(flatten(x), first)


def refuse(x: Any) -> Any:
    return flatten(x, dots="refuse")


def error_of(func: Any, x: Any) -> tuple[str, list[str | int]] | None:
    """(reason, path steps with names as ECMAScript reads them) of the FlattenError, or None."""
    try:
        func(x)
    except FlattenError as exc:
        steps = [oracle.ecma(s) if isinstance(s, str) else s for s in oracle.parse_path(exc.path)]
        return exc.reason, steps
    return None


@given(check.REFUSE_MIX)
@example({"a": [{"b": {"c.d": 1}}]})
@example({"a_b": 1, "a.b": 2})
@example({"a": {"b": 1}, "c": [{"d.e": 1}], "f.g": 2})
@example([{"a.b": 1}, deep(1, 21)])
def test_refuse_iff_a_member_name_holds_a_dot(x: Any) -> None:
    """4.2 with `dots="refuse"`: flatten fails with `dotted-name` at the first member name
    (document order), at any level, that holds a `.`; 7.3: `depth-exceeded` comes first,
    and `key-collision` never occurs (every collision involves a dotted name). Without a
    dotted name the result is `flatten(x)`."""
    got = error_of(refuse, x)
    if oracle.depth(x) > oracle.MAX_DEPTH:
        assert got is not None
        assert got[0] == "depth-exceeded"
        return
    where = oracle.first_dotted_name(x)
    if where is None:
        assert got is None
        assert oracle.same_value(refuse(x), flatten(x))
    else:
        assert got == ("dotted-name", [oracle.ecma(s) if isinstance(s, str) else s for s in where])


@given(dotted_name_objects())
def test_dotted_name_objects_are_always_refused(x: Any) -> None:
    """4.2 with `dots="refuse"`, a single dotted name buried at any level is found."""
    assert check.outcome(refuse, x)[0] == "dotted-name"


@given(check.COLLISION_MIX)
@example({"a.b": 1, "a_b": 2})
@example({"x": [{"a_b": 1, "a.b": {"c": 1}}]})
def test_normalise_keys_refuses_exactly_what_flatten_refuses(x: Any) -> None:
    """4.2: `normalise_keys` "Refuses what flatten refuses (`depth-exceeded`,
    `key-collision`, in that order)": the same reason at the same path, so the round trip
    `unflatten(flatten(x)) == normalise_keys(x)` holds exactly where both are defined."""
    assert error_of(reference_normalise_keys, x) == error_of(flatten, x)


@given(
    st.one_of(around_the_limit, colliding_objects(), dotted_name_objects(), json_values()),
    st.sampled_from(["rename", "refuse"]),
)
@example({"a_b": 1, "a.b": deep(1, 20)}, "refuse")
@example({"a_b": 1, "a.b": 2}, "refuse")
def test_the_reason_is_the_first_kind_of_spec_7_3(x: Any, dots: str) -> None:
    """7.3: "Each kind is looked for over the whole input before the next kind." The oracle
    finds each kind on its own and reports the first in PRECEDENCE["flatten"]."""
    expected = oracle.flatten_error(x, dots)
    if expected is None:
        flatten(x, dots=dots)  # type: ignore[arg-type]
    else:
        with pytest.raises(FlattenError) as info:
            flatten(x, dots=dots)  # type: ignore[arg-type]
        assert info.value.reason == expected
