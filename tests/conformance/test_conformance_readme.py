"""conformance/README.md stays true: the minimal port works, the counts match the corpus."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from _conformance_helpers import CONFORMANCE, CORPUS

from toon_picker.cli import main
from toon_picker.conformance import OPS

README = (CONFORMANCE / "README.md").read_text("utf-8")


def test_minimal_port_example_passes_every_flatten_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    block = README.split("<!-- minimal-port:start -->")[1].split("<!-- minimal-port:end -->")[0]
    code = block.split("```python\n", 1)[1].rsplit("```", 1)[0]
    port = tmp_path / "my_port.py"
    port.write_text(code, "utf-8")
    report = tmp_path / "r.json"
    status = main(
        [
            "conformance",
            "run",
            "--port",
            f"{sys.executable} {port}",
            "--level",
            "host",
            "--quiet",
            "--json",
            str(report),
        ]
    )
    data = json.loads(report.read_text("utf-8"))
    n_flatten = sum(c.op == "flatten" for c in CORPUS.cases)
    assert data["by_op"]["flatten"] == {"passed": n_flatten, "failed": 0, "skipped": 0}
    assert data["summary"]["skipped"] == len(CORPUS.cases) - n_flatten
    assert status == 0
    capsys.readouterr()


def test_case_counts_in_readme_match_the_corpus() -> None:
    assert f"Corpus {CORPUS.version}: {len(CORPUS.cases)} cases." in README
    for op in OPS:
        row = re.search(rf"^\| {op} \| (\d+) \| (\d+) \|", README, re.M)
        assert row is not None, op
        must = sum(c.op == op and c.level == "must" for c in CORPUS.cases)
        host = sum(c.op == op and c.level == "host" for c in CORPUS.cases)
        assert (int(row.group(1)), int(row.group(2))) == (must, host), op
