"""A bounded fuzz of a real host: thousands of hostile messages, each refused with a code or the connection
closed, none unanswered, no traceback; meanwhile a game on another table plays to its end."""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from amul_table.match.protocol import PROTOCOL_VERSION, Error, decode_server
from amul_table.rules.setup import new_game
from tests.net.conftest import Host, joiner, new_table
from tests.net.test_wire import CODE, credential, write_table

pytestmark = pytest.mark.slow

MESSAGES = 3000
PER_CONNECTION = 15  # under the host's 20 refusals before it closes a connection
ANSWER_WAIT = 30.0


def junk_value(rng: random.Random, depth: int = 0):
    kinds = ["int", "huge", "float", "text", "null", "bool", "list", "object"]
    kind = rng.choice(kinds if depth < 3 else kinds[:6])
    if kind == "list":
        return [junk_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == "object":
        return {rng.choice(["a", "seat", "type", "turn"]): junk_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    return {
        "int": rng.randrange(-10, 5000),
        "huge": 10 ** rng.randrange(19, 40),
        "float": rng.random() * 100,
        "text": "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(12))),
        "null": None,
        "bool": rng.random() < 0.5,
    }[kind]


def hostile(rng: random.Random, turn: int, not_mine: int) -> str | bytes:
    """One message a client should never send (`not_mine`: a card seat 0 does not hold, so that no mutation
    of the command can make it a legal move)."""
    command = {"type": "command", "seat": 0, "action": ["offer", 0, not_mine], "turn": turn}
    kind = rng.randrange(9)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 1:
        return "".join(chr(rng.randrange(0x20, 0x7F)) for _ in range(rng.randrange(1, 64)))
    if kind == 2:  # a field of the wrong type or range
        field = rng.choice(["seat", "action", "turn", "type"])
        return json.dumps({**command, field: junk_value(rng)})
    if kind == 3:  # another seat's move, or one for another seat
        seat = rng.randrange(1, 3)
        return json.dumps({**command, "seat": seat, "action": ["offer", seat, rng.randrange(300)]})
    if kind == 4:  # a stale or future turn
        return json.dumps({**command, "turn": rng.choice([t for t in (turn - 1, turn + 1, turn + 50) if t >= 0])})
    if kind == 5:  # truncated
        text = json.dumps(command)
        return text[: rng.randrange(1, len(text))]
    if kind == 6:  # deep nesting (under the frame limit)
        depth = rng.randrange(100, 20_000)
        return json.dumps({**command, "action": None}).replace("null", "[" * depth + "]" * depth)
    if kind == 7:  # an unknown field or message type, or a second hello
        return json.dumps(rng.choice([{**command, "extra": 1}, {"type": "shutdown"}, {"type": "hello", "protocol": 1}]))
    return json.dumps({**command, "action": ["cheat", 0, not_mine]})


def test_thousands_of_hostile_messages_are_each_refused_or_closed(tmp_path, net_env, processes):
    state = new_game(3, 11)
    not_mine = next(card for card in state.in_game if card not in state.hands[0])
    write_table(tmp_path / "host", state)
    host = Host(tmp_path / "host", net_env)
    processes.append(host)
    table = new_table(net_env, host.url, 3, "random,random", seed=12)  # a quiet table beside the fuzz
    game = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
    processes.append(game)
    rng = random.Random(2026)
    outcomes: Counter[str] = Counter()
    sent = 0
    while sent < MESSAGES:
        with connect(host.url, proxy=None, max_size=1 << 20) as ws:
            hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "table": CODE, "credential": credential(0)}
            ws.send(json.dumps(hello))
            turn = 0
            with contextlib.suppress(ConnectionClosed):
                while not isinstance(message := decode_server(ws.recv(timeout=ANSWER_WAIT)), Error):
                    turn = getattr(message, "turn", turn)
                    if type(message).__name__ == "Update":
                        break
            for _ in range(PER_CONNECTION):
                sent += 1
                try:
                    ws.send(hostile(rng, turn, not_mine))
                    while True:
                        answer = decode_server(ws.recv(timeout=ANSWER_WAIT))
                        if isinstance(answer, Error):
                            outcomes[answer.code] += 1
                            break
                except ConnectionClosed:
                    outcomes["closed"] += 1
                    break
    assert sum(outcomes.values()) == sent >= MESSAGES  # every one answered: no hang, no silence
    assert {"malformed", "not_your_seat", "stale_turn"} <= set(outcomes)
    code, out, err = game.finish()
    assert code == 0, err
    assert json.loads(out)["seat"] == 0
    assert "Traceback" not in host.stop()
