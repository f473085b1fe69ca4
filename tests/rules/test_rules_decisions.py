"""One test per rules decision: the readings listed in amul-edition.yaml and the engine's own.

docs/rules-decisions.md says for each ambiguous rule which reading we chose, why, and names the test here.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from amul_table.rules import RuleError, apply, legal_actions, new_game, pending
from amul_table.rules.order import turn_order
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.scoring import majority_points, score_game
from amul_table.rules.setup import SetupError, game_cards
from amul_table.rules.state import GameState, market_fill
from tests.rules_helpers import (
    CARDS,
    areas,
    expected_order,
    give_hand,
    move,
    plain_card,
    play_random,
    points_of,
    score,
    swap_into,
    uid,
)


def to_upkeep(state: GameState, reveal: dict[int, int], leftovers: tuple[int, ...] = ()) -> None:
    """Play one round up to its Upkeep: the named seats reveal the named cards, the Market keeps `leftovers`,
    every other choice is a card without an effect."""
    reserved = [*reveal.values(), *leftovers]
    for seat, card in reveal.items():
        give_hand(state, seat, [card])
    for seat in range(state.players):
        apply(state, (ActionKind.OFFER, seat, plain_card(state, seat, avoid=reserved)))
    while state.phase == Phase.PICK:
        seat = pending(state).seats[0]
        apply(state, (ActionKind.PICK, seat, next(c for c in state.market if c not in leftovers)))
    for i, card in enumerate(leftovers):
        swap_into(state, state.market, card, keep=leftovers[:i])
    for seat in range(state.players):
        apply(state, (ActionKind.REVEAL, seat, reveal.get(seat) or plain_card(state, seat, avoid=reserved)))


def play_to_round(state: GameState, number: int, seed: int = 0) -> GameState:
    return play_random(state, random.Random(seed), stop=lambda s: s.round == number and s.phase == Phase.OFFER)


# --- majorities ---------------------------------------------------------------------------------------------


def test_a_player_without_symbols_takes_no_majority_rank():
    """Decision: at least one symbol is needed to rank (the rulebook is silent; a 0 would otherwise score)."""
    assert majority_points([0, 0, 0]) == [0, 0, 0]
    assert majority_points([2, 0, 0]) == [8, 0, 0]
    assert majority_points([2, 1, 0, 0]) == [8, 4, 0, 0]


def test_two_players_tied_for_first_score_four_each():
    """Tied players take the points of the lowest rank they share: ranks 1 and 2 -> 4 each; the next is 3rd."""
    assert majority_points([5, 5, 1]) == [4, 4, 2]


def test_players_tied_past_the_third_rank_score_nothing():
    """Three players tied for 2nd share ranks 2-4; their lowest shared rank is the 4th, which scores nothing."""
    assert majority_points([5, 3, 3, 3]) == [8, 0, 0, 0]
    assert majority_points([3, 3, 3, 3]) == [0, 0, 0, 0]


# --- immediate effects --------------------------------------------------------------------------------------


def test_an_immediate_effect_may_be_declined():
    """Every effect says "you may" / "up to": declining leaves the Palace as it was."""
    state = new_game(3, seed=1)
    merchant = uid("A-39")
    to_upkeep(state, {0: merchant})
    palace = list(state.palace)
    assert pending(state) == (Phase.EFFECTS, (0,), "palace", 1)
    apply(state, (ActionKind.DECLINE, 0))
    assert state.palace == palace
    assert state.play_areas[0] == [merchant]
    assert state.round == 2


def test_a_card_gained_by_an_effect_does_not_trigger_its_effect():
    """A Scavenger that takes a Contract from the Market gets no Bazaar card: only revealed cards are played."""
    state = new_game(4, seed=2)
    scavenger, contract = uid("A-24"), uid("A-43")
    to_upkeep(state, {0: scavenger}, leftovers=(contract,))
    apply(state, (ActionKind.TAKE, 0, contract))
    assert contract in state.play_areas[0]
    assert state.phase == Phase.OFFER and state.round == 2  # no Bazaar step followed
    assert len(state.bazaar) == 4


def test_the_scavenger_chooses_among_the_cards_left_in_the_market():
    """The Scavenger takes from the face-up Market after every pick, before it is emptied: 1 / 2 / 3 cards."""
    for players in (3, 4, 5, 8):
        state = new_game(players, seed=players)
        to_upkeep(state, {0: uid("A-24")})
        takes = {a.card for a in legal_actions(state, 0) if a.kind == ActionKind.TAKE}
        assert takes == set(state.market)
        assert len(takes) == market_fill(players)
        assert not takes & set(state.deck)


def test_a_second_scavenger_chooses_among_what_is_left():
    """Two Scavengers in one Upkeep: the second one (in turn order) chooses among the cards the first left."""
    state = new_game(5, seed=3)
    first, second = uid("A-24"), uid("A-67")
    to_upkeep(state, {1: first, 2: second})
    order = [s for s in state.order if s in (1, 2)]
    left = list(state.market)
    apply(state, (ActionKind.TAKE, order[0], left[0]))
    assert pending(state).seats == (order[1],)
    assert {a.card for a in legal_actions(state, order[1]) if a.kind == ActionKind.TAKE} == set(left[1:])


def test_an_effect_whose_source_is_empty_is_skipped():
    """Empty Palace: a Merchant's effect yields nothing and the round goes on (an event records the skip)."""
    state = new_game(3, seed=4)
    for card in list(state.palace):
        move(state, card, state.removed)
    to_upkeep(state, {0: uid("A-39")})
    assert state.round == 2 and state.phase == Phase.OFFER
    assert any(e.kind == "effect_empty" and e.source == "palace" for e in state.log)


