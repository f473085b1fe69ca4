"""The window's link to the records database: opened at start, one finished game recorded once.

The database itself is amul_table/persistence/records.py. Here a finished GameSession becomes a
FinishedGame, and every failure becomes one sentence the window shows once; play and saves go on. A file
another program holds locked is no failure: the window's thread tries the lock once, never waiting, and the game
waits on disk for a background retrier that records it (persistence/records_pending.py), opening the database
first if it was locked when the window opened.
No pygame here.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from amul_table.i18n import tr
from amul_table.match.finished import finished_game
from amul_table.match.session import GameSession
from amul_table.persistence.records import FinishedGame, Records, RecordsBusy, RecordsError, open_records, records_path
from amul_table.persistence.records_pending import RecordsRetrier, keep, pending_folder, waiting

if TYPE_CHECKING:
    from amul_table.app.window import App

log = logging.getLogger(__name__)


@dataclass
class RecordsLink:
    """The window's records: the open database, or (`records` None) the reason there is none."""

    records: Records | None
    problem: str = ""  # why records are off, or a damaged file set aside ("" when all is well)
    told: bool = False  # the player has been told a game could not be recorded: later failures only go to the log
    path: Path | None = None  # where the database is (kept when it was locked at the start: opened later)
    retrier: RecordsRetrier | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.path is None and self.records is not None:
            self.path = self.records.path

    @classmethod
    def open(cls, path: Path | None = None) -> RecordsLink:
        """The database at `path` (default $AMUL_TABLE_DATA, else the XDG data folder); never raises.

        Locked by another program: no database yet (one try at the lock: the window never waits on it), and a
        retrier opens it (and records what waits) later.
        """
        try:
            path = path or records_path()
            records = open_records(path, wait=False)
        except RecordsBusy as exc:
            log.warning("the records file is busy; it will be opened later: %s", exc)
            link = cls(None, path=path)
            link.retry()
            return link
        except RecordsError as exc:
            log.warning("records are off: %s", exc)
            return cls(None, tr("records.off", reason=exc))
        link = cls(records)
        if waiting(pending_folder(records.path)):
            link.retry()  # games a locked file kept waiting when the window last closed
        if records.set_aside is None:
            return link
        log.warning("the records file was damaged: it was set aside as %s", records.set_aside)
        link.problem = tr("records.set_aside", name=records.set_aside.name)
        return link

    @classmethod
    def off(cls) -> RecordsLink:
        """No records: headless renders, autoplay, benchmarks and tests that do not ask for a database."""
        return cls(None)

    def wait_for(self, game: FinishedGame) -> None:
        """Keep `game` on disk until the busy database takes it (OSError when it cannot be kept)."""
        assert self.path is not None
        keep(pending_folder(self.path), game)
        self.retry()

    def retry(self) -> None:
        """Start (or wake) the background retrier."""
        if self.retrier is not None and self.retrier.is_alive():
            self.retrier.nudge()
            return
        assert self.path is not None
        path = self.path
        self.retrier = RecordsRetrier(pending_folder(path), self.records, lambda: open_records(path), self._opened)
        self.retrier.start()

    def _opened(self, records: Records) -> None:
        self.records = records

    def close(self) -> None:
        """Stop retrying (what still waits is recorded at the next start)."""
        if self.retrier is not None:
            self.retrier.stop()


def open_records_for(app: App, path: Path | None = None) -> None:
    """Give the window its records database; say once if it could not be opened or was set aside."""
    app.records = RecordsLink.open(path)
    if app.records.problem:
        app.notify(app.records.problem)


def record_finished_game(app: App, session: GameSession) -> bool:
    """Record the window's finished game (once: a game already recorded is skipped); True when added.

    A database another program holds locked keeps the game waiting (on disk) for the retrier: never dropped, and
    the score pad that calls this opens at once (one try at the lock here, the waiting on the retrier's thread).
    """
    if not session.is_over:
        return False
    return keep_finished_game(app, finished_game_of(session))


def keep_finished_game(app: App, game: FinishedGame) -> bool:
    """Put a finished game in the window's records (a game already there is skipped); True when added.

    A database another program holds locked keeps the game waiting (on disk) for the retrier: never dropped.
    """
    link: RecordsLink = app.records
    if link.path is None:
        return False
    try:
        if link.records is None:
            raise RecordsBusy("the records file was locked when the window opened")
        return link.records.add_game(game, wait=False)
    except RecordsBusy as exc:
        log.warning("the records file is busy; the game waits to be recorded: %s", exc)
        try:
            link.wait_for(game)
            return False
        except OSError as keep_exc:
            problem: RecordsError = RecordsError(f"{exc}; it cannot wait either: {keep_exc.strerror or keep_exc}")
    except RecordsError as exc:
        problem = exc
    log.warning("the game was not recorded: %s", problem)
    if not link.told:
        link.told = True
        app.notify(tr("records.not_recorded", reason=problem))
    return False


def finished_game_of(session: GameSession, finished: dt.datetime | None = None) -> FinishedGame:
    """The session's finished game as the records keep it, with the save text to replay it."""
    return finished_game(session.saved_game(), finished)
