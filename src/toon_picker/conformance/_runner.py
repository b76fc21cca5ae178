"""Run corpus cases against a port and tally the outcomes.

Statuses: ``pass``; ``fail`` (a wrong answer); ``port-failure`` (timeout, crash, garbage,
protocol error); ``skip`` (not selected by level or --skip, op not offered, a token
measure the port does not declare, or the port answered ``skipped``); ``known-failure``
(failed and listed in --known-failures); ``unexpected-pass`` (listed there but passed:
the list is stale, counted as failed). The summary counts pass as passed,
fail/port-failure/unexpected-pass as failed and skip/known-failure as skipped.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._measures import TOKEN_MEASURES
from ._compare import abridge, same_pick, same_value
from ._corpus import Case
from ._port import Port, PortFailure
from ._protocol import OPS

__all__ = ["MAX_CONSECUTIVE_PORT_FAILURES", "Outcome", "Report", "run_cases", "select"]

# A port that keeps failing (hangs, dies at start) would otherwise cost a timeout per case.
MAX_CONSECUTIVE_PORT_FAILURES = 3
_FAILED = ("fail", "port-failure", "unexpected-pass")
_SKIPPED = ("skip", "known-failure")


@dataclass(frozen=True)
class Outcome:
    case: Case
    status: str
    detail: str = ""
    actual: str | None = None
    missing_measure: str | None = None
    """Set when the case was skipped because the port does not declare its measure."""

    @property
    def counted(self) -> str:
        if self.status == "pass":
            return "passed"
        return "failed" if self.status in _FAILED else "skipped"


@dataclass
class Report:
    implementation: dict[str, Any]
    outcomes: list[Outcome] = field(default_factory=list)

    def counts(self, op: str | None = None) -> dict[str, int]:
        out = {"passed": 0, "failed": 0, "skipped": 0}
        for o in self.outcomes:
            if op is None or o.case.op == op:
                out[o.counted] += 1
        return out

    @property
    def must_failed(self) -> bool:
        return any(o.counted == "failed" and o.case.level == "must" for o in self.outcomes)

    def skipped_for_measures(self) -> dict[str, int]:
        """Cases skipped because the port does not declare their measure, per measure."""
        out: dict[str, int] = {}
        for o in self.outcomes:
            if o.missing_measure is not None:
                out[o.missing_measure] = out.get(o.missing_measure, 0) + 1
        return out

    def summary(self, op: str | None = None) -> str:
        c = self.counts(op)
        return f"{c['passed']} passed, {c['failed']} failed, {c['skipped']} skipped"

    def to_json(self) -> dict[str, Any]:
        return {
            "implementation": self.implementation,
            "summary": self.counts(),
            "by_op": {op: self.counts(op) for op in OPS},
            "must_failed": self.must_failed,
            "skipped_for_measures": self.skipped_for_measures(),
            "cases": [
                {
                    "id": o.case.id,
                    "op": o.case.op,
                    "level": o.case.level,
                    "status": o.status,
                    **({"detail": o.detail} if o.detail else {}),
                    **({"expected": expected_text(o.case)} if o.counted == "failed" else {}),
                    **({"actual": o.actual} if o.actual is not None else {}),
                }
                for o in self.outcomes
            ],
        }


def _matches(case_id: str, patterns: Iterable[str]) -> bool:
    return any(fnmatch.fnmatchcase(case_id, p) for p in patterns)


def select(cases: Sequence[Case], run: Sequence[str] = ()) -> list[Case]:
    """Cases whose id matches any --run glob (all when none given)."""
    return [c for c in cases if not run or _matches(c.id, run)]


def expected_text(case: Case) -> str:
    return f"error {case.error}" if case.error is not None else abridge(case.ok)


def _missing_measure(case: Case, port: Port) -> str | None:
    """The case's token measure when the port did not declare it (it is skipped)."""
    measure = case.options.get("measure")
    if measure in TOKEN_MEASURES and measure not in port.measures:
        return str(measure)
    return None


def judge(case: Case, reply: dict[str, Any]) -> Outcome:
    """Compare one well-formed reply with the case's expectation."""
    if "skipped" in reply:
        return Outcome(case, "skip", f"port skipped: {reply['skipped']}")
    if "error" in reply:
        kind = reply["error"]["kind"]
        if case.error is not None and kind == case.error:
            return Outcome(case, "pass")
        return Outcome(
            case,
            "fail",
            "wrong error" if case.error else "unexpected error",
            f"error {kind}: {abridge(reply['error'].get('message', ''), 160)}",
        )
    actual = reply["ok"]
    if case.error is not None:
        return Outcome(case, "fail", "expected an error", abridge(actual, 400))
    if case.op == "pick":
        why = same_pick(case.ok, actual)
        return (
            Outcome(case, "pass")
            if why is None
            else Outcome(case, "fail", why, abridge(actual, 400))
        )
    if same_value(case.ok, actual):
        return Outcome(case, "pass")
    return Outcome(
        case, "fail", "value differs (member order is significant)", abridge(actual, 400)
    )


def run_cases(
    port: Port,
    cases: Sequence[Case],
    *,
    level: str = "must",
    skip: Sequence[str] = (),
    known_failures: Sequence[str] = (),
    on_outcome: Callable[[Outcome], None] | None = None,
) -> Report:
    """Run ``cases`` in order through ``port``; never raises for a misbehaving port."""
    port.open()  # the ready message says which ops and measures the port offers
    report = Report(port.implementation)
    consecutive = 0
    gave_up = ""
    for seq, case in enumerate(cases, 1):
        if case.level == "host" and level == "must":
            outcome = Outcome(case, "skip", "level host not selected (use --level host)")
        elif _matches(case.id, skip):
            outcome = Outcome(case, "skip", "--skip")
        elif gave_up:
            outcome = Outcome(case, "port-failure", gave_up)
        elif case.op not in port.ops:
            outcome = Outcome(case, "skip", f"the port does not offer {case.op}")
        elif (measure := _missing_measure(case, port)) is not None:
            outcome = Outcome(
                case,
                "skip",
                f"the port does not declare the measure {measure} (ready message: measures)",
                missing_measure=measure,
            )
        else:
            try:
                outcome = judge(case, port.run(seq, case.op, case.input, case.options))
                consecutive = 0
            except PortFailure as exc:
                consecutive += 1
                outcome = Outcome(case, "port-failure", f"port failure: {exc}")
                if consecutive >= MAX_CONSECUTIVE_PORT_FAILURES:
                    gave_up = (
                        f"not run: the port failed {consecutive} times in a row (last: {exc.kind})"
                    )
            except Exception as exc:  # the in-process reference raising something untyped
                consecutive = 0
                outcome = Outcome(
                    case, "port-failure", f"implementation raised {type(exc).__name__}: {exc}"
                )
            if case.id in known_failures or _matches(case.id, known_failures):
                if outcome.counted == "failed":
                    outcome = Outcome(case, "known-failure", outcome.detail, outcome.actual)
                elif outcome.status == "pass":
                    outcome = Outcome(
                        case, "unexpected-pass", "listed in --known-failures but passed: remove it"
                    )
        report.outcomes.append(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
    port.close()
    report.implementation = port.implementation  # known once the port has started
    return report
