"""A TableClient over a websocket for the window: the socket lives on a background thread's asyncio loop.

The window's thread owns the TableClient and never waits on the network: what arrives waits in a
thread-safe queue until the window's `poll` hands it to the client, and what the window sends goes to the
loop through `call_soon_threadsafe`. The seat is held as `join` holds it (net/client.py): reconnection
with backoff, the seat reclaimed with the credential kept under the data folder's tables/.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from enum import StrEnum

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from amul_table.match.client import TableClient
from amul_table.match.protocol import Error, ErrorCode, ProtocolError, Welcome, decode_server, encode
from amul_table.net.client import GIVE_UP, REPLY_WAIT, RetryNotice, connect_to, hello_for, remember
from amul_table.net.kept_seats import KeptSeats
from amul_table.net.table import REPLACED

log = logging.getLogger(__name__)

CLOSE_WAIT = 3.0  # seconds `close` waits for the loop's thread to finish


class LinkState(StrEnum):
    """Where the connection stands, as the window shows it."""

    CONNECTING = "connecting"
    CONNECTED = "connected"  # welcomed at the table
    RECONNECTING = "reconnecting"
    REFUSED = "refused"  # the host will not seat us (`refusal` says why); no more tries
    GONE = "gone"  # no host for GIVE_UP seconds, or closed by us


class SocketClient(TableClient):
    """A seat at table `code` on the host at `url`, played from the window (call `poll` every frame)."""

    def __init__(self, url: str, code: str, name: str, *, kept: KeptSeats, give_up: float = GIVE_UP) -> None:
        super().__init__(self._post)
        self.url, self.code, self.name = url, code, name
        self.kept = kept
        self.give_up = give_up
        self.state = LinkState.CONNECTING
        self.seat: int | None = None  # the seat the host gave us
        self.turn_timer = 0.0
        self.refusal: Error | None = None
        self._inbox: queue.SimpleQueue[bytes | LinkState | Error] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[bytes] | None = None
        self._task: asyncio.Task | None = None
        self._thread = threading.Thread(target=self._run, name="amul-link", daemon=True)
        self._thread.start()

    # --- the window's thread ---------------------------------------------------------------------

    def poll(self, now: float = 0.0) -> bool:
        """Hand what arrived to the client; whether anything did (the host paces its bots: `now` is unused)."""
        got = False
        while True:
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return got
            got = True
            if isinstance(item, LinkState):
                self.state = item
            elif isinstance(item, Error):
                self.refusal, self.state = item, LinkState.REFUSED
            else:
                self._take(item)

    def _take(self, data: bytes) -> None:
        try:
            self.receive(data)
        except ProtocolError as exc:  # an update out of order: a new connection brings the whole log again
            log.warning("the host sent %s; reconnecting", exc)
            self._loop.call_soon_threadsafe(self._drop)
            return
        if self.welcome is not None:
            self.seat, self.turn_timer = self.welcome.seat, self.welcome.turn_timer
            self.state = LinkState.CONNECTED

    def close(self) -> None:
        """Leave the table (the host shows the seat away) and stop the loop's thread."""
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop)
            self._thread.join(CLOSE_WAIT)
        self.state = LinkState.GONE

    def _post(self, data: bytes) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._queue, data)

    # --- the loop's thread -----------------------------------------------------------------------

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._outbox = asyncio.Queue()
        self._task = self._loop.create_task(self._hold_seat())
        with contextlib.suppress(asyncio.CancelledError):
            self._loop.run_until_complete(self._task)
        self._loop.run_until_complete(self._loop.shutdown_asyncgens())
        self._loop.close()

    def _queue(self, data: bytes) -> None:
        assert self._outbox is not None
        self._outbox.put_nowait(data)

    def _stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def _drop(self) -> None:
        self._outbox and self._outbox.put_nowait(b"")  # the pump closes the connection: the loop reconnects

    async def _hold_seat(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout_at(loop.time() + self.give_up) as deadline:
                retrying = RetryNotice(lambda line: self._inbox.put(LinkState.RECONNECTING), self.give_up)
                async for ws in connect_to(self.url, retrying):  # the window says when the host does not answer
                    deadline.reschedule(None)
                    retrying.told = False
                    if not await self._sit(ws):
                        return
                    self._inbox.put(LinkState.RECONNECTING)
                    deadline.reschedule(loop.time() + self.give_up)
        except TimeoutError:
            pass
        except OSError as exc:  # an address that does not resolve, a refused TLS handshake, ...
            log.warning("cannot reach %s: %s", self.url, exc)
        self._inbox.put(LinkState.GONE)

    async def _sit(self, ws: ClientConnection) -> bool:
        """One connection: say hello, then pass messages both ways until it drops; False when we must stop."""
        mine, hello = hello_for(self.kept, self.url, self.code, self.name)
        pump = asyncio.get_running_loop().create_task(self._pump(ws))
        try:
            await ws.send(encode(hello), text=True)
            welcomed = False
            async for data in ws:
                message = decode_server(data)
                if not welcomed and isinstance(message, Error):
                    self._inbox.put(message)
                    return False
                if isinstance(message, Welcome):
                    welcomed = True
                    remember(self.kept, mine, message.seat)
                self._inbox.put(data if isinstance(data, bytes) else data.encode())
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code == REPLACED:
                self._inbox.put(Error(code=ErrorCode.NOT_YOUR_SEAT, detail="another connection took this seat"))
                return False
        except ProtocolError as exc:
            log.warning("the host sent %s", exc)
        finally:
            pump.cancel()
            try:
                await asyncio.wait_for(ws.close(), CLOSE_WAIT / 3)  # at once when the host closed it already
            finally:
                ws.transport.abort()  # closed, or cut short (timed out, the window left): never left open
        return True

    async def _pump(self, ws: ClientConnection) -> None:
        """Send what the window queued, in order (an empty item: close this connection)."""
        assert self._outbox is not None
        with contextlib.suppress(ConnectionClosed):
            while True:
                data = await self._outbox.get()
                if not data:
                    await asyncio.wait_for(ws.close(), REPLY_WAIT)
                    return
                await ws.send(data, text=True)
