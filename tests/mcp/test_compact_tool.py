"""``@compact_tool`` under ``@server.tool()``: same parameters, same output schema, same
``structuredContent`` as the undecorated tool; only the text and ``_meta`` change."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("mcp", reason="optional extra: pip install 'toon-picker[mcp]'")

import jsonschema
from pydantic import BaseModel, Field
from synth import actor_runs
from typing_extensions import TypedDict

from toon_picker import pick
from toon_picker.mcp import META_KEY, compact_tool, tool_result

try:  # the tools below ask for the request context the way each SDK line spells it
    from mcp.server.mcpserver import Context
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import Context  # type: ignore[no-redef]


class Run(TypedDict):
    id: str
    status: str
    usd: float


class Page(BaseModel):
    url: str
    title: str = Field(alias="pageTitle")
    words: int


RUNS: list[Run] = [
    {"id": f"run{i}", "status": "SUCCEEDED", "usd": round(0.001 * (i + 1), 6)} for i in range(6)
]


def _register(server: Any, compact: bool) -> None:
    """The same tools, decorated or not, so the two servers can be compared."""
    wrap = compact_tool if compact else (lambda fn: fn)

    @server.tool()
    @wrap
    def runs(limit: int = 6) -> list[Run]:
        """Recent runs."""
        return RUNS[:limit]

    @server.tool()
    @wrap
    async def run_list(ctx: Context, limit: int = 10) -> dict[str, Any]:
        assert isinstance(ctx, Context)  # the SDK still injects the context
        return actor_runs(limit, seed=7)

    @server.tool()
    @wrap
    def page(url: str) -> Page:
        return Page(url=url, pageTitle="Home", words=120)

    @server.tool()
    @wrap
    def broken() -> list[int]:
        return ["not", "ints"]  # type: ignore[list-item]

    @server.tool()
    @wrap
    def note() -> dict[str, Any]:
        return {"note": "\ud800", "rows": RUNS}


@pytest.fixture
def servers(sdk: Any) -> tuple[Any, Any]:
    plain, compact = sdk.make_server("plain"), sdk.make_server("compact")
    _register(plain, compact=False)
    _register(compact, compact=True)
    return plain, compact


def _text(result: dict[str, Any]) -> str:
    [block] = result["content"]
    text: str = block["text"]
    return text


def test_schemas_are_those_of_the_undecorated_tool(sdk: Any, servers: tuple[Any, Any]) -> None:
    plain, compact = (sdk.tools(server) for server in servers)
    assert sorted(plain) == sorted(compact)
    for name in plain:
        for key in ("inputSchema", "outputSchema", "description"):
            assert compact[name][key] == plain[name][key], (name, key)
    assert compact["runs"]["outputSchema"]["required"] == ["result"]
    assert compact["page"]["outputSchema"]["properties"]["pageTitle"]["type"] == "string"


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [("runs", {}), ("runs", {"limit": 2}), ("run_list", {"limit": 20}), ("page", {"url": "u"})],
)
def test_structured_content_is_unchanged(
    sdk: Any, servers: tuple[Any, Any], tool: str, arguments: dict[str, Any]
) -> None:
    plain, compact = (sdk.call(server, tool, arguments) for server in servers)
    assert compact["isError"] is plain["isError"] is False
    assert compact["structuredContent"] == plain["structuredContent"]
    # Checked here against the published schema, independently of the SDK's own check.
    schema = sdk.tools(servers[1])[tool]["outputSchema"]
    jsonschema.validate(compact["structuredContent"], schema)
    # The text is the pick of the same JSON value the undecorated tool published.
    content = plain["structuredContent"]
    payload = content["result"] if tool == "runs" else content
    expected = pick(payload)
    assert _text(compact) == expected.text
    assert compact["_meta"][META_KEY] == expected.strategy
    # Never longer than the compact JSON of the same value.
    compact_json = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    assert len(_text(compact).encode()) <= len(compact_json.encode())


def test_rows_are_compact(sdk: Any, servers: tuple[Any, Any]) -> None:
    result = sdk.call(servers[1], "runs", {"limit": 2})
    assert _text(result) == "[2]{id,status,usd}:\n  run0,SUCCEEDED,0.001\n  run1,SUCCEEDED,0.002"
    assert result["_meta"][META_KEY] == "toon-flatten"


def test_output_validation_still_applies(sdk: Any, servers: tuple[Any, Any]) -> None:
    plain, compact = (sdk.call(server, "broken") for server in servers)
    assert plain["isError"] is True
    assert compact["isError"] is True


def test_unencodable_value_ships_json(sdk: Any, servers: tuple[Any, Any]) -> None:
    result = sdk.call(servers[1], "note")
    assert result["isError"] is False
    assert result["_meta"][META_KEY] == "json"
    assert json.loads(_text(result)) == {"note": "\ud800", "rows": RUNS}
    assert result["structuredContent"] == {"note": "\ud800", "rows": RUNS}


def test_options_are_passed_on(sdk: Any) -> None:
    server = sdk.make_server("options")

    @server.tool()
    @compact_tool(fence=True, meta_key="example.com/format")
    def fenced_runs() -> list[Run]:
        return RUNS

    @server.tool()
    @compact_tool(min_saving=0.99)
    def strict_runs() -> list[Run]:
        return RUNS

    fenced = sdk.call(server, "fenced_runs")
    assert _text(fenced) == "```toon\n" + pick(RUNS).text + "\n```"
    assert fenced["_meta"]["example.com/format"] == "toon-flatten"
    strict = sdk.call(server, "strict_runs")
    assert strict["_meta"][META_KEY] == "json"
    assert json.loads(_text(strict)) == RUNS


def test_unannotated_tool_still_gets_the_picked_text(sdk: Any) -> None:
    server = sdk.make_server("untyped")

    @server.tool()
    @compact_tool
    def untyped():  # type: ignore[no-untyped-def]
        return RUNS

    assert sdk.tools(server)["untyped"]["outputSchema"] is None
    result = sdk.call(server, "untyped")
    assert _text(result) == pick(RUNS).text
    assert result["structuredContent"] == {"result": RUNS}


def test_a_built_result_passes_through(sdk: Any) -> None:
    server = sdk.make_server("built")

    @server.tool()
    @compact_tool
    def built() -> dict[str, Any]:
        return tool_result({"rows": RUNS}, meta_key="example.com/format")  # type: ignore[return-value]

    result = sdk.call(server, "built")
    assert result["_meta"]["example.com/format"] == "toon-flatten"
    assert META_KEY not in result["_meta"]


def test_decorated_function_is_still_callable() -> None:
    @compact_tool
    def runs() -> list[Run]:
        return RUNS

    result = runs()
    assert result.content[0].text == pick(RUNS).text
    assert runs.__name__ == "runs"
    assert runs.__wrapped__() == RUNS  # type: ignore[attr-defined]
