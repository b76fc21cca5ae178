"""Which implementation is active, how to switch the compiled twin off, and that the twin
survives what a payload can do to it. Its answers are checked against the reference in
tests/property/test_twin.py."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from typing import Any

import pytest

import toon_picker
from toon_picker import _twin

compiled = pytest.mark.skipif(
    _twin.IMPLEMENTATION != "compiled", reason=f"the compiled twin is not active: {_twin.REASON}"
)


def _implementation(env_value: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != _twin.ENV_VAR}
    if env_value is not None:
        env[_twin.ENV_VAR] = env_value
    code = "import toon_picker; print(toon_picker.IMPLEMENTATION)"
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_implementation_is_reported() -> None:
    assert toon_picker.IMPLEMENTATION in ("compiled", "python")
    assert f"implementation: {toon_picker.IMPLEMENTATION} ({_twin.REASON})" in toon_picker.about()


def test_the_environment_variable_forces_pure_python() -> None:
    assert _implementation("1") == "python"
    assert _implementation("0") == _implementation(None) == _implementation("")


@compiled
def test_pure_python_is_the_reference_path() -> None:
    # The CI's second pass runs the suite so; this shows that nothing compiled is left.
    code = (
        "from toon_picker import _twin; "
        "print(_twin._speedups, _twin.orjson_dumps, _twin.check([1]))"
    )
    env = {**os.environ, _twin.ENV_VAR: "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["None", "None", "None"]


@compiled
def test_wrong_arguments_raise_type_error() -> None:
    with pytest.raises(TypeError):
        _twin._speedups.check([1])
    assert _twin._speedups.MAX_DEPTH == toon_picker.MAX_DEPTH


class _Meddler:
    """Garbage whose finalizer changes the payload while the twin walks it: each one,
    freed by the collector at some allocation, leaves the next one behind, and the last
    one of the chain empties a row, the row list and the payload."""

    def __init__(self, payload: dict[str, Any], countdown: int) -> None:
        self.payload, self.countdown = payload, countdown
        self.me = self  # a cycle: only the collector frees it

    def __del__(self) -> None:
        if self.countdown:
            _Meddler(self.payload, self.countdown - 1)
            return
        rows = self.payload.get("rows")
        if rows:
            rows[len(rows) // 2].clear()
            del rows[len(rows) // 3 :]
        self.payload.clear()


@compiled
@pytest.mark.parametrize("flatten", [False, True])
def test_a_payload_changed_during_the_walk_is_handed_back_or_answered(flatten: bool) -> None:
    thresholds = gc.get_threshold()
    outcomes = set()
    try:
        for countdown in range(0, 400, 7):
            payload: dict[str, Any] = {
                "rows": [{"a": {"b": [1.5, 1e-9]}, "c.d": "x" * i} for i in range(100)],
                "z": 1.0,
            }
            _Meddler(payload, countdown)
            gc.set_threshold(1, 1, 1)  # collect at every allocation of a container
            got = _twin._speedups.check(payload, flatten, False)
            gc.set_threshold(*thresholds)
            assert got is None or (isinstance(got, tuple) and len(got) == 5)
            outcomes.add(got is None)
    finally:
        gc.set_threshold(*thresholds)
        gc.collect()
    if flatten:  # only flatten allocates containers, so only then can the payload change
        assert outcomes == {True, False}
