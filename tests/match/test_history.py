"""A History: what a seat that joins a game under way is sent of its past, its own views only, decoded strictly
(a reconnecting window rebuilds its score trail from them; issue 23, item 7)."""

from __future__ import annotations

import json
import random

import pytest

from amul_table.match.client import TableClient
from amul_table.match.match import Match
from amul_table.match.protocol import (
    MAX_MESSAGE_BYTES,
    ActionData,
    Command,
    ErrorCode,
    History,
    ProtocolError,
    decode_server,
    encode,
    history_data,
    past_views,
)
from amul_table.match.replay import seat_views
from amul_table.persistence.save_format import GameSetup
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.setup import new_game
from amul_table.rules.state import GameState
from tests.match.helpers import seats, swapped_games


def played(state: GameState, rng: random.Random, *, decisions: int = 10_000) -> None:
    """`state` played at random to its end, or to its first `decisions` decisions."""
    while not state.is_over and len(state.actions) < decisions:
        seat = pending(state).seats[0]
        apply(state, rng.choice(legal_actions(state, seat)))


@pytest.mark.parametrize("players", [3, 8])
def test_a_whole_games_history_comes_back_as_the_seats_own_views(players):
    state = new_game(players, 40 + players)
    played(state, random.Random(players))
    views = seat_views(state, 1)
    data = encode(history_data(1, views))
    assert len(data) < MAX_MESSAGE_BYTES // 10
    history = decode_server(data)
    assert isinstance(history, History)
    assert past_views(history, views[-1].log) == views
    assert all(view.seat == 1 for view in views) and len(views) == len(state.actions) + 1


def test_a_history_is_the_same_byte_for_byte_when_another_seats_hidden_card_differs():
    """Two games identical but for a card exchanged between seats 2's and 3's hands, never played: seat 0's
    History is the same bytes (only its own views travel)."""
    games = swapped_games(4, 31, between=(2, 3), rounds=4)
    streams = [encode(history_data(0, seat_views(state, 0))) for state in games]
    assert streams[0] == streams[1]


def test_a_seat_that_joins_a_game_under_way_is_sent_its_history_and_one_at_the_start_is_not():
    match = Match(GameSetup(tuple(seats(3, 0)), 0, bot_salt=1), new_game(3, 8))
    sent: list[object] = []
    match.connect(0, sent.append, history=True)
    assert [type(m).__name__ for m in sent] == ["Update"]
    played(match.state, random.Random(2), decisions=30)
    sent.clear()
    match.connect(2, sent.append, history=True)
    match.connect(-1, sent.append, history=True)  # watching: no seat, no history
    assert [type(m).__name__ for m in sent] == ["Update", "History", "Update"]
    client = TableClient(lambda data: None)
    for message in sent[:2]:
        client.receive(encode(message))
    assert client.histories[2] == seat_views(match.state, 2)


def test_a_client_that_connects_again_is_told_only_what_happened_since_it_dropped():
    """A connection's first Update carries the whole log; to a client that knew part of it, what just happened is
    the rest (the window once animated the whole game again on reconnecting, and its score trail followed that)."""
    match = Match(GameSetup(tuple(seats(3, 0)), 0, bot_salt=1), new_game(3, 8))
    rng = random.Random(2)

    def decide(n: int) -> None:
        for _ in range(n):
            seat = match.waiting_for()[0]
            action = rng.choice(legal_actions(match.state, seat))
            assert match.submit(Command(seat=seat, action=ActionData.of(action), turn=match.turn)) is None

    client = TableClient(lambda data: None)
    connection = match.connect(0, lambda message: client.receive(encode(message)))
    decide(10)
    match.disconnect(connection)
    known = len(client.view(0).log)
    decide(14)
    client.updates()
    match.connect(0, lambda message: client.receive(encode(message)), history=True)
    (update,) = client.updates()
    assert update.events == tuple(match.state.log[known:]) and known > 0 and len(update.events) > 0
    match.connect(0, lambda message: client.receive(encode(message)), history=True)
    assert [u.events for u in client.updates()] == [()]
    assert client.view(0).log == tuple(match.state.log)


def hostile_histories() -> list[tuple[str, dict]]:
    state = new_game(3, 8)
    played(state, random.Random(2), decisions=12)
    good = json.loads(encode(history_data(0, seat_views(state, 0))))
    first, second = good["views"][:2]
    return [
        ("no first view", {**good, "views": [{"log_end": 0}]}),
        ("past the log", {**good, "views": [{**first, "log_end": 10_000}]}),
        ("going back", {**good, "views": [{**first, "log_end": 5}, {"log_end": 4}]}),
        ("another seat's views", {**good, "seat": 1}),
        ("a view after the last", {**good, "views": [first, second, {"log_end": len(state.log) + 1}]}),
    ]


@pytest.mark.parametrize(("what", "message"), hostile_histories(), ids=[w for w, _ in hostile_histories()])
def test_a_history_that_makes_no_views_of_the_seat_is_refused_with_a_code(what, message):
    state = new_game(3, 8)
    played(state, random.Random(2), decisions=12)
    with pytest.raises(ProtocolError) as refused:
        past_views(decode_server(json.dumps(message)), tuple(state.log))
    assert refused.value.code == ErrorCode.MALFORMED


@pytest.mark.parametrize(
    "change",
    [{"hand": "7"}, {"extra": 1}, {"log_end": -1}, {"phase": "cheat"}, {"legal": [["offer", 9, 1]]}],
    ids=["hand as text", "unknown field", "negative end", "unknown phase", "seat out of range"],
)
def test_a_malformed_past_view_is_refused_when_decoded(change):
    data = json.dumps({"type": "history", "seat": 0, "views": [{"log_end": 0, **change}]})
    with pytest.raises(ProtocolError) as refused:
        decode_server(data)
    assert refused.value.code == ErrorCode.MALFORMED


def test_a_history_before_the_seats_first_view_is_refused():
    client = TableClient(lambda data: None)
    with pytest.raises(ProtocolError):
        client.receive(encode(history_data(0, seat_views(new_game(3, 8), 0))))
