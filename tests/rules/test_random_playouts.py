"""Random playouts at every player count, Tea on and off, checking the rules' invariants after every step.

Checked each step: every card of the game lies in exactly one place; hand sizes follow the rulebook's reminders
(6 after the deal, 6 after the pick, 5 after the reveal); Market and deck sizes; the First Pick card passes one
seat per round and the Starting Player card never moves; pending() and legal_actions() agree; turn order for
picks and effects (clockwise from First Pick, Military Prowess order from round N+1); each revealed effect card
resolves once, in turn order; sampled illegal actions raise RuleError and change nothing. At the end: 9 rounds,
empty hands, the Tea cards' worth of cards left in the deck.
"""

from __future__ import annotations

import random

import pytest

from amul_table.rules import Pending, RuleError, apply, legal_actions, new_game, pending
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import Action, GameState, market_fill
from tests.budget import slow
from tests.rules_helpers import CARDS, expected_order

SEEDS_PER_CASE = 20
FAST_SEEDS = 5  # of each case's seeds, the first ones run in make test-fast, the others in make test
PHASE_KIND = {
    Phase.OFFER: ActionKind.OFFER,
    Phase.PICK: ActionKind.PICK,
    Phase.REVEAL: ActionKind.REVEAL,
    Phase.EFFECTS: ActionKind.TAKE,
    Phase.GAME_END: ActionKind.TAKE,
}


def check_conservation(state: GameState) -> None:
    everywhere = state.deck + state.palace + state.bazaar + state.market + state.removed
    for seat in range(state.players):
        everywhere += state.hands[seat] + state.play_areas[seat]
    if state.phase == Phase.OFFER:
        everywhere += [c for c in state.offers if c != -1]
    if state.phase == Phase.REVEAL:
        everywhere += [c for c in state.reveals if c != -1]
    assert sorted(everywhere) == list(state.in_game)


def check_sizes(state: GameState, start_deck: int) -> None:
    n, fill = state.players, market_fill(state.players)
    assert 1 <= state.round <= 9
    if state.phase in (Phase.GAME_END, Phase.OVER):
        assert all(h == [] for h in state.hands)
        assert state.round == 9
        assert len(state.deck) == state.tea
        return
    sizes = [len(h) for h in state.hands]
    if state.phase == Phase.OFFER:
        assert sizes == [5 if state.offers[s] != -1 else 6 for s in range(n)]
        assert len(state.market) == fill
        assert len(state.deck) == start_deck - state.round * (n + fill)
    elif state.phase == Phase.PICK:
        picked = set(state.order[: state.pick_index])
        assert sizes == [6 if s in picked else 5 for s in range(n)]
        assert len(state.market) == fill + n - state.pick_index
    elif state.phase == Phase.REVEAL:
        assert sizes == [5 if state.reveals[s] != -1 else 6 for s in range(n)]
        assert len(state.market) == fill
    else:
        assert state.phase == Phase.EFFECTS
        assert sizes == [5] * n
        assert len(state.market) <= fill
    assert state.first_pick == (state.starting_player + state.round - 1) % n


def check_pending(state: GameState) -> tuple[Pending, list[list[Action]]]:
    """Checks who is asked and what they may do; returns both (the pending seats, each seat's legal actions)."""
    now = pending(state)
    assert now.phase == state.phase
    legals = [legal_actions(state, seat) for seat in range(state.players)]
    for seat, legal in enumerate(legals):
        assert bool(legal) == (seat in now.seats)
        assert all(a.seat == seat for a in legal)
        kinds = {a.kind for a in legal}
        if legal:
            assert kinds <= {PHASE_KIND[state.phase], ActionKind.DECLINE}
            assert (ActionKind.DECLINE in kinds) == (state.phase in (Phase.EFFECTS, Phase.GAME_END))
    if state.phase in (Phase.PICK, Phase.EFFECTS, Phase.GAME_END):
        assert len(now.seats) == 1
    if state.phase in (Phase.EFFECTS, Phase.GAME_END):
        source = {"palace": state.palace, "bazaar": state.bazaar, "market": state.market}[now.source]
        assert source, "an effect whose source is empty must be skipped"
        assert now.remaining >= 1
    return now, legals


def check_illegal_actions(state: GameState, legals: list[list[Action]], rng: random.Random, samples: int) -> None:
    cards = [*state.in_game, -1]
    for _ in range(samples):
        action = (rng.choice(list(ActionKind)), rng.randrange(state.players), rng.choice(cards))
        legal = legals[action[1]]
        if action in legal or (action[0] == ActionKind.DECLINE and any(a.kind == ActionKind.DECLINE for a in legal)):
            continue
        before = state.clone()
        with pytest.raises(RuleError):
            apply(state, action)
        assert state == before


