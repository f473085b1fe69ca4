"""Every worked example of the English rulebook, the French rulebook and the French card index, word for word.

Quotes from the French texts are given in French (from the OCR, repaired) with an English gloss.
"""

from __future__ import annotations

import random

import pytest

from amul_table.rules import RuleError, apply, legal_actions, new_game, pending
from amul_table.rules.cards import load_cards
from amul_table.rules.order import best_letter, military_prowess, turn_order
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.scoring import majority_points, score_game
from amul_table.rules.setup import game_cards
from tests.rules_helpers import (
    CARDS,
    areas,
    copies,
    give_hand,
    move,
    plain_card,
    play_random,
    points_of,
    score,
    swap_into,
    uid,
)

# --- components and setup -------------------------------------------------------------------------


def test_the_game_has_147_market_16_palace_and_9_bazaar_cards():
    """EN: "183 Cards: 146 Market cards, 16 Palace cards, 9 Bazaar cards" plus 12 auxiliary cards.

    FR: "147 cartes Marché, 16 cartes Palais, 9 cartes Bazar". 147 is right (147 + 16 + 9 + 11 = 183);
    the English 146 is a misprint (see docs/rules-decisions.md).
    """
    decks = [c.deck for c in load_cards().cards]
    assert (decks.count("market"), decks.count("palace"), decks.count("bazaar")) == (147, 16, 9)


def test_regular_play_removes_the_eight_tea_cards_and_the_tea_trader():
    """ "For regular play, remove the Tea Market cards (8 in total) and the Tea Trader Bazaar card (1 card)."""
    market, _, bazaar = game_cards(8, tea=0)
    assert not any(CARDS.cards[u].id == "tea" for u in market)
    assert not any(CARDS.cards[u].id == "tea_trader" for u in bazaar)
    assert sum(1 for c in CARDS.cards if c.id == "tea") == 8


def test_a_five_player_game_uses_only_cards_marked_3_4_and_5():
    """ "Example: In a 5-player game, use only cards marked 3, 4, and 5." """
    market, palace, bazaar = game_cards(5, tea=0)
    marks = {CARDS.cards[u].min_players for u in market + palace + bazaar}
    assert marks == {3, 4, 5}
    every_marked = {c.uid for c in CARDS.cards if c.min_players <= 5 and c.type.variant is None}
    assert set(market + palace + bazaar) == every_marked


@pytest.mark.parametrize("players", range(3, 9))
def test_every_palace_and_bazaar_card_starts_face_up_beside_the_board(players):
    """ "Set up the Palace by placing each Palace card faceup ... Set up the Bazaar by placing each Bazaar card faceup."

    The distribution chart gives 2 Palace cards and one Trader per player.
    """
    state = new_game(players, seed=players)
    assert len(state.palace) == 2 * players
    assert len(state.bazaar) == players
    assert all(CARDS.cards[u].deck == "palace" for u in state.palace)
    assert all(CARDS.cards[u].deck == "bazaar" for u in state.bazaar)


def test_each_player_is_dealt_five_market_cards_then_one_more_in_round_one():
    """ "Deal 5 Market cards facedown to each player as a starting hand." and, in the Replenish phase, "the
    Starting Player deals 1 Market card ... Reminder: Players should now have 6 Market cards in their hand."
    """
    state = new_game(4, seed=11)
    assert state.round == 1
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    assert all(CARDS.cards[u].deck == "market" for h in state.hands for u in h)


def test_the_starting_player_is_chosen_at_random_and_also_holds_first_pick():
    """ "Choose a Starting Player randomly and give that player the Starting Player card, the First Pick card"."""
    starters = {new_game(5, seed=s).starting_player for s in range(40)}
    assert starters == set(range(5))
    state = new_game(5, seed=3)
    assert state.first_pick == state.starting_player


# --- Replenish --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "fill"), [(3, 1), (4, 2), (5, 3), (6, 3), (7, 3), (8, 3)])
def test_the_market_is_filled_with_one_two_or_three_cards(players, fill):
    """ "3 players 1 card, 4 players 2 cards, 5 to 8 players 3 cards" ("Example: 4-player setup" shows 2)."""
    state = new_game(players, seed=1)
    assert len(state.market) == fill


def test_palace_and_bazaar_are_never_refilled():
    """ "Note: The Palace and the Bazaar are never refilled." """
    state = new_game(4, seed=8)
    palace, bazaar = set(state.palace), set(state.bazaar)
    rng = random.Random(8)
    while not state.is_over:
        seat = pending(state).seats[0]
        apply(state, rng.choice(legal_actions(state, seat)))
        assert set(state.palace) <= palace and set(state.bazaar) <= bazaar
        gained = {c for area in state.play_areas for c in area} & (palace | bazaar)
        assert gained | set(state.palace) | set(state.bazaar) == palace | bazaar


# --- Planning ----------------------------------------------------------------------------------------


def test_offered_cards_turn_up_together_into_the_market():
    """ "Each player simultaneously chooses one of the Market cards in their hand and adds it facedown to the
    Market. When all players have placed a card in the Market, turn all cards added by the players faceup."
    """
    state = new_game(3, seed=2)
    fill = list(state.market)
    offers = [state.hands[s][0] for s in range(3)]
    apply(state, (ActionKind.OFFER, 0, offers[0]))
    apply(state, (ActionKind.OFFER, 1, offers[1]))
    assert state.market == fill  # face down: not yet in the Market
    assert pending(state).phase == Phase.OFFER
    apply(state, (ActionKind.OFFER, 2, offers[2]))
    assert sorted(state.market) == sorted(fill + offers)
    assert pending(state).phase == Phase.PICK


def test_picks_start_with_first_pick_and_go_clockwise_and_refill_hands_to_six():
    """ "Starting with the player holding the First Pick card, each player in clockwise order chooses one of the
    faceup cards in the Market ... Reminder: When all players have picked a card from the Market, they should
    again have 6 Market cards in their hand."
    """
    state = new_game(5, seed=6)
    state.first_pick = 3
    for s in range(5):
        apply(state, (ActionKind.OFFER, s, state.hands[s][0]))
    seen = []
    while state.phase == Phase.PICK:
        seat = pending(state).seats[0]
        seen.append(seat)
        apply(state, (ActionKind.PICK, seat, state.market[0]))
    assert seen == [3, 4, 0, 1, 2]
    assert [len(h) for h in state.hands] == [6] * 5


