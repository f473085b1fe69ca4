"""Scripted clients and wire taps for the Match tests (no pygame)."""

from __future__ import annotations

import random
from collections import defaultdict

from amul_table.match.client import LocalClient
from amul_table.match.match import Match
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.seats import Seat
from amul_table.rules.setup import new_game
from amul_table.rules.state import Action, GameState


def seats(people: int, bots: int, tier: str = "random") -> list[Seat]:
    return [Seat.of_human(f"P{i}") for i in range(people)] + [Seat.bot(f"B{i}", tier) for i in range(bots)]


class Wire:
    """Every message the Match sent, as bytes, by seat."""

    def __init__(self) -> None:
        self.sent: dict[int, list[bytes]] = defaultdict(list)

    def __call__(self, seat: int, data: bytes) -> None:
        self.sent[seat].append(data)


def play_with_clients(match: Match, clients: list[LocalClient], rng: random.Random, limit: int = 5000) -> int:
    """Each client decides by `rng` whenever one of its seats may act, until the game is over; decisions made."""
    made = 0
    while not match.is_over and made < limit:
        client, action = next(
            (c, rng.choice(c.view(s).legal)) for c in clients for s in c.seats if s >= 0 and c.view(s).legal
        )
        client.submit(action)
        assert client.errors() == []
        made += 1
    return made


def first_legal(match: Match, seat: int) -> Action:
    return match.view(seat).legal[0]


def swapped_games(players: int, seed: int, *, between: tuple[int, int], rounds: int) -> list[GameState]:
    """Two games identical but for the first cards of two seats' hands exchanged, played through `rounds` rounds
    with the same (exchanged) decisions that keep those cards hidden (never chosen while another card may be)."""
    start = new_game(players, seed)
    x, y = (start.hands[seat][0] for seat in between)
    swap = {x: y, y: x}
    games = [start, new_game(players, seed, deck_order=[swap.get(c, c) for c in start.initial_deck])]
    rng = random.Random(seed)
    while games[0].round <= rounds:
        seat = pending(games[0]).seats[0]
        legal = legal_actions(games[0], seat)
        action = rng.choice([a for a in legal if a.card not in swap] or legal)
        apply(games[0], action)
        apply(games[1], action._replace(card=swap.get(action.card, action.card)))
    assert games[0].hands[between[0]] != games[1].hands[between[0]], "the two games differ in a hidden hand"
    return games
