"""Picker time per TOON backend, as a multiple of compact ``json.dumps`` time.

    python bench/bench_backends.py              # about half a minute
    python bench/bench_backends.py --quick      # a few seconds (smoke run)
    python bench/bench_backends.py --json out.json

Workloads (the design document's, built by ``examples/synth.py``): 100 items at depth 9,
100 items at depth 20, and the 100-run Actor run list. For every installed backend the
script times ``pick(value, backend=...)`` and divides by the time of
``json.dumps(value, separators=(",", ":"), ensure_ascii=False)`` on the same value (the
target is at most 1.0 with the compiled twin, issue 13). It also times the phases of a
pick as the pure-Python reference path does them (data-model check, JSON text, flatten,
TOON encode) so a miss can be located, and says whether the toons guard handed the
payload to the reference encoder (docs/backends.md).

Timings are CPU time of this process (``time.process_time``, so other processes on a busy
machine do not inflate them), the minimum over rounds with the garbage collector off; the
functions take turns within each round. Ratios are taken within one process on one value,
so they carry between machines better than the absolute times, which are printed too.
Nothing asserts on time.
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
sys.path.insert(0, str(ROOT / "examples"))  # synth.py, the synthetic payload generator

from synth import deep_items, generate  # noqa: E402

from toon_picker import _backends, _fast_backends, _json, pick  # noqa: E402
from toon_picker._flatten import flatten_checked  # noqa: E402
from toon_picker._payload import check  # noqa: E402

TARGET = 1.0

# The same workloads as bench/run.py and bench/profile_pick.py.
WORKLOADS: dict[str, Callable[[], Any]] = {
    "depth9": lambda: deep_items(100, 9, seed=1),
    "depth20": lambda: deep_items(100, 20, seed=1),
    "runs": lambda: generate("actor-runs", 100, seed=1),
}


def calibrate(fn: Callable[[], object], budget: float) -> int:
    """Calls per timing round so that one round lasts about ``budget`` seconds."""
    start = time.process_time()
    fn()
    return max(1, int(budget / max(time.process_time() - start, 1e-7)))


def best_times(
    fns: dict[str, Callable[[], object]], *, repeat: int, budget: float
) -> dict[str, float]:
    """Minimum seconds per call of each function. The functions take turns within every
    round, so a busy moment of the machine slows all of them, not one."""
    numbers = {name: calibrate(fn, budget) for name, fn in fns.items()}
    best = dict.fromkeys(fns, float("inf"))
    gc.disable()
    try:
        for _ in range(repeat):
            for name, fn in fns.items():
                start = time.process_time()
                for _ in range(numbers[name]):
                    fn()
                best[name] = min(best[name], (time.process_time() - start) / numbers[name])
    finally:
        gc.enable()
    return best


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def guard_status(name: str, flat: Any) -> str:
    """What the toons guard does with this payload's flattened value (docs/backends.md)."""
    text = _raw_text(name, flat)
    if not _fast_backends._suspect(text):
        return "guard: text used as is"
    if _fast_backends._repair(text) is None:
        return "guard: numbers re-encoded with markers"
    return "guard: float texts rewritten in place"


def measure(value: Any, *, repeat: int, budget: float, prototype: bool) -> dict[str, Any]:
    checked = check(value)
    flat = flatten_checked(checked)
    fns: dict[str, Callable[[], object]] = {
        "json.dumps": lambda: compact_json(value),
        "check": lambda: check(value),
        "json_text": lambda: _json.encode(checked),
        "flatten": lambda: flatten_checked(checked),
    }
    for name in _backends.available():
        encode = _backends.encoder(name)
        fns[f"pick:{name}"] = lambda name=name: pick(value, backend=name)  # type: ignore[misc]
        fns[f"encode:{name}"] = lambda encode=encode: encode(flat, checked.ecma_floats)  # type: ignore[misc]
    if prototype and "toons" in _backends.available():
        encode_toons = _backends.encoder("toons")
        expected = pick(value, backend="toons")
        got = prototype_pick(value, encode_toons)
        if got == (expected.strategy, expected.text):
            fns["prototype"] = lambda: prototype_pick(value, encode_toons)
        else:
            print("  (prototype does not handle or disagrees on this payload; not timed)")
    times = best_times(fns, repeat=repeat, budget=budget)
    baseline = times["json.dumps"]
    backends: dict[str, Any] = {}
    for name in _backends.available():
        row: dict[str, Any] = {
            "pick_ms": times[f"pick:{name}"] * 1e3,
            "encode_ms": times[f"encode:{name}"] * 1e3,
            "ratio": times[f"pick:{name}"] / baseline,
            "strategy": pick(value, backend=name).strategy,
        }
        if name != _backends.DEFAULT_BACKEND:
            row["guard"] = guard_status(name, flat)
        backends[name] = row
    result: dict[str, Any] = {
        "json_dumps_ms": baseline * 1e3,
        "json_bytes": len(compact_json(value).encode()),
        "phases_ms": {k: times[k] * 1e3 for k in ("check", "json_text", "flatten")},
        "backends": backends,
    }
    if "prototype" in times:
        result["prototype"] = {
            "pick_ms": times["prototype"] * 1e3,
            "ratio": times["prototype"] / baseline,
        }
    return result


def _raw_text(name: str, value: Any) -> str:
    """The fast encoder's own text (before the guard), to report whether the guard fires."""
    if name == "toons":
        import toons

        text: str = toons.dumps(value, indent_size=2, delimiter=",")
        return text
    return _backends.encoder(name)(value, frozenset())


