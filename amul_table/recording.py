"""The window's link to the records database: opened at start, one finished game recorded once.

The database itself is amul_table/persistence/records.py. Here a finished GameSession becomes a
FinishedGame, and every failure becomes one sentence the window shows once; play and saves go on.
No pygame here.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from amul_table.i18n import tr
from amul_table.match.finished import finished_game
from amul_table.persistence.records import FinishedGame, Records, RecordsError, open_records
from amul_table.persistence.saves_place import record_of
from amul_table.session import GameSession

if TYPE_CHECKING:
    from amul_table.app import App

log = logging.getLogger(__name__)


@dataclass
class RecordsPlace:
    """The window's records: the open database, or (`records` None) the reason there is none."""

    records: Records | None
    problem: str = ""  # why records are off, or a damaged file set aside ("" when all is well)
    told: bool = False  # the player has been told a game could not be recorded: later failures only go to the log

    @classmethod
    def open(cls, path: Path | None = None) -> RecordsPlace:
        """The database at `path` (default $AMUL_TABLE_DATA, else the XDG data folder); never raises."""
        try:
            records = open_records(path)
        except RecordsError as exc:
            log.warning("records are off: %s", exc)
            return cls(None, tr("records.off", reason=exc))
        if records.set_aside is None:
            return cls(records)
        log.warning("the records file was damaged: it was set aside as %s", records.set_aside)
        return cls(records, tr("records.set_aside", name=records.set_aside.name))

    @classmethod
    def off(cls) -> RecordsPlace:
        """No records: headless renders, autoplay, benchmarks and tests that do not ask for a database."""
        return cls(None)


def open_records_for(app: App, path: Path | None = None) -> None:
    """Give the window its records database; say once if it could not be opened or was set aside."""
    app.records = RecordsPlace.open(path)
    if app.records.problem:
        app.notify(app.records.problem)


def record_finished_game(app: App, session: GameSession) -> bool:
    """Record the window's finished game (once: a game already recorded is skipped); True when added."""
    place: RecordsPlace = app.records
    if place.records is None or not session.is_over:
        return False
    try:
        return place.records.add_game(finished_game_of(session))
    except RecordsError as exc:
        log.warning("the game was not recorded: %s", exc)
        if not place.told:
            place.told = True
            app.notify(tr("records.not_recorded", reason=exc))
        return False


def finished_game_of(session: GameSession, finished: dt.datetime | None = None) -> FinishedGame:
    """The session's finished game as the records keep it, with the save text to replay it."""
    return finished_game(record_of(session), finished)
