"""Whole 3–8 player games through the Match and in-process clients: only a seat's view crosses the wire."""

from __future__ import annotations

import random
from functools import cache

import pytest

from amul_table.match.client import LocalClient
from amul_table.match.match import Match
from amul_table.match.protocol import (
    SPECTATOR,
    ActionData,
    Command,
    Error,
    GameOver,
    Update,
    decode,
    decode_server,
    encode,
    game_events,
    view_data,
)
from amul_table.persistence.save_format import parse_save
from amul_table.rules.scoring import score_game
from amul_table.rules.state import Action, EventKind
from amul_table.rules.views import view_for
from tests.budget import sweep
from tests.match.helpers import Wire, play_with_clients, seats

PLAYERS = sweep(range(3, 9), fast=(3, 8))


@cache
def whole_game(players: int, seed: int, *, bots: int = 1) -> tuple[Match, Wire, list[LocalClient]]:
    """Played once per worker for each (players, seed): the tests only read the game, its clients and its wire."""
    people = players - bots
    match = Match.new(seats(people, bots), seed=seed, bot_salt=seed * 7 + 1)
    wire = Wire()
    # one client per person, one pass-and-play client holding two seats when there are enough, and a spectator
    groups = [[0, 1]] + [[s] for s in range(2, people)] if people > 3 else [[s] for s in range(people)]
    clients = [LocalClient(match, group, tap=wire) for group in groups]
    LocalClient(match, [SPECTATOR], tap=wire)
    play_with_clients(match, clients, random.Random(seed))
    return match, wire, clients


@pytest.mark.parametrize("players", PLAYERS)
def test_a_whole_game_reaches_the_end_on_every_client_with_the_same_totals(players):
    match, wire, clients = whole_game(players, seed=300 + players)
    assert match.is_over
    totals = [s.total for s in score_game(match.state.play_areas).seats]
    for client in clients:
        assert client.is_over and client.final_save
        for seat in client.seats:
            assert client.view(seat) == view_for(match.state, seat)
        final = parse_save(client.final_save)
        assert [s.total for s in score_game(final.state.play_areas).seats] == totals
    assert set(wire.sent) == {SPECTATOR, *range(players - 1)}


@pytest.mark.parametrize("players", PLAYERS)
def test_the_codec_round_trips_every_message_of_a_whole_game(players):
    match, wire, _ = whole_game(players, seed=300 + players)
    commands = [
        encode(Command(seat=a.seat, action=ActionData.of(a), turn=i)) for i, a in enumerate(match.state.actions)
    ]
    kinds = set()
    for data in [*commands, *(d for sent in wire.sent.values() for d in sent)]:
        message = decode(data)
        kinds.add(type(message).__name__)
        assert encode(message) == data
        assert decode(encode(message)) == message
    assert {"Command", "Update", "GameOver"} <= kinds


@pytest.mark.parametrize("players", PLAYERS)
def test_every_update_to_a_seat_is_made_of_that_seats_view_only(players):
    """Each message to seat S, when it is sent, equals the Update built from view_for(state, S) alone."""
    match = Match.new(seats(players - 1, 1), seed=300 + players, bot_salt=3)
    checked = 0

    def check(seat: int, data: bytes) -> None:
        nonlocal checked
        message = decode_server(data)
        if isinstance(message, Update):
            view = view_for(match.state, seat) if seat != SPECTATOR else match.view(SPECTATOR)
            assert message.view == view_data(view)
            assert game_events(message.events) == view.log[message.log_from :]
            checked += 1
        else:
            assert isinstance(message, GameOver | Error)

    clients = [LocalClient(match, [s], tap=check) for s in range(players - 1)]
    LocalClient(match, [SPECTATOR], tap=check)
    play_with_clients(match, clients, random.Random(players))
    assert checked >= match.turn * players  # one Update per decision to every connection, and the first ones


def _swap(action: Action, x: int, y: int) -> Action:
    return action._replace(card={x: y, y: x}.get(action.card, action.card))


@pytest.mark.parametrize("players", PLAYERS)
def test_other_seats_hidden_cards_change_no_byte_sent_to_a_seat(players):
    """Two games identical but for a card swapped between two other seats' hands, played with the same
    (swapped) actions that keep those cards hidden: seat 0 and a spectator get byte-identical streams
    until the end of the game turns the last hands up."""
    games = []
    for swapped in (False, True):
        match = Match.new(seats(players, 0), seed=400 + players, bot_salt=5)
        x, y = match.state.hands[1][0], match.state.hands[2][0]
        if swapped:
            match.state.hands[1][0], match.state.hands[2][0] = y, x
        wire = Wire()
        LocalClient(match, [0], tap=wire)
        LocalClient(match, [SPECTATOR], tap=wire)
        games.append((match, wire))
    (a, wire_a), (b, wire_b) = games
    x, y = a.state.hands[1][0], a.state.hands[2][0]
    rng = random.Random(players)
    others_a = LocalClient(a, range(1, players))
    others_b = LocalClient(b, range(1, players))
    mine_a, mine_b = LocalClient(a, [0]), LocalClient(b, [0])
    turned_up = False
    while not turned_up:
        seat = a.waiting_for()[0]
        choices = [act for act in a.view(seat).legal if act.card not in (x, y)] or list(a.view(seat).legal)
        action = rng.choice(choices)
        (mine_a if seat == 0 else others_a).submit(action)
        (mine_b if seat == 0 else others_b).submit(_swap(action, x, y))
        assert others_a.errors() == others_b.errors() == mine_a.errors() == mine_b.errors() == []
        turned_up = any(e.kind == EventKind.END_HAND for e in a.state.log[-2 * players :])
    for seat in (0, SPECTATOR):
        stream_a, stream_b = wire_a.sent[seat], wire_b.sent[seat]
        same = next((i for i, (p, q) in enumerate(zip(stream_a, stream_b, strict=False)) if p != q), len(stream_a))
        assert same >= len(stream_a) - 2  # at most the message that turns the hands up (and the record) differ
