"""The runner's comparison rules: order significant, numbers by value, types distinct."""

from __future__ import annotations

import pytest

from toon_picker.conformance._compare import parse_reply, same_pick, same_value


@pytest.mark.parametrize(
    ("expected", "reply_text", "same"),
    [
        ({"a": 1, "b": 2}, '{"a":1,"b":2}', True),
        ({"a": 1, "b": 2}, '{"b":2,"a":1}', False),
        ({"a": 1}, '{"a":1,"a":1}', False),
        ({"a": 1.0}, '{"a":1}', True),
        ({"a": 1e-7}, '{"a":1e-7}', True),
        ({"a": 1e-7}, '{"a":0.0000001}', True),
        ({"a": -0.0}, '{"a":0}', True),
        ({"a": 1}, '{"a":true}', False),
        ({"a": 0}, '{"a":false}', False),
        ({"a": None}, '{"a":0}', False),
        ({"a": []}, '{"a":{}}', False),
        ([1, 2], "[2,1]", False),
        ({"a": 9007199254740993}, '{"a":9007199254740992}', False),
        ("\ud800", '"\\ud800"', True),
    ],
)
def test_same_value(expected: object, reply_text: str, same: bool) -> None:
    assert same_value(expected, parse_reply(reply_text)) is same


def test_same_pick_checks_sizes_order_and_text() -> None:
    want = {"strategy": "toon", "text": "a: 1", "sizes": {"json": 7, "toon": 4}}
    assert (
        same_pick(
            want, parse_reply('{"strategy":"toon","text":"a: 1","sizes":{"json":7,"toon":4}}')
        )
        is None
    )
    assert same_pick(
        want, parse_reply('{"strategy":"toon","text":"a: 1","sizes":{"toon":4,"json":7}}')
    )
    assert same_pick(
        want, parse_reply('{"strategy":"toon","text":"a:1","sizes":{"json":7,"toon":4}}')
    )
    assert same_pick(
        want, parse_reply('{"strategy":"json","text":"a: 1","sizes":{"json":7,"toon":4}}')
    )
    assert same_pick(want, parse_reply('{"strategy":"toon","text":"a: 1","sizes":{"json":7}}'))
    assert same_pick(
        want, parse_reply('{"strategy":"toon","text":"a: 1","sizes":{"json":7,"toon":4.5}}')
    )
    extra = '{"strategy":"toon","text":"a: 1","sizes":{"json":7,"toon":4},"dropped":{}}'
    assert same_pick(want, parse_reply(extra)) is None
