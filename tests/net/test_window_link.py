"""The window's side of online play on 127.0.0.1: its background host, its socket client, and the tables found
on the network (mDNS on the loopback interface only)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from websockets.asyncio.client import ClientConnection

from amul_table.match.protocol import PROTOCOL_VERSION, NewTable, SeatState
from amul_table.net import background, window_link
from amul_table.net.background import BackgroundHost, HostFailed
from amul_table.net.discovery import Finder
from amul_table.net.kept_seats import KeptSeats
from amul_table.net.server import HostOptions
from amul_table.net.window_link import LinkState, SocketClient
from amul_table.persistence.save_format import parse_save
from tests.net.ports import quiet_port
from tests.net.shared_workers import one_bot_pool  # noqa: F401 (autouse: one pool of bot workers)

WAIT = 120.0  # seconds a step may take on a busy machine (a bound, not a measure)


def wait_until(condition, *clients: SocketClient, wait: float = WAIT) -> None:
    """Poll the clients (as the window does each frame) until `condition()` holds."""
    deadline = time.monotonic() + wait
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        for client in clients:
            client.poll()
        time.sleep(0.01)


@pytest.fixture
def host(tmp_path):
    background = BackgroundHost(HostOptions(data=tmp_path / "host", bind="127.0.0.1", port=0)).start()
    yield background
    background.stop()


def seat_client(host: BackgroundHost, code: str, name: str, home) -> SocketClient:
    return SocketClient(host.url, code, name, kept=KeptSeats(home / "tables"))


def test_two_window_clients_play_a_whole_game_through_the_background_host(host, tmp_path):
    made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy",), seed=7))
    ann = seat_client(host, made.code, "Ann", tmp_path / "ann")
    bob = seat_client(host, made.code, "Bob", tmp_path / "bob")
    try:
        wait_until(lambda: ann.state == bob.state == LinkState.CONNECTED and ann.seats and bob.seats, ann, bob)
        assert {ann.seat, bob.seat} == {0, 1}
        wait_until(lambda: all(s.state != SeatState.OPEN for s in ann.table), ann, bob)
        assert sorted(s.name for s in ann.table) == ["Ann", "Bob", "Marco"]
        sent: dict[int, int] = {}
        deadline = time.monotonic() + WAIT
        while not (ann.final_save and bob.final_save):
            assert time.monotonic() < deadline, "gave up waiting"
            arrived = False
            for client in (ann, bob):
                arrived |= client.poll()
                view = client.view()
                if view.legal and sent.get(client.seat) != client.turn:
                    sent[client.seat] = client.turn
                    client.submit(view.legal[-1])
            if not arrived:
                time.sleep(0.001)  # the host's and the links' threads run meanwhile: no spinning on the GIL
        assert ann.final_save == bob.final_save
        assert parse_save(ann.final_save).state.is_over
    finally:
        ann.close()
        bob.close()


def test_a_window_client_run_again_reclaims_its_seat_and_the_others_see_it_come_and_go(host, tmp_path):
    made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy",), seed=3))
    ann = seat_client(host, made.code, "Ann", tmp_path / "ann")
    bob = seat_client(host, made.code, "Bob", tmp_path / "bob")
    try:
        wait_until(lambda: ann.seat is not None and bob.seat is not None, ann, bob)
        bob.close()
        wait_until(lambda: ann.table[bob.seat].state == SeatState.AWAY, ann)
        again = seat_client(host, made.code, "Bob", tmp_path / "bob")
        wait_until(lambda: again.seat is not None, again)
        assert again.seat == bob.seat
        wait_until(lambda: ann.table[bob.seat].state == SeatState.CONNECTED, ann, again)
        again.close()
    finally:
        ann.close()
        bob.close()


def test_a_connection_whose_closing_never_ends_is_cut_not_left_open(host, tmp_path, monkeypatch):
    """The window leaves and the closing handshake does not end (a host that no longer answers, or the window
    leaving again meanwhile): the link cuts the socket. Left open, the host waited its own closing timeout (10 s)
    for it, and stopping the host with it."""
    closing: list[ClientConnection] = []

    async def never_ends(ws, *args, **kwargs) -> None:
        closing.append(ws)
        await asyncio.Event().wait()

    made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy",), seed=3))
    ann = seat_client(host, made.code, "Ann", tmp_path / "ann")
    wait_until(lambda: ann.seat is not None, ann)
    monkeypatch.setattr(ClientConnection, "close", never_ends)
    monkeypatch.setattr(window_link, "CLOSE_WAIT", 0.03)  # how long the link waits for the closing to end
    ann.close()
    ann._thread.join(WAIT)
    assert closing and closing[0].transport.is_closing()


def test_a_table_code_the_host_does_not_know_is_refused_with_its_code(host, tmp_path):
    lost = seat_client(host, "ABCDEF", "Ann", tmp_path / "ann")
    try:
        wait_until(lambda: lost.state == LinkState.REFUSED, lost)
        assert lost.refusal is not None and lost.refusal.code == "no_table"
    finally:
        lost.close()


def nobody_at(tmp_path, give_up: float) -> SocketClient:
    """A seat client for a port where nothing listens."""
    url = f"ws://127.0.0.1:{quiet_port()}"
    return SocketClient(url, "ABCDEF", "Ann", kept=KeptSeats(tmp_path / "tables"), give_up=give_up)


def test_a_host_that_cannot_be_reached_is_given_up_after_the_wait_not_tried_for_ever(tmp_path):
    """The first connection's deadline was `asyncio.timeout(loop.time() + wait)`: a delay of days, not `wait`."""
    nobody = nobody_at(tmp_path, give_up=0.05)
    try:
        wait_until(lambda: nobody.state == LinkState.GONE, nobody)
    finally:
        nobody.close()


