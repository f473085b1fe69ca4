"""The searching seat's next decisions inside a playout, chosen by a bandit instead of at random.

A flat playout makes every later move of the seat at random, which undervalues a move whose worth lies
in the one after it (an Offer and the Pick that follows, a Pick and the Reveal). Below each candidate,
the seat's next few decisions are chosen by UCB over what earlier playouts of that candidate learnt, in
the worlds where they are legal (single-observer information-set search, a few own moves deep); the
other seats keep the playout policy.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from amul_table.ai import playout
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import Action

EXPLORE = 0.5  # UCB's exploration weight, for the search's reward: 1 a win plus Work.margin_weight per point of margin

# Identical copies of a card (same type, deck, letter, points and symbols) are one option.
_CLASS_KEYS = [(c.id, c.deck, c.letter, c.points, tuple(sorted(c.symbols.items()))) for c in load_cards().cards]
CARD_CLASS = [sorted(set(_CLASS_KEYS)).index(k) for k in _CLASS_KEYS]
DECLINE = -1

Stats = list[float]  # reward sum, playouts, times available


class OwnTree:
    """What playouts below one root candidate learnt of the seat's next decisions, by path of card classes."""

    def __init__(self) -> None:
        self.nodes: dict[tuple[int, ...], dict[int, Stats]] = {}


def descend(sim: playout.Sim, seat: int, tree: OwnTree, rand: Callable[[], float], depth: int) -> list[Stats]:
    """Plays on to the seat's next `depth` decisions, choosing each by UCB; the statistics to credit."""
    path: tuple[int, ...] = ()
    credited: list[Stats] = []
    for _ in range(depth):
        if not _advance(sim, seat, rand):
            break
        options: dict[int, Action] = {}
        for action in playout.legal(sim, seat):
            options.setdefault(CARD_CLASS[action.card] if action.card >= 0 else DECLINE, action)
        node = tree.nodes.setdefault(path, {})
        best, best_score = DECLINE, -math.inf
        for key in options:
            stats = node.setdefault(key, [0.0, 0, 0])
            stats[2] += 1
            n = stats[1]
            score = stats[0] / n + EXPLORE * math.sqrt(math.log(stats[2]) / n) if n else math.inf
            if score > best_score:
                best, best_score = key, score
        playout.step(sim, options[best])
        credited.append(node[best])
        path += (best,)
    return credited


def _advance(sim: playout.Sim, seat: int, rand: Callable[[], float]) -> bool:
    """The other seats move by the playout policy until `seat` decides (False: the game ended first)."""
    while sim.phase != Phase.OVER:
        seats = playout.pending_seats(sim)
        if seat in seats:
            return True
        other = seats[0]
        if sim.phase == Phase.REVEAL:
            card = playout.reveal_from(sim.hands[other][:], rand)
            playout.step(sim, Action(ActionKind.REVEAL, other, card))
            continue
        options = playout.legal(sim, other)
        if len(options) > 1 and options[-1].kind == ActionKind.DECLINE:
            options.pop()  # the playouts never decline a take
        playout.step(sim, options[int(rand() * len(options))])
    return False