def test_you_may_not_pick_from_the_palace_or_the_bazaar():
    """ "Note: You may not choose a card from the Palace or from the Bazaar." """
    state = new_game(3, seed=4)
    for s in range(3):
        apply(state, (ActionKind.OFFER, s, state.hands[s][0]))
    seat = pending(state).seats[0]
    for card in (state.palace[0], state.bazaar[0]):
        with pytest.raises(RuleError, match="not in the Market"):
            apply(state, (ActionKind.PICK, seat, card))


def test_revealed_cards_with_a_play_area_icon_stay_and_hand_only_cards_leave_the_game():
    """ "If the card that the player reveals has a play area icon, the player keeps it in their play area. If the
    card only has a hand icon, it is immediately removed from the game. Some Market cards have both symbols and
    can be retained in the play area." Reminder: "Each player should now have 5 Market cards in their hand".
    """
    state = new_game(3, seed=5)
    silver, lamp, camel = uid("A-1"), uid("A-29"), uid("A-46")  # hand only, both, both
    for seat, card in enumerate((silver, lamp, camel)):
        give_hand(state, seat, [card])
    for s in range(3):
        apply(state, (ActionKind.OFFER, s, next(c for c in state.hands[s] if c not in (silver, lamp, camel))))
    while state.phase == Phase.PICK:
        seat = pending(state).seats[0]
        apply(state, (ActionKind.PICK, seat, state.market[0]))
    for seat, card in enumerate((silver, lamp, camel)):
        apply(state, (ActionKind.REVEAL, seat, card))
        if seat < 2:
            assert len(state.hands[seat]) == 5
    assert silver in state.removed and silver not in state.play_areas[0]
    assert state.play_areas[1] == [lamp]
    assert state.play_areas[2] == [camel]
    assert state.round == 2  # no effects: the next round dealt one card to each 5-card hand
    assert [len(h) for h in state.hands] == [6, 6, 6]


# --- Upkeep ------------------------------------------------------------------------------------------


def test_upkeep_empties_the_market_and_passes_first_pick_left_but_not_the_starting_player():
    """ "Remove any cards remaining in the Market from the game." "Move the First Pick card to the next player in
    clockwise direction. Note: The Starting Player card is never moved." """
    state = new_game(4, seed=9)
    start = state.starting_player
    leftovers = []

    def before_upkeep_ends(s):
        return s.phase == Phase.REVEAL and sum(c == -1 for c in s.reveals) == 1

    play_random(state, random.Random(1), stop=before_upkeep_ends)
    leftovers = list(state.market)
    seat = pending(state).seats[0]
    apply(state, (ActionKind.REVEAL, seat, state.hands[seat][0]))
    play_random(state, random.Random(2), stop=lambda s: s.round == 2)
    assert set(leftovers) <= set(state.removed)
    assert state.first_pick == (start + 1) % 4
    assert state.starting_player == start


def test_scavenger_puts_the_market_card_straight_into_the_play_area_even_if_hand_only():
    """Card index, Vagabond: "vous pouvez prendre une carte du marché et la poser dans votre zone de jeu. Selon le
    nombre de joueurs, vous pourrez choisir parmi une carte (3 joueurs), 2 cartes (4 joueurs), ou 3 cartes (5+
    joueurs). Important : la carte doit directement être placée dans votre zone de jeu même si elle est marquée
    d'une main. Elle comptera dans le décompte final." (You may take a card from the Market into your play area,
    choosing among 1 / 2 / 3 cards; it goes straight into the play area even if it has only a hand icon.)
    """
    for players, choices in ((3, 1), (4, 2), (5, 3)):
        state = new_game(players, seed=20 + players)
        scavenger = uid("A-24")
        give_hand(state, 0, [scavenger])
        for s in range(players):
            apply(state, (ActionKind.OFFER, s, next(c for c in state.hands[s] if c != scavenger)))
        while state.phase == Phase.PICK:
            seat = pending(state).seats[0]
            apply(state, (ActionKind.PICK, seat, state.market[0]))
        silver = uid("A-2")
        swap_into(state, state.market, silver)  # the leftover is a hand-only Silver
        for s in range(players):
            apply(state, (ActionKind.REVEAL, s, scavenger if s == 0 else plain_card(state, s, avoid=[silver])))
        assert pending(state).seats == (0,) and pending(state).source == "market"
        takes = [a for a in legal_actions(state, 0) if a.kind == ActionKind.TAKE]
        assert len(takes) == choices
        apply(state, (ActionKind.TAKE, 0, silver))
        assert silver in state.play_areas[0]


# --- Military Prowess ----------------------------------------------------------------------------------


def test_linda_has_military_prowess_three():
    """ "Example: Linda has played these cards into her play area. Her Military Prowess is now 3."

    The pictured cards are not in the text; three Guards (one symbol each) stand in for them.
    """
    linda = areas(["A-28", "A-64", "A-91", "silver", "lamp"])[0]
    assert military_prowess(linda) == 3


def test_lukas_with_best_letter_b_goes_before_linda_with_best_letter_d():
    """ "Example: Lukas has played these cards into his play area. He now has 3 Military Prowess. Because his best
    Pick Order symbol is B, he goes before Linda, whose best symbol is D."
    FR: "Comme il dispose d'une carte marquée B, il joue avant Linda qui ne disposait que d'un D."
    """
    lukas, linda, other = areas(["A-26", "mercenaries"], ["A-28", "A-64", "A-91"], ["silver"])
    assert military_prowess(lukas) == military_prowess(linda) == 3
    assert best_letter(lukas) == "B" and best_letter(linda) == "D"
    state = new_game(3, seed=1)
    state.round = 4
    state.first_pick = 1  # clockwise from First Pick, Linda (seat 1) would come before Lukas (seat 0)
    state.play_areas = [lukas, linda, other]
    assert turn_order(state) == [0, 1, 2]