def test_a_host_that_does_not_answer_is_said_while_the_client_keeps_trying(tmp_path):
    """The window showed "Connecting to …" for the whole ten minutes of tries, as if all were well."""
    nobody = nobody_at(tmp_path, give_up=WAIT)
    try:
        wait_until(lambda: nobody.state == LinkState.RECONNECTING, nobody)
    finally:
        nobody.close()


def test_a_host_on_a_port_already_taken_fails_with_one_line(host, tmp_path):
    """HostFailed, and nothing else: its failure is told once its loop is closed (told before, `start` stopped
    the host on a loop that was now and then already closed, and RuntimeError came out instead)."""
    taken = BackgroundHost(HostOptions(data=tmp_path / "other", bind="127.0.0.1", port=host.port))
    closed_when_told: list[bool] = []

    class Told(threading.Event):
        def set(self) -> None:
            closed_when_told.append(taken._loop.is_closed())
            super().set()

    taken._ready = Told()
    with pytest.raises(HostFailed):
        taken.start()
    assert closed_when_told == [True]


def test_a_hosted_table_is_found_on_the_network_with_its_free_seats(tmp_path, monkeypatch, quick_probes):
    monkeypatch.setenv("AMUL_TABLE_MDNS", "127.0.0.1")  # the loopback interface only: nothing leaves the machine
    monkeypatch.setattr(background, "ANNOUNCE_EVERY", 0.05)  # the host looks at its tables at once, not every 2 s
    host = BackgroundHost(HostOptions(data=tmp_path / "host", bind="127.0.0.1", port=0)).start()
    finder = Finder()
    try:
        made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=4, bots=("easy",), seed=1))
        wait_until(lambda: any(t.ad.code == made.code for t in finder.tables()))
        found = next(t for t in finder.tables() if t.ad.code == made.code)
        assert (found.ad.players, found.ad.free, found.url) == (4, 3, host.url)
        ann = seat_client(host, made.code, "Ann", tmp_path / "ann")
        try:
            wait_until(lambda: any(t.ad.free == 2 and t.ad.people == ("Ann",) for t in finder.tables()), ann)
        finally:
            ann.close()
    finally:
        finder.close()
        host.stop()


def test_with_mdns_off_nothing_is_announced_or_found(tmp_path, monkeypatch):
    monkeypatch.setenv("AMUL_TABLE_MDNS", "off")
    finder = Finder()
    assert not finder.available and finder.tables() == []
    finder.close()


def test_an_announcer_closed_while_it_still_probes_a_name_leaves_no_broadcast_running(monkeypatch, quick_probes):
    """A host stopped at once after a table opened: zeroconf's probing of the new name was left pending and its task
    destroyed with the loop ("Task was destroyed but it is pending!" on the host's stderr)."""
    monkeypatch.setenv("AMUL_TABLE_MDNS", "127.0.0.1")
    from amul_table.net.discovery import Announcer, TableAd

    async def show_and_close() -> list[asyncio.Task]:
        announcer = Announcer(port=9)
        await announcer.show([TableAd(code="ABCDEF", host_name="Ann", players=4, free=3, people=("Ann",))])
        await announcer.close()
        return [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]

    assert asyncio.run(show_and_close()) == []
