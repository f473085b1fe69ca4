"""`join --auto`'s seat player against a scripted host: what it does when a connection drops mid-decision."""

from __future__ import annotations

import asyncio

from websockets.asyncio.server import ServerConnection, serve

from amul_table.match.match import Match
from amul_table.match.protocol import (
    PROTOCOL_VERSION,
    Command,
    Hello,
    Message,
    Welcome,
    decode_client,
    encode,
)
from amul_table.net import client
from amul_table.net.client import play_seat
from amul_table.net.kept_seats import KeptSeats
from tests.match.helpers import seats
from tests.net.ports import quiet_port


def test_a_command_lost_with_a_host_that_stopped_is_made_again_on_the_next_connection(tmp_path):
    """The host takes the command and dies before deciding it (kill -9): the restarted host is at the same
    decision, so the client, reconnected, must decide it again instead of waiting for itself."""
    match = Match.new(seats(3, 0), seed=5, bot_salt=5)
    commands: list[Command] = []
    got_two = asyncio.Event()

    async def host(ws: ServerConnection) -> None:
        hello = decode_client(await ws.recv())
        assert isinstance(hello, Hello) and hello.credential is not None
        await ws.send(
            encode(
                Welcome(protocol=PROTOCOL_VERSION, table=hello.table, seat=0, credential=hello.credential, seats=())
            ),
            text=True,
        )
        sent: list[Message] = []
        match.disconnect(match.connect(0, sent.append))  # the seat's first Update at decision 0
        await ws.send(encode(sent[0]), text=True)
        command = decode_client(await ws.recv())
        assert isinstance(command, Command)
        commands.append(command)
        if len(commands) == 2:
            got_two.set()
        ws.transport.abort()  # gone without deciding it, as a host killed outright

    async def run() -> None:
        async with serve(host, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            player = asyncio.ensure_future(
                play_seat(f"ws://127.0.0.1:{port}", "ABCDEF", "Ann", auto="random", kept=KeptSeats(tmp_path))
            )
            try:
                await asyncio.wait_for(got_two.wait(), 60)
            finally:
                player.cancel()

    asyncio.run(run())
    assert [c.turn for c in commands] == [0, 0]


def test_a_host_that_cannot_be_reached_is_said_once_while_the_seat_keeps_trying(tmp_path, monkeypatch):
    """`join --auto` at a port where nothing listens waited up to ten minutes without a word. Three refused
    connections are waited for (counted, not timed): the seat says so once, and is still trying."""
    said: list[str] = []
    refused = 0
    third = asyncio.Event()
    verdict = client.process_exception

    def counted(exc: Exception) -> Exception | None:
        nonlocal refused
        refused += 1
        if refused == 3:
            third.set()
        return verdict(exc)

    monkeypatch.setattr(client, "process_exception", counted)
    monkeypatch.setattr(client, "FIRST_RETRY", 0.01)  # retried after 5-10 ms, then 10-20 ms (not 0.125-0.25 s, ...)

    async def run() -> None:
        url = f"ws://127.0.0.1:{quiet_port()}"
        seat = asyncio.ensure_future(
            play_seat(url, "ABCDEF", "Ann", auto="random", kept=KeptSeats(tmp_path), give_up=600, say=said.append)
        )
        try:
            await asyncio.wait_for(third.wait(), 120)
            assert not seat.done()  # still trying
        finally:
            seat.cancel()

    asyncio.run(run())
    assert len(said) == 1 and said[0].startswith("cannot reach the host (") and "trying again" in said[0]