def test_military_prowess_starts_when_first_pick_returns_to_the_starting_player():
    """ "When the First Pick card returns to the player holding the Starting Player card (this happens when you
    have played as many rounds as you have players), Military Prowess comes into effect." Important: "After playing
    a number of rounds equal to the number of players, players with Military Prowess get to pick their cards first."
    """
    state = new_game(4, seed=2)
    seat = (state.starting_player + 2) % 4
    state.play_areas[seat] = [uid("A-25")]
    orders = {}
    for rnd in range(1, 7):
        state.round = rnd
        state.first_pick = (state.starting_player + rnd - 1) % 4
        orders[rnd] = turn_order(state)
    for rnd in range(1, 5):
        assert orders[rnd][0] == (state.starting_player + rnd - 1) % 4  # clockwise from First Pick
    for rnd in (5, 6):
        assert orders[rnd][0] == seat


def test_players_without_prowess_follow_in_normal_order_from_first_pick():
    """ "Note: When all players with Military Prowess have chosen a card, those who have no Military Prowess pick
    theirs in normal player order. The First Pick card continues to move from player to player and still determines
    player order for those with no Military Prowess."
    """
    state = new_game(5, seed=3)
    state.round = 7
    state.first_pick = 3
    state.play_areas = areas([], ["A-27"], [], ["silver"], ["mercenaries"])
    assert turn_order(state) == [4, 1, 3, 0, 2]


def test_the_same_military_order_applies_to_immediate_effects():
    """ "The same adjusted player order applies to picking cards from the Market during the Planning Phase and
    resolving any immediate effects during the Upkeep Phase." (Upkeep: "If any cards with immediate effects were
    played this round, resolve them in clockwise order, beginning with the player holding the First Pick card.")
    """
    state = new_game(3, seed=12)
    state.round = 4
    state.first_pick = 0
    guard = uid("A-25")
    move(state, guard, state.play_areas[2])
    merchants = [uid("A-39"), uid("A-40"), uid("A-41")]
    for seat, m in enumerate(merchants):
        give_hand(state, seat, [m])
    for s in range(3):
        apply(state, (ActionKind.OFFER, s, next(c for c in state.hands[s] if c not in merchants)))
    assert state.order == [2, 0, 1]
    while state.phase == Phase.PICK:
        apply(state, (ActionKind.PICK, pending(state).seats[0], state.market[0]))
    for s in range(3):
        apply(state, (ActionKind.REVEAL, s, merchants[s]))
    resolved = []
    while state.phase == Phase.EFFECTS and state.round == 4:
        seat = pending(state).seats[0]
        resolved.append(seat)
        apply(state, (ActionKind.DECLINE, seat))
    assert resolved == [2, 0, 1]


# --- End of game -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_after_nine_rounds_hand_cards_with_the_hand_icon_join_the_play_area(players):
    """ "After 9 rounds, the game ends. All players remove from the game all cards in their hand that do not have a
    hand icon in the left margin. The rest of the cards in their hand are placed in their play area." Regular game:
    "by the end of the game, every card will either have been dealt to the players or to the Market."
    """
    last_hands = None
    state = new_game(players, seed=100 + players)
    rng = random.Random(players)
    while not state.is_over:
        if state.round == 9 and state.phase == Phase.EFFECTS and last_hands is None:
            last_hands = [list(h) for h in state.hands]
        seat = pending(state).seats[0]
        apply(state, rng.choice(legal_actions(state, seat)))
    assert state.round == 9
    assert state.deck == []
    assert all(h == [] for h in state.hands)
    for seat, hand in enumerate(last_hands or []):
        for c in hand:
            if CARDS.cards[c].type.position in ("hand", "both"):
                assert c in state.play_areas[seat]
            else:
                assert c in state.removed


def test_the_thief_takes_up_to_two_palace_cards_when_revealed_at_game_end():
    """Card index, Voleur: "Vous perdez 1 point. À la fin de la partie, au moment où vous révélez le Voleur, vous
    pouvez prendre jusqu'à deux cartes du palais et les poser dans votre zone de jeu." (You lose 1 point. At the
    end of the game, when you reveal the Thief, you may take up to two Palace cards into your play area.)
    """
    state = new_game(3, seed=31)
    thief = uid("A-34")
    play_random(state, random.Random(3), stop=lambda s: s.round == 9 and s.phase == Phase.OFFER)
    holder = next((s for s in range(3) if thief in state.hands[s]), 1)
    give_hand(state, holder, [thief])
    rng = random.Random(4)
    while state.phase not in (Phase.GAME_END, Phase.OVER):
        seat = pending(state).seats[0]
        options = [a for a in legal_actions(state, seat) if a.card != thief]
        apply(state, rng.choice(options))
    palace = list(state.palace)
    assert pending(state) == (Phase.GAME_END, (holder,), "palace", 2)
    apply(state, (ActionKind.TAKE, holder, palace[0]))
    apply(state, (ActionKind.TAKE, holder, palace[1]))
    assert state.is_over
    assert {palace[0], palace[1], thief} <= set(state.play_areas[holder])
    assert points_of(score_game(state.play_areas), holder, "thief") == [-1]


def test_the_tea_variant_leaves_as_many_cards_in_the_deck_as_tea_cards_added():
    """Tea variant: "Tea cards are added to the Market deck and the Tea Trader is added as an extra card in the
    Bazaar. The recommended number of added Tea cards is equal to the number of players, but players are free to
    experiment with any number of their choosing. Reminder: At the end of the 9th round, a number of Market cards
    equal to the added Tea cards should be left in the Market deck."
    """
    for players, tea in ((3, 3), (5, 1), (8, 8), (4, 6)):
        state = new_game(players, seed=tea, tea=tea)
        assert sum(CARDS.cards[u].id == "tea" for u in state.in_game) == tea
        assert any(CARDS.cards[u].id == "tea_trader" for u in state.bazaar)
        play_random(state, random.Random(tea))
        assert len(state.deck) == tea


# --- Scoring: majorities and winner ------------------------------------------------------------------------


