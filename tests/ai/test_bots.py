"""Bots: legal, deterministic, blind to what their seat cannot see, and able to explain themselves."""

from __future__ import annotations

import random

import pytest

from amul_table.ai import BOT_TIERS, make_bot
from amul_table.ai.base import RandomBot, bot_seed
from amul_table.ai.easy import EasyBot
from amul_table.ai.explain import explain
from amul_table.ai.hard import ExpertBot, HardBot
from amul_table.ai.knowledge import read_view
from amul_table.ai.medium import MediumBot
from amul_table.ai.play import play_game, play_out
from amul_table.ai.reasons import Reason
from amul_table.ai.sampling import determinize
from amul_table.i18n import hint_reason
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.rules.state import NO_CARD, GameState
from amul_table.rules.views import view_for
from tests.budget import sweep

SEARCH_WORK = 24  # playouts per decision: small, fixed work (tests never read a clock)
KINDS = [
    (Phase.OFFER, ""),
    (Phase.PICK, ""),
    (Phase.REVEAL, ""),
    (Phase.EFFECTS, "palace"),
    (Phase.EFFECTS, "bazaar"),
    (Phase.EFFECTS, "market"),
    (Phase.GAME_END, "palace"),
]


def tier_bot(tier: str, seat: int, seed: int):
    """A bot of each tier; hard and expert play a fixed number of playouts so that tests are reproducible."""
    if tier == "hard":
        return HardBot(seat, seed, samples=SEARCH_WORK)
    if tier == "expert":
        return ExpertBot(seat, seed, samples=2 * SEARCH_WORK)
    return BOT_TIERS[tier](seat, seed)


def positions_by_kind(players: int, tea: int, seed: int, per_kind: int = 1) -> dict[tuple[Phase, str], list]:
    """(state, seat) pairs for every kind of decision, from random games (stopped before any is applied)."""
    rng = random.Random(seed)
    found: dict[tuple[Phase, str], list] = {k: [] for k in KINDS}
    for _ in range(200):
        state = new_game(players, rng.randrange(1 << 30), tea=tea)
        while not state.is_over:
            now = pending(state)
            seat = rng.choice(now.seats)
            key = (now.phase, now.source)
            if len(found[key]) < per_kind and rng.random() < 0.3:
                found[key].append((state.clone(), seat))
            apply(state, rng.choice(legal_actions(state, seat)))
        if all(len(v) >= per_kind for v in found.values()):
            return found
    raise AssertionError(f"no position found for {[k for k, v in found.items() if len(v) < per_kind]}")


def random_positions(players: int, tea: int, seed: int, count: int) -> list[tuple[GameState, int]]:
    rng = random.Random(seed)
    out: list[tuple[GameState, int]] = []
    state = new_game(players, seed, tea=tea)
    while len(out) < count:
        if state.is_over:
            state = new_game(players, rng.randrange(1 << 30), tea=tea)
            continue
        seat = rng.choice(pending(state).seats)
        if rng.random() < 0.15:
            out.append((state.clone(), seat))
        apply(state, rng.choice(legal_actions(state, seat)))
    return out


# --- legal moves for every decision kind -----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "tea"), sweep([(players, tea) for tea in (0, 1) for players in range(3, 9)], fast=[(3, 0), (8, 1)])
)
def test_every_tier_returns_a_legal_action_for_every_kind_of_decision(players, tea):
    tea = players if tea else 0
    found = positions_by_kind(players, tea, seed=players * 10 + tea)
    for key, cases in found.items():
        for state, seat in cases:
            view = view_for(state, seat)
            for tier in ("random", "easy", "medium", "hard", "expert"):
                action = tier_bot(tier, seat, 7).choose(view)
                assert action in view.legal, (tier, key, action)


def test_the_four_tiers_are_registered_next_to_random():
    assert {"random", "easy", "medium", "hard", "expert"} <= set(BOT_TIERS)
    assert make_bot("expert", 1, 5, salt=3).tier == "expert"
    assert make_bot("medium", 2, 5, salt=3).tier == "medium"
    assert isinstance(make_bot("easy", 0, 5, salt=3), EasyBot)
    with pytest.raises(ValueError, match="unknown bot tier"):
        make_bot("grandmaster", 0, 5, salt=3)


