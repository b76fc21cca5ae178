"""The JSON candidate (spec section 3): exact JSON.stringify text."""

from __future__ import annotations

import json
import random
import shutil
import struct
import subprocess
from typing import Any

import pytest

from toon_picker._json import dumps, format_number
from toon_picker._payload import check

# Hand-checked against ECMAScript Number::toString (RFC 8785 section 3.2.2.3).
NUMBERS = [
    (1.0, "1"),
    (-0.0, "0"),
    (0.0, "0"),
    (1e-6, "0.000001"),
    (1e-7, "1e-7"),
    (1e16, "10000000000000000"),
    (1e21, "1e+21"),
    (1e20, "100000000000000000000"),
    (1.5e21, "1.5e+21"),
    (123e-20, "1.23e-18"),
    (5e-324, "5e-324"),
    (0.1, "0.1"),
    (8.311e-05, "0.00008311"),
    (1.7976931348623157e308, "1.7976931348623157e+308"),
    (-2.5e-7, "-2.5e-7"),
    (100.0, "100"),
    (123.456, "123.456"),
    (2**53, "9007199254740992"),
    (2**70, "1180591620717411303424"),  # ints keep exact digits (host level beyond 2^53)
    (-7, "-7"),
]


@pytest.mark.parametrize(("number", "text"), NUMBERS, ids=[t for _, t in NUMBERS])
def test_number_text(number: float, text: str) -> None:
    assert format_number(number) == text
    assert dumps([number]) == f"[{text}]"  # the fast path and the writer agree


STRINGS = [
    ('"', r'"\""'),
    ("\\", r'"\\"'),
    ("\b\f\n\r\t", r'"\b\f\n\r\t"'),
    ("\x00\x01\x1f", r'"\u0000\u0001\u001f"'),
    ("\x7f", '"\x7f"'),
    ("\u2028\u2029", '"\u2028\u2029"'),
    ("é😀", '"é😀"'),
    ("\ud800", r'"\ud800"'),
    ("a\udfffb", r'"a\udfffb"'),
    ("\ud83d\ude00", '"😀"'),  # a pair split into two code points is one character
    ("\ude00\ud83d", r'"\ude00\ud83d"'),  # reversed: two lone surrogates
]


@pytest.mark.parametrize(("string", "text"), STRINGS)
def test_string_text(string: str, text: str) -> None:
    assert dumps(string) == text
    assert dumps({string: 0}) == "{" + text + ":0}"


def test_structure_has_no_whitespace_and_keeps_member_order() -> None:
    assert dumps({"b": [1, {}, []], "a": None, "c": True}) == '{"b":[1,{},[]],"a":null,"c":true}'


def test_writer_handles_any_depth() -> None:
    value: Any = 1.5e-9  # forces the pure-Python writer
    for _ in range(100_000):
        value = [value]
    assert dumps(value) == "[" * 100_000 + "1.5e-9" + "]" * 100_000


def test_fast_path_is_used_only_when_exact() -> None:
    assert check({"a": 0.5, "b": "x"}).plain
    assert not check({"a": 1.0}).plain
    assert not check({"a": "\ud800"}).plain
    assert not check({"a": 1e-5}).plain


def random_floats(count: int, seed: int = 7) -> list[float]:
    rng = random.Random(seed)
    out = [x for x, _ in NUMBERS if isinstance(x, float)]
    while len(out) < count:
        bits = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
        if bits == bits and abs(bits) != float("inf"):
            out.append(bits)
        out.append(rng.uniform(-1, 1) * 10 ** rng.randint(-25, 25))
        out.append(float(rng.randint(-(10**17), 10**17)))
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_matches_node_json_stringify() -> None:
    floats = random_floats(5000)
    strings = ["\ud800", "x\x08\x1f\u2028", '"\\', "é", "\udc00a"]
    payloads: list[Any] = [*floats, *strings, {"k": floats[:50], "s": strings}]
    # repr() text round-trips exactly through JSON.parse; lone surrogates travel as \u escapes.
    source = json.dumps(payloads)
    script = (
        "const v = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(v.map((x) => JSON.stringify(x))));"
    )
    done = subprocess.run(
        ["node", "-e", script], input=source, capture_output=True, text=True, check=True
    )
    expected = json.loads(done.stdout)
    mismatches = [
        (p, e, dumps(p)) for p, e in zip(payloads, expected, strict=True) if dumps(p) != e
    ]
    assert mismatches == []


def random_payload(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth < 4 and roll < 0.3:
        return {
            rng.choice(["a", "b.c", "", "\ud800", "é", "k"]) + str(i): random_payload(
                rng, depth + 1
            )
            for i in range(rng.randrange(4))
        }
    if depth < 4 and roll < 0.5:
        return [random_payload(rng, depth + 1) for _ in range(rng.randrange(4))]
    return rng.choice(
        [
            None,
            True,
            False,
            0,
            -3,
            2**60,
            1.0,
            -0.0,
            1e-5,
            0.25,
            1e16,
            3e21,
            'x\n"',
            "\ud800",
            "😀",
            "\x01",
        ]
    )


def test_the_three_writers_agree() -> None:
    from toon_picker._json import _recursive, _write, encode, quote

    rng = random.Random(11)
    for _ in range(2000):
        payload = random_payload(rng)
        text = _write(payload)
        assert encode(check(payload)) == text
        assert _recursive(payload, quote) == text


@pytest.mark.parametrize(
    ("payload", "text"),
    [
        ({"s": ":1e-05,", "v": 1e-05}, '{"s":":1e-05,","v":0.00001}'),
        ({"1e-05": 1e-05}, '{"1e-05":0.00001}'),
        ([1e-05, -1e-05, 21e-05, 2.0, 12.0, -0.0], "[0.00001,-0.00001,0.00021,2,12,0]"),
        ({"a": [2.0], "b": "2.0", "c": {"d": 2.0}}, '{"a":[2],"b":"2.0","c":{"d":2}}'),
        (1e-05, "0.00001"),
        ({"q": 'say "2.0"', "v": 2.0}, '{"q":"say \\"2.0\\"","v":2}'),
    ],
)
def test_odd_floats_beside_lookalike_strings(payload: Any, text: str) -> None:
    from toon_picker._json import _write

    assert dumps(payload) == text
    assert _write(payload) == text
