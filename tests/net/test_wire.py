"""What crosses the wire, on a real host process: only a seat's view, and a coded refusal for anything hostile."""

from __future__ import annotations

import contextlib
import json
import random
import socket
from pathlib import Path

import msgspec
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State
from websockets.sync.client import ClientConnection, connect

from amul_table.match.client import TableClient
from amul_table.match.protocol import (
    PROTOCOL_VERSION,
    ActionData,
    Command,
    Error,
    ErrorCode,
    Hello,
    decode_server,
    encode,
)
from amul_table.net.codes import digest
from amul_table.net.store import ClaimsFile
from amul_table.persistence.save_files import save_game
from amul_table.persistence.save_format import GameSetup, SavedGame
from amul_table.rules.seats import Seat
from amul_table.rules.setup import new_game
from amul_table.rules.state import Action, EventKind, GameState
from tests.net.conftest import Host, joiner, new_table

pytestmark = pytest.mark.slow

CODE = "WXYZ23"
WAIT = 60.0


def credential(seat: int) -> str:
    return f"seat{seat}".ljust(32, "x")


def open_seat(stack: contextlib.ExitStack, url: str, seat: int) -> tuple[ClientConnection, TableClient]:
    ws = stack.enter_context(connect(url, max_size=1 << 20, proxy=None, open_timeout=WAIT))
    client = TableClient(lambda data: ws.send(data.decode()))
    ws.send(encode(Hello(protocol=PROTOCOL_VERSION, table=CODE, credential=credential(seat))).decode())
    return ws, client


def write_table(data: Path, state: GameState) -> None:
    """A table the host resumes: a save of `state` and every seat claimed with a credential we know."""
    folder = data / "tables"
    folder.mkdir(parents=True)
    seats = tuple(Seat.of_human(f"P{i}") for i in range(state.players))
    save_game(folder / f"{CODE}.yaml", SavedGame(GameSetup(seats, state.tea, bot_salt=1), state))
    claims = {str(i): (f"P{i}", digest(credential(i))) for i in range(state.players)}
    (folder / f"{CODE}.json").write_bytes(msgspec.json.encode(ClaimsFile(code=CODE, claims=claims)))


def swapped_deal(players: int, seed: int) -> tuple[GameState, GameState, int, int]:
    """Two deals that differ only in one card of seat 1's hand and one of seat 2's, exchanged."""
    a = new_game(players, seed)
    deck = list(a.initial_deck)
    for p in range(len(deck) - 1, len(deck) - 7 * players, -1):
        for q in range(p - 1, len(deck) - 7 * players, -1):
            order = deck[:]
            order[p], order[q] = order[q], order[p]
            b = new_game(players, seed, deck_order=order, starting_player=a.starting_player)
            moved = set(a.hands[1]) ^ set(b.hands[1])
            others_same = all(b.hands[s] == a.hands[s] for s in range(players) if s not in (1, 2))
            if others_same and b.market == a.market and b.deck == a.deck and len(moved) == 2:
                (x,) = set(a.hands[1]) - set(b.hands[1])
                (y,) = set(a.hands[2]) - set(b.hands[2])
                return a, b, x, y
    raise AssertionError("no such pair")