# --- a prototype fast path (a proposal for the picker; not used by the library) -----------
# One C-level json.dumps validates the payload (types, NaN, cycles) and gives the JSON text;
# float texts Python writes otherwise than JSON.stringify are rewritten in place; one walk
# flattens and checks member names and depth; the toons backend encodes. Anything unusual
# (backslashes in the text, dotted or non-string names, depth > 20, a tuple...) returns
# None, where a real fast path would hand over to the reference picker. It agrees with
# pick() on the three workloads (checked before timing); it has NOT been run against the
# conformance corpus or the properties.


class _Slow(Exception):
    pass


_DIGITS = str.maketrans("123456789", "000000000")
_NUMBER = str.maketrans("123456789.+-e", "0000000000000")
_PATTERNS = ("0e", "0.0,", "0.0]", "0.0}")


def _proto_flat_object(obj: dict[Any, Any], prefix: str, depth: int, out: dict[str, Any]) -> Any:
    for key, item in obj.items():
        if type(key) is not str or "." in key:
            raise _Slow
        kind = type(item)
        if kind is dict and item:
            if depth >= 20:
                raise _Slow
            _proto_flat_object(item, prefix + key + ".", depth + 1, out)
        elif kind is list:
            out[prefix + key] = _proto_flat_list(item, depth + 1)
        elif kind in (str, int, float, bool) or item is None or (kind is dict and depth < 20):
            out[prefix + key] = item
        else:
            raise _Slow
    return out


def _proto_flat_list(items: list[Any], depth: int) -> list[Any]:
    if depth > 20:
        raise _Slow
    out: list[Any] = []
    for item in items:
        kind = type(item)
        if kind is dict:
            if depth >= 20 and item:
                raise _Slow
            out.append(_proto_flat_object(item, "", depth + 1, {}))
        elif kind is list:
            out.append(_proto_flat_list(item, depth + 1))
        elif kind in (str, int, float, bool) or item is None:
            out.append(item)
        else:
            raise _Slow
    return out


def _proto_fix_floats(text: str, digits: str) -> str:
    """Rewrite number tokens whose Python text is not the JSON.stringify text."""
    if "\\" in text:
        raise _Slow  # quote parity by counting needs a text without escapes
    number = text.translate(_NUMBER)
    pieces: list[str] = []
    done = quotes = counted = 0
    found = [digits.find(p) for p in _PATTERNS]
    while any(f >= 0 for f in found):
        start = end = min(f for f in found if f >= 0)
        while start > 0 and number[start - 1] == "0":
            start -= 1
        while end < len(text) and number[end] == "0":
            end += 1
        found = [
            digits.find(p, end) if 0 <= f < end else f
            for p, f in zip(_PATTERNS, found, strict=True)
        ]
        if (start > 0 and text[start - 1] not in ":,[") or (
            end < len(text) and text[end] not in ",]}"
        ):
            continue
        quotes += text.count('"', counted, start)
        counted = start
        if quotes % 2:
            continue
        token = text[start:end]
        fixed = _json.format_number(float(token))
        if fixed != token:
            pieces += (text[done:start], fixed)
            done = end
    pieces.append(text[done:])
    return "".join(pieces)


def prototype_pick(value: Any, encode: Callable[[Any], str]) -> tuple[str, str] | None:
    """(strategy, text) for candidates json and toon-flatten, or None (not handled)."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        digits = text.translate(_DIGITS)
        if any(p in digits for p in _PATTERNS) or digits.endswith("0.0"):
            text = _proto_fix_floats(text, digits)
        size = len(text.encode("utf-8"))  # raises on a lone surrogate
        kind = type(value)
        if kind is dict:
            flat: Any = _proto_flat_object(value, "", 0, {})
        elif kind is list:
            flat = _proto_flat_list(value, 0)
        else:
            raise _Slow
        toon = encode(flat)
    except (_Slow, TypeError, ValueError, RecursionError):
        return None
    if toon and len(toon.encode("utf-8")) < size:
        return "toon-flatten", toon
    return "json", text


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
    parser.add_argument("--repeat", type=int, default=15, help="timing rounds (default 15)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    parser.add_argument(
        "--prototype", action="store_true", help="also time the prototype fast path (a proposal)"
    )
    args = parser.parse_args(argv)
    repeat, budget = (2, 0.01) if args.quick else (args.repeat, 0.05)

    env = versions()
    print("command: python bench/bench_backends.py " + " ".join(argv or sys.argv[1:]))
    print("env: " + ", ".join(f"{k} {v}" for k, v in env.items()))
    print(f"offered backends: {', '.join(_backends.available())}; target ratio <= {TARGET}")
    results: dict[str, Any] = {"env": env, "target": TARGET, "workloads": {}}
    for workload, build in WORKLOADS.items():
        value = build()
        result = measure(value, repeat=repeat, budget=budget, prototype=args.prototype)
        results["workloads"][workload] = result
        phases = result["phases_ms"]
        print(
            f"\n{workload}: {result['json_bytes']} JSON bytes; json.dumps "
            f"{result['json_dumps_ms']:.3f} ms; phases: "
            + ", ".join(f"{k} {v:.3f} ms" for k, v in phases.items())
        )
        for name, row in result["backends"].items():
            verdict = "ok" if row["ratio"] <= TARGET else "MISS"
            guard = f"; {row['guard']}" if "guard" in row else ""
            print(
                f"  {name:<12} pick {row['pick_ms']:.3f} ms = {row['ratio']:.2f} x json.dumps "
                f"[{verdict}]  (encode {row['encode_ms']:.3f} ms, picks {row['strategy']}{guard})"
            )
        if "prototype" in result:
            row = result["prototype"]
            verdict = "ok" if row["ratio"] <= TARGET else "MISS"
            print(
                f"  {'prototype':<12} pick {row['pick_ms']:.3f} ms = {row['ratio']:.2f} x "
                f"json.dumps [{verdict}]  (fast path sketch with toons; see the source)"
            )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