def test_majorities_score_eight_four_and_two():
    """ "The players with the most Arab symbols, as well as the players with the most Mongol symbols, score as
    follows: 1st rank 8 Prestige points, 2nd rank 4 Prestige points, 3rd rank 2 Prestige points." """
    assert majority_points([5, 3, 1, 4]) == [8, 2, 0, 4]


def test_three_players_tied_for_most_mongol_symbols_each_score_two():
    """ "Example: Linda, Lukas, and Markus all have the most Mongol symbols. Therefore they share the 1st rank, the
    2nd rank, as well as the 3rd rank. Their lowest shared rank is the 3rd rank, so they all score 2 Prestige
    points." (FR: Linda, Simon et Thibaut.)"""
    sheet = score(["mongol_caravan", "A-25"], ["mongol_relic", "yurt"], ["mongol_sword", "A-26"], ["silver"])
    assert [s.rows["mongol"] for s in sheet.seats] == [2, 2, 2, 0]


def test_the_most_prestige_points_win():
    """ "The player with the most Prestige points wins the game." """
    sheet = score(["medallion"], ["gold", "lamp"], ["lamp"])
    assert [s.total for s in sheet.seats] == [4, 7, 3]
    assert sheet.winners == [1] and sheet.tie_break == ""


def test_a_tie_on_points_goes_to_the_higher_military_prowess():
    """ "In the case of a tie, the player with higher Military Prowess wins." """
    # seat 0: Guards B (1) and C (1) + Scavenger (1); seat 1: Guard D (2) + Mongol Caravan (1 per Mongol symbol)
    sheet = score(["A-26", "A-27", "scavenger"], ["A-28", "mongol_caravan"], ["silver"])
    assert [s.total for s in sheet.seats] == [3 + 4 + 4, 3 + 4 + 4, 3]
    assert [s.military for s in sheet.seats] == [2, 1, 0]
    assert sheet.winners == [0] and "Military Prowess" in sheet.tie_break


# --- Card index: sets -------------------------------------------------------------------------------------


def test_set_icon_scores_three_seven_or_thirteen_for_one_two_or_three():
    """Card index, "Séries": "Exemple : vous marquez 3 points si vous n'avez qu'une carte de cette série, 7 points
    si vous en avez deux, et 13 points si vous en avez trois." (3 for one card, 7 for two, 13 for three.)"""
    assert [score(["silver"] * k, [], []).seats[0].rows["yellow"] for k in (1, 2, 3)] == [3, 7, 13]


def test_set_of_two_scores_six_and_a_third_card_six_plus_two():
    """Card index, "Séries": "Exemple : vous marquez 6 points si vous avez deux cartes de cette série. Si vous en
    avez une troisième, vous marquez 6+2 = 8 points." (6 for two; a third card gives 6 + 2 = 8.)"""
    assert score(["spice"] * 2, [], []).seats[0].rows["yellow"] == 6
    assert score(["spice"] * 3, [], []).seats[0].rows["yellow"] == 8


def test_six_silver_score_two_full_sets_of_thirteen():
    """Argent: "Vous marquez 3 points si vous avez une carte Argent, 7 points si vous en avez deux, ou 13 points si
    vous avez une série complète de trois Argent. Si vous avez quatre Argent ou plus, recommencez une nouvelle série.
    Exemple : 6 Argent vous rapportent 26 points (deux séries complètes de 13 points)."""
    assert score(["silver"] * 6, [], []).seats[0].rows["yellow"] == 26


def test_five_spice_score_two_full_sets_plus_two():
    """Épices: "Vous marquez 2 points si vous avez une carte Épices, ou 6 points si vous avez une série complète de
    deux Épices. Si vous avez trois Épices ou plus, recommencez une nouvelle série. Exemple : 5 Épices vous
    rapportent 14 points (deux séries complètes + 2 points)."""
    assert score(["spice"] * 5, [], []).seats[0].rows["yellow"] == 14


@pytest.mark.parametrize("card", ["carpet", "porcelain"])
def test_carpet_and_porcelain_score_two_or_nine_for_a_pair(card):
    """Tapis / Porcelaine: "Vous marquez 2 points si vous avez une carte Tapis, ou 9 points si vous avez une série
    complète de deux Tapis. Si vous avez trois Tapis ou plus, recommencez une nouvelle série." """
    assert [score([card] * k, [], []).seats[0].rows["light_blue"] for k in (1, 2, 3)] == [2, 9, 11]


# --- Card index: conditions --------------------------------------------------------------------------------


def test_oil_scores_five_with_a_lamp_instead_of_three():
    """Conditions: "Exemple : si vous avez au moins une Lampe, vous marquez 5 points au lieu de 3." Huile: "Vous
    marquez 3 points. Si vous avez au moins une carte Lampe, chacune de vos cartes Huile vous rapporte 5 points au
    lieu de 3." """
    assert points_of(score(["oil", "oil"], [], []), 0, "oil") == [3, 3]
    assert points_of(score(["oil", "oil", "lamp"], [], []), 0, "oil") == [5, 5]


def test_opium_scores_zero_with_a_military_symbol_instead_of_six():
    """Conditions: "Exemple : si vous avez au moins un symbole de valeur militaire, cette carte vaut 0 point au lieu
    de 6." Opium: "chacune de vos cartes Opium vous rapporte 0 point au lieu de 6." """
    assert points_of(score(["opium", "opium"], [], []), 0, "opium") == [6, 6]
    assert points_of(score(["opium", "opium", "A-25"], [], []), 0, "opium") == [0, 0]


def test_spice_dealer_scores_six_with_three_spices():
    """Conditions, third example (OCR, garbled): "Exemple : 5i vous avez des Epices, . Epices, des Gemmes et de la
    imess un Chameau, cette carte yaut 6 points au lieu de 0." The only card worth 6 instead of 0 is the Spice Dealer
    (Fournisseur d'épices): "Vous marquez 0 point. Si vous avez au moins trois Épices, vous marquez 6 points." """
    assert points_of(score(["spice_dealer", "spice", "spice"], [], []), 0, "spice_dealer") == [0]
    assert points_of(score(["spice_dealer", "spice", "spice", "spice"], [], []), 0, "spice_dealer") == [6]


