"""Port protocol 1 (conformance/README.md, "Port protocol"): its constants and requests.

The one place the runner, the reference's replies and the corpus loader take the protocol
version, the operation names and the option names from.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["OPS", "OPTIONS", "PROTOCOL", "request"]

PROTOCOL = 1

OPS: tuple[str, ...] = ("flatten", "unflatten", "pick")
"""The operations of the spec, in corpus order: each has a folder ``cases/<op>/``."""

OPTIONS: dict[str, tuple[str, ...]] = {
    "flatten": ("dots",),
    "unflatten": (),
    "pick": ("candidates", "min_saving", "measure", "dots", "verify"),
}
"""The option names a ``run`` request may carry, per operation; any other name is a usage
error (``invalid-options``)."""


def request(seq: int, op: str, input: Any, options: dict[str, Any]) -> str:
    """One ``run`` request line."""
    # ensure_ascii: lone surrogates in the corpus must travel as \udxxx escapes.
    msg = {"cmd": "run", "seq": seq, "op": op, "input": input, "options": options}
    return json.dumps(msg, ensure_ascii=True, separators=(",", ":")) + "\n"