@pytest.mark.parametrize("tiers", [["easy", "medium", "easy"], ["medium", "easy", "medium", "easy", "medium"]])
def test_bot_games_reach_the_end_with_every_card_accounted_for(tiers):
    state = play_game(len(tiers), 3, tiers, tea=1, salt=3)
    assert state.is_over
    everything = state.deck + state.palace + state.bazaar + state.market + state.removed
    everything += [c for area in state.play_areas for c in area]
    assert sorted(everything) == list(state.in_game)


# --- determinism ------------------------------------------------------------------------------------


@pytest.mark.parametrize("tier", ["easy", "medium"])
def test_the_same_seed_replays_the_same_game(tier):
    first = play_game(4, 99, [tier] * 4, salt=3)
    random.seed(12345)  # unrelated use of the global RNG must change nothing
    random.random()
    second = play_game(4, 99, [tier] * 4, salt=3)
    assert first.actions == second.actions


def test_a_hard_bot_with_fixed_samples_replays_the_same_game():
    def game():
        state = new_game(3, 21)
        bots = [HardBot(0, bot_seed(21, 0, salt=3), samples=SEARCH_WORK), MediumBot(1, 5), EasyBot(2, 6)]
        return play_out(state, bots).actions

    assert game() == game()


@pytest.mark.parametrize("tier", ["easy", "medium", "hard", "expert"])
def test_the_same_seed_gives_the_same_action_in_every_position(tier):
    for players in (3, 6):
        for state, seat in random_positions(players, 0, seed=players, count=6):
            view = view_for(state, seat)
            assert tier_bot(tier, seat, 42).choose(view) == tier_bot(tier, seat, 42).choose(view)


# --- no peeking -------------------------------------------------------------------------------------


