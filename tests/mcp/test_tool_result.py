"""``tool_result`` through the SDK's in-memory client: the text block carries the picked
text, ``structuredContent`` the payload, ``_meta`` the strategy."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("mcp", reason="optional extra: pip install 'toon-picker[mcp]'")

from synth import actor_runs, deep_items, kv_keys, places, web_pages

from toon_picker import PayloadError, pick
from toon_picker.mcp import META_KEY, fenced, structured, tool_result


def _deep(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"leaf": 1}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


ROWS = [
    {"id": 1, "stats": {"runs": 10, "reads": 5}},
    {"id": 2, "stats": {"runs": 20, "reads": 8}},
    {"id": 3, "stats": {"runs": 30, "reads": 12}},
]
# Written by hand from the TOON spec (tabular form of the flattened rows), not by the code.
ROWS_TOON = "[3]{id,stats.runs,stats.reads}:\n  1,10,5\n  2,20,8\n  3,30,12"

PAYLOADS: dict[str, Any] = {
    "rows": ROWS,
    "mixed": [{"a": 1}, {"b": 2}],
    "runs": actor_runs(5, seed=1),
    "keys": kv_keys(10, seed=2),
    "places": places(2, seed=3),
    "pages": web_pages(1, seed=4),
    "deep9": deep_items(10, 9),
    "surrogate": {"note": "\ud800", "rows": ROWS},
    "depth25": {"rows": ROWS, "deep": _deep(25)},
    "string": "plain words",
    "number": 0.5,
    "null": None,
    "empty": {},
}


@pytest.fixture
def server(sdk: Any) -> Any:
    server = sdk.make_server("payloads")

    @server.tool()
    def payload(name: str, fence: bool = False, min_saving: float = 0.0) -> Any:
        return tool_result(PAYLOADS[name], fence=fence, min_saving=min_saving)

    @server.tool()
    def custom_key(name: str) -> Any:
        return tool_result(PAYLOADS[name], meta_key="example.com/format")

    return server


def _text(result: dict[str, Any]) -> str:
    assert result["isError"] is False
    [block] = result["content"]
    assert block["type"] == "text"
    text: str = block["text"]
    return text


@pytest.mark.parametrize("name", sorted(PAYLOADS))
def test_text_is_the_picked_text(sdk: Any, server: Any, name: str) -> None:
    payload = PAYLOADS[name]
    expected = pick(payload)  # computed here, outside the server
    result = sdk.call(server, "payload", {"name": name})
    assert _text(result) == expected.text
    want = payload if isinstance(payload, dict) else {"result": payload}
    assert result["structuredContent"] == want
    assert result["_meta"][META_KEY] == expected.strategy


def test_flattened_rows_ship_as_toon(sdk: Any, server: Any) -> None:
    result = sdk.call(server, "payload", {"name": "rows"})
    assert _text(result) == ROWS_TOON
    assert result["_meta"][META_KEY] == "toon-flatten"
    assert result["structuredContent"] == {"result": ROWS}


def test_json_ships_when_smaller(sdk: Any, server: Any) -> None:
    result = sdk.call(server, "payload", {"name": "mixed"})
    assert _text(result) == '[{"a":1},{"b":2}]'
    assert result["_meta"][META_KEY] == "json"


def test_lone_surrogate_still_returns_json(sdk: Any, server: Any) -> None:
    """TOON encoders refuse a lone surrogate; the tool still answers, in JSON."""
    result = sdk.call(server, "payload", {"name": "surrogate"})
    text = _text(result)
    assert result["_meta"][META_KEY] == "json"
    assert text.startswith('{"note":"\\ud800","rows":[{"id":1,')
    assert json.loads(text) == PAYLOADS["surrogate"]
    assert result["structuredContent"] == PAYLOADS["surrogate"]


def test_depth_25_still_returns_json(sdk: Any, server: Any) -> None:
    result = sdk.call(server, "payload", {"name": "depth25"})
    assert result["_meta"][META_KEY] == "json"
    assert json.loads(_text(result)) == PAYLOADS["depth25"]
    assert result["structuredContent"] == PAYLOADS["depth25"]


def test_min_saving_is_passed_to_the_picker(sdk: Any, server: Any) -> None:
    result = sdk.call(server, "payload", {"name": "rows", "min_saving": 0.9})
    assert result["_meta"][META_KEY] == "json"
    assert json.loads(_text(result)) == ROWS


def test_meta_key_is_configurable(sdk: Any, server: Any) -> None:
    result = sdk.call(server, "custom_key", {"name": "rows"})
    assert result["_meta"]["example.com/format"] == "toon-flatten"
    assert META_KEY not in result["_meta"]


def test_meta_key_none_sends_no_strategy(sdk: Any) -> None:
    assert sdk.wire(tool_result(ROWS, meta_key=None))["_meta"] is None
    assert sdk.wire(tool_result(ROWS))["_meta"] == {META_KEY: "toon-flatten"}


@pytest.mark.parametrize(("name", "label"), [("rows", "toon"), ("mixed", "json")])
def test_fence_labels_the_format(sdk: Any, server: Any, name: str, label: str) -> None:
    plain = sdk.call(server, "payload", {"name": name})
    fenced_result = sdk.call(server, "payload", {"name": name, "fence": True})
    assert fenced_result["_meta"] == plain["_meta"]  # the fence never changes the pick
    lines = _text(fenced_result).split("\n")
    assert lines[0] == "```" + label
    assert lines[-1] == "```"
    assert "\n".join(lines[1:-1]) == _text(plain)


def test_fence_outgrows_backticks_in_the_text() -> None:
    """A TOON line may start with backticks (a bare root string); the fence must be longer."""
    picked = pick("````x")
    assert picked.strategy == "toon-flatten"
    assert picked.text == "````x"
    out = fenced(picked)
    assert out == "`````toon\n````x\n`````"


@pytest.mark.parametrize(
    ("payload", "want"),
    [
        ({"a": 1}, {"a": 1}),
        ([1, 2], {"result": [1, 2]}),
        ("s", {"result": "s"}),
        (None, {"result": None}),
        ({}, {}),
    ],
)
def test_non_objects_are_wrapped_like_the_sdk(sdk: Any, payload: Any, want: Any) -> None:
    assert structured(payload) == want
    assert sdk.wire(tool_result(payload))["structuredContent"] == want


def test_invalid_payload_raises_payload_error() -> None:
    with pytest.raises(PayloadError) as info:
        tool_result({"tags": {"a", "b"}})
    assert info.value.reason == "invalid-payload"
    assert info.value.path == "$.tags"


def test_unknown_backend_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="backend"):
        tool_result(ROWS, backend="no-such-encoder")