def test_a_contract_with_an_empty_bazaar_is_skipped():
    state = new_game(3, seed=5)
    for card in list(state.bazaar):
        move(state, card, state.removed)
    to_upkeep(state, {2: uid("A-43")})
    assert state.round == 2
    assert any(e.kind == "effect_empty" and e.source == "bazaar" and e.seat == 2 for e in state.log)


def test_the_mughal_warlord_takes_up_to_two_palace_cards_one_at_a_time():
    state = new_game(6, seed=6)
    warlord = uid("A-109")
    to_upkeep(state, {0: warlord})
    first, second = state.palace[0], state.palace[1]
    assert pending(state) == (Phase.EFFECTS, (0,), "palace", 2)
    apply(state, (ActionKind.TAKE, 0, first))
    assert pending(state) == (Phase.EFFECTS, (0,), "palace", 1)
    apply(state, (ActionKind.TAKE, 0, second))
    assert state.play_areas[0] == [warlord, first, second]
    assert state.round == 2


def test_the_mughal_warlord_may_stop_after_one_card():
    state = new_game(6, seed=7)
    to_upkeep(state, {0: uid("A-109")})
    apply(state, (ActionKind.TAKE, 0, state.palace[0]))
    apply(state, (ActionKind.DECLINE, 0))
    assert len(state.palace) == 12 - 1
    assert state.round == 2


def test_the_mughal_warlord_stops_when_the_palace_runs_out():
    state = new_game(6, seed=8)
    last = state.palace[0]
    for card in state.palace[1:]:
        move(state, card, state.removed)
    to_upkeep(state, {0: uid("A-109")})
    apply(state, (ActionKind.TAKE, 0, last))
    assert state.palace == [] and state.round == 2


def test_cards_revealed_this_round_count_for_the_effects_order():
    """The effects order is set when the Upkeep starts, after the Reveal: a Guard revealed this round puts its
    owner first among the effects although it picked in clockwise order (nobody had prowess at the Pick).

    Cards gained during the Upkeep change only their gainer's prowess, whose effect is already resolving, so
    the order of the effects still waiting never changes.
    """
    state = play_to_round(new_game(6, seed=9), 7, seed=9)
    for area in state.play_areas:  # nobody has prowess yet
        for card in [c for c in area if CARDS.cards[c].type.symbols.get("military")]:
            move(state, card, state.removed)
    first = state.first_pick
    guard_seat, warlord_seat, merchant_seat = (first + 3) % 6, first, (first + 1) % 6
    to_upkeep(state, {guard_seat: uid("A-25"), warlord_seat: uid("A-109"), merchant_seat: uid("A-39")})
    assert state.log[-1].kind != "round" and state.phase == Phase.EFFECTS
    picks = [e.seat for e in state.log if e.kind == "pick"][-6:]
    assert picks == [(first + i) % 6 for i in range(6)]
    assert state.order[0] == guard_seat
    assert pending(state).seats == (warlord_seat,)  # the Guard has no effect; then clockwise from First Pick
    apply(state, (ActionKind.TAKE, warlord_seat, state.palace[0]))
    apply(state, (ActionKind.DECLINE, warlord_seat))
    assert pending(state).seats == (merchant_seat,)


