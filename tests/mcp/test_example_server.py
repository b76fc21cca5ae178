"""End to end: start ``examples/mcp_server.py`` as a subprocess and talk to it over stdio
with the SDK's client."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp", reason="optional extra: pip install 'toon-picker[mcp]'")

from synth import actor_runs

from toon_picker import pick
from toon_picker._backends import available
from toon_picker.mcp import META_KEY

SERVER = Path(__file__).resolve().parents[2] / "examples" / "mcp_server.py"
TOOLS = {"get-actor-run-list", "get-dataset-list", "get-key-value-store-keys", "get-dataset-items"}


def _session(sdk: Any, *args: str, calls: list[tuple[str, dict[str, Any]]]) -> Any:
    """Start the server with ``args``, list its tools, make ``calls``; wire-named results."""

    async def go() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        with anyio.fail_after(60):
            async with sdk.connected_stdio(sys.executable, [str(SERVER), *args]) as client:
                listed = await client.list_tools()
                tools = {tool.name: sdk.wire(tool) for tool in listed.tools}
                results = [sdk.wire(await client.call_tool(name, arg)) for name, arg in calls]
                return tools, results

    return anyio.run(go)


def _text(result: dict[str, Any]) -> str:
    [block] = result["content"]
    text: str = block["text"]
    return text


def test_example_server_over_stdio(sdk: Any) -> None:
    calls = [
        ("get-actor-run-list", {"limit": 100}),
        ("get-dataset-items", {"dataset_id": "google-places", "limit": 20}),
        (
            "get-dataset-items",
            {"dataset_id": "google-places", "limit": 20, "fields": "title,url,totalScore"},
        ),
        ("get-dataset-items", {"dataset_id": "rag-web-browser", "limit": 2}),
        ("get-dataset-list", {"limit": 10}),
        ("get-key-value-store-keys", {"limit": 30}),
        ("get-dataset-items", {"dataset_id": "google-places", "fields": "a,,b"}),
        ("get-dataset-items", {"dataset_id": "nope"}),
    ]
    tools, results = _session(sdk, calls=calls)
    assert set(tools) == TOOLS
    assert "fields" in tools["get-dataset-items"]["inputSchema"]["properties"]

    for (_, arguments), result in zip(calls[:6], results[:6], strict=True):
        assert result["isError"] is False, (arguments, result["content"])
        content = result["structuredContent"]
        payload = content["result"] if list(content) == ["result"] else content
        expected = pick(payload)  # picked here, from what the client received
        assert _text(result) == expected.text
        assert result["_meta"][META_KEY] == expected.strategy

    # The run list is the synthetic generator's output, independent of the server's code.
    runs = results[0]["structuredContent"]["data"]
    assert runs["items"] == actor_runs(500, seed=2026)["data"]["items"][:100]
    assert results[0]["_meta"][META_KEY] == "toon-flatten"
    assert _text(results[0]).startswith("data.total: 500\n")

    full, projected = results[1]["structuredContent"], results[2]["structuredContent"]
    assert len(projected["result"]) == len(full["result"]) == 20
    for item, whole in zip(projected["result"], full["result"], strict=True):
        assert set(item) <= {"title", "url", "totalScore"}
        assert item == {k: whole[k] for k in ("title", "url", "totalScore") if k in whole}
    assert results[2]["_meta"][META_KEY] == "toon-flatten"
    assert len(_text(results[2]).encode()) < len(_text(results[1]).encode()) / 10

    for result in results[6:]:
        assert result["isError"] is True
    assert "fields" in _text(results[6])
    assert "unknown dataset 'nope'" in _text(results[7])


def test_example_server_options(sdk: Any) -> None:
    calls = [("get-actor-run-list", {"limit": 5})]
    _, [fenced] = _session(sdk, "--fence", calls=calls)
    assert _text(fenced).startswith("```toon\n")
    assert _text(fenced).endswith("\n```")
    _, [strict] = _session(sdk, "--min-saving", "0.99", calls=calls)
    assert strict["_meta"][META_KEY] == "json"
    assert json.loads(_text(strict)) == strict["structuredContent"]


def test_example_server_with_a_fast_backend(sdk: Any) -> None:
    if "toons" not in available():
        pytest.skip("toons is not installed and offered (pip install 'toon-picker[fast]')")
    calls = [("get-actor-run-list", {"limit": 100})]
    _, [fast] = _session(sdk, "--backend", "toons", calls=calls)
    assert _text(fast) == pick(fast["structuredContent"]).text  # the reference's text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--measure", "bogus"], "unknown measure 'bogus'"),
        (["--min-saving", "1"], "min_saving must be a number"),
        (["--backend", "etoon"], "is not offered"),
    ],
)
def test_bad_server_options_are_one_line(args: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, str(SERVER), *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
