"""The host's tables without sockets: finished ones leave memory and come back when asked for."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

from amul_table.match.bots import InlineExecutor
from amul_table.match.protocol import PROTOCOL_VERSION, Hello, NewTable, Welcome, decode_server, encode
from amul_table.net.client import connect_to, request_table
from amul_table.net.codes import digest
from amul_table.net.server import Host, HostOptions, serve_forever
from amul_table.net.store import SaveQueue
from amul_table.net.table import Refused
from amul_table.persistence import save_files
from amul_table.rules.seats import BOT_NAMES

WAIT = 120.0  # seconds a step may take on a busy machine (a bound, not a measure)


def test_finished_tables_leave_memory_and_come_back_when_asked(tmp_path):
    async def run() -> None:
        host = Host(HostOptions(data=tmp_path), InlineExecutor())
        done = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("random",) * 3, seed=4))
        waiting = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("random",), seed=5))
        assert done.match.is_over and not waiting.match.is_over  # bots only: played at once
        assert host.saves.flush()
        assert host.sweep() == 1 and set(host.tables) == {waiting.code}
        again = host.find(done.code)
        assert again is not None and again.match.state == done.match.state
        host.flush()
        restarted = Host(HostOptions(data=tmp_path), InlineExecutor())
        assert restarted.resume_tables() == 1 and set(restarted.tables) == {waiting.code}  # the finished one waits
        assert restarted.find(done.code).match.is_over
        assert restarted.find("AAAAAA") is None

    asyncio.run(run())


def test_a_tables_bots_carry_the_names_the_host_typed_else_the_windows_bot_names(tmp_path):
    async def run() -> None:
        host = Host(HostOptions(data=tmp_path), InlineExecutor())
        named = NewTable(protocol=PROTOCOL_VERSION, players=4, bots=("easy", "easy"), bot_names=("Ibn Said",))
        table = host.new_table(named)
        assert [seat.name for seat in table.match.seats[2:]] == ["Ibn Said", BOT_NAMES[1]]
        plain = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy",)))
        assert plain.match.seats[2].name == BOT_NAMES[0]
        for names in (("\u200b",), ("A", "B")):  # a name nobody sees; more names than bots
            bad = NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy",), bot_names=names)
            with pytest.raises(Refused):
                host.new_table(bad)
        host.flush()

    asyncio.run(run())


def test_a_claimed_seat_is_on_disk_before_its_welcome_leaves(tmp_path):
    async def run() -> None:
        loop = asyncio.get_running_loop()
        ready, stop = loop.create_future(), loop.create_future()
        serving = loop.create_task(serve_forever(HostOptions(data=tmp_path, port=0), ready=ready, stop=stop))
        url = f"ws://127.0.0.1:{await ready}"
        made = await request_table(url, NewTable(protocol=PROTOCOL_VERSION, players=3))
        for name in ("Ann", "Bob"):
            async with connect_to(url) as ws:
                await ws.send(encode(Hello(protocol=PROTOCOL_VERSION, table=made.code, name=name)), text=True)
                welcome = decode_server(await ws.recv())
                assert isinstance(welcome, Welcome)
                kept = json.loads((tmp_path / "tables" / f"{made.code}.json").read_bytes())
                assert kept["claims"][str(welcome.seat)] == [name, digest(welcome.credential)]
        stop.set_result(None)
        await serving

    asyncio.run(run())


def test_a_table_is_on_disk_before_it_is_answered_as_made(tmp_path, monkeypatch):
    """A host killed just after it answered 'table made' still has the table (its save was written after the
    answer: a client then found 'no table' at the restarted host, in test_faults' host kills)."""
    written, waited = save_files.save_game, SaveQueue.on_disk
    asked = threading.Event()  # the host waits for the save, or the client has looked: the disk may go on

    def slow(*args, **kwargs):  # the disk is slow: it writes only once asked, and takes a while even then
        assert asked.wait(WAIT)
        time.sleep(0.05)  # a host that answers without really waiting for the save answers meanwhile
        return written(*args, **kwargs)

    def waiting(self: SaveQueue, code: str, timeout: float = 60.0) -> bool:
        asked.set()
        return waited(self, code, timeout)

    monkeypatch.setattr(save_files, "save_game", slow)
    monkeypatch.setattr(SaveQueue, "on_disk", waiting)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        ready, stop = loop.create_future(), loop.create_future()
        serving = loop.create_task(serve_forever(HostOptions(data=tmp_path, port=0), ready=ready, stop=stop))
        try:
            made = await request_table(f"ws://127.0.0.1:{await ready}", NewTable(protocol=PROTOCOL_VERSION, players=3))
            assert (tmp_path / "tables" / f"{made.code}.yaml").exists()
        finally:
            asked.set()  # (a host that answers before it waits: the save was held until the client looked)
            stop.set_result(None)
            await serving

    asyncio.run(run())
