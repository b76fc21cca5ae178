"""SDK shims for the MCP tests: one spelling for the 2.x (MCPServer, Client) and 1.x
(FastMCP, in-memory session) lines of the official SDK."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import anyio
import pytest

try:
    SDK_VERSION = version("mcp")
except PackageNotFoundError:  # the test modules skip themselves (importorskip)
    SDK_VERSION = "0"
SDK_MAJOR = int(SDK_VERSION.split(".")[0])


def make_server(name: str = "test") -> Any:
    """A high-level server object (``MCPServer`` on 2.x, ``FastMCP`` on 1.x)."""
    if SDK_MAJOR >= 2:
        from mcp.server.mcpserver import MCPServer

        return MCPServer(name)
    from mcp.server.fastmcp import FastMCP

    return FastMCP(name)


def context_type() -> Any:
    """The SDK's request-context class a tool may ask for as a parameter."""
    if SDK_MAJOR >= 2:
        from mcp.server.mcpserver import Context

        return Context
    from mcp.server.fastmcp import Context

    return Context


@asynccontextmanager
async def connected(server: Any) -> AsyncIterator[Any]:
    """An initialised client talking to ``server`` in memory, through the SDK."""
    if SDK_MAJOR >= 2:
        from mcp import Client

        async with Client(server) as client:
            yield client
    else:
        from mcp.shared.memory import create_connected_server_and_client_session

        async with create_connected_server_and_client_session(server._mcp_server) as session:
            yield session


@asynccontextmanager
async def connected_stdio(command: str, args: list[str]) -> AsyncIterator[Any]:
    """An initialised client talking to a server subprocess over stdio, through the SDK."""
    from mcp import StdioServerParameters

    # The SDK passes only a few safe variables by default; the child needs the test's
    # environment (PYTHONPATH, virtualenv) to import toon_picker.
    params = StdioServerParameters(command=command, args=args, env=dict(os.environ))
    if SDK_MAJOR >= 2:
        from mcp import Client

        async with Client(params) as client:
            yield client
    else:
        from mcp import ClientSession, stdio_client

        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session


def wire(result: Any) -> dict[str, Any]:
    """A result or tool as its wire-named dict (``structuredContent``, ``_meta``, ...)."""
    dumped: dict[str, Any] = result.model_dump(by_alias=True)
    return dumped


class SDK:
    """The helpers above, handed to tests as the ``sdk`` fixture."""

    version = SDK_VERSION
    major = SDK_MAJOR
    make_server = staticmethod(make_server)
    context_type = staticmethod(context_type)
    connected = staticmethod(connected)
    connected_stdio = staticmethod(connected_stdio)
    wire = staticmethod(wire)

    @staticmethod
    def call(server: Any, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        """Call ``tool`` through an in-memory client and return the wire-named result."""

        async def go() -> dict[str, Any]:
            async with connected(server) as client:
                return wire(await client.call_tool(tool, arguments or {}))

        result: dict[str, Any] = anyio.run(go)
        return result

    @staticmethod
    def tools(server: Any) -> dict[str, dict[str, Any]]:
        """``tools/list`` through an in-memory client: name -> wire-named tool."""

        async def go() -> dict[str, dict[str, Any]]:
            async with connected(server) as client:
                listed = await client.list_tools()
                return {tool.name: wire(tool) for tool in listed.tools}

        result: dict[str, dict[str, Any]] = anyio.run(go)
        return result


@pytest.fixture
def sdk() -> SDK:
    return SDK()
