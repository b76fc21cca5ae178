"""The JavaScript port as the differential properties talk to it."""

from __future__ import annotations

from typing import Any

from toon_picker.conformance import ProcessPort, plain


class JSPort:
    """The JavaScript port through the runner's own protocol client (``ProcessPort``):
    one process for many requests, restarted after a failure (which raises PortFailure
    and so fails the example). Replies come back as plain data."""

    def __init__(self, port: ProcessPort) -> None:
        self.port = port
        self.seq = 0

    def run(self, op: str, value: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
        self.seq += 1
        reply: dict[str, Any] = plain(self.port.run(self.seq, op, value, options or {}))
        return reply
