"""`amul-table host`: a websockets server holding many tables, each a Match, until SIGTERM or SIGINT.

A connection's first message is a NewTable (answered with TableMade, then closed) or a Hello (seated,
then Commands). Everything a client sends is decoded strictly; a refusal is an Error with a code, and a
connection that keeps sending garbage, floods, or sends a frame over the size limit is closed. Bots
think in worker processes and wake the loop when done; tables autosave to the data folder after every
decision (net/journal.py), and a restarted host resumes them.
"""

from __future__ import annotations

import asyncio
import logging
import random
import signal
import ssl
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from amul_table.ai.tiers import BOT_TIERS
from amul_table.match.match import Match
from amul_table.match.protocol import (
    PROTOCOL_VERSION,
    Command,
    Error,
    ErrorCode,
    Hello,
    NewTable,
    ProtocolError,
    Say,
    TableMade,
    decode_client,
    encode,
)
from amul_table.net.codes import new_code
from amul_table.net.journal import Journal, Syncer, journal_path, read_after
from amul_table.net.rate import Bucket
from amul_table.net.store import SaveQueue, Store, StoredTable
from amul_table.net.table import Claim, Refused, Table
from amul_table.net.workers import BotWorkers
from amul_table.persistence.reader import visible_text
from amul_table.rules.seats import BOT_NAMES, Seat
from amul_table.rules.setup import SetupError
from amul_table.rules.state import Event

log = logging.getLogger(__name__)

MAX_CLIENT_FRAME = 64 * 1024  # a client's largest message is a Hello of a few hundred bytes
HELLO_WAIT = 10.0  # seconds a new connection has to say what it wants (`host --hello-wait`)
HELLO_WAIT_RANGE = (0.5, 60.0)  # what --hello-wait accepts: under half a second a slow link cannot say hello
CLOSE_TIMEOUT = 10.0  # seconds a closing handshake waits for the client's answer (websockets' own default)
MAX_BACKLOG = 4 << 20  # bytes waiting for a client that does not read: past this it is dropped
RATE = 50  # messages a second a client may send on average (a person makes one a second at most)
BURST = 200
STRIKES = 20  # refused messages before the connection is closed
REFUSAL_PAUSE = 0.002  # seconds a connection waits after each refused message: a hostile one gets less of the loop
MAX_TABLES = 10_000
SWEEP_EVERY = 60.0  # seconds between two sweeps of finished tables out of memory
POLICY_VIOLATION = 1008


@dataclass(frozen=True)
class HostOptions:
    data: Path
    bind: str = "127.0.0.1"
    port: int = 8765
    certfile: Path | None = None
    keyfile: Path | None = None
    cover_tier: str = "medium"
    cover_wait: float = 60.0
    turn_timer: float = 0.0
    workers: int = 1
    hello_wait: float = HELLO_WAIT


class SocketLink:
    """A websocket as a Table's Link: what is sent waits in the host's Outbox until the loop's next turn.

    So a decision's journal line is written before any seat is sent its update, and the sends of a whole
    turn of the loop are written in one callback, without a task or a queue per connection.
    """

    def __init__(self, ws: ServerConnection, outbox: Outbox) -> None:
        self.ws = ws
        self.outbox = outbox
        self.pending: list[bytes] = []
        self.closing: tuple[int, str] | None = None
        self.closed: asyncio.Task | None = None
        self.held = False  # nothing leaves while True (its seat's claim is being written)

    def send(self, data: bytes) -> None:
        if self.closing is None:
            self.pending.append(data)
            self.outbox.wants(self)

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = (code, reason)
            self.outbox.wants(self)

    def write(self) -> None:
        """Hand what is pending to the socket (a client that does not read is closed), then close if asked."""
        pending, self.pending = self.pending, []
        for data in pending:
            if self.ws.transport.get_write_buffer_size() > MAX_BACKLOG:
                self.closing = self.closing or (POLICY_VIOLATION, "not reading")
                break
            broadcast((self.ws,), data, text=True)
        if self.closing is not None and self.closed is None:
            self.closed = asyncio.get_running_loop().create_task(self.ws.close(*self.closing))

    async def finish(self) -> None:
        """Send what is pending, then close (the client may be gone already: then at once)."""
        self.close(1000, "")
        self.write()
        assert self.closed is not None
        try:
            await asyncio.wait_for(asyncio.shield(self.closed), 5)
        except (TimeoutError, ConnectionClosed):
            self.closed.cancel()


