"""Run the corpus against every port we ship and write the results table in README.md.

The table sits between ``<!-- results:start -->`` and ``<!-- results:end -->`` in
conformance/README.md. Each row comes from a real runner run (``--level host --json``).
A port that cannot run here (e.g. no node, or no node_modules) gets a row saying so.

    python conformance/tools/update_results_table.py
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFORMANCE = HERE.parent
README = CONFORMANCE / "README.md"
START, END = "<!-- results:start -->", "<!-- results:end -->"

PORTS: list[tuple[str, str | None, str]] = [
    ("reference (in-process)", None, ""),
    ("Python port", "python conformance/ports/python/port.py", ""),
    ("JavaScript port", "node conformance/ports/js/port.js", "ports/js/node_modules"),
]


def _run(command: str | None) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        argv = [
            sys.executable,
            "-m",
            "toon_picker.cli",
            "conformance",
            "run",
            "--level",
            "host",
            "--quiet",
            "--json",
            str(report),
        ]
        if command is not None:
            argv += ["--port", command.replace("python ", f"{sys.executable} ", 1)]
        subprocess.run(argv, cwd=CONFORMANCE.parent, check=False, capture_output=True, timeout=600)
        data: dict[str, object] = json.loads(report.read_text("utf-8"))
        return data


def _row(name: str, command: str | None, needs: str) -> str:
    shown = f"`{command}`" if command else "(no `--port`)"
    if command and command.startswith("node") and shutil.which("node") is None:
        return f"| {name} | {shown} | not run here: node missing | | | |"
    if needs and not (CONFORMANCE / needs).is_dir():
        return f"| {name} | {shown} | not run here: {needs} missing (`npm ci`) | | | |"
    data = _run(command)
    cases = data["cases"]
    assert isinstance(cases, list)

    def count(level: str, status: str) -> int:
        return sum(1 for c in cases if c["level"] == level and c["status"] == status)

    impl = data.get("implementation") or {}
    assert isinstance(impl, dict)
    ident = " ".join(str(impl.get(k, "")) for k in ("name", "version")).strip()
    must = f"{count('must', 'pass')} / {sum(1 for c in cases if c['level'] == 'must')}"
    host = f"{count('host', 'pass')} / {sum(1 for c in cases if c['level'] == 'host')}"
    summary = data["summary"]
    assert isinstance(summary, dict)
    final = f"{summary['passed']} passed, {summary['failed']} failed, {summary['skipped']} skipped"
    return (
        f"| {name} | {shown} | {ident} ({impl.get('language', '?')}) | {must} | {host} | {final} |"
    )


def main() -> int:
    corpus_version = (CONFORMANCE / "VERSION").read_text("utf-8").strip()
    rows = [_row(*port) for port in PORTS]
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    table = "\n".join(
        [
            START,
            f"Corpus {corpus_version}, run with `--level host` on {stamp} by "
            "`python conformance/tools/update_results_table.py`.",
            "",
            "| Port | Command | Implementation | must passed | host passed | Runner's final line |",
            "|---|---|---|---:|---:|---|",
            *rows,
            END,
        ]
    )
    text = README.read_text("utf-8")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    README.write_text(head + table + tail, "utf-8")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
