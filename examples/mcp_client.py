"""Call one tool of ``examples/mcp_server.py`` through the official MCP SDK's stdio client
and print what a model would see: the strategy the picker chose and the text block.

    python examples/mcp_client.py                              # get-actor-run-list, 5 runs
    python examples/mcp_client.py get-dataset-items \
        '{"dataset_id": "google-places", "fields": "title,url,totalScore"}'
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import AsyncExitStack
from importlib.metadata import version
from pathlib import Path
from typing import Any

import anyio
from mcp import StdioServerParameters

SERVER = Path(__file__).resolve().with_name("mcp_server.py")


async def call(tool: str, arguments: dict[str, Any]) -> Any:
    params = StdioServerParameters(command=sys.executable, args=[str(SERVER)], env=dict(os.environ))
    async with AsyncExitStack() as stack:
        if int(version("mcp").split(".")[0]) >= 2:
            from mcp import Client

            client: Any = await stack.enter_async_context(Client(params))
        else:  # the 1.x line of the SDK
            from mcp import ClientSession, stdio_client

            read, write = await stack.enter_async_context(stdio_client(params))
            client = await stack.enter_async_context(ClientSession(read, write))
            await client.initialize()
        return await client.call_tool(tool, arguments)


def main(argv: list[str]) -> int:
    tool = argv[0] if argv else "get-actor-run-list"
    arguments = json.loads(argv[1]) if len(argv) > 1 else {"limit": 5}
    result = anyio.run(call, tool, arguments)
    wire = result.model_dump(by_alias=True)
    print(f"_meta: {json.dumps(wire.get('_meta'))}")
    for block in wire["content"]:
        print(block["text"])
    return 1 if wire.get("isError") else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
