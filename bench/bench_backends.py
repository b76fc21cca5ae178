"""Picker time per TOON backend, as a multiple of compact ``json.dumps`` time.

    python bench/bench_backends.py              # about half a minute
    python bench/bench_backends.py --quick      # a few seconds (smoke run)
    python bench/bench_backends.py --json out.json

Workloads (the design document's, built by ``toon_picker._synth``): 100 items at depth 9,
100 items at depth 20, and the 100-run Actor run list. For every installed backend the
script times ``pick(value, backend=...)`` and divides by the time of
``json.dumps(value, separators=(",", ":"), ensure_ascii=False)`` on the same value (the
target is at most 2.5). It also times the phases of a pick (data-model check, JSON text,
flatten, TOON encode) so a miss can be located, and says whether the toons guard handed
the payload to the reference encoder (docs/backends.md).

Timings are the minimum over repeats with the garbage collector off: the least disturbed
run. Ratios are taken within one process on one value, so they carry between machines
better than the absolute times, which are printed too. Nothing asserts on time.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from toon_picker import _backends, _json, pick  # noqa: E402
from toon_picker._flatten import flatten_checked  # noqa: E402
from toon_picker._model import check  # noqa: E402
from toon_picker._synth import deep_items, generate  # noqa: E402

TARGET = 2.5

# The same workloads as bench/run.py and bench/profile_pick.py.
WORKLOADS: dict[str, Callable[[], Any]] = {
    "depth9": lambda: deep_items(100, 9, seed=1),
    "depth20": lambda: deep_items(100, 20, seed=1),
    "runs": lambda: generate("actor-runs", 100, seed=1),
}


def best_time(fn: Callable[[], object], *, repeat: int, budget: float) -> float:
    """Minimum seconds per call: ``repeat`` rounds, each about ``budget`` seconds long."""
    start = time.perf_counter()
    fn()
    once = max(time.perf_counter() - start, 1e-7)
    number = max(1, int(budget / once))
    best = float("inf")
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(number):
                fn()
            best = min(best, (time.perf_counter() - start) / number)
    finally:
        gc.enable()
    return best


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def measure(value: Any, *, repeat: int, budget: float) -> dict[str, Any]:
    def timed(fn: Callable[[], object]) -> float:
        return best_time(fn, repeat=repeat, budget=budget)

    baseline = timed(lambda: compact_json(value))
    checked = check(value)
    flat = flatten_checked(checked)
    phases = {
        "check": timed(lambda: check(value)),
        "json_text": timed(lambda: _json.encode(checked)),
        "flatten": timed(lambda: flatten_checked(checked)),
    }
    backends: dict[str, Any] = {}
    for name in _backends.available():
        encode = _backends.encoder(name)
        picked = pick(value, backend=name)
        row = {
            "pick_ms": timed(lambda name=name: pick(value, backend=name)) * 1e3,  # type: ignore[misc]
            "encode_ms": timed(lambda encode=encode: encode(flat)) * 1e3,  # type: ignore[misc]
            "strategy": picked.strategy,
        }
        if name != _backends.DEFAULT_BACKEND:
            # True when the guard found a number the fast encoder writes differently.
            row["guard_fallback"] = _backends._needs_reference(_raw_text(name, flat))
        row["ratio"] = row["pick_ms"] / (baseline * 1e3)
        backends[name] = row
    return {
        "json_dumps_ms": baseline * 1e3,
        "json_bytes": len(compact_json(value).encode()),
        "phases_ms": {k: v * 1e3 for k, v in phases.items()},
        "backends": backends,
    }


def _raw_text(name: str, value: Any) -> str:
    """The fast encoder's own text (before the guard), to report whether the guard fires."""
    if name == "toons":
        import toons

        text: str = toons.dumps(value, indent_size=2, delimiter=",")
        return text
    return _backends.encoder(name)(value)


def versions() -> dict[str, str]:
    out = {"python": platform.python_version(), "machine": platform.machine()}
    for package in ("toon-picker", "toon-format", "toons", "etoon"):
        try:
            out[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            out[package] = "not installed"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few repeats (smoke run)")
    parser.add_argument("--repeat", type=int, default=7, help="rounds per timing (default 7)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    repeat, budget = (2, 0.02) if args.quick else (args.repeat, 0.2)

    env = versions()
    print("command: python bench/bench_backends.py " + " ".join(argv or sys.argv[1:]))
    print("env: " + ", ".join(f"{k} {v}" for k, v in env.items()))
    print(f"offered backends: {', '.join(_backends.available())}; target ratio <= {TARGET}")
    results: dict[str, Any] = {"env": env, "target": TARGET, "workloads": {}}
    for workload, build in WORKLOADS.items():
        value = build()
        result = measure(value, repeat=repeat, budget=budget)
        results["workloads"][workload] = result
        phases = result["phases_ms"]
        print(
            f"\n{workload}: {result['json_bytes']} JSON bytes; json.dumps "
            f"{result['json_dumps_ms']:.3f} ms; phases: "
            + ", ".join(f"{k} {v:.3f} ms" for k, v in phases.items())
        )
        for name, row in result["backends"].items():
            verdict = "ok" if row["ratio"] <= TARGET else "MISS"
            guard = ""
            if "guard_fallback" in row:
                guard = "; guard -> reference" if row["guard_fallback"] else "; guard passes"
            print(
                f"  {name:<12} pick {row['pick_ms']:.3f} ms = {row['ratio']:.2f} x json.dumps "
                f"[{verdict}]  (encode {row['encode_ms']:.3f} ms, picks {row['strategy']}{guard})"
            )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
