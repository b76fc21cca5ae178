"""The benchmark scripts keep working (quick mode); timings are never asserted."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the benchmark scripts

ROOT = Path(__file__).resolve().parents[2]

# The bench extra (flatten-dict, flatten-json): the libraries bench/run.py times flatten
# against. Without them there is nothing to compare with, so the test skips.
BENCH_EXTRA = ("flatten_dict", "flatten_json")
MISSING = [name for name in BENCH_EXTRA if importlib.util.find_spec(name) is None]


@pytest.mark.skipif(
    bool(MISSING), reason=f"needs the bench extra (pip install '.[bench]'): {', '.join(MISSING)}"
)
def test_bench_quick_mode_runs_and_reports_every_measure(tmp_path: Path) -> None:
    out_json, out_md = tmp_path / "bench.json", tmp_path / "bench.md"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--quick", "--json", str(out_json),
         "--markdown", str(out_md)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = json.loads(out_json.read_text(encoding="utf-8"))
    assert results["quick"] is True
    names = {"picker_overhead", "toons_overhead", "flatten_speedup", "scaling", "memory"}
    assert set(results["verdicts"]) == names
    assert all(value > 0 for value in results["verdicts"].values())
    implementation = results["environment"]["toon-picker implementation"]
    if implementation == "compiled":  # pure Python measured too, in the same run
        assert set(results["pure"]["verdicts"]) == names
    assert f"implementation: {implementation}" in proc.stdout
    assert [r["workload"] for r in results["picker_overhead"]] == [
        "100 items, depth 9",
        "100 items, depth 20",
        "100-run list",
    ]
    for r in results["picker_overhead"]:
        assert r["ratio"] == pytest.approx(r["pick_ms"] / r["encode_ms"])
        if r["toons_ratio"] is not None:
            assert r["toons_ratio"] == pytest.approx(r["toons_ms"] / r["dumps_ms"])
    assert len(results["scaling"]["rows"]) == 3
    assert all(r["peak_bytes"] > r["json_bytes"] for r in results["memory"])
    assert any("bundled examples" in title for title in results["byte_tables"])
    for name in results["verdicts"]:
        assert name in proc.stdout
    text = out_md.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks")
    assert "python bench/run.py --quick" in text


def test_projection_script_writes_the_table(tmp_path: Path) -> None:
    out = tmp_path / "projection.md"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "projection.py"), "-n", "10", "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    text = out.read_text(encoding="utf-8")
    for label in ("Full JSON", "Full TOON-flatten", "Projected JSON", "Projected + picker"):
        assert label in text
    assert "1.01 MB" in text
