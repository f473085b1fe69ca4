"""What a table scene knows of its game: the views of the seats it may show, who sits where, and a way to
send its decisions and hear the others'.

The scene never holds the GameState or the bots' salt. In the window the link is a GameSession (a client of
the Match in this process: amul_table/match/session.py); at a hosted table, an OnlineSession (online_session.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from amul_table.persistence.records import FinishedGame
from amul_table.rules.seats import Seat
from amul_table.rules.state import Action, Event
from amul_table.rules.views import SeatView


class Shown(Protocol):
    """A game the table draws: who sits where and the views of the seats it may show (a link's, a replay's)."""

    @property
    def seats(self) -> Sequence[Seat]: ...

    def view(self, seat: int) -> SeatView: ...


class TableLink(Shown, Protocol):
    """The table's game as its client sees it."""

    bot_pause: float  # seconds a bot's decision waits before it is shown

    @property
    def human_seats(self) -> list[int]: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def is_over(self) -> bool: ...

    def waiting_for(self) -> tuple[int, ...]: ...

    def shown_seat(self) -> int: ...

    def submit(self, action: Action) -> list[Event]:
        """Send a decision; the events it caused (RuleError when refused)."""

    def poll_bots(self, now: float) -> list[Event]:
        """The events of the next decision to show (a bot's, once its pause is over), or none yet."""

    def keep_finished(self, keep: Callable[[FinishedGame], object]) -> None:
        """Hand the game to `keep` once it is over (the records database)."""

    def close(self) -> None: ...
