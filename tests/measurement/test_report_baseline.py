"""``--baseline indent:N``: the text is exactly ``JSON.stringify(value, null, N)``."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from _report_helpers import ROOT, ROWS, run

from toon_picker import _report
from toon_picker._json import dumps
from toon_picker._report_baseline import baseline_indent, indent_json

# Payloads whose layout has corners: empty containers at every level, strings holding
# the structural characters and escapes, non-ASCII, numbers JSON.stringify rewrites.
PAYLOADS: list[Any] = [
    {},
    [],
    [[]],
    [{}],
    {"a": {}, "b": [], "c": [{}, [], [[], {}]]},
    {'k:,{}[]"': 'v\\"],[{', "esc": "\n\t\u0001\u2028", "ü": "ñ 😀"},
    # (no integer beyond 2**53: Node's JSON.parse would round it before laying it out)
    [1.5, -0.0, 1e21, 1e-7, 2.0**60, 9007199254740991, True, False, None],
    "top-level string",
    42,
    None,
    {"deep": {"er": {"est": [1, [2, [3, {"x": "y"}]]]}}},
    ROWS[:3],
]


def _node_stringify(compact: str, indent: int) -> str:
    script = (
        "const t = require('fs').readFileSync(0, 'utf8');"
        f"process.stdout.write(JSON.stringify(JSON.parse(t), null, {indent}));"
    )
    node = shutil.which("node")
    assert node is not None
    proc = subprocess.run(
        [node, "-e", script], input=compact, capture_output=True, text=True, check=True
    )
    return proc.stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("indent", [1, 2, 4, 10])
def test_indent_matches_nodes_json_stringify(indent: int) -> None:
    for value in PAYLOADS:
        compact = dumps(value)
        assert indent_json(compact, indent) == _node_stringify(compact, indent), value


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_indent_matches_node_on_the_bundled_examples() -> None:
    for path in sorted((ROOT / "examples" / "apify").rglob("*.json"))[:4]:
        compact = dumps(json.loads(path.read_text(encoding="utf-8")))
        assert indent_json(compact, 2) == _node_stringify(compact, 2), path.name


def test_indent_keeps_the_json_candidates_number_text() -> None:
    # json.dumps(indent=2) would write 1.152921504606847e+18 and 1e-07; a long integer
    # keeps every digit
    text = indent_json(dumps([2.0**60, 1e-7, 10**30 + 1]), 2)
    assert text == "[\n  1152921504606847000,\n  1e-7,\n  1000000000000000000000000000001\n]"


def test_compact_is_the_json_text() -> None:
    assert indent_json('{"a":[1,{}]}', 0) == '{"a":[1,{}]}'


@pytest.mark.parametrize(
    ("text", "indent"), [("compact", 0), ("indent:1", 1), ("indent:2", 2), ("indent:10", 10)]
)
def test_baseline_names(text: str, indent: int) -> None:
    assert baseline_indent(text) == indent


@pytest.mark.parametrize("text", ["indent:0", "indent:11", "indent:", "indent:two", "pretty", ""])
def test_bad_baseline_names(text: str) -> None:
    with pytest.raises(ValueError, match="unknown baseline"):
        baseline_indent(text)


def test_report_compares_against_the_baseline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "rows.json").write_text(json.dumps(ROWS), encoding="utf-8")
    report = _report.build_report([str(tmp_path)], baseline="indent:2", tokens=None)
    (m,) = report.payloads
    pretty = json.dumps(ROWS, indent=2, ensure_ascii=False)  # no floats: same as Node's
    assert m.baseline == {"bytes": len(pretty.encode())}
    assert m.change("bytes", baseline=True) == pytest.approx(
        (m.picked("bytes") - len(pretty)) / len(pretty) * 100
    )
    assert m.change("bytes", baseline=True) < m.change("bytes") < 0
    status, out, _ = run(capsys, str(tmp_path), "--baseline", "indent:2", "--tokens", "none")
    assert status == 0
    assert "baseline indent:2" in out.splitlines()[0]
    assert "vs baseline" in out
    assert "vs indent:2)" in out.splitlines()[-1]
    _, out, _ = run(capsys, str(tmp_path), "--format", "json", "--baseline", "indent:4")
    data = json.loads(out)
    assert data["settings"]["baseline"] == "indent:4"
    unit = data["payloads"][0]["units"]["bytes"]
    assert unit["baseline"] == len(json.dumps(ROWS, indent=4).encode())
    assert unit["baseline_change_pct"] < unit["change_pct"]


def test_compact_baseline_is_the_json_size(tmp_path: Path) -> None:
    (tmp_path / "rows.json").write_text(json.dumps(ROWS), encoding="utf-8")
    (m,) = _report.build_report([str(tmp_path)], tokens=None).payloads
    assert m.baseline == {"bytes": m.sizes["bytes"]["json"]}
