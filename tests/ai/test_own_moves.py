"""Expert's own next decision in a playout: legal, chosen by the bandit, and learnt from what it earned."""

from __future__ import annotations

import random

from amul_table.ai import playout
from amul_table.ai.hard import ExpertBot
from amul_table.ai.own_moves import CARD_CLASS, DECLINE, OwnTree, descend
from amul_table.ai.search import search
from amul_table.rules import new_game
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.phases import Phase
from amul_table.rules.views import view_for
from tests.ai.test_bots import random_positions


def _after_own_offer(players: int, seed: int) -> tuple[playout.Sim, int]:
    """A fresh game in which seat 0 has just offered: its next decision is its Pick."""
    sim = playout.from_state(new_game(players, seed))
    playout.step(sim, playout.legal(sim, 0)[0])
    return sim, 0


def test_descend_plays_the_others_to_the_seats_next_decision_and_takes_it():
    for seed in range(20):
        sim, seat = _after_own_offer(4, seed)
        tree = OwnTree()
        credited = descend(sim, seat, tree, random.Random(seed).random, depth=1)
        assert len(credited) == 1
        assert sim.phase in (Phase.PICK, Phase.REVEAL)  # the Pick is made, its followers may not have
        picked_at = sim.order.index(seat)
        assert sim.pick_index == picked_at + 1
        (node,) = tree.nodes.values()
        assert credited[0] in node.values()
        assert all(stats[2] == 1 for stats in node.values())  # every class on offer was available once


def test_a_deeper_descent_keeps_its_decisions_on_one_path():
    sim, seat = _after_own_offer(3, 5)
    tree = OwnTree()
    credited = descend(sim, seat, tree, random.Random(5).random, depth=3)  # Pick, Reveal, next Offer
    assert len(credited) == 3
    assert sorted(len(path) for path in tree.nodes) == [0, 1, 2]
    assert sim.round == 2 and sim.phase in (Phase.OFFER, Phase.PICK)


def test_the_bandit_tries_every_option_then_settles_on_the_one_that_pays():
    """The same world every time; only one card class earns a reward: the visits go to it."""
    sim, seat = _after_own_offer(4, 11)
    tree = OwnTree()
    probe = sim.clone()
    descend(probe, seat, tree, random.Random(0).random, depth=1)
    classes = sorted(tree.nodes[()])
    paying = classes[-1]
    for _ in range(300):
        world = sim.clone()
        (stats,) = descend(world, seat, tree, random.Random(0).random, depth=1)
        chosen = CARD_CLASS[world.hands[seat][-1]]
        stats[0] += 1.0 if chosen == paying else 0.0
        stats[1] += 1
    node = tree.nodes[()]
    assert all(node[c][1] >= 1 for c in classes)  # each tried
    assert node[paying][1] > 0.7 * sum(s[1] for s in node.values())
    assert DECLINE not in node  # a Pick cannot be declined


def test_expert_searches_one_own_move_deep_and_stays_reproducible():
    bot = ExpertBot(0, 1, samples=80)
    assert bot.work.own_depth == 1
    for state, seat in random_positions(4, 0, seed=33, count=6):
        view = view_for(state, seat)
        if len(view.legal) < 2:
            continue
        first = search(view, random.Random(4), bot.work)
        assert first == search(view, random.Random(4), bot.work)
        assert {v.action for v in first} == set(view.legal)


def test_an_expert_game_ends_with_legal_moves_only():
    state = new_game(3, 8)
    bots = [ExpertBot(s, 100 + s, samples=24) for s in range(3)]
    while not state.is_over:
        seat = pending(state).seats[0]
        action = bots[seat].choose(view_for(state, seat))
        assert action in legal_actions(state, seat)
        apply(state, action)
