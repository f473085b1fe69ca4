"""The protocol's codec: strict decoding, a coded refusal for anything else, and no pygame below it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amul_table.match.protocol import (
    CODE_ALPHABET,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    ActionData,
    Command,
    Error,
    ErrorCode,
    Hello,
    NewTable,
    ProtocolError,
    Said,
    Say,
    SeatInfo,
    SeatState,
    TableMade,
    TableStatus,
    Welcome,
    decode,
    decode_client,
    encode,
)
from tests.budget import examples

GOOD_COMMAND = {"type": "command", "seat": 1, "action": ["offer", 1, 12], "turn": 0}
CREDENTIAL = "A" * 32


def hostile() -> list[tuple[str, bytes]]:
    def command(**change) -> bytes:
        return json.dumps({**GOOD_COMMAND, **change}).encode()

    deep = b"[" * 100_000 + b"]" * 100_000
    return [
        ("not json", b"{nope"),
        ("not utf-8", b"\xff\xfe\x00"),
        ("empty", b""),
        ("a number", b"42"),
        ("no type", json.dumps({"seat": 1}).encode()),
        ("unknown type", json.dumps({"type": "shutdown"}).encode()),
        ("a server message", json.dumps({"type": "update", "turn": 0}).encode()),
        ("unknown field", command(extra=1)),
        ("seat too high", command(seat=8)),
        ("negative seat", command(seat=-1)),
        ("seat as text", command(seat="1")),
        ("seat as bool", command(seat=True)),
        ("huge turn", command(turn=10**30)),
        ("float turn", command(turn=1.5)),
        ("unknown action", command(action=["cheat", 1, 12])),
        ("card too high", command(action=["offer", 1, 5000])),
        ("action too long", command(action=["offer", 1, 12, 4])),
        ("nested card", command(action=["offer", 1, [[[[12]]]]])),
        ("deep nesting", deep),
        ("deep in a field", b'{"type":"command","seat":' + deep + b"}"),
        ("deep objects", b'{"x":' + b'{"a":' * 50_000 + b"1" + b"}" * 50_000 + b"}"),
        ("too large", b'"' + b"a" * MAX_MESSAGE_BYTES + b'"'),
        ("bad code", json.dumps({"type": "hello", "protocol": 1, "table": "ABC10O"}).encode()),
        ("bad credential", json.dumps({"type": "hello", "protocol": 1, "table": "ABCDEF", "credential": "x"}).encode()),
        ("long name", json.dumps({"type": "hello", "protocol": 1, "table": "ABCDEF", "name": "n" * 61}).encode()),
        ("two players", json.dumps({"type": "new_table", "protocol": 1, "players": 2}).encode()),
        ("bad tier", json.dumps({"type": "new_table", "protocol": 1, "players": 4, "bots": ["../x"]}).encode()),
        ("huge seed", json.dumps({"type": "new_table", "protocol": 1, "players": 4, "seed": 2**64}).encode()),
        ("long chat", json.dumps({"type": "say", "text": "x" * 201}).encode()),
        ("unknown phrase", json.dumps({"type": "say", "phrase": "rude"}).encode()),
    ]


@pytest.mark.parametrize(("what", "data"), hostile(), ids=[w for w, _ in hostile()])
def test_a_hostile_message_is_refused_with_a_code(what, data):
    with pytest.raises(ProtocolError) as refused:
        decode_client(data)
    expected = ErrorCode.TOO_LARGE if what == "too large" else ErrorCode.MALFORMED
    assert refused.value.code == expected


@settings(max_examples=examples(300, fast=60), deadline=None, derandomize=True)
@given(
    st.binary(max_size=300)
    | st.recursive(st.none() | st.integers() | st.text(), st.lists, max_leaves=20).map(
        lambda v: json.dumps({"type": "command", "seat": v, "action": v, "turn": v}).encode()
    )
)
def test_anything_decodes_to_a_message_or_a_protocol_error(data):
    try:
        message = decode_client(data)
    except ProtocolError as exc:
        assert exc.code in (ErrorCode.MALFORMED, ErrorCode.TOO_LARGE)
    else:
        assert encode(message)


def test_every_lobby_message_round_trips():
    seats = (SeatInfo("Ann", None, SeatState.CONNECTED), SeatInfo("Bot", "hard", SeatState.BOT))
    messages = [
        Hello(protocol=PROTOCOL_VERSION, table="ABCDEF", name="Ann", credential=CREDENTIAL),
        Hello(protocol=PROTOCOL_VERSION, table=CODE_ALPHABET[:6], watch=True),
        Welcome(protocol=PROTOCOL_VERSION, table="ABCDEF", seat=0, credential=CREDENTIAL, seats=seats),
        TableStatus(seats=seats),
        NewTable(protocol=PROTOCOL_VERSION, players=5, bots=("easy", "hard"), seed=3, tea=2),
        TableMade(code="ABCDEF", seats=seats),
        Error(code=ErrorCode.STALE_TURN, detail="turn 3, now 4", turn=4),
        Command(seat=2, action=ActionData("decline", 2), turn=17),
        Say(text="bonne chance à tous 🍀"),
        Say(phrase="well_played"),
        Said(seat=3, text=None, phrase="thanks"),
    ]
    for message in messages:
        assert decode(encode(message)) == message


def test_the_match_layer_loads_no_pygame():
    code = "import sys, amul_table.match.client, amul_table.match.subscribers; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == "False"