# --- the Thief --------------------------------------------------------------------------------------------------


def _round_nine(seed: int) -> GameState:
    return play_to_round(new_game(3, seed=seed), 9, seed=seed)


def _finish_round(state: GameState, avoid: int) -> None:
    rng = random.Random(0)
    while state.phase not in (Phase.GAME_END, Phase.OVER):
        seat = pending(state).seats[0]
        apply(state, rng.choice([a for a in legal_actions(state, seat) if a.card != avoid]))


def test_the_thief_acts_only_from_the_hand_at_game_end():
    state = _round_nine(10)
    thief = uid("A-34")
    give_hand(state, 2, [thief])
    gained = [c for area in state.play_areas for c in area if CARDS.cards[c].deck == "palace"]
    while len(state.palace) < 2:  # leave two Palace cards to take
        move(state, gained.pop(), state.palace)
    _finish_round(state, avoid=thief)
    assert state.phase == Phase.GAME_END
    assert pending(state) == (Phase.GAME_END, (2,), "palace", 2)
    assert thief in state.play_areas[2]


def test_a_revealed_thief_is_removed_without_effect():
    """The Thief has only the hand icon: revealed during play it leaves the game like any hand-only card."""
    state = new_game(3, seed=11)
    thief = uid("A-34")
    to_upkeep(state, {1: thief})
    assert thief in state.removed
    assert state.round == 2
    play_random(state, random.Random(11))
    end = next(i for i, e in enumerate(state.log) if e.kind == "phase" and e.phase == Phase.GAME_END)
    assert [e.kind for e in state.log[end + 1 :]] == ["game_over"]


def test_a_thief_taken_by_a_scavenger_is_not_triggered():
    """A Thief put into the play area by a Scavenger scores its -1 but takes nothing at the end."""
    state = _round_nine(12)
    thief, scavenger = uid("A-34"), uid("A-24")
    to_upkeep(state, {0: scavenger}, leftovers=(thief,))
    apply(state, (ActionKind.TAKE, 0, thief))
    assert thief in state.play_areas[0]
    assert state.phase == Phase.OVER
    end = next(i for i, e in enumerate(state.log) if e.kind == "phase" and e.phase == Phase.GAME_END)
    assert [e.kind for e in state.log[end + 1 :]] == ["game_over"]
    assert points_of(score_game(state.play_areas), 0, "thief") == [-1]


def test_round_nine_effects_resolve_before_hands_are_placed():
    """The last Upkeep happens before the end of the game: a Scavenger in round 9 cannot take a hand card."""
    state = _round_nine(13)
    to_upkeep(state, {0: uid("A-24")})
    assert state.phase == Phase.EFFECTS
    assert all(len(h) == 5 for h in state.hands)


# --- turn order ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_military_order_applies_from_round_n_plus_one(players):
    """Round N+1 is when the First Pick card is back with the Starting Player."""
    state = new_game(players, seed=players)
    strong = (state.starting_player + players - 1) % players  # the last seat clockwise from the Starting Player
    state.play_areas[strong].append(uid("A-25"))
    for number in range(1, 10):
        state.round = number
        state.first_pick = (state.starting_player + number - 1) % players
        first = turn_order(state)[0]
        if number <= players:
            assert first == state.first_pick
        else:
            assert first == strong


def test_higher_prowess_goes_first_then_the_best_letter():
    state = new_game(4, seed=14)
    state.round = 6
    state.first_pick = 0
    state.play_areas = areas(["A-27"], ["A-28", "A-64"], ["A-26"], ["silver"])  # 1 (C), 2 (D), 1 (B), 0
    assert turn_order(state) == [1, 2, 0, 3]