def test_spices_counted_by_the_spice_dealer_still_serve_a_trader():
    """Fournisseur d'épices: "Note : ces Épices ne sont pas consommées et peuvent servir pour un Négociant." """
    sheet = score(["spice_dealer", "spice", "spice", "spice", "camel", "gold", "babylonian_trader"], [], [])
    assert points_of(sheet, 0, "spice_dealer") == [6]
    assert sheet.seats[0].rows["bazaar"] == 8


def test_ebony_scores_six_each_with_an_ivory():
    """Ébène: "Vous marquez 2 points. Si vous avez au moins une carte Ivoire, chacune de vos cartes Ébène vous
    rapporte 6 points au lieu de 2." """
    assert points_of(score(["ebony", "ebony"], [], []), 0, "ebony") == [2, 2]
    assert points_of(score(["ebony", "ebony", "ivory"], [], []), 0, "ebony") == [6, 6]


@pytest.mark.parametrize(("relic", "spoiler"), [("arab_relic", "mongol_caravan"), ("mongol_relic", "arab_caravan")])
def test_a_relic_scores_seven_unless_you_have_a_symbol_of_the_other_side(relic, spoiler):
    """Relique arabe: "Vous marquez 7 points. Si vous avez au moins un symbole mongol, cette carte vous rapporte 0
    point au lieu de 7." (Relique mongole: the same with an Arab symbol.)"""
    assert points_of(score([relic], [], []), 0, relic) == [7]
    assert points_of(score([relic, spoiler], [], []), 0, relic) == [0]


@pytest.mark.parametrize("sword", ["arab_sword", "mongol_sword"])
def test_a_sword_scores_four_with_a_military_symbol(sword):
    """Sabre arabe / mongol: "Vous marquez 0 point. Si vous avez au moins un symbole de valeur militaire, cette carte
    vous rapporte 4 points." """
    assert points_of(score([sword], [], []), 0, sword) == [0]
    assert points_of(score([sword, "A-27"], [], []), 0, sword) == [4]


# --- Card index: points left and right ---------------------------------------------------------------------


def test_gold_smuggler_scores_eight_minus_two_per_gold_of_the_neighbours():
    """Points: "Exemple : vous marquez 8 points, mais perdez 2 points pour chaque Or chez vos voisins."
    Contrebandier: "Cela signifie que le Contrebandier vous infligera des points négatifs si vos voisins ont au moins
    5 Or (conjointement)." (negative once the neighbours hold 5 Gold between them)"""
    assert points_of(score(["gold_smuggler"], ["gold"], ["gold", "gold"]), 0, "gold_smuggler") == [2]
    assert points_of(score(["gold_smuggler", "gold"], ["gold"] * 2, ["gold"] * 2), 0, "gold_smuggler") == [0]
    assert points_of(score(["gold_smuggler"], ["gold"] * 3, ["gold"] * 2), 0, "gold_smuggler") == [-2]


def test_jeweler_scores_two_plus_one_plus_three_plus_zero():
    """Points: "Exemple : vous marquez 1 point par Or et par Argent chez vos voisins." Joaillier: "Exemple : votre
    voisin de gauche a 2 Argent et 1 Or. Votre voisin de droite a 3 Argent et 0 Or. Vous marquez (2+1)+(3+0) = 6
    points."

    Seating is clockwise, so the left neighbour of seat 0 is seat 1 and the right one the last seat (either way
    round gives the same total).
    """
    sheet = score(["jeweler", "gold"], ["silver", "silver", "gold"], ["gold"] * 3, ["silver"] * 3)
    assert points_of(sheet, 0, "jeweler") == [6]


def test_fugitive_scores_nine_minus_twelve():
    """Points: "Exemple : vous marquez 9 points, mais perdez 3 points pour chaque symbole de valeur militaire chez
    vos voisins." Fugitif: "Exemple : votre voisin de gauche a trois symboles de valeur militaire et votre voisin de
    droite en a un. Vous marquez donc 9-12 = -3 points." """
    sheet = score(["fugitive", "A-25"], ["A-26", "A-27", "A-28"], ["silver"], ["A-64"])
    assert points_of(sheet, 0, "fugitive") == [-3]


def test_fugitive_goes_negative_from_four_military_symbols_of_the_neighbours():
    """Fugitif: "le Fugitif vous infligera des points négatifs si vos voisins ont au moins 4 symboles de valeur
    militaire (conjointement)." """
    assert points_of(score(["fugitive"], ["A-26", "A-27"], ["A-28"]), 0, "fugitive") == [0]
    assert points_of(score(["fugitive"], ["A-26", "A-27"], ["A-28", "A-64"]), 0, "fugitive") == [-3]


# --- Card index: "all cards count" (count in play) ---------------------------------------------------------


def test_four_copies_in_play_two_of_them_yours_score_four_plus_four():
    """Toutes les cartes comptent: "Exemple : il y a 4 exemplaires de cette carte dans les zones de jeu des
    joueurs. Vous en avez deux. Vous marquez donc : 4+4 = 8 points." (pictured with the six-copy icon: Camel)

    Chameau: "Exemple : S'il y a quatre cartes Chameau en jeu et que vous en avez deux, chacune d'entre elles vous
    rapporte 8 points." contradicts it; the data follows the generic example (4 each, 8 in all), see
    docs/rules-decisions.md.
    """
    sheet = score(["camel", "camel"], ["camel"], ["camel"])
    assert points_of(sheet, 0, "camel") == [4, 4]
    assert sheet.seats[0].rows["orange"] == 8


def test_two_copies_in_play_both_yours_score_four_plus_four():
    """Toutes les cartes comptent: "Exemple : il y a 2 exemplaires de cette carte dans les zones de jeu des joueurs.
    Elles sont toutes les deux dans votre zone de jeu. Vous marquez donc 4+4 = 8 points." (pictured with the
    three-copy icon; Ivory's own example gives 3 at two in play, so this is Jade)"""
    sheet = score(["jade", "jade"], [], [])
    assert points_of(sheet, 0, "jade") == [4, 4]


def test_camel_with_four_in_play_scores_four_each():
    """Chameau: "Comptez le nombre de cartes Chameau en jeu. Chacune de vos cartes Chameau vous rapporte le nombre
    de points indiqué." Four in play, one of them yours: 4."""
    assert points_of(score(["camel"], ["camel", "camel"], ["camel"]), 0, "camel") == [4]


