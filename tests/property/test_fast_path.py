"""The one-pass fast path (``_fast.check_and_flatten``) agrees with the reference path.

pick and flatten use it for plain payloads; the reference path (``_payload.check`` then
``_flatten.flatten_checked``) stays the definition. Whenever the fast path answers, its
answer must be the reference's, and it must answer for every plain payload.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from toon_picker import FlattenError
from toon_picker._fast import check_and_flatten
from toon_picker._flatten import flatten_checked
from toon_picker._payload import check
from toon_picker.strategies import colliding_objects, json_values, payloads_at_depth, uniform_rows


def same(a: Any, b: Any) -> bool:
    """Equal including member order, float signs and int/float kinds."""
    return json.dumps(a) == json.dumps(b) and repr(a) == repr(b)


@given(
    st.one_of(
        json_values(),
        uniform_rows(),
        colliding_objects(),
        st.integers(19, 22).flatmap(lambda depth: payloads_at_depth(depth)),
    )
)
@example({"a.b": 1, "a_b": 2})
@example({"v": [1e-05, 2.0, -0.0, 9.999999999999999e20]})
@example({"s": "\ud800"})
@example([[]])
def test_fast_path_matches_reference(value: Any) -> None:
    fast = check_and_flatten(value)
    reference = check(value)
    try:
        flat = flatten_checked(reference)
    except FlattenError:
        assert fast is None  # errors are always the reference path's to report
        return
    plain_enough = (
        not reference.lone_surrogates and reference.depth <= 20 and reference.value is value
    )
    if fast is None:
        assert not plain_enough, "the fast path gave up on a plain payload"
        return
    checked, fast_flat = fast
    assert same(fast_flat, flat)
    assert checked.value is value
    assert checked.depth == reference.depth
    assert checked.ecma_floats == reference.ecma_floats
    assert checked.big_ints == reference.big_ints
    assert checked.lone_surrogates is False
