"""The client's side of a hosted table: ask for a table, and play a seat over a websocket.

`play_seat` keeps one TableClient across connections: when the connection drops it reconnects with
backoff (websockets' reconnecting `connect`) and reclaims the seat with its credential; the host's
first Update after a Hello carries the whole log, so the client resumes where the table is.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import ssl
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.client import process_exception
from websockets.exceptions import ConnectionClosed

from amul_table.ai.tiers import BOT_TIERS
from amul_table.match.client import TableClient
from amul_table.match.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    SPECTATOR,
    ActionData,
    Command,
    Error,
    ErrorCode,
    Hello,
    NewTable,
    TableMade,
    decode_server,
    encode,
)
from amul_table.net.codes import new_credential
from amul_table.net.kept_seats import KeptSeat, KeptSeats
from amul_table.net.table import REPLACED
from amul_table.persistence.save_format import parse_save
from amul_table.rules.scoring import score_game
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView

REPLY_WAIT = 30.0  # seconds for the host to answer a request
GIVE_UP = 600.0  # seconds without a connection before a client stops trying
FIRST_RETRY, LAST_RETRY = 0.25, 10.0  # seconds between reconnection attempts, doubling


class HostRefused(Exception):
    """The host said no (no such table, no free seat, wrong credential, ...): `code` says why."""

    def __init__(self, code: ErrorCode, detail: str) -> None:
        super().__init__(f"the host refused: {code}{': ' + detail if detail else ''}")
        self.code = code


def connect_to(url: str, retrying: RetryNotice | None = None) -> connect:
    tls = ssl.create_default_context() if url.startswith("wss:") else None
    return connect(
        url,
        max_size=MAX_MESSAGE_BYTES,
        open_timeout=REPLY_WAIT,
        proxy=None,
        ssl=tls,
        reconnect_delays=backoff,
        process_exception=retrying or process_exception,
    )


class RetryNotice:
    """websockets' choice to try a failed connection again, said once per outage (`say`) to whoever waits: a host
    that cannot be reached would otherwise keep a headless seat silent for minutes."""

    def __init__(self, say: Callable[[str], None], give_up: float) -> None:
        self.say, self.give_up = say, give_up
        self.told = False

    def __call__(self, exc: Exception) -> Exception | None:
        verdict = process_exception(exc)
        if verdict is None and not self.told:
            self.told = True
            self.say(
                f"cannot reach the host ({exc or type(exc).__name__}); trying again for up to "
                f"{self.give_up:.0f} seconds (Ctrl+C stops)"
            )
        return verdict


def backoff() -> Iterator[float]:
    """Seconds between attempts to reconnect: soon at first (a player is waiting), then less and less often,
    each with some jitter so that a restarted host's clients do not all knock at once."""
    delay = FIRST_RETRY
    while True:
        yield delay * random.uniform(0.5, 1.0)
        delay = min(delay * 2, LAST_RETRY)


async def request_table(url: str, request: NewTable) -> TableMade:
    """Ask the host at `url` for a new table; HostRefused when it will not make one."""
    async with connect_to(url) as ws:
        await ws.send(encode(request), text=True)
        reply = decode_server(await asyncio.wait_for(ws.recv(), REPLY_WAIT))
    if isinstance(reply, Error):
        raise HostRefused(reply.code, reply.detail)
    if not isinstance(reply, TableMade):
        raise HostRefused(ErrorCode.MALFORMED, f"the host answered {type(reply).__name__}")
    return reply


@dataclass(frozen=True)
class Outcome:
    """How the game went for this seat: what `join --auto --json` prints."""

    seat: int
    totals: list[int]
    winners: list[int]

    def to_json(self) -> dict:
        return {"seat": self.seat, "totals": self.totals, "winners": self.winners}


Chooser = Callable[[SeatView], Action]


def bot_chooser(tier: str, seat: int, credential: str) -> Chooser:
    """A bot of `tier` for a seat we play headless, seeded from the seat's credential (our own secret)."""
    seed = int.from_bytes(hashlib.sha256(credential.encode()).digest()[:6], "big")
    return BOT_TIERS[tier](seat, seed).choose