def read_until(ws: ClientConnection, client: TableClient, turn: int, frames: list[str]) -> None:
    while client.turn < turn or not client.seats:
        frame = ws.recv(timeout=WAIT)
        frames.append(frame)
        client.receive(frame)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_other_seats_hidden_cards_change_no_byte_sent_over_the_socket(players, tmp_path, net_env, processes, stack):
    """Two hosts, each with a game that differs only in a card exchanged between seats 1 and 2, played
    with the same (exchanged) actions that keep those cards hidden: seat 0's byte streams are identical
    until the end of the game turns the last hands up."""
    a, b, x, y = swapped_deal(players, seed=500 + players)
    games = []
    for name, state in (("a", a), ("b", b)):
        write_table(tmp_path / name, state)
        host = Host(tmp_path / name, net_env)
        processes.append(host)
        seats = [open_seat(stack, host.url, seat) for seat in range(players)]
        frames: list[list[str]] = [[] for _ in range(players)]
        for seat, (ws, client) in enumerate(seats):
            read_until(ws, client, 0, frames[seat])
        games.append((seats, frames))
    rng = random.Random(players)
    turn = 0
    while True:
        seats_a = games[0][0]
        view = next(c.view(s) for _, c in seats_a for s in c.seats if c.view(s).legal)
        choices = [act for act in view.legal if act.card not in (x, y)] or list(view.legal)
        action: Action = rng.choice(choices)
        twin = action._replace(card={x: y, y: x}.get(action.card, action.card))
        turn += 1
        for (seats, frames), act in zip(games, (action, twin), strict=True):
            seats[act.seat][1].submit(act)
            for seat, (ws, client) in enumerate(seats):
                read_until(ws, client, turn, frames[seat])
                assert client.errors() == []
        log = seats_a[0][1].view(0).log
        if any(e.kind == EventKind.END_HAND for e in log[-2 * players :]):
            break
    stream_a, stream_b = games[0][1][0], games[1][1][0]
    same = next((i for i, (p, q) in enumerate(zip(stream_a, stream_b, strict=False)) if p != q), len(stream_a))
    assert same >= len(stream_a) - 1 and same > 25 * players


@pytest.fixture
def stack():
    with contextlib.ExitStack() as connections:
        yield connections


def hostile_first_messages() -> list[tuple[str, str | bytes]]:
    return [
        ("not json", "{nope"),
        ("binary garbage", b"\xff\x00\xfe"),
        ("a command before hello", json.dumps({"type": "command", "seat": 0, "action": ["offer", 0, 1], "turn": 0})),
        ("wrong types", json.dumps({"type": "hello", "protocol": "1", "table": 7})),
        ("deep nesting", "[" * 30_000 + "]" * 30_000),
        ("no such table", json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "table": "AAAAAA"})),
        (
            "wrong credential",
            json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "table": CODE, "credential": "Q" * 32}),
        ),
        ("future protocol", json.dumps({"type": "hello", "protocol": 99, "table": CODE})),
        (
            "bad table options",
            json.dumps({"type": "new_table", "protocol": PROTOCOL_VERSION, "players": 4, "bots": ["godlike"]}),
        ),
    ]


def refusal(ws: ClientConnection) -> ErrorCode | str:
    """The code of the Error the host answers with, or 'closed' when it closes the connection instead."""
    try:
        while True:
            message = decode_server(ws.recv(timeout=WAIT))
            if isinstance(message, Error):
                return message.code
    except ConnectionClosed:
        return "closed"


