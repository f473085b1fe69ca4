"""What hears a Match's decisions besides its players: the autosave and the records database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from amul_table.match.finished import finished_game
from amul_table.persistence.records import FinishedGame
from amul_table.persistence.save_format import SavedGame
from amul_table.rules.state import Event

if TYPE_CHECKING:
    from amul_table.match.match import Match


class SaveWriter(Protocol):
    """Takes records to write off the caller's thread (persistence.autosave_writer.AutosaveWriter)."""

    def submit(self, saved: SavedGame) -> None: ...


@dataclass
class Autosave:
    """Hands the game to `writer` after every decision, so that a crash loses at most the one being made.

    A game that was already over when it was opened is never autosaved: looking at a finished save must
    not replace the game that Continue would resume.
    """

    writer: SaveWriter
    opened_over: bool = False

    @classmethod
    def of(cls, match: Match, writer: SaveWriter) -> Autosave:
        return cls(writer, opened_over=match.is_over)

    def __call__(self, match: Match, events: Sequence[Event]) -> None:
        if events and not self.opened_over:
            self.writer.submit(match.saved_game())


@dataclass
class RecordFinished:
    """Hands the finished game, as the records database keeps it, to `keep` once (`Records.add_game`, or
    the window's records link, which makes a game wait on disk while another program locks the file)."""

    keep: Callable[[FinishedGame], object]
    recorded: bool = False

    def __call__(self, match: Match, events: Sequence[Event]) -> None:
        if match.is_over and not self.recorded:
            self.recorded = True
            self.keep(finished_game(match.saved_game()))
