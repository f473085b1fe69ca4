"""The window's link to the records database: opened at start, one finished game recorded once.

The database itself is amul_table/persistence/records.py. Here a finished GameSession becomes a
FinishedGame, and every failure becomes one sentence the window shows once; play and saves go on.
No pygame here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from amul_table.i18n import tr
from amul_table.persistence.records import FinishedGame, Records, RecordsError, SeatResult, open_records
from amul_table.persistence.save_format import dump_save
from amul_table.persistence.saves_place import record_of
from amul_table.rules.scoring import TOTAL, ScoreSheet, score_game
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
    record = record_of(session)
    # The records keep no secret: a finished game's bots never play again, so its save goes in without
    # the bot salt (a format-1 document, which still replays and reviews).
    record = dataclasses.replace(record, setup=dataclasses.replace(record.setup, bot_salt=None))
    sheet = score_game(record.state.play_areas)
    started = utc(session.started)
    seats = tuple(
        SeatResult(
            name=setup.name,
            human=setup.human,
            tier=None if setup.human else setup.tier,
            total=score.total,
            rank=rank,
            win=1 / len(sheet.winners) if i in sheet.winners else 0.0,
            rows={row: points for row, points in score.rows.items() if row != TOTAL} if setup.human else {},
        )
        for i, (setup, score, rank) in enumerate(zip(session.seats, sheet.seats, ranks(sheet), strict=True))
    )
    return FinishedGame(
        key=game_key(session.seed, started),
        started=started,
        finished=finished or dt.datetime.now(dt.UTC).replace(microsecond=0),
        seed=session.seed,
        tea=session.tea,
        seats=seats,
        save_text=dump_save(record),
    )


def game_key(seed: int, started: dt.datetime) -> str:
    """One game, however often it is saved, resumed or its score pad reopened: its seed and creation time."""
    return f"{seed}@{utc(started).isoformat(timespec='seconds')}"


def utc(moment: dt.datetime) -> dt.datetime:
    """The moment in UTC (a time without a zone is UTC, as in saves), to the second."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).replace(microsecond=0)


def ranks(sheet: ScoreSheet) -> list[int]:
    """1 + the seats ahead on points, then on Military Prowess (the pad's tie-break): winners rank 1."""
    keys = [(s.total, s.military) for s in sheet.seats]
    return [1 + sum(other > key for other in keys) for key in keys]