def test_ivory_with_two_in_play_scores_three():
    """Ivoire: "Exemple : S'il y a deux cartes Ivoire en jeu et que vous en avez une, vous marquez 3 points." """
    assert points_of(score(["ivory"], ["ivory"], []), 0, "ivory") == [3]


def test_jade_with_three_in_play_scores_two():
    """Jade: "Exemple : S'il y a trois cartes Jade en jeu et que vous en avez une, vous marquez 2 points." """
    assert points_of(score(["jade"], ["jade"], ["jade"]), 0, "jade") == [2]


# --- Card index: you and your neighbours -------------------------------------------------------------------


def test_camel_drivers_score_four_plus_two_plus_zero():
    """Chameliers: "Vous marquez 2 points pour chaque carte Chameau chez vous et vos voisins. Exemple : vous avez
    deux cartes Chameau, votre voisin de gauche en a une, et votre voisin de droite n'en a pas. Vous marquez 6 points
    (4+2+0)." """
    sheet = score(["camel_drivers", "camel", "camel"], ["camel"], ["silver"], ["lamp"])
    assert points_of(sheet, 0, "camel_drivers") == [6]


def test_peddler_scores_one_plus_two_plus_one():
    """Colporteur: "Vous marquez 1 point pour chaque symbole Objet chez vous et vos voisins. Exemple : vous avez un
    symbole Objet, votre voisin de gauche en a deux, et votre voisin de droite en a un. Vous marquez 4 points
    (1+2+1)." """
    sheet = score(["peddler", "lamp"], ["carpet", "porcelain"], ["silver"], ["medallion"])
    assert points_of(sheet, 0, "peddler") == [4]


@pytest.mark.parametrize("card", ["gem", "silk"])
def test_three_gems_with_one_left_and_two_right_score_six_each(card):
    """Gemmes: "Chacune de vos cartes Gemmes vous rapporte 1 point pour chaque carte Gemmes chez vous et vos voisins.
    Exemple : vous avez trois Gemmes, votre voisin de gauche en a une, et votre voisin de droite en a deux. Chacune de
    vos Gemmes vaut donc 6 points, pour un total de 18." (Soie: the same example with Silk.)
    Note: "vos cartes Gemmes n'auront probablement pas la même valeur que celles de vos adversaires"."""
    sheet = score([card] * 3, [card], ["silver"], [card] * 2)
    assert points_of(sheet, 0, card) == [6, 6, 6]
    assert sheet.seats[0].rows["yellow"] == 18
    assert points_of(sheet, 1, card) == [4]  # the neighbour's Gem is worth another amount


def test_gemsmith_scores_two_plus_one_plus_two_and_does_not_raise_your_gems():
    """Orfèvre: "Vous marquez 1 point pour chaque carte Gemmes chez vous et vos voisins. Exemple : vous avez deux
    Gemmes. Votre voisin de gauche a une Gemme et votre voisin de droite en a deux. Vous marquez 2+1+2 = 5 points.
    Note : l'Orfèvre n'augmente pas la valeur de vos Gemmes." """
    sheet = score(["gemsmith", "gem", "gem"], ["gem"], ["silver"], ["gem", "gem"])
    assert points_of(sheet, 0, "gemsmith") == [5]
    assert points_of(sheet, 0, "gem") == [5, 5]


def test_spice_broker_scores_two_plus_one_plus_two():
    """Vendeur d'épices: "Vous marquez 1 point pour chaque carte Épices chez vous et vos voisins. Exemple : vous avez
    deux Épices. Votre voisin de gauche a une Épice et votre voisin de droite en a deux. Vous marquez 2+1+2 = 5
    points." """
    sheet = score(["spice_broker", "spice", "spice"], ["spice"], ["silver"], ["spice", "spice"])
    assert points_of(sheet, 0, "spice_broker") == [5]


def test_tax_collector_scores_three_plus_two():
    """Percepteur: "Vous marquez 1 point pour chaque symbole Commerce chez vos voisins. Exemple : votre voisin de
    gauche a trois symboles Commerce et votre voisin de droite en a deux. Vous marquez 3+2 = 5 points." """
    sheet = score(["tax_collector", "contract"], ["contract"] * 3, ["silver"], ["contract"] * 2)
    assert points_of(sheet, 0, "tax_collector") == [5]


def test_amul_city_guard_counts_its_own_military_symbol():
    """Milice d'Amul: "Vous gagnez un symbole de valeur militaire. Vous marquez 1 point pour chaque symbole de valeur
    militaire chez vous (dont celui-ci) et vos voisins." (including this one)"""
    sheet = score(["amul_city_guard"], ["silver"], ["silver"], ["silver"])
    assert points_of(sheet, 0, "amul_city_guard") == [1]
    assert sheet.seats[0].military == 1
    sheet = score(["amul_city_guard", "A-25"], ["mercenaries"], ["A-26"], ["A-27"])
    assert points_of(sheet, 0, "amul_city_guard") == [1 + 1 + 2 + 1]


# --- Card index: per symbol and per card ------------------------------------------------------------------


def test_trading_house_counts_the_trade_symbols_of_this_card_too():
    """Caravansérail: "Vous marquez 1 point pour chacun de vos symboles Commerce (y compris ceux de cette carte)."
    Standard: "Exemple : 1 point pour chacun de vos symboles Commerce." """
    assert points_of(score(["trading_house"], [], []), 0, "trading_house") == [1]
    assert points_of(score(["trading_house", "contract", "contract"], [], []), 0, "trading_house") == [3]


@pytest.mark.parametrize(
    ("caravan", "side", "other"), [("arab_caravan", "A-27", "A-25"), ("mongol_caravan", "A-25", "A-27")]
)
def test_a_caravan_scores_one_per_symbol_of_its_side(caravan, side, other):
    """Caravane arabe: "Vous marquez 1 point pour chacun de vos symboles arabes." (Caravane mongole: mongols.)"""
    assert points_of(score([caravan, side, other], [], []), 0, caravan) == [2]


