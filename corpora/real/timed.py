"""Run a printer (Chromium, LibreOffice) with a time limit: on time-out its whole session is killed."""

from __future__ import annotations

import os
import signal
import subprocess


def run_killed_after(cmd: list[str], timeout: float, what: str, env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` in a session of its own, silent; its exit status, or RuntimeError after ``timeout`` s.

    The session, not only the process, is killed: a browser or an office suite
    leaves helper processes that would otherwise outlive the build.
    """
    p = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, env=env
    )
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        raise RuntimeError(f"{what} timed out after {timeout} s") from None
