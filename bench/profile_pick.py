"""Where does pick() spend its time? cProfile on the benchmark workloads.

    python bench/profile_pick.py                  # all workloads, top 12 by own time
    python bench/profile_pick.py --workload runs --top 20 --calls 50

Prints, per workload, the share of pick's time spent in each phase (data-model check,
JSON text, flatten, TOON encode) measured directly, then the cProfile table.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "examples"))  # synth.py, the synthetic payload generator

from synth import deep_items, generate  # noqa: E402

from toon_picker import (  # noqa: E402
    _backends,
    _json,
    pick,
)
from toon_picker._flatten import flatten_checked  # noqa: E402
from toon_picker._payload import check  # noqa: E402

WORKLOADS: dict[str, Callable[[], Any]] = {
    "depth9": lambda: deep_items(100, 9, seed=1),
    "depth20": lambda: deep_items(100, 20, seed=1),
    "runs": lambda: generate("actor-runs", 100, seed=1),
    "places": lambda: generate("places", 100, seed=1),
}


def _best(func: Callable[[], object], calls: int) -> float:
    best = float("inf")
    for _ in range(calls):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def phases(value: Any, calls: int) -> dict[str, float]:
    encode = _backends.encoder(_backends.DEFAULT_BACKEND)
    checked = check(value)
    flat = flatten_checked(checked)
    return {
        "pick": _best(lambda: pick(value), calls),
        "check (data model)": _best(lambda: check(value), calls),
        "JSON text (_json.encode)": _best(lambda: _json.encode(checked), calls),
        "flatten_checked": _best(lambda: flatten_checked(checked), calls),
        "toon encode (flattened)": _best(lambda: encode(flat, checked.ecma_floats), calls),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workload", choices=tuple(WORKLOADS), action="append")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    for name in args.workload or WORKLOADS:
        value = WORKLOADS[name]()
        times = phases(value, args.calls)
        total = times["pick"]
        print(f"== {name}: pick {total * 1e3:.3f} ms")
        for phase, t in times.items():
            if phase != "pick":
                print(f"   {phase:<26} {t * 1e3:8.3f} ms  {t / total:6.1%} of pick")
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.calls):
            pick(value)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
        text = out.getvalue()
        print(text[text.find("   ncalls") :].rstrip())
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