def test_envoy_scores_two_per_pair_of_arab_and_mongol_symbols():
    """Standard: "Exemple : 2 points pour chacune de vos paires de symboles arabe et mongol (un de chaque)."
    Émissaire: "Vous marquez 2 points pour chacune de vos paires de symboles arabe et mongol (un de chaque)." """
    assert points_of(score(["envoy"], [], []), 0, "envoy") == [2]
    assert points_of(score(["envoy", "diplomat", "arab_prince"], [], []), 0, "envoy") == [2 * 3]


@pytest.mark.parametrize("general", ["arab_general", "mongol_general"])
def test_a_general_scores_two_per_military_symbol(general):
    """Général arabe / mongol: "Vous marquez 2 points pour chacun de vos symboles de valeur militaire." """
    assert points_of(score([general, "A-25", "mercenaries"], [], []), 0, general) == [6]


def test_nomad_scores_two_per_object_symbol():
    """Nomade: "Vous marquez 2 points pour chacun de vos symboles Objet." """
    assert points_of(score(["nomad", "lamp", "carpet"], [], []), 0, "nomad") == [4]


def test_courtesan_dancer_and_sheikh_count_their_cards():
    """Courtisane: "1 point pour chacune de vos cartes Or et Soie." Danseuse: "1 point pour chacune de vos cartes
    Gemmes et Argent." Sheikh: "2 points pour chacune de vos cartes Huile." """
    sheet = score(["courtesan", "gold", "silk", "silk"], ["dancer", "gem", "silver"], ["sheikh", "oil", "oil"])
    assert points_of(sheet, 0, "courtesan") == [3]
    assert points_of(sheet, 1, "dancer") == [2]
    assert points_of(sheet, 2, "sheikh") == [4]


@pytest.mark.parametrize("spy", ["arab_spy", "mongol_spy"])
def test_a_spy_counts_the_chosen_neighbour_after_all_cards_are_revealed(spy):
    """Espion arabe: "Vous marquez 1 point pour chaque symbole mongol de votre voisin de gauche ou de droite. Faites
    ce choix à la fin de la partie, une fois que toutes les cartes sont révélées." (Espion mongol: Arab symbols.)"""
    counted = "mongol_prince" if spy == "arab_spy" else "arab_prince"
    one = "A-25" if spy == "arab_spy" else "A-27"
    sheet = score([spy], [one], ["silver"], [counted])
    assert points_of(sheet, 0, spy) == [3]


# --- Card index: flat points and symbols -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("gold", 4),
        ("lamp", 3),
        ("medallion", 4),
        ("tea", 4),
        ("contract", 2),
        ("scavenger", 1),
        ("arab_merchant", 0),
        ("mongol_merchant", 0),
        ("mughal_warlord", -3),
        ("thief", -1),
        ("mercenaries", 0),
        ("diplomat", 0),
        ("arab_prince", 0),
        ("mongol_prince", 0),
        ("dervish", 2),
        ("tent", 2),
        ("yurt", 2),
    ],
)
def test_flat_points_from_the_card_index(card, points):
    """Or "4 points", Lampe "3 points", Médaillon "4 points", Thé "4 points", Contrat "2 points", Vagabond "1 point",
    Marchand arabe / mongol "0 point", Seigneur moghol "Vous perdez 3 points", Voleur "Vous perdez 1 point",
    Mercenaires / Diplomate / Princes "0 point", Derviche, Tente, Yourte "2 points"."""
    assert points_of(score([card], [], []), 0, card) == [points]


def test_symbol_cards_give_their_symbols():
    """Diplomate: "gagnez deux symboles arabes et deux symboles mongols"; Prince arabe "3 symboles arabes"; Prince
    mongol "3 symboles mongols"; Mercenaires "deux symboles de valeur militaire"; Derviche "1 symbole de valeur
    militaire"."""
    assert (CARDS.types["diplomat"].symbols["arab"], CARDS.types["diplomat"].symbols["mongol"]) == (2, 2)
    assert CARDS.types["arab_prince"].symbols == {"arab": 3}
    assert CARDS.types["mongol_prince"].symbols == {"mongol": 3}
    assert score(["mercenaries"], [], []).seats[0].military == 2
    assert score(["dervish"], [], []).seats[0].military == 1


@pytest.mark.parametrize(("guard", "low", "high"), [("arab_guard", 1, 2), ("mongol_guard", 0, 3)])
def test_guards_score_within_the_printed_range_and_give_one_military_symbol(guard, low, high):
    """Garde arabe: "Vous marquez 1 à 2 points et gagnez un symbole de valeur militaire." Garde mongol: "Vous marquez
    0 à 3 points et gagnez un symbole de valeur militaire." """
    for copy in (c for c in CARDS.cards if c.id == guard):
        sheet = score_game([[copy.uid], [], []])
        assert low <= sheet.seats[0].total - sheet.seats[0].rows["arab"] - sheet.seats[0].rows["mongol"] <= high
        assert sheet.seats[0].military == 1
    points = sorted(c.points for c in CARDS.cards if c.id == guard)
    assert points[0] == low and points[-1] == high


# --- Card index: immediate effects and Traders ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "source", "up_to"),
    [
        ("arab_merchant", "palace", 1),
        ("mongol_merchant", "palace", 1),
        ("contract", "bazaar", 1),
        ("scavenger", "market", 1),
        ("mughal_warlord", "palace", 2),
    ],
)
def test_immediate_effects_take_from_the_named_place(card, source, up_to):
    """Marchand arabe / mongol: "vous pouvez prendre une carte du palais"; Contrat: "une carte du bazar"; Vagabond:
    "une carte du marché"; Seigneur moghol: "jusqu'à deux cartes du palais". EN: "The following cards have immediate
    effects: Arab Merchant, Mongol Merchant, Contract, Scavenger, and Mughal Warlord." """
    players = 6
    state = new_game(players, seed=40)
    effect_card = copies(card)[0]
    give_hand(state, 0, [effect_card])
    for s in range(players):
        apply(state, (ActionKind.OFFER, s, next(c for c in state.hands[s] if c != effect_card)))
    while state.phase == Phase.PICK:
        apply(state, (ActionKind.PICK, pending(state).seats[0], state.market[0]))
    for s in range(players):
        apply(state, (ActionKind.REVEAL, s, effect_card if s == 0 else plain_card(state, s)))
    assert pending(state)[0] == Phase.EFFECTS
    assert pending(state).seats == (0,)
    assert (pending(state).source, pending(state).remaining) == (source, up_to)