async def play_seat(
    url: str,
    code: str,
    name: str,
    *,
    auto: str,
    kept: KeptSeats,
    give_up: float = GIVE_UP,
    say: Callable[[str], None] = lambda line: None,
) -> Outcome:
    """Join (or rejoin) table `code` and let a bot of tier `auto` play our seat to the end; `say` hears once per
    outage that the host cannot be reached and is being tried again."""
    client = TableClient(lambda data: None)  # it only reads here: commands go straight to the socket
    chooser: Chooser | None = None
    loop = asyncio.get_running_loop()
    async with asyncio.timeout_at(loop.time() + give_up) as deadline:
        retrying = RetryNotice(say, give_up)
        async for ws in connect_to(url, retrying):
            deadline.reschedule(None)
            retrying.told = False
            try:
                seat, credential = await _hello(ws, client, url, code, name, kept)
                chooser = chooser or bot_chooser(auto, seat, credential)
                sent_turn = -1  # a command lost with the last connection (the host stopped) is made again
                async for data in ws:
                    client.receive(data)
                    client.updates()  # a headless seat reads only the latest view
                    _raise_refusals(client)
                    if client.final_save is not None:
                        return _outcome(seat, client.final_save)
                    if seat not in client.seats:
                        continue  # a status before our first view
                    view = client.view(seat)
                    if view.legal and client.turn != sent_turn:
                        turn = client.turn
                        action = await asyncio.to_thread(chooser, view)
                        await ws.send(encode(_command(action, turn)), text=True)
                        sent_turn = turn
            except ConnectionClosed as exc:
                if exc.rcvd is not None and exc.rcvd.code == REPLACED:
                    raise HostRefused(ErrorCode.NOT_YOUR_SEAT, "another connection took this seat") from None
                deadline.reschedule(loop.time() + give_up)
    raise HostRefused(ErrorCode.NO_TABLE, "the connection ended")


async def _hello(
    ws: ClientConnection, client: TableClient, url: str, code: str, name: str, kept: KeptSeats
) -> tuple[int, str]:
    """Claim or reclaim our seat with our credential, kept before we first ask; our seat and credential."""
    mine, hello = hello_for(kept, url, code, name)
    await ws.send(encode(hello), text=True)
    while client.welcome is None:
        client.receive(await asyncio.wait_for(ws.recv(), REPLY_WAIT))
        _raise_refusals(client)
    welcome = client.welcome
    remember(kept, mine, welcome.seat)
    client.welcome = None  # the next connection waits for its own Welcome
    return welcome.seat, mine.credential


def hello_for(kept: KeptSeats, url: str, code: str, name: str) -> tuple[KeptSeat, Hello]:
    """Our seat's Hello at table `code`: with the credential kept for it, or a new one kept before we ask."""
    mine = kept.get(url, code)
    if mine is None:
        mine = KeptSeat(url=url, code=code, seat=SPECTATOR, credential=new_credential(), name=name)
        kept.keep(mine)
    return mine, Hello(protocol=PROTOCOL_VERSION, table=code, name=name, credential=mine.credential, claim=True)


def remember(kept: KeptSeats, mine: KeptSeat, seat: int) -> None:
    """Keep the seat the host gave our credential (once: it stays the same)."""
    if seat != mine.seat:
        kept.keep(msgspec.structs.replace(mine, seat=seat))


def _raise_refusals(client: TableClient) -> None:
    for error in client.errors():
        if error.code not in (ErrorCode.STALE_TURN, ErrorCode.ILLEGAL, ErrorCode.BUSY):
            raise HostRefused(error.code, error.detail)


def _command(action: Action, turn: int) -> Command:
    return Command(seat=action.seat, action=ActionData.of(action), turn=turn)


def _outcome(seat: int, save: str) -> Outcome:
    sheet = score_game(parse_save(save).state.play_areas)
    return Outcome(seat, [s.total for s in sheet.seats], list(sheet.winners))
