"""Shared by the security tests: hostile files, FIFOs that would hang a careless reader, a clock."""

from __future__ import annotations

import os
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


def fixture_text(name: str = "midgame-4p-solo.yaml") -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def zlib_bomb(mebibytes: int) -> bytes:
    """A zlib stream of `mebibytes` MiB of zeros in about a KiB each, built in milliseconds: after a full flush
    each MiB's deflate blocks stand alone, so one is repeated (compressing half a gigabyte took 1.3 s)."""
    zeros = b"\0" * 2**20
    pack = zlib.compressobj(9)
    first = pack.compress(zeros) + pack.flush(zlib.Z_FULL_FLUSH)  # with the zlib header
    again = pack.compress(zeros) + pack.flush(zlib.Z_FULL_FLUSH)
    last_block = pack.flush()[:-4]  # without the checksum of these two MiB
    adler = (mebibytes * 2**20 % 65521) << 16 | 1  # Adler-32 of zeros: a stays 1, b adds 1 a byte
    return first + again * (mebibytes - 1) + last_block + adler.to_bytes(4, "big")


def make_fifo(folder: Path, name: str = "fifo.yaml") -> Path:
    path = folder / name
    os.mkfifo(path)
    _FIFOS.append(path)
    return path


def within(seconds: float, call: Callable[[], Any], *, hang: float = 60.0) -> Any:
    """Run `call` in a thread; fail if it costs more than `seconds` of CPU (a bomb unpacked, a blow-up parsed),
    or if it still runs after `hang` seconds (a FIFO waited on: a hang must not hang the suite). CPU time, not
    the wall clock: a busy machine stretches the second, never the first."""
    box: dict[str, Any] = {}

    def run() -> None:
        start = time.thread_time()
        try:
            box["value"] = call()
        except BaseException as exc:  # the test looks at it
            box["error"] = exc
        box["cpu"] = time.thread_time() - start

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(hang)
    if thread.is_alive():
        _unblock_fifos()
        raise AssertionError(f"still running after {hang} s")
    if "error" in box:
        raise box["error"]
    assert box["cpu"] < seconds, f"took {box['cpu']:.2f} s of CPU (more than {seconds})"
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