def test_babylonian_trader_scores_eight_for_spice_camel_and_gold():
    """Négociant: "Vous marquez 0 point. Si vous avez la série unique requise, vous marquez ... Exemple : si vous
    avez les cartes Épices, Chameau et Or, le Négociant babylonien vous rapporte 8 points." """
    assert score(["babylonian_trader", "spice", "camel"], [], []).seats[0].rows["bazaar"] == 0
    assert score(["babylonian_trader", "spice", "camel", "gold"], [], []).seats[0].rows["bazaar"] == 8


def test_a_card_serves_one_trader_only_but_still_scores_elsewhere():
    """Négociant: "Vous ne pouvez pas utiliser une même carte pour deux Négociants différents. Toutefois, toute carte
    utilisée pour un Négociant reste utilisable pour d'autres types de décompte." """
    one_spice = ["babylonian_trader", "indian_trader", "spice", "camel", "gold", "gem", "silver"]
    sheet = score(one_spice, [], [])
    assert sheet.seats[0].rows["bazaar"] == 8  # the single Spice serves one of the two
    assert points_of(sheet, 0, "spice") == [2] and points_of(sheet, 0, "gold") == [4]
    sheet = score([*one_spice, "spice"], [], [])
    assert sheet.seats[0].rows["bazaar"] == 16


def test_one_trader_takes_several_identical_sets():
    """Symboles, Négociants: "Une même série ne peut être utilisée qu'une fois, mais un négociant peut accueillir
    plusieurs séries identiques." """
    sheet = score(["babylonian_trader", "spice", "spice", "camel", "camel", "gold", "gold"], [], [])
    assert sheet.seats[0].rows["bazaar"] == 16


def test_traders_are_scored_on_their_own_bazaar_row():
    """ "Bazaar Cards: When the bookkeeper calls out the Bazaar cards, each player scores each Bazaar card in their
    personal play area." FR: "Elles sont calculées en dernier, après les cartes Marché et Palais." """
    sheet = score(["babylonian_trader", "spice", "camel", "gold"], [], [])
    rows = sheet.seats[0].rows
    assert rows["bazaar"] == 8 and rows["yellow"] == 2 + 4 and rows["orange"] == 1
    assert list(rows) == [*CARDS.score_pad_colours, "bazaar", "arab", "mongol", "total"]


def test_three_players_neighbours_are_both_other_players():
    """Symboles: "Le terme "voisin" définit le joueur qui se trouve directement à côté de vous." At three players
    both others sit directly beside you, so "vous et vos voisins" counts each player once."""
    sheet = score(["gem", "gem"], ["gem"], ["gem", "gem", "gem"])
    assert points_of(sheet, 0, "gem") == [6, 6]


def test_a_card_marked_8_is_used_only_with_8_players():
    """Symboles: "Le chiffre inscrit dans le rond bleu indique le nombre minimum de joueurs. Par exemple, une carte
    marquée "8" ne sera utilisée qu'à 8 joueurs." """
    marked_8 = {c.uid for c in CARDS.cards if c.min_players == 8 and c.type.variant is None}
    for players in range(3, 8):
        assert not marked_8 & set(new_game(players, seed=players).in_game)
    assert marked_8 <= set(new_game(8, seed=8).in_game)


def test_a_card_without_a_control_icon_scores_on_its_own():
    """Contrôle: "Une carte qui n'a pas d'icône de contrôle marque des points indépendamment des autres." Nothing
    the other players hold changes a Nomad, an Oil or a Silver set."""
    mine = ["nomad", "lamp", "carpet", "oil", "silver", "silver"]
    alone = score(mine, [], [])
    crowded = score(mine, ["lamp", "medallion", "silver", "oil"], ["porcelain", "A-25", "silver"])
    for card in ("nomad", "oil", "silver"):
        assert points_of(alone, 0, card) == points_of(crowded, 0, card)


@pytest.mark.parametrize("players", [3, 6])
def test_play_areas_hold_the_kept_reveals_and_cards_gained_and_at_the_end_the_kept_hand(players):
    """Reminder after the Reveal: "Each player should now have 5 Market cards in their hand and (typically) as many
    cards in their play area as rounds of play." End of game: "All players will now (usually) have 5 [hand] cards
    and 9 [play area] cards (plus any cards gained by resolving effects) in their play area." Effects are "the only
    way of acquiring Palace and Bazaar cards"; Palace cards "ne peuvent pas être placées dans votre main"."""
    state = new_game(players, seed=60 + players)
    rng = random.Random(players)
    expected = [0] * players
    while not state.is_over:
        seat = pending(state).seats[0]
        events = apply(state, rng.choice(legal_actions(state, seat)))
        for e in events:
            if e.kind == "reveals":
                for s, c in enumerate(e.cards):
                    expected[s] += CARDS.cards[c].keeps_in_play
            elif e.kind == "take":
                expected[e.seat] += 1
            elif e.kind == "end_hand":
                expected[e.seat] += e.kept
            elif e.kind == "round":
                assert [len(a) for a in state.play_areas] == expected
        assert all(CARDS.cards[c].deck == "market" for hand in state.hands for c in hand)
    assert [len(a) for a in state.play_areas] == expected
    gained = {e.cards[0] for e in state.log if e.kind == "take"}
    for area in state.play_areas:
        assert {c for c in area if CARDS.cards[c].deck != "market"} <= gained


def test_removed_cards_never_return():
    """ "Empty the Market: Remove any cards remaining in the Market from the game." Removed cards are out for good."""
    state = new_game(3, seed=77)
    seen_removed: set[int] = set()
    rng = random.Random(77)
    while not state.is_over:
        seat = pending(state).seats[0]
        apply(state, rng.choice(legal_actions(state, seat)))
        assert seen_removed <= set(state.removed)
        seen_removed = set(state.removed)
