"""Differential properties: the reference and the JavaScript port agree on generated inputs.

Every generated payload goes to the JS port (conformance/ports/js, started once per session
and sent many `run` requests over the port protocol) and through the reference; results
must be identical: flatten and unflatten values (member order included, numbers by value),
pick strategy, text and sizes; for errors the reason code only (messages and paths are
informative). Skipped, with the reason, where Node or the port's node_modules is absent.

Host-level inputs (spec 3.4) are excluded from these generators: integers beyond
+-(2**53 - 1) and integer-like member names (``portable=True`` on every strategy; for
unflatten also no integer-like segment in a dotted name), because there the two hosts may
legitimately differ.
"""

from __future__ import annotations

from typing import Any

import prop_oracles as oracle
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from prop_port import JSPort

from toon_picker import flatten, pick, unflatten
from toon_picker._errors import ToonPickerError
from toon_picker.strategies import (
    colliding_objects,
    collision_free_objects,
    flat_documents,
    json_values,
    payloads_at_depth,
    uniform_rows,
)

payloads = st.one_of(
    json_values(max_depth=22, portable=True),
    collision_free_objects(portable=True),
    colliding_objects(portable=True),
    uniform_rows(portable=True),
    uniform_rows(portable=True).map(lambda rows: {"data": {"items": rows}}),
    st.integers(19, 22).flatmap(lambda d: payloads_at_depth(d, portable=True)),
)

pytestmark = pytest.mark.slow  # the JS port (Node) on generated inputs


def _integer_like_segment(value: Any) -> bool:
    if isinstance(value, dict):
        return any(
            any(s.isascii() and s.isdigit() for s in k.split(".")) or _integer_like_segment(v)
            for k, v in value.items()
        )
    if isinstance(value, list):
        return any(map(_integer_like_segment, value))
    return False


_KEYS = st.sampled_from(["a", "a.b", "a.b.c", "b", "", ".", "a.", ".a", "__proto__.x"])
unflatten_inputs = st.one_of(
    flat_documents(portable=True),
    flat_documents(max_depth=23, portable=True),
    st.dictionaries(_KEYS, json_values(max_depth=2, portable=True), max_size=4),
    json_values(max_depth=4, portable=True),
).filter(lambda y: not _integer_like_segment(y))


def reference(run: Any, x: Any) -> dict[str, Any]:
    """The reference's result in the port's reply shape."""
    try:
        return {"ok": run(x)}
    except ToonPickerError as exc:
        return {"error": {"kind": exc.reason}}


def assert_same(ours: dict[str, Any], theirs: dict[str, Any], x: Any) -> None:
    assert "skipped" not in theirs, theirs
    if "error" in ours or "error" in theirs:
        assert ours.get("error", {}).get("kind") == theirs.get("error", {}).get("kind"), (
            ours,
            theirs,
        )
        return
    assert oracle.json_equal(ours["ok"], theirs["ok"], ordered=True), (ours, theirs)


@given(payloads)
@example({"__proto__": {"a": 1}, "constructor": {}, "toString": 1})
@example({"v": 1e-7, "w": -0.0, "x": 1e21, "y": 5e-324})
def test_flatten_agrees_with_js(js_port: JSPort, x: Any) -> None:
    """Spec 4 (every clause): flatten gives the same value or the same reason in both hosts."""
    assert_same(reference(flatten, x), js_port.run("flatten", x), x)


@given(unflatten_inputs)
@example({"__proto__.polluted": 1, "a": {}})
@example({"a": 1, "a.b": 2, "c": {"d": 1}})
def test_unflatten_agrees_with_js(js_port: JSPort, y: Any) -> None:
    """Spec 5 (every clause): unflatten gives the same value or the same reason in both hosts."""
    assert_same(reference(unflatten, y), js_port.run("unflatten", y), y)


_CANDIDATES = st.lists(st.sampled_from(["json", "toon-flatten", "toon"]), unique=True)
_SAVINGS = st.one_of(st.just(0.0), st.sampled_from([0.1, 0.3, 0.5]), st.floats(0, 0.99))


@given(payloads, _CANDIDATES, _SAVINGS)
@example({"s": "\udfff", "b": "x\by"}, ["toon", "toon-flatten"], 0.0)
@example({"v": 1e-6}, [], 0.0)
def test_pick_agrees_with_js(
    js_port: JSPort, x: Any, candidates: list[str], min_saving: float
) -> None:
    """Spec 6 (every clause): the same strategy, text and sizes in both hosts."""
    options = {"candidates": candidates, "min_saving": min_saving}
    ours = pick(x, candidates=candidates, min_saving=min_saving)
    theirs = js_port.run("pick", x, options)
    assert "ok" in theirs, theirs
    assert theirs["ok"]["strategy"] == ours.strategy, (ours, theirs)
    assert theirs["ok"]["text"] == ours.text, (ours, theirs)
    assert list(theirs["ok"]["sizes"].items()) == list(ours.sizes.items()), (ours, theirs)
