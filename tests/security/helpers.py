"""Shared by the security tests: hostile files, FIFOs that would hang a careless reader, a clock."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


def fixture_text(name: str = "midgame-4p-solo.yaml") -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def make_fifo(folder: Path, name: str = "fifo.yaml") -> Path:
    path = folder / name
    os.mkfifo(path)
    _FIFOS.append(path)
    return path


def within(seconds: float, call: Callable[[], Any]) -> Any:
    """Run `call` in a thread; fail if it takes longer than `seconds` (a hang must not hang the suite)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # the test looks at it
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    start = time.monotonic()
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        _unblock_fifos()
        raise AssertionError(f"still running after {seconds} s")
    box["seconds"] = time.monotonic() - start
    if "error" in box:
        raise box["error"]
    return box.get("value")


_FIFOS: list[Path] = []


def _unblock_fifos() -> None:
    """Open the write end of every FIFO a hung reader may be waiting on, so its thread ends."""
    for path in _FIFOS:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass
