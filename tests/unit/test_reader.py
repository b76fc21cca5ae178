"""The strict JSON reader of the CLI and the report, and integers of any length."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toon_picker import flatten, pick
from toon_picker._numbers import int_digits, int_from_digits
from toon_picker._reader import InputError, _parse_deep, parse_json
from toon_picker.cli import main
from toon_picker.strategies import json_values

HUGE_DIGITS = "9" * 6000  # beyond CPython's default limit of 4,300 digits


def test_long_integers_round_trip_without_the_process_limit() -> None:
    limit = getattr(sys, "get_int_max_str_digits", int)()
    n = int_from_digits(HUGE_DIGITS)
    assert n == 10**6000 - 1
    assert int_digits(n) == HUGE_DIGITS
    assert int_digits(-n) == "-" + HUGE_DIGITS
    assert getattr(sys, "get_int_max_str_digits", int)() == limit  # never touched


def test_pick_and_flatten_keep_every_digit() -> None:
    n = 10**6000 - 1
    result = pick({"n": n, "rows": [{"a": 1}, {"a": 2}]}, candidates=("toon-flatten", "toon"))
    assert result.dropped == {}
    assert f"n: {HUGE_DIGITS}" in result.text
    assert pick([n]).sizes["json"] == 6002
    assert flatten({"a": {"n": n}}) == {"a.n": n}


def test_the_reader_reads_long_integers_exactly() -> None:
    assert parse_json(f'{{"n":[-{HUGE_DIGITS},1]}}') == {"n": [-(10**6000 - 1), 1]}


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"a":1,"a":2}', "$.a"),
        ('{"x":{"a":1,"c":{"q":1,"q":2},"a":3}}', "$.x.c.q"),  # the inner repeat comes first
        ('{"x":{"a":1,"a":{"q":1,"q":2}}}', "$.x.a"),  # the outer repeat's name comes first
        ('[{"k":0},{"b":1,"b":2}]', "$[1].b"),
        ('{"a.b":{"":1,"":2}}', '$["a.b"][""]'),
    ],
)
def test_a_repeated_name_is_reported_at_its_first_repeat(text: str, path: str) -> None:
    with pytest.raises(InputError, match=rf"invalid-payload at {path_re(path)}: member name"):
        parse_json(text, "in.json")


def path_re(path: str) -> str:
    return "".join("\\" + c if c in '$.[]"' else c for c in path)


def test_a_byte_order_mark_is_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bom.json"
    source.write_bytes(b"\xef\xbb\xbf" + b'{"a":{"b":1}}')
    assert main(["flatten", str(source)]) == 0
    assert capsys.readouterr().out == '{"a.b":1}\n'


def test_the_cli_never_prints_a_traceback_on_huge_input(tmp_path: Path) -> None:
    source = tmp_path / "huge.json"
    source.write_text(f"[{HUGE_DIGITS}]", encoding="utf-8")
    for command in ("pick", "flatten", "unflatten"):
        done = subprocess.run(
            [sys.executable, "-m", "toon_picker.cli", command, str(source)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().endswith(f"{HUGE_DIGITS}]") or HUGE_DIGITS in done.stdout
        assert "Traceback" not in done.stderr


def test_parse_command_prints_the_recovered_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "picked.toon"
    source.write_text("items[2]{id,s.a}:\n  1,1\n  2,2", encoding="utf-8")
    assert main(["parse", "--strategy", "toon-flatten", str(source)]) == 0
    assert capsys.readouterr().out == '{"items":[{"id":1,"s":{"a":1}},{"id":2,"s":{"a":2}}]}\n'
    source.write_text("a:\n   b: 1", encoding="utf-8")
    assert main(["parse", "--strategy", "toon", str(source)]) == 2
    assert capsys.readouterr().err.startswith("toon-picker: invalid-text at $: not a TOON text")


def test_usage_errors_from_the_library_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from toon_picker import _measures

    why = "needs a tokenizer: install the extra toon-picker[tokens]"

    def missing(measure: str) -> None:
        raise ValueError(f"measure {measure!r} {why}")

    monkeypatch.setattr(_measures, "_token_counter", missing)
    source = tmp_path / "v.json"
    source.write_text("[1]", encoding="utf-8")
    assert main(["pick", "--measure", "o200k_base", str(source)]) == 2
    err = capsys.readouterr().err
    assert err == f"toon-picker: measure 'o200k_base' {why}\n"


@given(json_values(portable=True), st.sampled_from([None, 0, 2]), st.booleans())
def test_the_iterative_reader_reads_what_json_loads_reads(
    value: Any, indent: int | None, ascii_only: bool
) -> None:
    """The reader json.loads falls back to for deep text gives json.loads's value."""
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    expected = json.loads(text, object_pairs_hook=dict)
    got = _parse_deep(text, dict, lambda name: name, "in.json")
    assert repr(got) == repr(expected)


@pytest.mark.parametrize(
    "text", ["", " ", "[1,]", '{"a" 1}', '{"a":1,}', "[1 2]", "{1:2}", "tru", "[", '"abc', "1 2"]
)
def test_the_iterative_reader_refuses_what_json_loads_refuses(text: str) -> None:
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    with pytest.raises((InputError, json.JSONDecodeError)):
        _parse_deep(text, dict, lambda name: name, "in.json")