class Outbox:
    """The links with something to send, written together once the loop's current callback is done."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._links: dict[SocketLink, None] = {}  # in the order they asked

    def wants(self, link: SocketLink) -> None:
        if not self._links:
            self.loop.call_soon(self.flush)
        self._links[link] = None

    def flush(self) -> None:
        links, self._links = self._links, {}
        for link in links:
            if not link.held:  # a held link asks again when it is let go
                link.write()


class Host:
    """The tables of one server process and the handler of its connections."""

    def __init__(self, options: HostOptions, executor: Executor) -> None:
        self.options = options
        self.executor = executor
        self.store = Store(options.data)
        self.tables: dict[str, Table] = {}
        self.journals: dict[str, Journal] = {}
        self.saves = SaveQueue(self.store)
        self.syncer = Syncer()
        self.codes = self.store.codes()  # every code taken here, finished tables' too (read from disk once)
        self.claims_due: set[str] = set()  # tables whose claims changed and are not yet being written
        self._claims_writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="claims")  # in order
        self.loop = asyncio.get_running_loop()
        self.outbox = Outbox(self.loop)

    # --- tables ----------------------------------------------------------------------------------

    def resume_tables(self) -> int:
        """Open every unfinished table kept in the data folder (finished ones open when someone asks)."""
        for kept in self.store.load(finished=False):
            if not kept.saved_game.state.is_over:
                self._resume(kept)
        return len(self.tables)

    def find(self, code: str) -> Table | None:
        """The table with this code: in memory, or a finished one read back from the data folder."""
        table = self.tables.get(code)
        if table is None and (kept := self.store.load_one(code)) is not None:
            table = self._resume(kept)
        return table

    def sweep(self) -> int:
        """Let finished tables nobody is connected to go from memory (they stay on disk); how many went."""
        done = [code for code, table in self.tables.items() if table.match.is_over and not table.connected]
        for code in done:
            self.tables.pop(code).close()
            self.journals.pop(code).close()
        return len(done)

    def _resume(self, kept: StoredTable) -> Table:
        match = Match.resume(kept.saved_game, executor=self.executor, wake=self._waker(kept.code))
        journal = journal_path(self.store.game_path(kept.code))
        if match.catch_up(read_after(journal, match.turn)):
            self.saves.submit(kept.code, match.saved_game())
        return self._open(kept.code, match, kept.claims)

    def new_table(self, request: NewTable) -> Table:
        """A table as `request` asks: its human seats first, then its bots' (BAD_OPTIONS when impossible)."""
        if len(self.tables) >= MAX_TABLES:
            raise Refused(ErrorCode.BUSY, "this host holds as many tables as it can")
        if request.protocol != PROTOCOL_VERSION:
            raise Refused(ErrorCode.VERSION, f"this host speaks protocol {PROTOCOL_VERSION}")
        unknown = [tier for tier in request.bots if tier not in BOT_TIERS]
        if unknown or len(request.bots) > request.players or len(request.bot_names) > len(request.bots):
            raise Refused(ErrorCode.BAD_OPTIONS, f"bots {list(request.bots)} at a {request.players}-player table")
        if not all(name.strip() and name.isprintable() and visible_text(name) for name in request.bot_names):
            raise Refused(ErrorCode.BAD_NAME, "a bot's name must be visible text")
        humans = request.players - len(request.bots)
        seats = [Seat.of_human(f"Player {i + 1}") for i in range(humans)]
        seats += [Seat.bot(bot_name(request.bot_names, i), tier) for i, tier in enumerate(request.bots)]
        code = new_code(self.codes)
        self.codes.add(code)
        seed = random.SystemRandom().randrange(1, 2**40) if request.seed is None else request.seed
        try:
            match = Match.new(seats, seed=seed, tea=request.tea, executor=self.executor, wake=self._waker(code))
        except SetupError as exc:
            raise Refused(ErrorCode.BAD_OPTIONS, str(exc)) from None
        table = self._open(code, match, {})
        self.saves.submit(code, match.saved_game())
        self.store.save_claims(table)
        return table

    def _open(self, code: str, match: Match, claims: dict[int, Claim]) -> Table:
        match.subscribe(self._keeper(code))
        table = Table(
            code,
            match,
            self.loop.call_later,
            claims,
            cover_tier=self.options.cover_tier,
            cover_wait=self.options.cover_wait,
            turn_timer=self.options.turn_timer,
            changed=self._claims_changed,
        )
        self.tables[code] = table
        table.poll()  # the bots that decide first
        return table

    def _keeper(self, code: str) -> Callable[[Match, Sequence[Event]], None]:
        """Every decision into the table's journal at once (before any seat is sent it); the whole game saved
        when it ends."""
        journal = self.journals[code] = Journal(journal_path(self.store.game_path(code)), self.syncer)

        def heard(match: Match, events: Sequence[Event]) -> None:
            journal.append(match.turn - 1, match.state.actions[-1])
            if match.is_over:
                self.saves.submit(code, match.saved_game())
                self.store.mark_over(code)

        return heard

    def _claims_changed(self, table: Table) -> None:
        self.claims_due.add(table.code)  # written by keep_claims before the claimer's Welcome leaves
        self.saves.submit(table.code, table.match.saved_game())  # the names it now has

    async def keep_claims(self, table: Table, link: SocketLink) -> None:
        """A seat was just claimed through `link`: the table's claims go to disk off the event loop (an fsync
        is milliseconds every table would wait), and nothing leaves for `link` (its Welcome, with the
        credential) until they are there, so that a claimed seat survives a restart of the host."""
        if table.code not in self.claims_due:
            return
        self.claims_due.discard(table.code)
        data = self.store.claims_data(table)
        link.held = True
        try:
            await self.loop.run_in_executor(self._claims_writer, self.store.write_claims, table.code, data)
        finally:
            link.held = False
            self.outbox.wants(link)

    def _waker(self, code: str) -> Callable[[], None]:
        def wake() -> None:  # on the executor's thread: the table is polled on the loop's
            self.loop.call_soon_threadsafe(self._poll, code)

        return wake

    def _poll(self, code: str) -> None:
        table = self.tables.get(code)
        if table is not None:
            table.poll()

    def flush(self) -> None:
        """Close every table and write its whole game (the journal holds it already; the save is faster to load)."""
        for code, table in self.tables.items():
            table.close()
            self.journals[code].close()
            self.saves.submit(code, table.match.saved_game())
        for code in self.claims_due:  # claimed, and not yet handed to keep_claims
            if code in self.tables:
                self.store.save_claims(self.tables[code])
        self._claims_writer.shutdown(wait=True)
        self.saves.flush()
        self.syncer.stop()

    # --- connections -----------------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        link = SocketLink(ws, self.outbox)
        table: Table | None = None
        try:
            table = await self._first(ws, link)
            if table is not None:
                await self._play(ws, link, table)
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            if table is not None:
                table.leave(link)
            await link.finish()

    async def _first(self, ws: ServerConnection, link: SocketLink) -> Table | None:
        """The connection's first message: a new table (answered, then closed) or a Hello (seated)."""
        data = await asyncio.wait_for(ws.recv(), self.options.hello_wait)
        try:
            message = decode_client(data)
            if isinstance(message, NewTable):
                table = self.new_table(message)
                await asyncio.to_thread(self.saves.on_disk, table.code)  # a host killed once it answers keeps it
                link.send(encode(TableMade(code=table.code, seats=table.status())))
                link.close(1000, "table made")
                return None
            if isinstance(message, Hello):
                table = self.find(message.table)
                if table is None:
                    raise Refused(ErrorCode.NO_TABLE, f"no table {message.table} here")
                table.hello(message, link)
                await self.keep_claims(table, link)
                return table
            raise Refused(ErrorCode.NOT_JOINED, "say hello first")
        except (ProtocolError, Refused) as exc:
            error = exc.error if isinstance(exc, Refused) else Error(code=exc.code, detail=exc.detail)
            link.send(encode(error))
            link.close(POLICY_VIOLATION, error.code)
            return None

    async def _play(self, ws: ServerConnection, link: SocketLink, table: Table) -> None:
        bucket, strikes = Bucket(RATE, BURST), 0
        async for data in ws:
            # One message a connection a turn of the loop: websockets hands over messages already received
            # without yielding, so a flood of them would be answered in one run while every table waits.
            await asyncio.sleep(0)
            if not bucket.take():
                error: Error | None = Error(code=ErrorCode.BUSY, detail="too many messages")
            else:
                try:
                    message = decode_client(data)
                except ProtocolError as exc:
                    error = Error(code=exc.code, detail=exc.detail)
                else:
                    if isinstance(message, Command):
                        table.command(link, message)
                        continue
                    if isinstance(message, Say):
                        table.say(link, message)
                        continue
                    error = Error(code=ErrorCode.MALFORMED, detail="already at a table: only commands now")
            link.send(encode(error))
            strikes += 1
            if strikes >= STRIKES:
                link.close(POLICY_VIOLATION, "too many refused messages")
                async for _ in ws:  # read on, unanswered: the client's closing frame waits behind its flood
                    pass
                return
            await asyncio.sleep(REFUSAL_PAUSE)


