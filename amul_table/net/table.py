"""One hosted table: its Match, who claimed which seat (by credential), who is connected, who is covered.

No sockets here: a connection is a `Link` (send bytes, close), and timers come from an injected
`schedule` (the event loop's call_later), so the rules of seats are tested without a network.
A human who drops is shown away; after `cover_wait` seconds a bot of `cover_tier` plays their seat
until they come back with their credential. A second connection for a seat replaces the first.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from amul_table.match.match import Connection, Match
from amul_table.match.protocol import (
    PROTOCOL_VERSION,
    SPECTATOR,
    Command,
    Error,
    ErrorCode,
    Hello,
    Message,
    Said,
    Say,
    SeatInfo,
    SeatState,
    TableStatus,
    Welcome,
    encode,
)
from amul_table.net.codes import digest, matches, new_credential
from amul_table.net.rate import Bucket
from amul_table.persistence.reader import visible_text

log = logging.getLogger(__name__)

REPLACED = 4001  # the close code of a connection whose seat another connection took over
CHAT_RATE, CHAT_BURST = 0.2, 5  # chat lines a second on average (one in five seconds), and at once


class Link(Protocol):
    """A client's connection as the table sees it."""

    def send(self, data: bytes) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Timer(Protocol):
    def cancel(self) -> None: ...


Schedule = Callable[[float, Callable[[], None]], Timer]


class Refused(Exception):
    """A Hello the table will not take; `error` says why."""

    def __init__(self, code: ErrorCode, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}")
        self.error = Error(code=code, detail=detail)


@dataclass
class Claim:
    """A human seat taken by someone: the name they gave and the digest of its credential."""

    name: str
    digest: str


@dataclass(eq=False)
class _Seated:
    seat: int
    connection: Connection


