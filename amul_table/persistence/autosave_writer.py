"""Autosaves written off the frame: one background thread, the newest saved game only, never two writes at once.

The window autosaves after every decision so that a crash or `kill -9` loses at most the decision being
made. Writing a save takes ~20-40 ms (YAML of the whole game, two fsyncs), too long for a 60 fps frame,
so the main thread only takes a copy of the state (~0.02 ms) and hands it over. A newer game
replaces one still waiting; `flush` waits until everything handed over is on disk. No pygame here.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from amul_table.persistence import save_files
from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_format import SavedGame

log = logging.getLogger(__name__)


class AutosaveWriter:
    """The one writer of a folder's autosave; `submit` returns at once, `flush` waits for the disk."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.written = 0  # autosaves written (tests, benchmarks)
        self._cond = threading.Condition()
        self._pending: SavedGame | None = None
        self._busy = False
        self._problem: SaveError | None = None
        self._last_failed = False  # the newest game handed over is not on disk: its write failed
        self._thread: threading.Thread | None = None

    def submit(self, saved: SavedGame) -> None:
        """Write `saved` soon (replacing any game still waiting)."""
        with self._cond:
            self._pending = saved
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted game is written (or failed); whether the newest is on disk (False: its write
        failed, or `timeout` passed first)."""
        with self._cond:
            done = self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)
            return done and not self._last_failed

    def take_problem(self) -> SaveError | None:
        """The last write's failure, once (None when the writes went well)."""
        if self._problem is None:  # asked at every frame: no lock when there is nothing to take
            return None
        with self._cond:
            problem, self._problem = self._problem, None
            return problem

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: self._pending is not None, timeout=30.0):
                    self._thread = None  # idle: the next submit starts a new thread
                    return
                saved, self._pending, self._busy = self._pending, None, True
            problem = None
            try:
                save_files.autosave(self.folder, saved)
            except SaveError as exc:
                log.warning("autosave failed: %s", exc)
                problem = exc
            except Exception as exc:  # a bug must not kill the writer silently: report it like a failure
                log.exception("autosave failed")
                problem = SaveError("error.saves.write", path=str(self.folder), reason=str(exc))
            with self._cond:
                self.written += problem is None
                self._problem = problem or self._problem
                self._last_failed = problem is not None
                self._busy = False
                self._cond.notify_all()
