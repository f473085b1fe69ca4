"""What a table scene knows of its game: a TableClient (match/client.py), read here one decision at a time.

The scene never holds the GameState, the bots' salt or the game's session. In the window's own games the
client is a LocalClient of the Match in this process, whose `poll` lets the paced bots decide; at a hosted
table it is the SocketClient (net/window_link.py). Both reach the table the same way: every decision
arrives as Updates (one per seat the client holds), and `TableLink` hands them to the scene one decision
at a time, so each animates on its own.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Sequence
from typing import Protocol

from amul_table.match.client import SeatUpdate, TableClient
from amul_table.match.protocol import Error, ErrorCode
from amul_table.rules.seats import Seat
from amul_table.rules.state import Action, Event
from amul_table.rules.views import SeatView


class Shown(Protocol):
    """A game the table draws: who sits where and the views of the seats it may show (a link's, a replay's)."""

    @property
    def seats(self) -> Sequence[Seat]: ...

    def view(self, seat: int) -> SeatView: ...


class TableLink:
    """The table's side of its client: the views it shows, and the decisions it animates one at a time.

    A command sent from a view awaits the answer with no choices shown; one the table has moved past
    (stale_turn), or one a dropped connection lost (the host's whole log, on the next, is without it), is sent
    again for the newest view when it is still legal there.
    """

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self._queue: deque[list[SeatUpdate]] = deque()  # decisions not yet shown: one Update per held seat
        self._shown: dict[int, SeatView] = {seat: client.view(seat) for seat in client.seats}
        self._sent: Action | None = None
        self._sent_turn = -1  # the turn of the view our last command was sent from: its choices are spent
        self._sent_logs = 0  # the whole logs the client had taken when it was sent: one more, it may be lost
        self.refusals: list[Error] = []  # what the table refused, for the scene to say
        client.updates()  # the first views are the ones shown

    # --- what the scene reads --------------------------------------------------------------------

    @property
    def seats(self) -> list[Seat]:
        """Who sits where and how they play (numbered chairs until a host has said)."""
        table = self.client.table
        if len(table) != self.players:
            return [Seat.of_human(str(i + 1)) for i in range(self.players)]
        return [Seat(name=info.name, tier=info.tier) for info in table]

    @property
    def players(self) -> int:
        return next(iter(self._shown.values())).players

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        """The seats this window decides for: the human seats its client holds."""
        seats = self.seats
        return [seat for seat in self._shown if seats[seat].human]

    @property
    def is_over(self) -> bool:
        """Over once the last decision is shown and the table has sent the finished game."""
        return not self._queue and self.client.final_save is not None

    def view(self, seat: int) -> SeatView:
        """The view being shown; no choices while a decision sent from it awaits the table's answer."""
        view = self._shown[seat]
        return dataclasses.replace(view, legal=()) if self.awaiting else view

    @property
    def awaiting(self) -> bool:
        return self._sent is not None

    def shown_seat(self) -> int:
        """The seat whose view the table shows: the human to act, else the first human, else the first held."""
        humans = self.human_seats
        if not humans:
            return min(self._shown)
        return next((seat for seat in self.waiting_for() if seat in humans), humans[0])

    def waiting_for(self) -> tuple[int, ...]:
        return self._shown[min(self._shown)].pending.seats

    # --- acting ----------------------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Send the decision; the events of the next decision to show when the answer is already here (a
        Match in this process answers at once; a host's answer comes with a later `poll`)."""
        self._sent, self._sent_turn, self._sent_logs = action, self.client.turn, self.client.whole_logs
        self.client.submit(action)
        return self._next()

    def poll(self, now: float) -> list[Event]:
        """The events of the next decision to show, after taking what the client brought (a bot's decision
        once its pause is over, the host's messages); none yet: []."""
        self.client.poll(now)
        return self._next()

    def close(self) -> None:
        self.client.close()

    # --- inside ----------------------------------------------------------------------------------

    def _next(self) -> list[Event]:
        for update in self.client.updates():
            if self._queue and self._queue[-1][0].turn == update.turn:
                self._queue[-1].append(update)
            else:
                self._queue.append([update])
        for error in self.client.errors():
            self._refused(error)
        if self._sent is not None and self.client.whole_logs != self._sent_logs:
            self._lost()
        if not self._queue:
            return []
        decision = self._queue.popleft()
        for update in decision:
            self._shown[update.seat] = update.view
        if decision[0].turn > self._sent_turn:
            self._sent = None  # the table has moved on since: what is shown now is ours to decide
        return list(decision[0].events)

    def _refused(self, error: Error) -> None:
        if error.code == ErrorCode.STALE_TURN and self._send_again():
            return
        self._sent = None
        if error.code != ErrorCode.BUSY:
            self.refusals.append(error)

    def _lost(self) -> None:
        """The host sent its whole log on a new connection since our command left: the command went on the one
        that dropped, and the log says whether the host had it (it is no longer legal) or not (sent again)."""
        self._sent_logs = self.client.whole_logs
        if not self._send_again() and self.client.turn == self._sent_turn:
            self._sent = None  # neither taken nor legal any more at the same turn: the choices are shown again

    def _send_again(self) -> bool:
        """Send our command again on the table as it is now, when it is still legal there; whether it was."""
        sent = self._sent
        if sent is None or sent.seat not in self.client.seats or sent not in self.client.view(sent.seat).legal:
            return False
        self._sent_turn, self._sent_logs = self.client.turn, self.client.whole_logs
        self.client.submit(sent)
        return True
