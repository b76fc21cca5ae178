"""What token measures and verify= cost: ratios measured in one run (issues 11 and 12).

    python bench/bench_measures.py            # about a minute
    python bench/bench_measures.py --quick    # seconds

For each workload (the 100-run list, 100 items at depth 9 and at depth 20) it reports:

- ``pick(measure=M) / pick(measure="bytes")``;
- the floor: tokenizing every candidate text once (the texts made beforehand), and how
  far the token pick is above ``pick(bytes) + floor`` (goal: at most 1.2 x the floor,
  which means no text is tokenized twice and none is encoded again);
- ``pick(verify=True) / pick()`` for the default backend, and for toons when installed.

CPU time (``time.process_time``), minimum over repeats; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "examples"))  # synth.py, the synthetic payload generator

from synth import deep_items, generate  # noqa: E402

from toon_picker import available_backends, pick  # noqa: E402
from toon_picker._measures import counter, engine  # noqa: E402
from toon_picker._picker import encode_candidates  # noqa: E402

GOAL = 1.2


def best(func: Callable[[], object], repeat: int) -> float:
    """CPU seconds of one call: the minimum over ``repeat`` calls."""
    func()  # warm up (tokenizer loading, caches)
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        func()
        times.append(time.process_time() - start)
    return min(times)


def pick_texts(value: Any) -> dict[str, str]:
    """The texts the default pick makes: json and toon-flatten."""
    made = encode_candidates(
        value,
        names=("json", "toon-flatten"),
        measure="bytes",
        dots="rename",
        verify=False,
        default=None,
        backend="toon-format",
    )
    return made.texts


def workloads() -> dict[str, Any]:
    return {
        "100-run list": generate("actor-runs", 100, seed=1),
        "100 items, depth 9": deep_items(100, 9, seed=1),
        "100 items, depth 20": deep_items(100, 20, seed=1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--measure", default="o200k_base")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else 15
    measure = args.measure
    count = counter(measure)
    print(f"measure {measure} counted by {engine(measure)}; CPU time, min of {repeat}")
    header = (
        f"{'workload':<22} {'bytes ms':>9} {'tokens ms':>10} {'ratio':>6} {'floor ms':>9}"
        f" {'extra/floor':>11}  {'verify':>6}"
    )
    print(header)
    for name, value in workloads().items():
        texts = pick_texts(value)
        t_bytes = best(lambda v=value: pick(v), repeat)
        t_tokens = best(lambda v=value: pick(v, measure=measure), repeat)
        floor = best(lambda t=texts: [count(text) for text in t.values()], repeat)
        t_verify = best(lambda v=value: pick(v, verify=True), repeat)
        extra = (t_tokens - t_bytes) / floor
        verdict = "ok" if extra <= GOAL else "MISS"
        print(
            f"{name:<22} {t_bytes * 1e3:>9.2f} {t_tokens * 1e3:>10.2f}"
            f" {t_tokens / t_bytes:>6.2f} {floor * 1e3:>9.2f} {extra:>8.2f} {verdict:<3}"
            f" {t_verify / t_bytes:>6.2f}"
        )
        for backend in available_backends():
            if backend == "toon-format":
                continue
            fast = best(lambda v=value, b=backend: pick(v, backend=b), repeat)
            fast_verify = best(lambda v=value, b=backend: pick(v, backend=b, verify=True), repeat)
            print(
                f"{'  backend ' + backend:<22} {fast * 1e3:>9.2f}"
                f"   verify=True {fast_verify * 1e3:.2f} ms = {fast_verify / fast:.2f} x"
            )
    print(
        f"extra/floor: (pick(measure) - pick(bytes)) / (tokenizing the candidate texts once);"
        f" goal <= {GOAL}. verify: pick(verify=True) / pick()."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
