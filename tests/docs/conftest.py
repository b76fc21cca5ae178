"""Fixtures for the docs tests: the built site, a local HTTP server, headless Chromium.

The site is built once per session with ``mkdocs build --strict`` into a temporary folder
(or taken from ``$TOON_PICKER_DOCS_SITE`` when set, e.g. to reuse a build). Chromium is
driven over the Chrome DevTools Protocol (``_docs_helpers.Browser``).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _docs_helpers import CHROMIUM_NAMES, ROOT, Browser


@pytest.fixture(scope="session")
def site_dir() -> Iterator[Path]:
    given = os.environ.get("TOON_PICKER_DOCS_SITE")
    if given:
        yield Path(given)
        return
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    pytest.importorskip("mkdocs_gen_files", reason="the docs extra is not installed")
    with tempfile.TemporaryDirectory(prefix="toon-picker-site-") as tmp:
        out = Path(tmp) / "site"
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", DISABLE_MKDOCS_2_WARNING="true")
        proc = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr[-3000:]
        yield out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _signal_group(proc: subprocess.Popen[bytes], sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)


@pytest.fixture(scope="session")
def browser(site_url: str) -> Iterator[Browser]:
    pytest.importorskip("websocket", reason="websocket-client (dev extra) is not installed")
    exe = _chromium()
    if exe is None:
        pytest.skip("chromium is not installed (apt-get install chromium); CI installs it")
    # Chromium's helper processes may still be writing the profile as the directory goes.
    with tempfile.TemporaryDirectory(
        prefix="toon-picker-chromium-", ignore_cleanup_errors=True
    ) as profile:
        argv = [
            exe,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            f"--user-data-dir={profile}",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            "about:blank",
        ]
        with subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        ) as proc:
            try:
                port_file = Path(profile) / "DevToolsActivePort"
                deadline = time.monotonic() + 30
                while not (port_file.is_file() and port_file.read_text().strip()):
                    if proc.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"chromium did not start (exit status {proc.poll()})")
                    time.sleep(0.1)
                port = int(port_file.read_text().split()[0])
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
                    targets = json.loads(r.read())
                page = next(t for t in targets if t.get("type") == "page")
                client = Browser(page["webSocketDebuggerUrl"])
                try:
                    yield client
                finally:
                    client.close()
            finally:
                # The whole process group: renderers and helpers too, not only the browser.
                _signal_group(proc, signal.SIGTERM)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    _signal_group(proc, signal.SIGKILL)
                    proc.wait()
