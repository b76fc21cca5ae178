"""The Python reference (toon_picker) speaking the conformance port protocol 1.

    python conformance/ports/python/port.py            # persistent: start, run..., stop
    python conformance/ports/python/port.py --oneshot  # one run request, one reply

One JSON object per line on stdin and stdout; logs (none by default) go to stderr.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from toon_picker import SPEC_VERSION
from toon_picker.conformance._port import PROTOCOL, answer

OPS = ["flatten", "unflatten", "pick"]


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("toon-picker")
    except PackageNotFoundError:
        return "unknown"


def _reply(message: dict[str, Any]) -> None:
    # ensure_ascii: lone surrogates cannot be written as UTF-8; \udxxx escapes can.
    sys.stdout.write(json.dumps(message, ensure_ascii=True, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def _run(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict) or request.get("cmd") != "run":
        return {"seq": None, "error": {"kind": "protocol", "message": "expected a run request"}}
    seq = request.get("seq")
    options = request.get("options") or {}
    return answer(seq, str(request.get("op")), request.get("input"), options)


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
            _reply(
                {
                    "ready": True,
                    "protocol": PROTOCOL,
                    "implementation": {
                        "name": "toon-picker",
                        "version": _version(),
                        "language": "python",
                        "spec": SPEC_VERSION,
                    },
                    "ops": OPS,
                }
            )
        elif cmd == "stop":
            return 0
        else:
            _reply(_run(request))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
