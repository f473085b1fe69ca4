"""A table as a client sees it: the views of the seats it holds, what just happened, and `submit`.

The window, the command line and the network all use one TableClient; only the transport differs.
Everything reaches it as the protocol's bytes (even in-process), so a local game exercises the same
codec as an online one. `local_client` connects it to a Match in this process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from amul_table.match.match import Connection, Match
from amul_table.match.protocol import (
    ActionData,
    ClientMessage,
    Command,
    Error,
    ErrorCode,
    GameOver,
    History,
    Message,
    ProtocolError,
    Said,
    Say,
    SeatInfo,
    SeatState,
    TableStatus,
    Update,
    Welcome,
    decode_client,
    decode_server,
    encode,
    game_events,
    past_views,
    seat_view,
)
from amul_table.rules.phases import Phase
from amul_table.rules.state import Action, Event
from amul_table.rules.views import SeatView

Tap = Callable[[int, bytes], None]  # (seat, bytes sent to it): tests watch the wire with it


@dataclass(frozen=True)
class SeatUpdate:
    """One Update as a client uses it: whose view, after which decision, the full view, what just happened."""

    seat: int
    turn: int
    view: SeatView
    events: tuple[Event, ...]


class TableClient:
    """The seats one client holds (several in pass-and-play), each known only through its own Updates."""

    def __init__(self, send: Callable[[bytes], None]) -> None:
        self._send = send
        self._views: dict[int, SeatView] = {}
        self._pending: list[SeatUpdate] = []
        self._errors: list[Error] = []
        self._said: list[Said] = []
        self.turn = 0
        self.final_save: str | None = None  # the finished game's record (every hand), once it is over
        self.welcome: Welcome | None = None
        self.table: tuple[SeatInfo, ...] = ()  # who sits where and how they play, when the server says
        self.histories: dict[int, list[SeatView]] = {}  # a seat's views so far, when it joined a game under way
        self.whole_logs = 0  # Updates that brought the whole log: a connection's first (a reconnection's too)

    # --- reading ---------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this client has views of, in order (SPECTATOR when it watches)."""
        return tuple(sorted(self._views))

    def view(self, seat: int | None = None) -> SeatView:
        """The latest view of `seat` (default: the client's first seat)."""
        return self._views[self.seats[0] if seat is None else seat]

    def updates(self) -> list[SeatUpdate]:
        """The Updates received since the last call, in order."""
        out, self._pending = self._pending, []
        return out

    def errors(self) -> list[Error]:
        """The refusals received since the last call."""
        out, self._errors = self._errors, []
        return out

    def said(self) -> list[Said]:
        """The chat lines received since the last call (draw them as plain text)."""
        out, self._said = self._said, []
        return out

    @property
    def is_over(self) -> bool:
        return bool(self._views) and self.view().phase == Phase.OVER

    def poll(self, now: float = 0.0) -> bool:
        """Take what the transport brought (`now`: the caller's clock, for a transport that paces what it
        lets through); whether anything came. Messages of an in-process Match arrive as they are sent."""
        return False

    def close(self) -> None:
        """Leave the table."""

    # --- acting ----------------------------------------------------------------------------------

    def submit(self, action: Action) -> None:
        """Send `action` as a decision on the latest view this client has."""
        self.send(Command(seat=action.seat, action=ActionData.of(action), turn=self.turn))

    def say(self, text: str | None = None, *, phrase: str | None = None) -> None:
        """A chat line for the table: free text, or a quick phrase's key (protocol.PHRASES)."""
        self.send(Say(text=text, phrase=phrase))  # type: ignore[arg-type]

    def send(self, message: ClientMessage) -> None:
        self._send(encode(message))

    def receive(self, data: bytes | str) -> None:
        """Take one message from the Match (ProtocolError if it is not one, or out of order)."""
        message = decode_server(data)
        if isinstance(message, Update):
            self._take_update(message)
        elif isinstance(message, History):
            if message.seat not in self._views:
                raise ProtocolError(ErrorCode.MALFORMED, f"a history of seat {message.seat} before its view")
            self.histories[message.seat] = past_views(message, self._views[message.seat].log)
        elif isinstance(message, Error):
            self._errors.append(message)
        elif isinstance(message, GameOver):
            self.final_save = message.save
        elif isinstance(message, Welcome):
            self.welcome = message
            self.table = message.seats
        elif isinstance(message, TableStatus):
            self.table = message.seats
        elif isinstance(message, Said):
            self._said.append(message)

    def _take_update(self, update: Update) -> None:
        seat = update.view.seat
        known = self._views[seat].log if seat in self._views else ()
        log = () if update.log_from == 0 else known
        if update.log_from != len(log):
            raise ProtocolError(ErrorCode.MALFORMED, f"an update from event {update.log_from}; {len(log)} known")
        events = game_events(update.events)
        view = seat_view(update.view, log + events)
        if update.log_from == 0 and known:  # a new connection's whole log: what happened is what we did not know
            events = view.log[len(known) :] if view.log[: len(known)] == known else ()
        self._views[seat] = view
        self.turn = update.turn
        self.whole_logs += update.log_from == 0
        self._pending.append(SeatUpdate(seat, update.turn, view, events))


class LocalClient(TableClient):
    """A client of a Match in this process holding `seats` (or [SPECTATOR]); every message goes as bytes.

    It drives the Match's bots too (they share its thread): after connecting (unless `start_bots` is
    False: the owner polls when it is ready, as the window does) and after each command.

    `tap(seat, data)` sees every message sent to each seat (tests watch the wire with it).
    """

    def __init__(self, match: Match, seats: Iterable[int], *, tap: Tap | None = None, start_bots: bool = True) -> None:
        super().__init__(self._deliver)
        self.match = match
        self.holds = tuple(seats)
        self.tap = tap
        self.start_bots = start_bots  # False: the owner polls the Match (the window paces its bots)
        self.table = tuple(
            SeatInfo(name=s.name, tier=s.tier, state=SeatState.BOT if s.tier else SeatState.CONNECTED)
            for s in match.seats
        )
        self.connections: list[Connection] = [match.connect(seat, self._receiver(seat)) for seat in self.holds]
        if start_bots:
            match.poll()  # the bots that decide first

    def close(self) -> None:
        for connection in self.connections:
            self.match.disconnect(connection)
        self.connections = []

    def _receiver(self, seat: int) -> Callable[[Message], None]:
        def send(message: Message) -> None:
            self._hear(seat, encode(message))

        return send

    def _hear(self, seat: int, data: bytes) -> None:
        if self.tap is not None:
            self.tap(seat, data)
        self.receive(data)

    def _deliver(self, data: bytes) -> None:
        try:
            command = decode_client(data)
        except ProtocolError as exc:
            refusal: Error | None = Error(code=exc.code, detail=exc.detail, turn=self.match.turn)
        else:
            if isinstance(command, Command):
                refusal = self.match.submit(command, holds=self.holds)
                if self.start_bots:
                    self.match.poll()
            else:
                refusal = Error(code=ErrorCode.MALFORMED, detail="only commands go to a table in play")
        if refusal is not None:
            self._hear(self.holds[0], encode(refusal))
