"""What hears a Match's decisions besides its players: the autosave and the records database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from amul_table.match.finished import finished_game
from amul_table.persistence.records import FinishedGame
from amul_table.persistence.save_format import SavedGame
from amul_table.rules.state import Event, EventKind

if TYPE_CHECKING:
    from amul_table.match.match import Match


class SaveWriter(Protocol):
    """Where a Match's autosaves go (the window's saves place); it tells the player of a failure itself."""

    def autosave(self, saved: SavedGame, *, wait: bool) -> bool:
        """Write `saved` as the autosave (`wait`: until it is on disk); False when writing failed."""
        ...

    def keep_finished(self, saved: SavedGame) -> None:
        """Keep a game that has just ended in a save of its own, which the next game's autosave never replaces."""

    def flush(self) -> bool:
        """Wait until every autosave handed over is on disk; False when the newest one's write failed (since told)."""


@dataclass
class Autosave:
    """Hands the game to `writer` after every decision, so that a crash loses at most the one being made; at the
    start of a round it waits for the disk (once a round, the cost is not felt), and a game that has just ended
    is kept in a save of its own too (Play again's autosave must not lose it).

    A game that was already over when it was opened is never autosaved: looking at a finished save must
    not replace the game that Continue would resume.
    """

    writer: SaveWriter
    opened_over: bool = False
    saved_turn: int = -1  # the decision counter of the last autosave written

    @classmethod
    def of(cls, match: Match, writer: SaveWriter) -> Autosave:
        return cls(writer, opened_over=match.is_over)

    def __call__(self, match: Match, events: Sequence[Event]) -> None:
        if not events or self.opened_over:
            return
        self.save(match, wait=any(e.kind == EventKind.ROUND for e in events))
        if any(e.kind == EventKind.GAME_OVER for e in events):
            self.writer.keep_finished(match.saved_game())

    def save(self, match: Match, *, wait: bool = True) -> None:
        """Save now (the game opening or closing, the window going away) unless nothing happened since the
        last save; `wait` until it is on disk."""
        if self.opened_over:
            return
        if match.turn == self.saved_turn and (not wait or self.writer.flush()):
            return  # handed over already (and on disk, when waiting): a write off the frame that failed is made again
        if self.writer.autosave(match.saved_game(), wait=wait):
            self.saved_turn = match.turn


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
