"""Talk to a port: a persistent process, a one-shot process per case, or the reference.

Every way a port can misbehave (no reply in time, exit, a line that is not JSON, a reply
for another seq, a reply of the wrong shape) raises PortFailure, which the runner reports
as a port failure: never as an expected error, and never by waiting forever.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from typing import Any, Protocol

__all__ = ["PROTOCOL", "OneshotPort", "PortFailure", "ProcessPort", "ReferencePort", "Runner"]

PROTOCOL = 1
_STDERR_TAIL = 20


class PortFailure(Exception):
    """The port did not give a usable reply. ``kind``: timeout, crash, garbage, protocol."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class Runner(Protocol):
    """What the case loop needs from a port."""

    implementation: dict[str, Any]
    ops: tuple[str, ...]

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any: ...

    def close(self) -> None: ...


def _request(seq: int, op: str, input: Any, options: dict[str, Any]) -> str:
    # ensure_ascii: lone surrogates in the corpus must travel as \udxxx escapes.
    msg = {"cmd": "run", "seq": seq, "op": op, "input": input, "options": options}
    return json.dumps(msg, ensure_ascii=True, separators=(",", ":")) + "\n"


def _parse(raw: bytes) -> Any:
    from ._compare import parse_reply

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PortFailure("garbage", f"reply is not UTF-8: {raw[:120]!r}") from exc
    try:
        return parse_reply(text)
    except ValueError as exc:
        raise PortFailure("garbage", f"reply is not JSON: {text.strip()[:120]!r}") from exc


def check_reply(reply: Any, seq: int) -> dict[str, Any]:
    """Validate a run reply's shape; return it as a plain dict of its top-level members."""
    from ._compare import Members

    if not isinstance(reply, Members):
        raise PortFailure("protocol", f"reply is not a JSON object: {str(reply)[:120]}")
    fields = dict(reply)
    if fields.get("seq") != seq or isinstance(fields.get("seq"), bool):
        raise PortFailure("protocol", f"wrong seq: expected {seq}, got {fields.get('seq')!r}")
    kinds = [k for k in ("ok", "error", "skipped") if k in fields]
    if len(kinds) != 1:
        raise PortFailure("protocol", "reply needs exactly one of ok / error / skipped")
    if "error" in fields:
        err = dict(fields["error"]) if isinstance(fields["error"], Members) else None
        if err is None or not isinstance(err.get("kind"), str):
            raise PortFailure("protocol", 'error reply needs {"kind": REASON, ...}')
        fields["error"] = err
    return fields