def test_players_without_prowess_follow_clockwise_from_first_pick():
    state = new_game(6, seed=15)
    state.round = 8
    state.first_pick = 4
    state.play_areas = areas([], ["mercenaries"], [], [], [], [])
    assert turn_order(state) == [1, 4, 5, 0, 2, 3]


def test_every_military_card_has_its_own_letter():
    """Letters break prowess ties, so no two military copies share one (ties are always broken)."""
    letters = [c.letter for c in CARDS.cards if c.symbols.get("military")]
    assert len(letters) == len(set(letters)) and None not in letters


def test_the_pick_order_is_set_when_the_offers_turn_up():
    """Round 5 of 3 players (military order): the order is fixed from the play areas when the offers turn up."""
    state = play_to_round(new_game(3, seed=16), 5, seed=16)
    for seat in range(3):
        apply(state, (ActionKind.OFFER, seat, state.hands[seat][0]))
    order = list(state.order)
    assert order == expected_order(state.play_areas, state.first_pick, state.round)
    seen = []
    while state.phase == Phase.PICK:
        seen.append(pending(state).seats[0])
        apply(state, (ActionKind.PICK, seen[-1], state.market[0]))
    assert seen == order


# --- scoring ----------------------------------------------------------------------------------------------------------


def test_a_spy_scores_its_better_neighbour():
    """Spies choose a neighbour at the end, after every card is revealed: the engine takes the better one."""
    sheet = score(["arab_spy"], ["A-25"], ["silver"], ["mongol_prince", "yurt"])
    assert points_of(sheet, 0, "arab_spy") == [4]
    sheet = score(["arab_spy"], ["mongol_prince", "yurt"], ["silver"], ["A-25"])
    assert points_of(sheet, 0, "arab_spy") == [4]


def test_traders_allocate_cards_to_maximise_points():
    """One Spice and one Silver: giving them to the Indian Trader (8) would leave the Babylonian and Byzantine
    Traders with nothing; the best allocation scores those two instead (16)."""
    cards = ["indian_trader", "babylonian_trader", "byzantine_trader", "gem", "silver", "spice", "camel", "gold"]
    sheet = score([*cards, "carpet", "porcelain"], [], [])
    assert sheet.seats[0].rows["bazaar"] == 16
    assert points_of(sheet, 0, "indian_trader") == [0]


def test_a_trader_scores_once_per_complete_disjoint_set():
    sheet = score(["babylonian_trader", "spice", "spice", "spice", "camel", "camel", "gold"], [], [])
    assert sheet.seats[0].rows["bazaar"] == 8
    sheet = score(["babylonian_trader", *["spice", "camel", "gold"] * 3], [], [])
    assert sheet.seats[0].rows["bazaar"] == 24


def test_a_tie_on_points_and_prowess_is_a_shared_victory():
    sheet = score(["A-27", "medallion"], ["A-28", "lamp"], ["silver"])  # 1 + 4 and 2 + 3, Arab majority shared
    assert sheet.seats[0].total == sheet.seats[1].total
    assert sheet.seats[0].military == sheet.seats[1].military == 1
    assert sheet.winners == [0, 1]
    assert "shared" in sheet.tie_break


def test_at_three_players_you_and_your_neighbours_counts_everyone_once():
    sheet = score(["peddler", "lamp"], ["carpet"], ["porcelain", "medallion"])
    assert points_of(sheet, 0, "peddler") == [4]
    sheet = score(["amul_city_guard"], ["A-25"], ["A-26"])
    assert points_of(sheet, 0, "amul_city_guard") == [3]


def test_palace_copies_are_the_same_card_for_scoring():
    """A Palace Silver completes a set with Market Silver, and a Palace Oil counts for the Sheikh."""
    palace_silver = next(c.number for c in CARDS.cards if c.id == "silver" and c.deck == "palace")
    assert score(["silver", "silver", palace_silver], [], []).seats[0].rows["yellow"] == 13
    palace_oil = next(c.number for c in CARDS.cards if c.id == "oil" and c.deck == "palace")
    assert points_of(score(["sheikh", palace_oil], [], []), 0, "sheikh") == [2]


