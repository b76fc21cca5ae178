"""Talk to a port: a persistent process, a one-shot process per case, or the reference.

Every way a port can misbehave (no reply in time, exit, a line that is not JSON, a reply
for another seq, a reply of the wrong shape) raises PortFailure, which the runner reports
as a port failure: never as an expected error, and never by waiting forever. A command
that cannot be started at all (no such program, empty, unbalanced quotes) raises
PortCommandError when the port is made: a usage error, before any case runs.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from . import reference
from ._compare import Members, parse_reply, plain
from ._protocol import OPS, PROTOCOL, request

__all__ = [
    "DEFAULT_MEASURES",
    "OneshotPort",
    "Port",
    "PortCommandError",
    "PortFailure",
    "ProcessPort",
    "ReferencePort",
]

_STDERR_TAIL = 20

DEFAULT_MEASURES: tuple[str, ...] = ("bytes",)
"""What a port counts in when its ready message has no ``measures`` (and in oneshot mode)."""


class PortFailure(Exception):
    """The port did not give a usable reply. ``kind``: timeout, crash, garbage, protocol."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class PortCommandError(ValueError):
    """The port command cannot be started: empty, unbalanced quotes, or no such program."""


class Port(Protocol):
    """What the case loop needs from a port: what it offers, and one reply per request.

    ``open()`` starts the port if it needs starting; after it, ``implementation``, ``ops``
    and ``measures`` hold what the port declared (its ready message).
    """

    implementation: dict[str, Any]
    ops: tuple[str, ...]
    measures: tuple[str, ...]

    def open(self) -> None: ...

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any: ...

    def close(self) -> None: ...


def command_argv(command: str, cwd: str | None = None) -> list[str]:
    """The argument list of a port command, or PortCommandError when it cannot start.

    The program is looked up as ``exec`` would: on ``$PATH`` for a bare name, relative to
    ``cwd`` for a path.
    """
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise PortCommandError(f"cannot read the port command {command!r}: {exc}") from None
    if not argv:
        raise PortCommandError("the port command is empty")
    program = argv[0]
    if os.sep in program:
        path = Path(cwd or ".") / program
        found = path.is_file() and os.access(path, os.X_OK)
    else:
        found = shutil.which(program) is not None
    if not found:
        raise PortCommandError(f"cannot start {program}: no such executable program")
    return argv


def _parse(raw: bytes) -> Any:
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


def _names(value: Any, what: str) -> tuple[str, ...]:
    names = plain(value)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise PortFailure("protocol", f"{what} in the ready message must be a list of names")
    return tuple(names)


def _stderr_summary(lines: list[str]) -> str:
    """The port's last words: its first line that names an error, and its last lines
    (a Node or Python crash ends with a version line or a stack, not with the error)."""
    lines = [line.strip() for line in lines if line.strip()]
    named = [line for line in lines if "error" in line.lower() or "exception" in line.lower()]
    picked = list(dict.fromkeys([*named[:1], *lines[-2:]]))
    return " | ".join(line[:200] for line in picked)


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
        tail = _stderr_summary(list(self.stderr))
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
        self.argv = command_argv(command, cwd)
        self.timeout = timeout
        self.cwd = cwd
        self.implementation: dict[str, Any] = {}
        self.ops: tuple[str, ...] = OPS
        self.measures: tuple[str, ...] = DEFAULT_MEASURES
        self.restarts = -1
        self._proc: _Process | None = None
        self._failed_start: PortFailure | None = None

    def _start(self) -> _Process:
        proc = _Process(self.argv, self.cwd)
        self.restarts += 1
        try:
            proc.send(json.dumps({"cmd": "start", "protocol": PROTOCOL}) + "\n", self.timeout)
            ready = _parse(proc.read(self.timeout))
            fields = dict(ready) if isinstance(ready, Members) else {}
            if fields.get("ready") is not True:
                got = json.dumps(plain(ready), ensure_ascii=False)[:120]
                raise PortFailure("protocol", f"expected a ready message, got {got}")
            if fields.get("protocol") != PROTOCOL:
                raise PortFailure("protocol", f"port speaks protocol {fields.get('protocol')!r}")
            impl = plain(fields.get("implementation"))
            self.implementation = impl if isinstance(impl, dict) else {}
            if "ops" in fields:
                self.ops = _names(fields["ops"], "ops")
            if "measures" in fields:
                self.measures = _names(fields["measures"], "measures")
        except PortFailure:
            proc.kill()
            raise
        return proc

    def open(self) -> None:
        """Start the port and read its ready message, unless it runs already. A failed
        start is kept and raised by the next ``run``, so it counts against that case."""
        if self._proc is None and self._failed_start is None:
            try:
                self._proc = self._start()
            except PortFailure as exc:
                self._failed_start = exc

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any:
        if self._failed_start is not None:
            failure, self._failed_start = self._failed_start, None
            raise failure
        if self._proc is None:
            self._proc = self._start()
        proc = self._proc
        try:
            proc.send(request(seq, op, input, options), self.timeout)
            return check_reply(_parse(proc.read(self.timeout)), seq)
        except PortFailure:
            proc.kill()
            self._proc = None
            raise

    def close(self) -> None:
        self._failed_start = None
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(PortFailure):
            proc.send(json.dumps({"cmd": "stop"}) + "\n", min(self.timeout, 5), close=True)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.proc.wait(timeout=min(self.timeout, 5))
        proc.kill()


class OneshotPort:
    """``--oneshot``: the command runs once per case. The runner writes one run request,
    closes the port's standard input and reads one reply line. With no ready message, the
    port counts as offering every op and only the ``bytes`` measure."""

    def __init__(self, command: str, timeout: float, cwd: str | None = None) -> None:
        self.argv = command_argv(command, cwd)
        self.timeout = timeout
        self.cwd = cwd
        self.implementation: dict[str, Any] = {"name": self.argv[0]}
        self.ops: tuple[str, ...] = OPS
        self.measures: tuple[str, ...] = DEFAULT_MEASURES

    def open(self) -> None:
        pass

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any:
        proc = _Process(self.argv, self.cwd)
        try:
            proc.send(request(seq, op, input, options), self.timeout, close=True)
            return check_reply(_parse(proc.read(self.timeout)), seq)
        finally:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.proc.wait(timeout=1)
            proc.kill()

    def close(self) -> None:
        pass


class ReferencePort:
    """The reference implementation in-process, answering as the Python port does."""

    def __init__(self) -> None:
        self.implementation = reference.implementation("toon-picker (in-process reference)")
        self.ops: tuple[str, ...] = OPS
        self.measures: tuple[str, ...] = reference.measures()

    def open(self) -> None:
        pass

    def run(self, seq: int, op: str, input: Any, options: dict[str, Any]) -> Any:
        return reference.reply(seq, op, copy.deepcopy(input), options)

    def close(self) -> None:
        pass
