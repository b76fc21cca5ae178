"""The command line (issue 2): pick, flatten, unflatten; one-line errors, exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from toon_picker.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_pick_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "rows.json"
    source.write_text(json.dumps([{"a": {"b": 1}}, {"a": {"b": 2}}]))
    status, out, err = run(capsys, "pick", "--json", str(source))
    assert status == 0
    assert err == ""
    assert json.loads(out) == {
        "strategy": "toon-flatten",
        "text": "[2]{a.b}:\n  1\n  2",
        "measure": "bytes",
        "sizes": {"json": 29, "toon-flatten": 17},
        "dropped": {},
    }


def test_pick_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "rows.json"
    source.write_text('{"a":1}')
    assert run(capsys, "pick", "--min-saving", "0.5", str(source))[1] == '{"a":1}\n'
    assert run(capsys, "pick", "--candidates", "json", str(source))[1] == '{"a":1}\n'
    assert run(capsys, "pick", str(source))[1] == "a: 1\n"


def test_flatten_and_unflatten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "x.json"
    source.write_text('{"a":{"b.c":1.0,"d":{}}}')
    assert run(capsys, "flatten", str(source))[1] == '{"a.b_c":1,"a.d":{}}\n'
    source.write_text('{"a.b":1,"a.c":[]}')
    assert run(capsys, "unflatten", str(source))[1] == '{"a":{"b":1,"c":[]}}\n'


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [
        ("flatten", '{"a.b":1,"a_b":2}', 'key-collision at $["a.b"]'),
        ("unflatten", '{"a":1,"a.b":2}', "path-conflict"),
        ("pick", "[1,", "invalid-text at $: not JSON text: Expecting value: line 1 column 4"),
        ("pick", '{"a":NaN}', "invalid-payload"),
        ("pick", '{"a":1,"a":2}', "repeats"),
        ("flatten", "[" * 100_000 + "]" * 100_000, "depth-exceeded at $[0][0]"),
        ("pick", '{"n":1e400}', "invalid-payload at $.n: a number beyond the range of a double"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str, message: str
) -> None:
    source = tmp_path / "bad.json"
    source.write_text(text)
    status, out, err = run(capsys, command, str(source))
    assert status == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "pick", "/no/such/file.json")
    assert status == 2
    assert "cannot read" in err


def test_console_script_reads_stdin() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "toon_picker.cli", "pick"],
        input='[{"x":1},{"x":2}]',
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[2]{x}:\n  1\n  2\n"


def test_the_spec_s_error_line_is_what_the_cli_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Spec 7.4 quotes the line for {"data":{"a_b":1,"a.b":2}}; keep the two the same."""
    spec = (Path(__file__).resolve().parents[2] / "spec" / "SPEC.md").read_text(encoding="utf-8")
    section = spec[spec.index('<a id="s7.4"></a>') : spec.index('<a id="s7.5"></a>')]
    quoted = section.split("```text\n", 1)[1].split("\n```", 1)[0]
    source = tmp_path / "collide.json"
    source.write_text('{"data":{"a_b":1,"a.b":2}}', encoding="utf-8")
    status, out, err = run(capsys, "flatten", str(source))
    assert (status, out) == (2, "")
    assert err == quoted + "\n"


def test_text_deeper_than_json_s_parser_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """json.loads recurses; the reader then reads iteratively: the pick ships JSON."""
    source = tmp_path / "deep.json"
    text = '{"a":' * 50_000 + "[1]" + "}" * 50_000
    source.write_text(text)
    status, out, err = run(capsys, "pick", str(source))
    assert (status, out, err) == (0, text + "\n", "")
