"""What hears a Match's decisions besides its players: the autosave and the records database."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from amul_table.match.finished import finished_game
from amul_table.persistence.records import Records, RecordsError
from amul_table.persistence.save_format import GameRecord
from amul_table.rules.state import Event

if TYPE_CHECKING:
    from amul_table.match.match import Match

log = logging.getLogger(__name__)


class RecordWriter(Protocol):
    """Takes records to write off the caller's thread (persistence.autosave_writer.AutosaveWriter)."""

    def submit(self, record: GameRecord) -> None: ...


@dataclass
class Autosave:
    """Hands the game to `writer` after every decision, so that a crash loses at most the one being made.

    A game that was already over when it was opened is never autosaved: looking at a finished save must
    not replace the game that Continue would resume.
    """

    writer: RecordWriter
    opened_over: bool = False

    @classmethod
    def of(cls, match: Match, writer: RecordWriter) -> Autosave:
        return cls(writer, opened_over=match.is_over)

    def __call__(self, match: Match, events: Sequence[Event]) -> None:
        if events and not self.opened_over:
            self.writer.submit(match.record())


@dataclass
class RecordFinished:
    """Adds the finished game to the records database once (the database skips a game it already has)."""

    records: Records
    on_problem: Callable[[RecordsError], None] = field(default=lambda exc: None)
    recorded: bool = False

    def __call__(self, match: Match, events: Sequence[Event]) -> None:
        if not match.is_over or self.recorded:
            return
        self.recorded = True
        try:
            self.records.add_game(finished_game(match.record()))
        except RecordsError as exc:
            log.warning("the game was not recorded: %s", exc)
            self.on_problem(exc)
