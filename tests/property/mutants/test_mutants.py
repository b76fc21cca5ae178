"""The properties catch broken flattens (issue 4, "Done when").

Each mutant of ``flatteners.make_flatten`` carries one realistic bug. The test runs the very
check functions the property suite uses (``prop_checks``), with the suite's strategies, and
requires Hypothesis to find a counterexample by generation alone (no @example), with
derandomized search so the outcome is the same on every run. The control (no bug) must
survive the same search, so a pass here means the mutation was caught, not that the
harness fails everything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import prop_checks as check
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from .flatteners import Bugs, make_flatten

pytestmark = pytest.mark.slow  # a derandomized search per mutant, nightly-sized

Check = Callable[[Callable[[Any], Any], Any], None]

PROPERTIES: dict[str, tuple[Check, st.SearchStrategy[Any]]] = {
    "round trip (4.9)": (check.check_round_trip, check.ACCEPTED),
    "depth iff (4.1)": (check.check_depth_iff, check.AROUND_THE_LIMIT),
    "collision iff (4.3)": (check.check_collision_iff, check.COLLISION_MIX),
    "normalisation (4.2)": (check.check_normalisation, check.ACCEPTED),
    "no nested objects (4.4)": (check.check_no_nested_objects, check.ACCEPTED),
    "empty objects kept (4.5)": (check.check_empty_objects_kept, check.ACCEPTED),
    "depth-first order (4.8)": (check.check_depth_first_order, check.ACCEPTED),
}

MUTANTS: list[tuple[str, Bugs, str]] = [
    ("drops {} leaves", Bugs(drop_empty_objects=True), "round trip (4.9)"),
    ("drops {} leaves", Bugs(drop_empty_objects=True), "empty objects kept (4.5)"),
    ("replaces only the first dot", Bugs(first_dot_only=True), "round trip (4.9)"),
    ("replaces only the first dot", Bugs(first_dot_only=True), "normalisation (4.2)"),
    ("replaces only the first dot", Bugs(first_dot_only=True), "collision iff (4.3)"),
    ("skips the collision check", Bugs(no_collision_check=True), "collision iff (4.3)"),
    (
        "collision only when a leaf is written",
        Bugs(collision_at_leaf_only=True),
        "collision iff (4.3)",
    ),
    ("depth limit 21 (off by one)", Bugs(depth_limit=21), "depth iff (4.1)"),
    ("depth limit 19 (off by one)", Bugs(depth_limit=19), "depth iff (4.1)"),
    ("arrays do not count for depth", Bugs(arrays_do_not_count=True), "depth iff (4.1)"),
    ("collision reported before depth", Bugs(collision_before_depth=True), "collision iff (4.3)"),
    ("keys sorted", Bugs(sorted_keys=True), "depth-first order (4.8)"),
]


def search(prop: Check, strategy: st.SearchStrategy[Any], flatten: Any, budget: int) -> Any:
    """The first generated input on which ``prop`` fails for ``flatten``, or None."""
    failures: list[Any] = []

    @settings(
        max_examples=budget,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(strategy)
    def run(x: Any) -> None:
        try:
            prop(flatten, x)
        except Exception:
            failures.append(x)
            raise

    try:
        run()
    except Exception:
        if not failures:
            raise  # the harness itself broke
    return failures[0] if failures else None


@pytest.mark.parametrize(
    ("name", "bugs", "prop"), MUTANTS, ids=[f"{m} / {p}" for m, _, p in MUTANTS]
)
def test_mutant_is_caught(name: str, bugs: Bugs, prop: str) -> None:
    check_fn, strategy = PROPERTIES[prop]
    counterexample = search(check_fn, strategy, make_flatten(bugs), budget=500)
    assert counterexample is not None, f"{prop} did not catch the mutant {name!r}"


@pytest.mark.parametrize("prop", list(PROPERTIES))
def test_control_survives(prop: str) -> None:
    check_fn, strategy = PROPERTIES[prop]
    counterexample = search(check_fn, strategy, make_flatten(Bugs()), budget=150)
    assert counterexample is None, f"the correct flatten fails {prop} on {counterexample!r}"