def test_hostile_messages_are_refused_with_a_code_or_closed_and_nothing_breaks(tmp_path, net_env, processes, stack):
    write_table(tmp_path / "host", new_game(3, 9))
    host = Host(tmp_path / "host", net_env)
    processes.append(host)
    outcomes = {}
    for what, data in hostile_first_messages():
        with connect(host.url, proxy=None, max_size=1 << 20) as ws:
            ws.send(data)
            outcomes[what] = refusal(ws)
    with connect(host.url, proxy=None) as ws:  # 10 MB in one frame: the host closes before reading it
        try:
            ws.send("x" * 10_000_000)
            outcomes["10 MB"] = refusal(ws)
        except ConnectionClosed:
            outcomes["10 MB"] = "closed"
    assert outcomes == {
        "not json": ErrorCode.MALFORMED,
        "binary garbage": ErrorCode.MALFORMED,
        "a command before hello": ErrorCode.NOT_JOINED,
        "wrong types": ErrorCode.MALFORMED,
        "deep nesting": ErrorCode.MALFORMED,
        "no such table": ErrorCode.NO_TABLE,
        "wrong credential": ErrorCode.BAD_CREDENTIAL,
        "future protocol": ErrorCode.VERSION,
        "bad table options": ErrorCode.BAD_OPTIONS,
        "10 MB": "closed",
    }
    # Seated: stale turns, other seats' commands and garbage are refused one by one; a flood is cut off.
    ws, client = open_seat(stack, host.url, 0)
    read_until(ws, client, 0, [])
    other = client.view(0).legal[0]._replace(seat=1)
    ws.send(encode(Command(seat=1, action=ActionData.of(other), turn=0)).decode())
    assert refusal(ws) == ErrorCode.NOT_YOUR_SEAT
    ws.send(encode(Command(seat=0, action=ActionData.of(client.view(0).legal[0]), turn=5)).decode())
    assert refusal(ws) == ErrorCode.STALE_TURN
    ws.send('{"type":"command","seat":0,"action":["offer",0,"card"],"turn":0}')
    assert refusal(ws) == ErrorCode.MALFORMED
    for _ in range(300):
        try:
            ws.send("{}")
        except ConnectionClosed:
            break
    codes = []
    try:
        while True:
            message = decode_server(ws.recv(timeout=WAIT))
            codes.append(message.code if isinstance(message, Error) else type(message).__name__)
    except ConnectionClosed:
        pass
    assert codes and set(codes) <= {ErrorCode.MALFORMED, ErrorCode.BUSY}
    # The table is still there and plays to the end.
    table = new_table(net_env, host.url, 3, "random,random", seed=3)
    done = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
    processes.append(done)
    assert done.finish()[0] == 0
    assert "Traceback" not in host.stop()


def test_half_open_and_silent_connections_are_closed_and_hold_nothing_up(tmp_path, net_env, processes):
    """A handshake never finished (slowloris) and a connection that never says hello are both closed after
    the host's wait; a game beside them plays to its end meanwhile."""
    write_table(tmp_path / "host", new_game(3, 9))
    host = Host(tmp_path / "host", net_env, 0, "--hello-wait", "1")
    processes.append(host)
    half = socket.create_connection(("127.0.0.1", host.port), timeout=WAIT)
    half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")  # and then nothing more
    with connect(host.url, proxy=None) as silent:
        table = new_table(net_env, host.url, 3, "random,random", seed=5)
        game = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
        processes.append(game)
        assert game.finish()[0] == 0
        with pytest.raises(ConnectionClosed):  # closed by the host, well before this client would give up
            silent.recv(timeout=WAIT)
    while chunk := half.recv(4096):  # the host answers the unfinished handshake, if at all, then closes
        assert not chunk.startswith(b"HTTP/1.1 101")
    half.close()
    assert "Traceback" not in host.stop()


def test_a_flood_is_cut_off_at_once_not_when_the_closing_handshake_times_out(tmp_path, net_env, processes, stack):
    """The host stops answering a flood and closes it, but reads on: the client's closing frame waits behind the
    unread flood, and unread, the host would hold the socket until websockets gives up on the handshake (10 s).
    So the flood's connection ends while one that has said nothing since before it still waits for its 9 s."""
    write_table(tmp_path / "host", new_game(3, 9))
    host = Host(tmp_path / "host", net_env, 0, "--hello-wait", "9")  # under the 10 s the handshake would take
    processes.append(host)
    silent = stack.enter_context(connect(host.url, proxy=None))
    ws, client = open_seat(stack, host.url, 0)
    read_until(ws, client, 0, [])
    with contextlib.suppress(ConnectionClosed):
        for _ in range(300):
            ws.send("{}")
    assert refusal(ws) == ErrorCode.MALFORMED
    while refusal(ws) != "closed":
        pass
    assert ws.close_code == 1008
    assert silent.protocol.state is State.OPEN  # its closing after --hello-wait: the half-open test's
    assert "Traceback" not in host.stop()
