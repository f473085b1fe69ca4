"""Scripted clients and wire taps for the Match tests (no pygame)."""

from __future__ import annotations

import random
from collections import defaultdict

from amul_table.match.client import LocalClient
from amul_table.match.match import Match
from amul_table.rules.seats import Seat
from amul_table.rules.state import Action


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
