"""The window's own host: the same server as `amul-table host`, on a background thread, its tables announced.

Host a table in the window starts one (`start` waits until it listens), asks it for a table like
`table new` does, and sits at that table through a SocketClient like any other player. `stop` writes every
table and ends the thread; the data folder keeps them, so hosting again resumes unfinished tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import threading

from amul_table.match.protocol import NewTable, SeatState, TableMade
from amul_table.net.client import request_table
from amul_table.net.discovery import Announcer, TableAd, lan_address
from amul_table.net.server import Host, HostOptions, serve_forever
from amul_table.persistence.records import RecordsError, data_folder

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765  # as `amul-table host`; another free port when it is taken
START_WAIT = 30.0  # seconds the server may take to listen (the bot workers start with it)
ANNOUNCE_EVERY = 2.0  # seconds between two looks at the tables to announce


class HostFailed(Exception):
    """The background host could not start (the port taken, no data folder): one line for the screen."""


class BackgroundHost:
    """A host serving from a thread of this process; `url` reaches it from here."""

    def __init__(self, options: HostOptions) -> None:
        self.options = options
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Future | None = None
        self._host: Host | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="amul-host", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> BackgroundHost:
        self._thread.start()
        if not self._ready.wait(START_WAIT) or self._failure is not None:
            self.stop()
            raise HostFailed(str(self._failure or "the host did not start"))
        return self

    def new_table(self, request: NewTable) -> TableMade:
        """A table on this host (HostRefused when it will not make one), asked as any client would."""
        return asyncio.run_coroutine_threadsafe(request_table(self.url, request), self._loop).result(START_WAIT)

    def stop(self) -> None:
        """Close the connections, write every table, end the thread."""
        if self._thread.is_alive() and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(
                lambda: self._stop is not None and not self._stop.done() and self._stop.set_result(None)
            )
            self._thread.join(START_WAIT)

    # --- the host's thread -----------------------------------------------------------------------

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._serve())
        except (OSError, RuntimeError) as exc:
            self._failure = exc
        finally:
            self._loop.close()
            self._ready.set()  # a failure is told once the loop is closed: `stop` then finds no loop to call

    async def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        self._stop = loop.create_future()
        ready: asyncio.Future[int] = loop.create_future()
        serving = loop.create_task(serve_forever(self.options, ready=ready, stop=self._stop, hosting=self._hosting))
        await asyncio.wait([serving, ready], return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            await serving  # its failure, raised
            return
        self.port = ready.result()
        self._ready.set()
        announcing = loop.create_task(self._announce())
        await serving
        announcing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await announcing

    def _hosting(self, host: Host) -> None:
        self._host = host

    async def _announce(self) -> None:
        announcer = Announcer(self.port)
        try:
            while True:
                await announcer.show(self._ads())
                await asyncio.sleep(ANNOUNCE_EVERY)
        finally:
            await announcer.close()

    def _ads(self) -> list[TableAd]:
        """The tables still waiting for humans (a full or finished table has nothing to offer a passer-by)."""
        if self._host is None:
            return []
        name = socket.gethostname() or "amul"
        ads = []
        for code, table in self._host.tables.items():
            if table.match.is_over or not table.free_seats:
                continue
            status = table.status()
            people = tuple(s.name for s in status if s.state != SeatState.OPEN and s.tier is None)
            ads.append(TableAd(code, name, len(status), len(table.free_seats), people))
        return ads


def host_in_background(*, turn_timer: float = 0.0) -> BackgroundHost:
    """The window's host: on the local network ($AMUL_TABLE_HOST_BIND, else every interface), the usual port
    when free, its tables kept in the data folder's host/ (HostFailed, in words, when it cannot start)."""
    try:
        data = data_folder() / "host"
    except RecordsError as exc:
        raise HostFailed(str(exc)) from None
    bind = os.environ.get("AMUL_TABLE_HOST_BIND", "0.0.0.0")
    options = HostOptions(data=data, bind=bind, port=DEFAULT_PORT, turn_timer=turn_timer)
    try:
        return BackgroundHost(options).start()
    except HostFailed:
        return BackgroundHost(HostOptions(data=data, bind=bind, port=0, turn_timer=turn_timer)).start()


def shown_address(host: BackgroundHost) -> str:
    """The address friends type to reach this host: this computer's on the network, and the port."""
    bind = host.options.bind
    return f"{lan_address() if bind in ('0.0.0.0', '') else bind}:{host.port}"