class _Process:
    """A child process with non-blocking line reads (reader threads, bounded waits)."""

    def __init__(self, argv: list[str], cwd: str | None) -> None:
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                start_new_session=True,  # so a kill reaches the port's own children too
            )
        except OSError as exc:
            raise PortFailure("crash", f"cannot start {shlex.join(argv)}: {exc}") from exc
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_TAIL)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in iter(self.proc.stdout.readline, b""):
            self.lines.put(line)
        self.lines.put(None)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in iter(self.proc.stderr.readline, b""):
            self.stderr.append(line.decode("utf-8", "replace").rstrip())

    def send(self, text: str, timeout: float, close: bool = False) -> None:
        """Write one request; a port that stops reading its input cannot block the runner."""
        stdin = self.proc.stdin
        assert stdin is not None
        failure: list[BaseException] = []

        def write() -> None:
            try:
                stdin.write(text.encode("utf-8"))
                stdin.flush()
                if close:
                    stdin.close()
            except (BrokenPipeError, OSError, ValueError) as exc:
                failure.append(exc)

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writer.join(timeout)
        if writer.is_alive():  # unblocked later by kill() closing the pipe
            raise PortFailure("timeout", f"the port read no input within {timeout:g} s")
        if failure:
            raise self._crash(f"cannot write to the port: {failure[0]}") from failure[0]

    def _crash(self, what: str) -> PortFailure:
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        time.sleep(0.05)  # let the stderr reader catch the last lines
        tail = " | ".join(list(self.stderr)[-3:])
        return PortFailure(
            "crash", f"{what} (exit status {code}){'; stderr: ' + tail if tail else ''}"
        )

    def read(self, timeout: float) -> bytes:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise PortFailure("timeout", f"no reply within {timeout:g} s") from None
        if line is None:
            raise self._crash("the port exited")
        return line

    def kill(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


class ProcessPort:
    """A persistent port process speaking protocol 1.

    After any PortFailure the process is killed; the next request starts a fresh one, so
    one bad case cannot poison the rest (the runner gives up after repeated failures).
    """

    def __init__(self, command: str, timeout: float, cwd: str | None = None) -> None:
        self.argv = shlex.split(command)
        self.timeout = timeout
        self.cwd = cwd
        self.implementation: dict[str, Any] = {}
        self.ops: tuple[str, ...] = ("flatten", "unflatten", "pick")
        self.restarts = -1
        self._proc: _Process | None = None

    def _start(self) -> _Process:
        proc = _Process(self.argv, self.cwd)
        self.restarts += 1
        try:
            proc.send(json.dumps({"cmd": "start", "protocol": PROTOCOL}) + "\n", self.timeout)
            ready = _parse(proc.read(self.timeout))
            from ._compare import Members, _plain

            fields = dict(ready) if isinstance(ready, Members) else {}
            if fields.get("ready") is not True:
                raise PortFailure("protocol", f"expected a ready message, got {str(ready)[:120]}")
            if fields.get("protocol") != PROTOCOL:
                raise PortFailure("protocol", f"port speaks protocol {fields.get('protocol')!r}")
            impl = _plain(fields.get("implementation"))
            self.implementation = impl if isinstance(impl, dict) else {}
            ops = _plain(fields.get("ops"))
            if isinstance(ops, list):
                self.ops = tuple(str(o) for o in ops)
        except PortFailure:
            proc.kill()
            raise
        return proc

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any:
        if self._proc is None:
            self._proc = self._start()
        proc = self._proc
        try:
            proc.send(_request(seq, op, input, options), self.timeout)
            return check_reply(_parse(proc.read(self.timeout)), seq)
        except PortFailure:
            proc.kill()
            self._proc = None
            raise

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(PortFailure):
            proc.send(json.dumps({"cmd": "stop"}) + "\n", min(self.timeout, 5), close=True)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.proc.wait(timeout=min(self.timeout, 5))
        proc.kill()


class OneshotPort:
    """``--oneshot``: the command runs once per case, one request on stdin, one reply line."""

    def __init__(self, command: str, timeout: float, cwd: str | None = None) -> None:
        self.argv = shlex.split(command)
        self.timeout = timeout
        self.cwd = cwd
        self.implementation: dict[str, Any] = {"name": self.argv[0] if self.argv else "?"}
        self.ops: tuple[str, ...] = ("flatten", "unflatten", "pick")

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any:
        proc = _Process(self.argv, self.cwd)
        try:
            proc.send(_request(seq, op, input, options), self.timeout, close=True)
            return check_reply(_parse(proc.read(self.timeout)), seq)
        finally:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.proc.wait(timeout=1)
            proc.kill()

    def close(self) -> None:
        pass


class ReferencePort:
    """The reference implementation in-process, answering like a port would."""

    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        from .. import SPEC_VERSION

        try:
            pkg = version("toon-picker")
        except PackageNotFoundError:
            pkg = "unknown"
        self.implementation = {
            "name": "toon-picker (in-process reference)",
            "version": pkg,
            "language": "python",
            "spec": SPEC_VERSION,
        }
        self.ops: tuple[str, ...] = ("flatten", "unflatten", "pick")

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any:
        return answer(seq, op, copy.deepcopy(input), options)

    def close(self) -> None:
        pass


def answer(seq: Any, op: str, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The reference's protocol reply for one run request (shared with the Python port)."""
    from .. import flatten, pick, unflatten
    from .._errors import ToonPickerError

    takes = {"flatten": ("dots",), "unflatten": (), "pick": _PICK_OPTIONS}
    if op not in takes:
        return {"seq": seq, "skipped": f"unknown op {op!r}"}
    try:
        unknown = sorted(set(options) - set(takes[op]))
        if unknown:
            raise ValueError(f"{op} takes no option {unknown[0]!r}")
        if op == "flatten":
            return {"seq": seq, "ok": flatten(value, **options)}
        if op == "unflatten":
            return {"seq": seq, "ok": unflatten(value)}
        kwargs = dict(options)
        if isinstance(kwargs.get("candidates"), list):
            kwargs["candidates"] = tuple(kwargs["candidates"])
        result = pick(value, **kwargs)
        return {
            "seq": seq,
            "ok": {"strategy": result.strategy, "text": result.text, "sizes": result.sizes},
        }
    except ToonPickerError as exc:
        return {"seq": seq, "error": {"kind": exc.reason, "message": str(exc)}}
    except ValueError as exc:  # bad options: a usage error (spec 7.5)
        return {"seq": seq, "error": {"kind": "invalid-options", "message": str(exc)}}


_PICK_OPTIONS = ("candidates", "min_saving", "measure", "dots", "verify")
