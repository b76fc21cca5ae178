"""MCP server helper: ship a tool's text result as the picked JSON or TOON text.

``tool_result(payload)`` builds the SDK's ``CallToolResult``: the text block carries the
picked text, ``structuredContent`` carries the payload unchanged (so ``outputSchema``
validation and programmatic clients see the same JSON as before) and ``_meta`` names the
strategy that won. ``compact_tool`` applies it to a tool function returning JSON-like data.

Works with the official ``mcp`` SDK, both the 2.x line (``MCPServer``) and 1.x
(``FastMCP``, 1.23 or later). Install with ``pip install ".[mcp]"`` in a checkout of
toon-picker (it is not on PyPI yet).
"""

from __future__ import annotations

import functools
import importlib
import inspect
import re
from collections.abc import Callable
from typing import Annotated, Any, overload

try:
    from mcp.types import CallToolResult, TextContent
except ImportError as _exc:  # pragma: no cover - exercised by a subprocess test
    raise ImportError(
        "toon_picker.mcp needs the MCP Python SDK: install the extra toon-picker[mcp]"
        " (mcp>=1.23,<3)"
    ) from _exc

from pydantic import BaseModel

from ._picker import Pick, pick

__all__ = ["META_KEY", "CallToolResult", "compact_tool", "fenced", "structured", "tool_result"]

META_KEY = "com.apify/encodingStrategy"
"""The ``_meta`` key naming the winning strategy (the design document's telemetry key)."""

# The label tells the model which format the fenced text is in.
_FENCE_LABELS = {"json": "json", "toon-flatten": "toon", "toon": "toon"}
_BACKTICKS = re.compile("`+")