@dataclass(eq=False)
class Table:
    """See the module's docstring. `changed(table)` is called when claims change (the host keeps them)."""

    code: str
    match: Match
    schedule: Schedule
    claims: dict[int, Claim] = field(default_factory=dict)
    cover_tier: str = "medium"
    cover_wait: float = 60.0
    turn_timer: float = 0.0  # seconds a human has for a decision before a bot makes it (0: no timer)
    changed: Callable[[Table], None] = lambda table: None
    _links: dict[Link, _Seated] = field(default_factory=dict)
    _timers: dict[int, Timer] = field(default_factory=dict)
    _chat: dict[Link, Bucket] = field(default_factory=dict)
    _clocks: dict[int, Timer] = field(default_factory=dict)  # the turn timer of each human deciding

    def __post_init__(self) -> None:
        for seat in self.claims:  # claimed before the host restarted: away until they reconnect
            self._away(seat)
        if self.turn_timer > 0:
            self.match.subscribe(self._decided)
            self._wind_clocks()

    # --- seats -----------------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Whether anyone (a player or a spectator) is at the table now."""
        return bool(self._links)

    def holder(self, seat: int) -> Link | None:
        return next((link for link, seated in self._links.items() if seated.seat == seat), None)

    def status(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(seat.name, seat.tier, self._state(i)) for i, seat in enumerate(self.match.seats))

    def _state(self, seat: int) -> SeatState:
        if self.match.seats[seat].tier:
            return SeatState.BOT
        if seat not in self.claims:
            return SeatState.OPEN
        if self.holder(seat) is not None:
            return SeatState.CONNECTED
        return SeatState.COVERED if seat in self.match.covers else SeatState.AWAY

    @property
    def free_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.match.seats) if seat.human and i not in self.claims]

    # --- connections -----------------------------------------------------------------------------

    def hello(self, hello: Hello, link: Link) -> int:
        """Seat `link` as `hello` asks (claim, reclaim or watch); its seat, or Refused."""
        if hello.protocol != PROTOCOL_VERSION:
            raise Refused(ErrorCode.VERSION, f"this host speaks protocol {PROTOCOL_VERSION}")
        credential = ""
        if hello.watch:
            seat = SPECTATOR
        else:
            held = hello.credential is not None
            seat = next((s for s, c in self.claims.items() if held and matches(hello.credential, c.digest)), -2)
            if seat < 0 and held and not hello.claim:
                raise Refused(ErrorCode.BAD_CREDENTIAL, "no seat of this table has that credential")
            credential = hello.credential or new_credential()
            if seat < 0:
                seat = self._claim(hello.name, credential)
        if seat >= 0:
            self._take_back(seat)
        welcome = Welcome(
            protocol=PROTOCOL_VERSION,
            table=self.code,
            seat=seat,
            credential=credential,
            seats=self.status(),
            turn_timer=self.turn_timer,
        )
        link.send(encode(welcome))
        self._links[link] = _Seated(seat, self.match.connect(seat, _sender(link), history=True))
        self._wind_clocks()
        self.broadcast_status()
        self.poll()
        return seat

    def _claim(self, name: str, credential: str) -> int:
        """The first free human seat, now `name`'s, held by `credential`."""
        name = name.strip()
        if not name or not name.isprintable() or not visible_text(name):
            raise Refused(ErrorCode.BAD_NAME, "a name must be visible text")
        if not self.free_seats:
            raise Refused(ErrorCode.TABLE_FULL, "every person's seat is taken")
        seat = self.free_seats[0]
        self.claims[seat] = Claim(name, digest(credential))
        self.match.rename(seat, name)
        self.changed(self)
        return seat

    def command(self, link: Link, command: Command) -> None:
        seated = self._links.get(link)
        if seated is None or seated.seat == SPECTATOR:
            link.send(encode(Error(code=ErrorCode.NOT_JOINED, detail="watching, or not seated", turn=-1)))
            return
        refusal = self.match.submit(command, holds=(seated.seat,))
        if refusal is not None:
            link.send(encode(refusal))
        self.poll()

    def say(self, link: Link, message: Say) -> None:
        """Pass a seat's chat line to everyone at the table: visible text or a quick phrase, a few a minute."""
        seated = self._links.get(link)
        text = message.text.strip() if message.text is not None else None
        if seated is None or seated.seat == SPECTATOR:
            refusal = Error(code=ErrorCode.NOT_JOINED, detail="only seated players chat")
        elif (text is None) == (message.phrase is None):
            refusal = Error(code=ErrorCode.MALFORMED, detail="a chat line is a text or a phrase")
        elif text is not None and not (text.isprintable() and visible_text(text)):
            refusal = Error(code=ErrorCode.MALFORMED, detail="a chat line must be visible text on one line")
        elif not self._chat.setdefault(link, Bucket(CHAT_RATE, CHAT_BURST)).take():
            refusal = Error(code=ErrorCode.BUSY, detail="too many chat lines")
        else:
            data = encode(Said(seat=seated.seat, text=text, phrase=message.phrase))
            for other in list(self._links):
                other.send(data)
            return
        link.send(encode(refusal))

    def leave(self, link: Link) -> None:
        """`link` is gone: its human is away (a bot covers after the wait), unless it was replaced."""
        seated = self._links.pop(link, None)
        self._chat.pop(link, None)
        if seated is None:
            return
        self.match.disconnect(seated.connection)
        if seated.seat >= 0 and self.holder(seated.seat) is None:
            self._away(seated.seat)
            self.broadcast_status()

    def close(self) -> None:
        for timer in [*self._timers.values(), *self._clocks.values()]:
            timer.cancel()
        self._timers.clear()
        self._clocks.clear()
        self.match.close()

    def poll(self) -> None:
        """Apply the bots' finished decisions (the executor's wake calls this on the loop)."""
        self.match.poll()

    def broadcast_status(self) -> None:
        data = encode(TableStatus(seats=self.status()))
        for link in list(self._links):
            link.send(data)

    # --- inside ----------------------------------------------------------------------------------

    def _take_back(self, seat: int) -> None:
        """The seat's human is here: replace an older connection, stop the wait, send the bot away."""
        old = self.holder(seat)
        if old is not None:
            self.match.disconnect(self._links.pop(old).connection)
            old.close(REPLACED, "another connection took this seat")
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.match.uncover(seat)

    def _away(self, seat: int) -> None:
        if self.match.is_over or seat in self._timers:
            return
        self._timers[seat] = self.schedule(self.cover_wait, lambda: self._cover(seat))

    def _cover(self, seat: int) -> None:
        self._timers.pop(seat, None)
        if self.holder(seat) is None and not self.match.is_over:
            log.info("table %s: a %s bot covers seat %d", self.code, self.cover_tier, seat)
            self.match.cover(seat, self.cover_tier)
            self.broadcast_status()
            self.poll()

    def _decided(self, match: Match, events: object) -> None:
        """After a decision: its seat's clock stops; every human now deciding has one running."""
        clock = self._clocks.pop(match.state.actions[-1].seat, None)
        if clock is not None:
            clock.cancel()
        self._wind_clocks()

    def _wind_clocks(self) -> None:
        if self.turn_timer <= 0:
            return
        deciding = {s for s in self.match.waiting_for() if s in self.claims and not self.match.bot_tier(s)}
        for seat in [s for s in self._clocks if s not in deciding]:
            self._clocks.pop(seat).cancel()
        for seat in deciding - set(self._clocks):
            self._clocks[seat] = self.schedule(self.turn_timer, lambda seat=seat: self._time_out(seat))

    def _time_out(self, seat: int) -> None:
        self._clocks.pop(seat, None)
        if seat in self.match.waiting_for() and not self.match.bot_tier(seat):
            log.info("table %s: seat %d's time ran out; a %s bot decides", self.code, seat, self.cover_tier)
            self.match.stand_in(seat, self.cover_tier)
            self.poll()


def _sender(link: Link) -> Callable[[Message], None]:
    def send(message: Message) -> None:
        link.send(encode(message))

    return send
