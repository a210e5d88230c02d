"""Headless Chromium driven over the DevTools protocol on a pipe: enough to test the audit page.

No test dependency: Chromium's ``--remote-debugging-pipe`` reads commands (JSON,
each ended by a NUL byte) on its file descriptor 3 and writes answers and events
on 4, so a browser is driven with the standard library alone (selenium and
chromedriver would add a dependency and a second process for the same few
commands).  :func:`find_chromium` is None where Debian's ``chromium`` is not
installed, and the tests that need it skip.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)


def find_chromium() -> str | None:
    """The path of Chromium (Debian's /usr/bin/chromium, or one on PATH), or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(Exception):
    """The browser answered a command with an error, died, or did not answer in time."""


class Chromium:
    """One headless Chromium with one page, driven by DevTools commands.

    ``errors`` collects what the page's console reported as an error (console
    calls, uncaught exceptions, the browser's own log: a blocked request, a CSP
    violation), ``requests`` every URL the page asked for.
    """

    def __init__(self, path: str, width: int = 1400, height: int = 900, timeout: float = 60.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="srtext-chromium-")
        cmd_r, self._cmd_w = os.pipe()
        self._res_r, res_w = os.pipe()

        def fds() -> None:  # in the child: the command pipe on 3, the answer pipe on 4
            os.dup2(cmd_r, 3)
            os.dup2(res_w, 4)

        args = [path, *FLAGS, f"--user-data-dir={self.profile}", f"--window-size={width},{height}"]
        self.process = subprocess.Popen(
            [*args, "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),
            preexec_fn=fds,
        )
        os.close(cmd_r)
        os.close(res_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        targets = self.send("Target.getTargets")["targetInfos"]
        page = next(t["targetId"] for t in targets if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", targetId=page, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(f"{domain}.enable", session=True)
        self.send("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)  # fmt: skip

    def send(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send a command and wait for its answer (events that come meanwhile are kept)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._cmd_w, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self._event(answer)

    def _read(self) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._res_r], [], [], left)[0]:
                raise BrowserError(f"no answer from the browser in {self.timeout} s")
            chunk = os.read(self._res_r, 1 << 16)
            if not chunk:
                raise BrowserError("the browser went away")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    def _event(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.errors.append(" ".join(str(a.get("value", a.get("description"))) for a in params["args"]))
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.errors.append(details.get("exception", {}).get("description") or details.get("text", ""))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(params["entry"]["text"])
        elif method == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])

    def wait_for(self, method: str) -> dict[str, Any]:
        """Wait for the next event ``method`` (one that came already counts)."""
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[i]
                return event
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            event = self._read()
            if "id" in event:
                continue
            self._event(event)
            if event.get("method") == method:
                self.events.remove(event)
                return event
        raise BrowserError(f"no {method} in {self.timeout} s")

    def open(self, url: str) -> None:
        """Load a page and wait for its load event."""
        self.events.clear()
        self.send("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (an exception is a BrowserError)."""
        answer = self.send(
            "Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def screenshot(self) -> bytes:
        """The page as it is drawn now, as PNG."""
        data = self.send("Page.captureScreenshot", session=True, format="png")["data"]
        return base64.b64decode(data)

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close")
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._cmd_w, self._res_r):
            with contextlib.suppress(OSError):
                os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
