"""A small client for the conformance port protocol (contract: "Conformance port protocol").

The port is started once and kept for many `run` requests. Requests are written as ASCII
JSON (lone surrogates travel as `\\udxxx` escapes). A port that dies or hangs is restarted
before the next request, and the request that killed it fails loudly.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import tempfile
from collections.abc import Sequence
from typing import Any


class PortError(AssertionError):
    """The port crashed, hung or broke the protocol."""


class PortClient:
    def __init__(self, command: Sequence[str], *, timeout: float = 60.0) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.seq = 0
        self.requests = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        self.hello: dict[str, Any] = {}

    # -- process ----------------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        self.proc = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr
        )
        self.buffer = b""
        self._send({"cmd": "start", "protocol": 1})
        self.hello = self._receive()
        if not self.hello.get("ready"):
            raise PortError(f"port did not become ready: {self.hello!r}")
        return self.hello

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write(b'{"cmd":"stop"}\n')
                proc.stdin.flush()
            proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def close(self) -> None:
        self.stop()
        self.stderr.close()

    def _stderr_tail(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()[-2000:].decode("utf-8", "replace")

    # -- lines ------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc is not None
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message, ensure_ascii=True).encode("ascii") + b"\n")
        self.proc.stdin.flush()

    def _receive(self) -> dict[str, Any]:
        assert self.proc is not None
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([fd], [], [], self.timeout)
            if not ready:
                raise TimeoutError(f"no reply within {self.timeout}s")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise EOFError("port closed its output")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        reply: dict[str, Any] = json.loads(line)
        return reply

    # -- requests ---------------------------------------------------------------------

    def run(self, op: str, value: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """One `run` request; returns the reply (`ok`, `error` or `skipped`)."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.seq += 1
        self.requests += 1
        request = {"cmd": "run", "seq": self.seq, "op": op, "input": value}
        request["options"] = options or {}
        try:
            self._send(request)
            reply = self._receive()
        except (OSError, EOFError, TimeoutError, ValueError) as exc:
            self.stop()
            raise PortError(f"port failed on {op}: {exc}\n{self._stderr_tail()}") from exc
        if reply.get("seq") != self.seq:
            self.stop()
            raise PortError(f"reply out of sequence: sent {self.seq}, got {reply!r}")
        return reply
