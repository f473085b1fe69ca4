"""A seat at a hosted table, answering what the table scene asks of a game (view, submit, poll, seats).

It holds only the seat's own views, from a TableClient whose transport is a websocket (net/window_link.py);
the scene polls it every frame. Updates are handed over one at a time, so each decision animates on its
own; a command the table has moved past (stale_turn) is sent again for the newest view when still legal.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from typing import TYPE_CHECKING

from amul_table.match.client import SeatUpdate
from amul_table.match.protocol import Error, ErrorCode
from amul_table.match.session import Seat
from amul_table.rules.state import Action, Event
from amul_table.rules.views import SeatView

if TYPE_CHECKING:
    from amul_table.net.window_link import SocketClient as OnlineClient


class OnlineSession:
    """One person's seat at an online table, for the table scene."""

    bot_pause = 0.0  # the host's bots pause on the host's side

    def __init__(self, client: OnlineClient) -> None:
        self.client = client
        self.seat = client.seat if client.seat is not None else 0
        self._queue: deque[SeatUpdate] = deque()
        self._shown: SeatView = client.view(self.seat)
        self._sent: Action | None = None
        self._sent_turn = -1  # the turn of the view our last command was sent from: its choices are spent
        self.notes: list[str] = []  # refusals the scene says aloud (error codes)
        client.updates()  # the first view is the one shown

    # --- what the scene reads --------------------------------------------------------------------

    @property
    def seats(self) -> list[Seat]:
        table = self.client.table
        if len(table) != self._shown.players:
            return [Seat.of_human(str(i + 1)) for i in range(self._shown.players)]
        return [Seat(name=info.name, tier=info.tier) for info in table]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        return [self.seat]  # this window decides for its own seat only

    @property
    def is_over(self) -> bool:
        return not self._queue and self.client.final_save is not None

    def view(self, seat: int) -> SeatView:
        """The view being shown; no choices while a decision sent from it awaits the table's answer."""
        if self.awaiting:
            return dataclasses.replace(self._shown, legal=())
        return self._shown

    @property
    def awaiting(self) -> bool:
        return self._sent_turn >= 0 and self._sent is not None

    def shown_seat(self) -> int:
        return self.seat

    def waiting_for(self) -> tuple[int, ...]:
        return self._shown.pending.seats

    # --- acting ----------------------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Send the decision; what it did arrives as an update."""
        self._sent, self._sent_turn = action, self.client.turn
        self.client.submit(action)
        return []

    def poll_bots(self, now: float) -> list[Event]:
        """The next update's events (the scene animates them), after taking what the network brought."""
        self.client.poll()
        self._queue.extend(self.client.updates())
        for error in self.client.errors():
            self._refused(error)
        if not self._queue:
            return []
        update = self._queue.popleft()
        self._shown = update.view
        if update.turn > self._sent_turn:
            self._sent = None  # the table has moved on since: what is shown now is ours to decide
        return list(update.events)

    def _refused(self, error: Error) -> None:
        latest = self.client.view(self.seat) if self.seat in self.client.seats else None
        sent, self._sent = self._sent, None
        if error.code == ErrorCode.STALE_TURN and sent is not None and latest and sent in latest.legal:
            self.submit(sent)  # the same choice, on the table as it is now
            return
        if error.code != ErrorCode.BUSY:
            self.notes.append(str(error.code))

    def keep_finished(self, keep) -> None:
        """The host keeps the game; the table records it from the host's final save (OnlineTable.to_scoring)."""

    def close(self) -> None:
        self.client.close()