def bot_name(names: Sequence[str], index: int) -> str:
    """The name the host typed for its `index`th bot, else the one a new game in the window gives it."""
    return names[index].strip() if index < len(names) else BOT_NAMES[index % len(BOT_NAMES)]


async def serve_forever(
    options: HostOptions,
    *,
    ready: asyncio.Future | None = None,
    stop: asyncio.Future | None = None,
    hosting: Callable[[Host], None] = lambda host: None,
) -> None:
    """Serve until SIGTERM or SIGINT (or until `stop` is done, when given: a host in the window's background),
    then close the connections, write every table and return. `hosting` is handed the Host once it serves."""
    with BotWorkers(options.workers) as pool:
        host = Host(options, pool)
        resumed = host.resume_tables()
        if stop is None:
            stop = asyncio.get_running_loop().create_future()
            for sig in (signal.SIGTERM, signal.SIGINT):
                asyncio.get_running_loop().add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
        tls = _tls(options)
        async with serve(
            host.handle,
            options.bind,
            options.port,
            ssl=tls,
            max_size=MAX_CLIENT_FRAME,
            open_timeout=options.hello_wait,
            close_timeout=CLOSE_TIMEOUT,
            compression=None,  # an Update is a few kB: deflating each for every seat cost more host CPU than the rest
        ) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            scheme = "wss" if tls else "ws"
            log.warning("serving %s://%s:%d (%d tables resumed)", scheme, options.bind, port, resumed)
            hosting(host)
            if ready is not None:
                ready.set_result(port)
            sweeper = asyncio.get_running_loop().create_task(_sweep_forever(host))
            await stop
            sweeper.cancel()
        host.flush()
        pool.shutdown(cancel_futures=True)


async def _sweep_forever(host: Host) -> None:
    while True:
        await asyncio.sleep(SWEEP_EVERY)
        host.sweep()


def _tls(options: HostOptions) -> ssl.SSLContext | None:
    if options.certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(options.certfile, options.keyfile)
    return context