def play_checked(players: int, seed: int, tea: int) -> GameState:
    state = new_game(players, seed, tea=tea)
    rng = random.Random(seed * 31 + players)
    start_deck = len(state.initial_deck) - 5 * players
    upkeep = Upkeep()
    steps = 0
    while not state.is_over:
        check_conservation(state)
        check_sizes(state, start_deck)
        now, legals = check_pending(state)
        check_illegal_actions(state, legals, rng, samples=2 if steps % 3 == 0 else 0)
        seat = rng.choice(now.seats)
        action = rng.choice(legals[seat])
        before = state.clone()
        events = apply(state, action)
        steps += 1
        assert state.actions[-1] == action and state.log[-len(events) :] == events
        for event in events:
            upkeep.see(event, before)
            if event.kind == "reveals":  # play-area cards stay, hand-only cards leave the game
                for s, c in enumerate(event.cards):
                    assert (c in state.play_areas[s]) == CARDS.cards[c].keeps_in_play
                    assert (c in state.removed) != CARDS.cards[c].keeps_in_play
    check_conservation(state)
    check_sizes(state, start_deck)
    assert pending(state) == Pending(Phase.OVER, ())
    assert all(legal_actions(state, s) == [] for s in range(players))
    with pytest.raises(RuleError, match="the game is over"):
        apply(state, (ActionKind.OFFER, 0, state.in_game[0]))
    return state


class Upkeep:
    """Follows the events of each Upkeep (and the game end) to check who resolves effects, and in which order."""

    def __init__(self) -> None:
        self.order: list[int] = []
        self.expected: set[int] = set()
        self.resolved: list[int] = []
        self.active = False
        self.at_upkeep: list[list[int]] = []

    def see(self, e, before: GameState) -> None:
        if e.kind == "phase" and e.phase == Phase.PICK:
            assert list(e.order) == expected_order(before.play_areas, before.first_pick, before.round)
        elif e.kind == "reveals":
            kept = [CARDS.cards[c].keeps_in_play for c in e.cards]
            self.at_upkeep = [before.play_areas[s] + [c] * kept[s] for s, c in enumerate(e.cards)]
            self.expected = {s for s, c in enumerate(e.cards) if kept[s] and _effect_time(c) == "upkeep"}
        elif e.kind == "phase" and e.phase == Phase.EFFECTS:
            self.order = list(e.order)
            assert self.order == expected_order(self.at_upkeep, before.first_pick, before.round)
            self.active, self.resolved = True, []
        elif e.kind == "end_hand":
            kept = e.cards[: e.kept]
            if any(_effect_time(c) == "game_end" for c in kept):
                self.expected.add(e.seat)
        elif e.kind == "phase" and e.phase == Phase.GAME_END:
            self.active, self.resolved = True, []
        elif e.kind in ("take", "decline", "effect_empty") and self.active:
            self.resolved.append(e.seat)
            if e.kind == "take":
                limit = CARDS.cards[_effect_card(before, e.seat)].type.effect["up_to"]
                assert self.resolved.count(e.seat) <= limit
        elif e.kind in ("first_pick", "game_over"):
            if self.order:
                positions = [self.order.index(s) for s in dict.fromkeys(self.resolved)]
                assert positions == sorted(positions)
            assert set(self.resolved) == self.expected
            self.active, self.expected, self.resolved, self.order = False, set(), [], []


def _effect_time(card: int) -> str | None:
    effect = CARDS.cards[card].type.effect
    return effect["when"] if effect else None


def _effect_card(state: GameState, seat: int) -> int:
    """The card whose effect the seat is resolving (its reveal this round, or its Thief at the end)."""
    if state.phase == Phase.GAME_END:
        return next(c for c in state.play_areas[seat] if _effect_time(c) == "game_end")
    return state.reveals[seat]


CASES = [(players, tea) for players in range(3, 9) for tea in (0, players)]
SEEDS = [pytest.param(range(FAST_SEEDS), id="first-seeds"), slow(range(FAST_SEEDS, SEEDS_PER_CASE), id="more-seeds")]


@pytest.mark.parametrize("seeds", SEEDS)
@pytest.mark.parametrize(("players", "tea"), CASES)
def test_random_playouts_keep_every_rule_invariant(players, tea, seeds):
    for seed in seeds:
        state = play_checked(players, seed * 1009 + players, tea)
        assert state.round == 9


@pytest.mark.parametrize("tea", [1, 2, 5, 8])
def test_random_playouts_with_any_number_of_tea_cards(tea):
    state = play_checked(4, 500 + tea, tea)
    assert len(state.deck) == tea
