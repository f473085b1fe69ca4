"""The medium evaluation makes the choices a sensible player would, in arranged positions."""

from __future__ import annotations

from collections import Counter

from amul_table.ai.evaluate import Outlook, kept
from amul_table.ai.knowledge import read_view, reveals_left
from amul_table.ai.medium import MediumBot, outlook_for, rate_options
from amul_table.rules import apply, new_game, pending
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.rules.state import GameState
from amul_table.rules.views import view_for

CARDS = load_cards().cards


def take_from_deck(state: GameState, type_id: str) -> int:
    """Remove a copy of `type_id` from the Market deck (it must still be there) and return it."""
    uid = next(u for u in state.deck if CARDS[u].id == type_id)
    state.deck.remove(uid)
    return uid


def arrange(state: GameState, seat: int, hand: list[str], area: list[str] = ()) -> None:
    """Give `seat` exactly these hand and play-area cards; its old hand goes back under the deck."""
    old = state.hands[seat]
    state.hands[seat] = [take_from_deck(state, t) for t in hand]
    state.play_areas[seat] = [take_from_deck(state, t) for t in area]
    state.deck[:0] = old


def at_phase(players: int, seed: int, phase: Phase) -> GameState:
    state = new_game(players, seed)
    bots = [MediumBot(s, s) for s in range(players)]
    while state.phase != phase:
        for s in pending(state).seats:
            apply(state, bots[s].choose(view_for(state, s)))
    return state


def test_medium_reveals_a_play_area_card_rather_than_lose_a_hand_only_good():
    state = at_phase(4, 1, Phase.REVEAL)
    arrange(state, 0, ["silver", "silver", "gold", "spice", "spice", "carpet"])
    action = MediumBot(0, 0).choose(view_for(state, 0))
    assert CARDS[action.card].id == "carpet"


def test_medium_picks_the_second_carpet_that_completes_its_pair():
    state = at_phase(4, 2, Phase.PICK)
    seat = state.order[state.pick_index]
    arrange(state, seat, ["gold", "spice", "camel", "lamp", "oil"], area=["carpet"])
    state.market = [take_from_deck(state, "carpet"), take_from_deck(state, "gold")]
    action = MediumBot(seat, 0).choose(view_for(state, seat))
    assert CARDS[action.card].id == "carpet"


def test_medium_offers_a_card_worth_little_to_itself_rather_than_its_set():
    state = at_phase(4, 3, Phase.OFFER)
    arrange(state, 0, ["silver", "silver", "silver", "spice", "spice", "gem"])
    action = MediumBot(0, 0).choose(view_for(state, 0))
    assert CARDS[action.card].id == "gem"


def test_an_effect_revealed_now_is_worth_no_more_than_its_best_cards():
    for seed in range(1, 30):
        state = at_phase(4, seed, Phase.REVEAL)
        for seat in range(4):
            view = view_for(state, seat)
            effects = [c for c in view.hand if CARDS[c].type.effect and CARDS[c].keeps_in_play]
            if not effects:
                continue
            out = outlook_for(view, read_view(view))
            reveals = reveals_left(view) - 1
            for option in rate_options(view):
                if option.action.card not in effects:
                    continue
                card = CARDS[option.action.card]
                rest = [c for c in view.hand if c != card.uid]
                base = out.standing(rest, [card.uid], reveals)
                source = {"palace": view.palace, "bazaar": view.bazaar}.get(card.type.effect["take_from"], view.market)
                best = max((out.standing(rest, [card.uid, x], reveals) - base for x in source), default=0.0)
                effect = dict(option.parts)["effect"]
                assert 0.0 <= effect <= card.type.effect["up_to"] * max(0.0, best) + 1e-9
            return
    raise AssertionError("no effect card in any hand")


def test_a_projection_keeps_no_more_play_area_cards_than_reveals_left():
    merchants = [u for u in range(len(CARDS)) if CARDS[u].id == "arab_merchant"][:3]
    silver = [u for u in range(len(CARDS)) if CARDS[u].id == "silver" and CARDS[u].deck == "market"][:3]
    assert len(kept(merchants + silver, 2)) == 5
    assert set(silver) <= set(kept(merchants + silver, 0))


def test_denying_the_leader_counts_in_standing():
    silver = [u for u in range(len(CARDS)) if CARDS[u].id == "silver" and CARDS[u].deck == "market"]
    areas = [[], silver[:2], []]
    out = Outlook(0, areas, [], 5, 5, Counter())
    assert out.standing(gift=(1, silver[2])) < out.standing() - 5
