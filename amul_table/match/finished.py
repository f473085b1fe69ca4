"""A finished game as the records database keeps it, built from its SavedGame (window and server alike)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from amul_table.persistence.records import FinishedGame, SeatResult
from amul_table.persistence.save_format import SavedGame, dump_save
from amul_table.rules.score_details import ranks
from amul_table.rules.scoring import TOTAL, score_game


def finished_game(saved: SavedGame, finished: dt.datetime | None = None) -> FinishedGame:
    """The records' row for a finished game, with the save text to replay and review it."""
    # The records keep no secret: a finished game's bots never play again, so its save goes in without
    # the bot salt (a format-1 document, which still replays and reviews).
    saved = dataclasses.replace(saved, setup=dataclasses.replace(saved.setup, bot_salt=None))
    sheet = score_game(saved.state.play_areas)
    started = utc(saved.created)
    seats = tuple(
        SeatResult(
            name=seat.name,
            human=seat.human,
            tier=None if seat.human else seat.tier,
            total=score.total,
            rank=rank,
            win=1 / len(sheet.winners) if i in sheet.winners else 0.0,
            rows={row: points for row, points in score.rows.items() if row != TOTAL} if seat.human else {},
        )
        for i, (seat, score, rank) in enumerate(zip(saved.setup.seats, sheet.seats, ranks(sheet), strict=True))
    )
    return FinishedGame(
        key=game_key(saved.state.seed, started),
        started=started,
        finished=finished or dt.datetime.now(dt.UTC).replace(microsecond=0),
        seed=saved.state.seed,
        tea=saved.state.tea,
        seats=seats,
        save_text=dump_save(saved),
    )


def game_key(seed: int, started: dt.datetime) -> str:
    """One game, however often it is saved, resumed or its score pad reopened: its seed and creation time."""
    return f"{seed}@{utc(started).isoformat(timespec='seconds')}"


def utc(moment: dt.datetime) -> dt.datetime:
    """The moment in UTC (a time without a zone is UTC, as in saves), to the second."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).replace(microsecond=0)
