"""Shared loop for the deliberately broken ports: a correct port with one defect hook."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from toon_picker.conformance import OPS, reference

READY = {
    "ready": True,
    "protocol": 1,
    "ops": list(OPS),
    "implementation": {"name": "broken", "version": "0", "language": "python"},
}


def write(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=True) + "\n")
    sys.stdout.flush()


def serve(on_run: Callable[[int, dict[str, Any]], None]) -> None:
    """Answer start/stop properly; hand the n-th run request (from 1) to ``on_run``."""
    count = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("cmd") == "start":
            write(READY)
        elif msg.get("cmd") == "stop":
            return
        else:
            count += 1
            on_run(count, msg)


def correct(msg: dict[str, Any]) -> dict[str, Any]:
    return reference.reply(msg["seq"], msg["op"], msg["input"], msg.get("options") or {})
