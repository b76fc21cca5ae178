"""A small MCP server with Apify-shaped tools whose text results are picked by toon-picker.

Run it over stdio (what MCP clients such as Claude Desktop or the MCP Inspector launch)::

    pip install ".[mcp]"                               # in the toon-picker checkout
    python examples/mcp_server.py                      # speaks MCP on stdin/stdout
    npx @modelcontextprotocol/inspector python examples/mcp_server.py   # browse it

Options: ``--fence`` wraps texts in a labelled fenced block, ``--min-saving R`` ships TOON
only when it saves at least the fraction R of the JSON size, ``--measure M`` sizes texts in
UTF-8 bytes (default) or in tokens (``o200k_base``, ``cl100k_base``; needs
``toon-picker[tokens]``), ``--dots refuse`` never renames a dotted member name in the text,
``--verify`` drops every TOON text that does not decode back to the payload,
``--backend NAME`` picks the TOON encoder (``auto``: the fastest installed). The payloads
are deterministic synthetic data shaped like the Apify API (``examples/synth.py``), so the
server needs no network and no token.

Every tool returns plain JSON data and carries one extra line, ``@compact_tool``: the
text block then holds the JSON or TOON text, whichever is smaller, ``structuredContent``
the data unchanged and ``_meta["com.apify/encodingStrategy"]`` the choice.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Sequence
from typing import Any

import synth as _synth

from toon_picker._project import FieldSpecError, project
from toon_picker.mcp import compact_tool

try:  # mcp 2.x
    from mcp.server.mcpserver import MCPServer as Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import (  # type: ignore[assignment,no-redef,import-not-found,attr-defined,unused-ignore]
        FastMCP as Server,
    )
    from mcp.server.fastmcp.exceptions import (  # type: ignore[no-redef,import-not-found,unused-ignore]
        ToolError,
    )

JSON = Any

# Dataset ids -> generator of that Actor's items (see examples/synth.py).
DATASETS: dict[str, Callable[[int, int], JSON]] = {
    "google-places": _synth.places,
    "rag-web-browser": _synth.web_pages,
    "instagram-posts": _synth.social_posts,
}
TOTAL_RUNS = 500
SEED = 2026


@functools.cache
def _runs() -> list[JSON]:
    items: list[JSON] = _synth.actor_runs(TOTAL_RUNS, seed=SEED)["data"]["items"]
    return items


def get_actor_run_list(limit: int = 20, offset: int = 0, desc: bool = False) -> dict[str, Any]:
    """List Actor runs (GET /v2/actor-runs): id, status, timings, usage, meta."""
    if not 1 <= limit <= 1000 or offset < 0:
        raise ToolError("limit must be within 1..1000 and offset at least 0")
    runs = list(reversed(_runs())) if desc else _runs()
    items = runs[offset : offset + limit]
    data = {
        "total": len(runs),
        "offset": offset,
        "limit": limit,
        "count": len(items),
        "desc": desc,
        "items": items,
    }
    return {"data": data}


def get_dataset_list(limit: int = 20) -> dict[str, Any]:
    """List datasets (GET /v2/datasets); about half of them declare a nested schema."""
    listing: dict[str, Any] = _synth.datasets(limit, seed=SEED, schema=True)
    return listing


def get_key_value_store_keys(limit: int = 50) -> dict[str, Any]:
    """List the keys of a key-value store (GET /v2/key-value-stores/{id}/keys)."""
    keys: dict[str, Any] = _synth.kv_keys(limit, seed=SEED)
    return keys


def get_dataset_items(
    dataset_id: str, limit: int = 10, offset: int = 0, fields: str | None = None
) -> list[dict[str, Any]]:
    """Dataset items of an Actor run: ``google-places``, ``rag-web-browser`` or
    ``instagram-posts``. ``fields`` (comma-separated, dotted for nested members, e.g.
    ``title,url,totalScore``) keeps only those fields of each item."""
    generate = DATASETS.get(dataset_id)
    if generate is None:
        raise ToolError(f"unknown dataset {dataset_id!r}; try one of {', '.join(DATASETS)}")
    if not 1 <= limit <= 1000 or offset < 0:
        raise ToolError("limit must be within 1..1000 and offset at least 0")
    items: list[dict[str, Any]] = generate(offset + limit, SEED)[offset:]
    if fields is not None:
        try:
            projected: list[dict[str, Any]] = project(items, fields)
        except FieldSpecError as exc:
            raise ToolError(f"bad fields: {exc}") from exc
        return projected
    return items


TOOLS: dict[str, Callable[..., Any]] = {
    "get-actor-run-list": get_actor_run_list,
    "get-dataset-list": get_dataset_list,
    "get-key-value-store-keys": get_key_value_store_keys,
    "get-dataset-items": get_dataset_items,
}


def build_server(**pick_options: Any) -> Any:
    """The server with every tool wrapped by ``compact_tool(**pick_options)``."""
    server = Server("toon-picker-example")
    for name, fn in TOOLS.items():
        server.tool(name=name)(compact_tool(**pick_options)(fn))
    return server


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fence", action="store_true", help="wrap texts in ```json / ```toon")
    parser.add_argument("--min-saving", type=float, default=0.0, metavar="R")
    parser.add_argument("--measure", default="bytes", metavar="M")
    parser.add_argument("--dots", default="rename", choices=("rename", "refuse"))
    parser.add_argument("--verify", action="store_true", help="drop TOON texts that misread")
    parser.add_argument("--backend", default="toon-format", metavar="NAME")
    args = parser.parse_args(argv)
    try:  # compact_tool checks its options (and loads a tokenizer) right away
        server = build_server(
            fence=args.fence,
            min_saving=args.min_saving,
            measure=args.measure,
            dots=args.dots,
            verify=args.verify,
            backend=args.backend,
        )
    except ValueError as exc:
        parser.error(str(exc))  # one line, exit status 2
    server.run()


if __name__ == "__main__":
    main()