def hidden_twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game except for what `seat` cannot see: rival hands, face-down choices, the deck order.

    Only cards that never appeared in a public event are moved, so the seat's view stays the same.
    """
    public = {c for event in state.log for c in event.cards}
    twin = state.clone()
    slots: list[tuple[list[int], int]] = []
    for s in range(state.players):
        if s == seat:
            continue
        slots += [(twin.hands[s], i) for i, c in enumerate(twin.hands[s]) if c not in public]
        if twin.offers[s] != NO_CARD and twin.offers[s] not in public:
            slots.append((twin.offers, s))
        if twin.reveals[s] != NO_CARD and twin.reveals[s] not in public:
            slots.append((twin.reveals, s))
    slots += [(twin.deck, i) for i in range(len(twin.deck))]
    cards = [holder[i] for holder, i in slots]
    rng.shuffle(cards)
    for (holder, i), card in zip(slots, cards, strict=True):
        holder[i] = card
    return twin


def changes_hidden_cards(state: GameState, twin: GameState, seat: int) -> bool:
    return twin.deck != state.deck or any(
        sorted(twin.hands[s]) != sorted(state.hands[s]) for s in range(state.players) if s != seat
    )


@pytest.mark.parametrize("players", sweep(range(3, 9), fast=(3, 8)))
def test_no_tier_acts_on_what_its_seat_cannot_see(players):
    rng = random.Random(players)
    changed = 0
    for state, seat in random_positions(players, players % 2, seed=100 + players, count=5):
        twin = hidden_twin(state, seat, rng)
        changed += changes_hidden_cards(state, twin, seat)
        for tier in ("easy", "medium", "hard", "expert"):
            a = tier_bot(tier, seat, 1234).choose(view_for(state, seat))
            b = tier_bot(tier, seat, 1234).choose(view_for(twin, seat))
            assert a == b, (tier, seat, state.phase)
    assert changed >= 3  # the twins really differ in hidden cards


def test_a_twin_differs_only_in_hidden_places():
    state, seat = random_positions(5, 0, seed=8, count=3)[-1]
    twin = hidden_twin(state, seat, random.Random(1))
    assert view_for(twin, seat) == view_for(state, seat)


# --- sampling the hidden cards ----------------------------------------------------------------------


def every_card(state: GameState) -> list[int]:
    """Every card of the game wherever it is, face-down Offers and Reveals included."""
    cards = state.deck + state.palace + state.bazaar + state.market + state.removed
    cards += [c for h in state.hands for c in h] + [c for a in state.play_areas for c in a]
    if state.phase == Phase.OFFER:
        cards += [c for c in state.offers if c != NO_CARD]
    if state.phase == Phase.REVEAL:
        cards += [c for c in state.reveals if c != NO_CARD]
    return cards


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_sample_is_a_playable_state_that_agrees_with_the_view(players):
    rng = random.Random(players)
    for state, seat in random_positions(players, players if players == 5 else 0, seed=players, count=12):
        view = view_for(state, seat)
        sample = determinize(view, rng)
        known = read_view(view)
        assert sorted(every_card(sample)) == list(state.in_game)
        assert sample.hands[seat] == state.hands[seat]
        assert len(sample.deck) == len(state.deck)
        for s in range(players):
            assert set(known.known_hands[s]) <= set(sample.hands[s])
        assert set(legal_actions(sample, seat)) == set(view.legal)
        play_out(sample, [RandomBot(s, s) for s in range(players)])
        assert sample.is_over


def test_cards_seen_picked_stay_in_the_pickers_hand_in_every_sample():
    state = new_game(4, 5)
    bots = [MediumBot(s, s) for s in range(4)]
    while state.phase != Phase.REVEAL or state.round < 3:
        for s in pending(state).seats:
            apply(state, bots[s].choose(view_for(state, s)))
    picked = {e.seat: e.cards[0] for e in state.log if e.kind == "pick" and e.seat != 0}
    view = view_for(state, 0)
    known = read_view(view)
    for s, card in picked.items():
        if card in state.hands[s]:
            assert card in known.known_hands[s]
            assert card in determinize(view, random.Random(1)).hands[s]


# --- explain ----------------------------------------------------------------------------------------


def test_explain_lists_the_best_options_with_a_value_and_a_reason_each():
    found = positions_by_kind(4, 0, seed=3)
    for cases in found.values():
        state, seat = cases[0]
        view = view_for(state, seat)
        hints = explain(view)
        assert 1 <= len(hints) <= 3
        assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
        for h in hints:
            assert h.action in view.legal
            assert "\n" not in hint_reason(h.reason, h.reason_args, "en")
        assert hints[0].action == MediumBot(seat, 0).choose(view) or hints[0].value == hints[1].value


def test_explain_includes_the_decision_asked_about_even_when_it_is_not_among_the_best():
    state, seat = positions_by_kind(5, 0, seed=4)[(Phase.OFFER, "")][0]
    view = view_for(state, seat)
    worst = explain(view, top=len(view.legal))[-1].action
    hints = explain(view, decision=worst)
    assert hints[-1].action == worst
    assert len(hints) == 4


def test_a_hand_only_reveal_is_explained_as_lost():
    for state, seat in random_positions(4, 0, seed=31, count=60):
        if state.phase != Phase.REVEAL:
            continue
        view = view_for(state, seat)
        for h in explain(view, top=6):
            if not load_cards().cards[h.action.card].keeps_in_play:
                assert h.reason is Reason.REVEAL_LOST and "lost" in hint_reason(h.reason, h.reason_args, "en")
                return
    pytest.fail("no hand-only card among the reveals")


# every tier, with a salt and without (None: the legacy seeds of a version-1 save); make test-fast resumes the
# medium bots, the ones that draw most on their seeds (test_save_bot_salt resumes all three tiers together fast)
RESUMED = [(tier, salt) for tier in ("random", "easy", "medium") for salt in (None, 0x5A17)]


@pytest.mark.parametrize(("tier", "salt"), sweep(RESUMED, fast=[("medium", None), ("medium", 0x5A17)]))
def test_fresh_bots_after_a_resume_play_on_exactly_as_before(tier: str, salt: int | None) -> None:
    """A save restores the state but not the bots: new bots must decide as the old ones would have."""
    seed = 4242
    whole = play_out(new_game(4, seed), [make_bot(tier, s, seed, salt=salt) for s in range(4)])
    state = new_game(4, seed)
    for action in whole.actions[: len(whole.actions) // 2]:  # the first half as the save holds it
        apply(state, action)
    resumed = play_out(state.clone(), [make_bot(tier, s, seed, salt=salt) for s in range(4)])
    assert resumed.actions == whole.actions
