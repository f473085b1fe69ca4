"""One seat's review of a finished game worked out on its own thread, and the reviews done so far.

The review scene (review.py) starts a ReviewJob per seat shown and cancels it on leaving; finished reviews
are kept for the window's session, so coming back to one is instant.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from dataclasses import dataclass, field

from amul_table.ai.review import Review, review_game
from amul_table.persistence.save_format import SavedGame
from amul_table.rules.seats import Seat
from amul_table.rules.state import GameState

log = logging.getLogger(__name__)
_DONE: dict[tuple, Review] = {}  # finished reviews of this window's session, by game, seat and work


class _Stopped(Exception):
    """The review in the worker is no longer wanted."""


@dataclass(frozen=True)
class Reviewed:
    """The game under review: its seats, its final state and when it began (for the replay's score pad)."""

    seats: tuple[Seat, ...]
    state: GameState
    started: dt.datetime | None = None
    bot_salt: int | None = field(default=None, kw_only=True, repr=False)  # the save's (None: format 1)

    @classmethod
    def of_saved(cls, saved: SavedGame) -> Reviewed:
        return cls(tuple(saved.setup.seats), saved.state.clone(), saved.created, bot_salt=saved.setup.bot_salt)

    def key(self, seat: int, samples: int) -> tuple:
        s = self.state
        return (s.seed, s.tea, s.initial_deck, s.starting_player, tuple(s.actions), seat, samples)


class ReviewJob:
    """One seat's review on its own thread. The scene reads `progress`, `review` and `failed` each frame;
    `cancel` stops the worker at its next step (the scene left, or shows another seat)."""

    def __init__(self, state: GameState, seat: int, samples: int, key: tuple) -> None:
        self.seat = seat
        self.progress = (0, 1)
        self.review: Review | None = _DONE.get(key)
        self.failed = False
        self.cancelled = False
        self.thread: threading.Thread | None = None
        if self.review is None:
            self.thread = threading.Thread(target=self.run, args=(state, samples, key), name="amul-review", daemon=True)
            self.thread.start()

    def run(self, state: GameState, samples: int, key: tuple) -> None:
        try:
            review = review_game(state, self.seat, samples, progress=self.note_progress)
        except _Stopped:
            return
        except Exception:
            log.exception("the review of seat %d failed", self.seat)
            self.failed = True  # the scene says so instead of a bar that never moves again
            return
        _DONE[key] = review
        self.review = review

    def note_progress(self, done: int, total: int) -> None:
        if self.cancelled:
            raise _Stopped
        self.progress = (done, total)

    def cancel(self) -> None:
        self.cancelled = True

    def wait(self, timeout: float | None = None) -> Review | None:
        if self.thread is not None:
            self.thread.join(timeout)
        return self.review
