"""Fill in (or check) the ``ok`` expectation of every pick case from two implementations.

Each pick case's input is sent to the JavaScript port (conformance/ports/js, over the port
protocol, JSON.stringify + @toon-format/toon) and to the Python reference (in-process,
toon-format). When both give the same strategy, text and sizes, that result becomes the
case's ``ok``. Any disagreement (or an error on either side) is printed and the case is
left as it was (host-level cases take the reference's result, spec 1.2, and the JS
difference is printed as HOST): resolve it by reading spec/SPEC.md, fix the implementation
that is wrong, and run the tool again. Nothing is written when --check is given; then the
exit status is 1 if an existing expectation differs from the agreed result or the sides
disagree.

A case expecting an error (``invalid-options``) is checked, never written: both sides must
answer that error. A case with a token measure the JS port does not declare (its ready
message, ``measures``) cannot be cross-checked: it is printed as UNCHECKED and left as it is.

    python conformance/tools/build_pick_expectations.py [--check] [--port CMD]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from casefmt import load_file, write_file

from toon_picker._measures import TOKEN_MEASURES
from toon_picker.conformance import PortFailure, ProcessPort, plain, reference

HERE = Path(__file__).resolve().parent
CASES = HERE.parent / "cases" / "pick"
JS_PORT = f"node {HERE.parent / 'ports' / 'js' / 'port.js'}"


def _result(reply: dict[str, Any]) -> Any:
    if "ok" not in reply:
        return {"<not ok>": plain(reply.get("error") or reply.get("skipped"))}
    ok = plain(reply["ok"])
    # Keep only what the corpus pins; sizes keep candidate order.
    return {"strategy": ok.get("strategy"), "text": ok.get("text"), "sizes": ok.get("sizes")}


def _same(a: Any, b: Any) -> bool:
    dump = json.dumps  # sizes order matters: compare as text with member order kept
    return bool(dump(a, ensure_ascii=True) == dump(b, ensure_ascii=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify, write nothing")
    parser.add_argument("--port", default=JS_PORT, help="the independent port command")
    args = parser.parse_args()
    port = ProcessPort(args.port, timeout=30)
    port.open()
    disagreements = stale = filled = seq = unchecked = 0
    try:
        for path in sorted(CASES.glob("*.json")):
            data = load_file(path)
            changed = False
            for case in data["cases"]:
                seq += 1
                options = case.get("options", {})
                measure = options.get("measure")
                if measure in TOKEN_MEASURES and measure not in port.measures:
                    unchecked += 1
                    print(f"UNCHECKED {case['id']}: the port does not declare {measure}")
                    continue
                if "error" in case:
                    ours = reference.reply(seq, "pick", case["input"], options)
                    try:
                        theirs = port.run(seq, "pick", case["input"], options)
                    except PortFailure as exc:
                        theirs = {"error": {"kind": f"<port failure: {exc}>"}}
                    kinds = [plain(r.get("error", {})).get("kind") for r in (ours, theirs)]
                    if kinds != [case["error"]] * 2:
                        disagreements += 1
                        print(f"DISAGREE {case['id']}: expected {case['error']}, got {kinds}")
                    continue
                py = _result(reference.reply(seq, "pick", case["input"], options))
                try:
                    js = _result(port.run(seq, "pick", case["input"], options))
                except PortFailure as exc:
                    js = {"<port failure>": str(exc)}
                if case["level"] == "host" and "strategy" in py and not _same(py, js):
                    # Spec 1.2: a host case records the reference's behaviour; the
                    # difference is expected (spec 3.4) and shown for the record.
                    print(f"HOST {case['id']}: js differs as 3.4 allows: {json.dumps(js)[:160]}")
                elif not _same(py, js) or "strategy" not in py:
                    disagreements += 1
                    print(
                        f"DISAGREE {case['id']} input={json.dumps(case['input'])[:160]}"
                        f" options={json.dumps(options)}\n  python: {json.dumps(py)}\n"
                        f"  js:     {json.dumps(js)}"
                    )
                    continue
                if case.get("ok") is not None and _same(case["ok"], py):
                    continue
                if "ok" in case:
                    stale += 1
                    print(
                        f"CHANGED {case['id']}: was {json.dumps(case['ok'])[:200]}\n"
                        f"  now {json.dumps(py)[:200]}"
                    )
                if not args.check:
                    case["ok"] = py
                    filled += 1
                    changed = True
            if changed:
                write_file(path, data["description"], data["cases"])
    finally:
        port.close()
    print(
        f"{seq} pick cases: {disagreements} disagreements, {stale} changed, {filled} written, "
        f"{unchecked} unchecked"
    )
    return 1 if disagreements or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