def fenced(result: Pick) -> str:
    """The picked text inside a fenced code block labelled ``json`` or ``toon``.

    The fence is applied after the pick, so it never changes which candidate wins. It is
    one backtick longer than the longest backtick run in the text (at least three), so no
    line of the text can close it early.
    """
    longest = max((len(run) for run in _BACKTICKS.findall(result.text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{_FENCE_LABELS[result.strategy]}\n{result.text}\n{fence}"


def structured(payload: Any) -> dict[str, Any]:
    """``structuredContent`` for ``payload``: an object as is, anything else wrapped.

    The SDK publishes a non-object tool output as ``{"result": value}`` (MCP 2025-06-18
    and 2025-11-25 require an object), and so does this helper.
    """
    return payload if isinstance(payload, dict) else {"result": payload}


def tool_result(
    payload: Any,
    *,
    meta_key: str | None = META_KEY,
    fence: bool = False,
    **pick_options: Any,
) -> CallToolResult:
    """A ``CallToolResult`` whose text is ``pick(payload, **pick_options).text``.

    ``structuredContent`` is ``payload`` unchanged (wrapped as ``{"result": payload}`` when
    it is not an object) and ``_meta`` is ``{meta_key: strategy}`` (no ``_meta`` when
    ``meta_key`` is None). ``fence=True`` wraps the text in a fenced block labelled
    ``json`` or ``toon``. Raises PayloadError when ``payload`` is not JSON data and
    ValueError for bad pick options, like ``pick``.

    The text is always sendable: a lone surrogate is escaped in the JSON text, and the TOON
    encoders refuse it. ``structuredContent`` carries the payload as it is, and the SDK
    (pydantic) cannot serialise a lone surrogate there for a JSON transport such as stdio.
    """
    picked = pick(payload, **pick_options)
    return _result(picked, structured(payload), meta_key=meta_key, fence=fence)


def _result(
    picked: Pick, structured_content: dict[str, Any], *, meta_key: str | None, fence: bool
) -> CallToolResult:
    text = fenced(picked) if fence else picked.text
    # Wire names (camelCase, ``_meta``) are accepted by both SDK lines (1.x declares them as
    # field names, 2.x as aliases), so one spelling serves both.
    fields: dict[str, Any] = {
        "content": [TextContent(type="text", text=text)],
        "structuredContent": structured_content,
    }
    if meta_key is not None:
        fields["_meta"] = {meta_key: picked.strategy}
    return CallToolResult.model_validate(fields)


@overload
def compact_tool(fn: Callable[..., Any], /) -> Callable[..., Any]: ...


@overload
def compact_tool(
    *, meta_key: str | None = META_KEY, fence: bool = False, **pick_options: Any
) -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...


def compact_tool(
    fn: Callable[..., Any] | None = None,
    /,
    *,
    meta_key: str | None = META_KEY,
    fence: bool = False,
    **pick_options: Any,
) -> Any:
    """Make a tool function's text result the picked text; put it under ``@server.tool()``.

    ::

        @server.tool()
        @compact_tool
        def list_runs(limit: int = 10) -> RunList: ...

    The tool keeps its parameters and its output schema: the wrapper is declared as
    ``Annotated[CallToolResult, <original return type>]``, the SDK's own way of saying "this
    tool builds its result and validates it against that type". ``structuredContent`` is
    what the SDK would have published without the decorator (the return value validated
    and dumped by the SDK, wrapped in ``{"result": ...}`` for non-object types); the text
    is picked from that same JSON value. A tool that returns a ``CallToolResult`` itself is
    passed through.
    """
    if fn is None:
        return functools.partial(_decorate, meta_key=meta_key, fence=fence, options=pick_options)
    return _decorate(fn, meta_key=meta_key, fence=fence, options=pick_options)


def _decorate(
    fn: Callable[..., Any], *, meta_key: str | None, fence: bool, options: dict[str, Any]
) -> Callable[..., Any]:
    # Bad options fail here, when the server starts, not on the first call; a token
    # measure also loads its tokenizer now, so no call pays for that.
    pick([], **options)
    signature = inspect.signature(fn, eval_str=True)
    returns = signature.return_annotation
    convert = _output_converter(fn.__name__, returns)

    def finish(value: Any) -> Any:
        if isinstance(value, CallToolResult):
            return value
        if convert is None:  # no usable output type: pick the value as returned
            picked = pick(value, **options)
            return _result(picked, structured(value), meta_key=meta_key, fence=fence)
        content, wrapped = convert(value)
        payload = content["result"] if wrapped else content
        return _result(pick(payload, **options), content, meta_key=meta_key, fence=fence)

    wrapper: Callable[..., Any]
    if inspect.iscoroutinefunction(fn):

        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            return finish(await fn(*args, **kwargs))

        wrapper = async_wrapper
    else:

        def sync_wrapper(*args: Any, **kwargs: Any) -> Any:
            return finish(fn(*args, **kwargs))

        wrapper = sync_wrapper

    functools.update_wrapper(wrapper, fn)
    declared: Any = CallToolResult if convert is None else Annotated[CallToolResult, returns]
    # The SDK reads the signature (parameters -> input schema, return -> output schema) and
    # the type hints (context parameter); give it the evaluated originals with the new return.
    wrapper.__signature__ = signature.replace(return_annotation=declared)  # type: ignore[union-attr]
    hints = {
        name: p.annotation
        for name, p in signature.parameters.items()
        if p.annotation is not inspect.Parameter.empty
    }
    wrapper.__annotations__ = {**hints, "return": declared}
    return wrapper


def _output_converter(
    name: str, returns: Any
) -> Callable[[Any], tuple[dict[str, Any], bool]] | None:
    """The SDK's conversion of a return value to ``structuredContent``, or None.

    None when the SDK would publish no output schema for ``returns`` (no annotation, or a
    type it cannot describe). Otherwise a function giving the structured content and
    whether the SDK wrapped it in ``{"result": ...}``.
    """
    if returns is inspect.Parameter.empty:
        return None
    func_metadata = _sdk_func_metadata()

    # A stand-in with the tool's name and return type only, so the schema (and its title)
    # matches what the SDK derives for the undecorated tool, whatever its parameters are.
    def probe() -> None:  # pragma: no cover - never called
        raise NotImplementedError

    probe.__name__ = probe.__qualname__ = name
    probe.__signature__ = inspect.Signature(return_annotation=returns)  # type: ignore[attr-defined]
    probe.__annotations__ = {"return": returns}
    meta = func_metadata(probe)
    if meta.output_schema is None:
        return None
    wrapped = bool(meta.wrap_output)
    to_json_value = _structured_converter(meta)

    def convert(value: Any) -> tuple[dict[str, Any], bool]:
        return to_json_value({"result": value} if wrapped else value), wrapped

    return convert


def _structured_converter(meta: Any) -> Callable[[Any], dict[str, Any]]:
    """Validate a return value against the SDK's output type and dump it as JSON data.

    The same two steps as the SDK's ``convert_result``, without the text block it also
    builds: that text is replaced anyway, and building it would serialise the value once
    more (and fail on a lone surrogate, which the picker ships as JSON instead).
    """
    output_adapter = getattr(meta, "_output_adapter", None)
    if output_adapter is None:  # mcp 1.x: the output type is always a pydantic model
        model = meta.output_model

        def dump_model(value: Any) -> dict[str, Any]:
            dumped: dict[str, Any] = model.model_validate(value).model_dump(
                mode="json", by_alias=True
            )
            return dumped

        return dump_model

    adapter = output_adapter(meta.output_model)

    def dump(value: Any) -> dict[str, Any]:
        validated = adapter.validate_python(value, by_alias=True, by_name=True)
        if isinstance(validated, BaseModel):  # a returned subclass keeps its own fields
            dumped: dict[str, Any] = validated.model_dump(mode="json", by_alias=True)
        else:
            dumped = adapter.dump_python(validated, mode="json", by_alias=True)
        return dumped

    return dump


def _sdk_func_metadata() -> Callable[..., Any]:
    """The SDK's ``func_metadata`` (its module moved between the 1.x and 2.x lines)."""
    try:
        module = importlib.import_module("mcp.server.mcpserver.utilities.func_metadata")
    except ImportError:  # mcp 1.x
        module = importlib.import_module("mcp.server.fastmcp.utilities.func_metadata")
    func_metadata: Callable[..., Any] = module.func_metadata
    return func_metadata
