"""The Python reference (toon_picker) speaking the conformance port protocol 1.

    python conformance/ports/python/port.py            # persistent: start, run..., stop
    python conformance/ports/python/port.py --oneshot  # one run request, one reply

One JSON object per line on stdin and stdout; logs (none by default) go to stderr. The
ready message and every reply come from ``toon_picker.conformance.reference``, the same
code the runner's in-process reference uses.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from toon_picker.conformance import reference


def _reply(message: dict[str, Any]) -> None:
    # ensure_ascii: lone surrogates cannot be written as UTF-8; \udxxx escapes can.
    sys.stdout.write(json.dumps(message, ensure_ascii=True, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def _run(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict) or request.get("cmd") != "run":
        return {"seq": None, "error": {"kind": "protocol", "message": "expected a run request"}}
    options = request.get("options")
    return reference.reply(
        request.get("seq"), str(request.get("op")), request.get("input"), options or {}
    )


def main(argv: list[str]) -> int:
    if "--oneshot" in argv:
        line = sys.stdin.readline()
        _reply(_run(json.loads(line)))
        return 0
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as exc:
            _reply({"seq": None, "error": {"kind": "protocol", "message": f"not JSON: {exc}"}})
            continue
        cmd = request.get("cmd") if isinstance(request, dict) else None
        if cmd == "start":
            _reply(reference.ready())
        elif cmd == "stop":
            return 0
        else:
            _reply(_run(request))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
