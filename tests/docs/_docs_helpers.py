"""Helpers for the docs tests: paths, the corpus read from its files, a CDP client."""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def corpus_cases() -> list[dict[str, Any]]:
    """Every case, read straight from the case files (not through toon_picker's loader)."""
    cases: list[dict[str, Any]] = []
    for path in sorted((ROOT / "conformance" / "cases").glob("*/*.json")):
        cases.extend(json.loads(path.read_text(encoding="utf-8"))["cases"])
    return cases


class CDPError(Exception):
    pass


class Browser:
    """A page of headless Chromium, driven over the DevTools protocol."""

    def __init__(self, ws_url: str) -> None:
        import websocket

        self._ws = websocket.create_connection(ws_url, timeout=30, suppress_origin=True)
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")
        self.send(
            "Emulation.setDeviceMetricsOverride",
            width=1280,
            height=1000,
            deviceScaleFactor=1,
            mobile=False,
        )

    def close(self) -> None:
        self._ws.close()

    def _receive(self, deadline: float) -> dict[str, Any]:
        self._ws.settimeout(max(0.05, deadline - time.monotonic()))
        message: dict[str, Any] = json.loads(self._ws.recv())
        return message

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        mid = self._next_id
        self._ws.send(json.dumps({"id": mid, "method": method, "params": params}))
        deadline = time.monotonic() + 60
        while True:
            message = self._receive(deadline)
            if message.get("id") == mid:
                if "error" in message:
                    raise CDPError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            self.events.append(message)

    def wait_event(self, method: str, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(i)
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {method} within {timeout}s")
            self.events.append(self._receive(deadline))

    def goto(self, url: str) -> None:
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.send("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise CDPError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 15) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{expression} stayed falsy for {timeout}s")
            time.sleep(0.1)

    def errors(self) -> list[str]:
        """Console errors, uncaught exceptions and failed loads seen so far."""
        self.send("Runtime.evaluate", expression="0")  # flush pending events
        out = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                out.append(json.dumps(params.get("exceptionDetails"))[:500])
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append(json.dumps(params.get("args"))[:500])
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                out.append(f"{entry.get('text')} {entry.get('url', '')}")
        return out

    def screenshot(self, path: Path, *, full_page: bool = False) -> None:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            height = min(int(self.evaluate("document.documentElement.scrollHeight")), 6000)
            params["clip"] = {"x": 0, "y": 0, "width": 1280, "height": height, "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.send("Page.captureScreenshot", **params)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