def test_conditions_look_at_the_final_play_area_including_kept_hand_cards():
    """Oil in play and a Lamp kept in hand to the end: the Lamp joins the play area first, so Oil scores 5."""
    state = _round_nine(17)
    oil, lamp = uid("A-15"), uid("A-29")
    give_hand(state, 0, [oil, lamp])
    _finish_round_keeping(state, 0, [oil, lamp])
    assert {oil, lamp} <= set(state.play_areas[0])
    assert points_of(score_game(state.play_areas), 0, "oil") == [5]


def _finish_round_keeping(state: GameState, seat: int, keep: list[int]) -> None:
    rng = random.Random(1)
    while not state.is_over:
        s = pending(state).seats[0]
        options = [a for a in legal_actions(state, s) if not (s == seat and a.card in keep)]
        apply(state, rng.choice(options))


def test_a_set_credits_its_points_to_the_first_copy():
    """The per-card breakdown gives a whole set's points to its first copy (0 to the others)."""
    sheet = score(["silver", "silver", "silver", "silver"], [], [])
    assert points_of(sheet, 0, "silver") == [16, 0, 0, 0]


# --- setup and the Tea variant ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("tea", range(1, 9))
def test_the_tea_variant_takes_one_to_eight_tea_cards_and_the_tea_trader(tea):
    market, _, bazaar = game_cards(3, tea)
    assert sum(CARDS.cards[u].id == "tea" for u in market) == tea
    assert [CARDS.cards[u].id for u in bazaar].count("tea_trader") == 1


@pytest.mark.parametrize(
    ("players", "tea", "message"),
    [(2, 0, "3 to 8 players"), (9, 0, "3 to 8 players"), (3, 9, "1 to 8 Tea"), (3, -1, "1 to 8 Tea")],
)
def test_impossible_options_are_refused_with_a_message(players, tea, message):
    with pytest.raises(SetupError, match=message):
        new_game(players, seed=1, tea=tea)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_deck_holds_exactly_the_cards_nine_rounds_need(players):
    """5 per hand and 9 x (one per player + the Market fill): nothing is left over in a regular game. This is why
    the Mughal Warlord has one copy (A-109, 6+), not the six printed in the 3-player column."""
    market, _, _ = game_cards(players, 0)
    assert len(market) == 5 * players + 9 * (players + market_fill(players))
    assert sum(CARDS.cards[u].id == "mughal_warlord" for u in market) == (1 if players >= 6 else 0)


def test_a_player_may_pick_back_the_card_they_offered():
    """Nothing forbids it: once turned up, an offered card is a Market card like the others."""
    state = new_game(4, seed=19)
    offers = {seat: state.hands[seat][0] for seat in range(4)}
    for seat, card in offers.items():
        apply(state, (ActionKind.OFFER, seat, card))
    first = pending(state).seats[0]
    assert (ActionKind.PICK, first, offers[first]) in legal_actions(state, first)
    apply(state, (ActionKind.PICK, first, offers[first]))
    assert offers[first] in state.hands[first]


def test_an_offer_cannot_be_changed_once_committed():
    state = new_game(3, seed=18)
    apply(state, (ActionKind.OFFER, 0, state.hands[0][0]))
    with pytest.raises(RuleError, match="already chosen its offer"):
        apply(state, (ActionKind.OFFER, 0, state.hands[0][0]))


def test_the_decisions_document_names_only_real_tests_and_every_decision_test():
    """docs/rules-decisions.md cites `file::test` for each decision; keep it honest as tests are renamed."""
    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"`((?:\w+/)?test_\w+\.py)::(test_\w+)`", doc))
    for file, name in cited:
        assert f"\ndef {name}(" in (root / "tests" / file).read_text(encoding="utf-8"), f"{file}::{name}"
    own = set(re.findall(r"\ndef (test_\w+)\(", Path(__file__).read_text(encoding="utf-8")))
    own.discard("test_the_decisions_document_names_only_real_tests_and_every_decision_test")
    assert own <= {name for file, name in cited if file == "rules/test_rules_decisions.py"}
