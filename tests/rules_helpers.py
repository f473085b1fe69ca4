"""Helpers shared by the engine tests: cards named as a player would name them, tables to score, and
small surgery on a game state that keeps every card in exactly one place."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from amul_table.rules import apply, legal_actions, pending
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.scoring import ScoreSheet, score_game
from amul_table.rules.state import GameState

CARDS = load_cards()


def uid(number: str) -> int:
    """The uid of a printed copy number such as "A-27"."""
    return CARDS.by_number[number.upper()].uid


def copies(card_id: str) -> list[int]:
    """Every copy of a card type, Market copies first (in card-number order of the file)."""
    found = [c for c in CARDS.cards if c.id == card_id]
    return [c.uid for c in sorted(found, key=lambda c: c.deck != "market")]


def areas(*seats: Iterable[str]) -> list[list[int]]:
    """Play areas from card references: a copy number names that copy, an id takes its next unused copy."""
    taken: set[int] = set()
    out = []
    for seat in seats:
        area = []
        for ref in seat:
            named = ref.upper() in CARDS.by_number
            chosen = uid(ref) if named else next(u for u in copies(ref) if u not in taken)
            assert chosen not in taken, f"{ref} used twice"
            taken.add(chosen)
            area.append(chosen)
        out.append(area)
    return out


def score(*seats: Iterable[str]) -> ScoreSheet:
    return score_game(areas(*seats))


def points_of(sheet: ScoreSheet, seat: int, card_id: str) -> list[int]:
    """Points of each copy of `card_id` in a seat's play area, as the score sheet credits them."""
    return [p for u, p in sheet.seats[seat].cards.items() if CARDS.cards[u].id == card_id]


# --- turn order, computed independently of order.py ----------------------------------------------------


def expected_order(areas: list[list[int]], first_pick: int, round_number: int) -> list[int]:
    """The rulebook's order, computed independently of order.py."""
    n = len(areas)
    clockwise = [(first_pick + i) % n for i in range(n)]
    if round_number <= n:
        return clockwise

    def prowess(seat: int) -> int:
        return sum(CARDS.cards[u].type.symbols.get("military", 0) for u in areas[seat])

    def letter(seat: int) -> str:
        return min(CARDS.cards[u].letter for u in areas[seat] if CARDS.cards[u].letter)

    strong = sorted((s for s in clockwise if prowess(s)), key=lambda s: (-prowess(s), letter(s)))
    return strong + [s for s in clockwise if not prowess(s)]


# --- game state surgery ---------------------------------------------------------------------------


def places(state: GameState) -> list[list[int]]:
    """Every list a card can lie in (face-down offers and reveals are not lists and are not searched)."""
    return [state.deck, state.palace, state.bazaar, state.market, state.removed, *state.hands, *state.play_areas]


def _where(state: GameState, card: int) -> list[int]:
    for place in places(state):
        if card in place:
            return place
    raise AssertionError(f"card {card} is nowhere")


def swap_into(state: GameState, target: list[int], card: int, keep: Sequence[int] = ()) -> None:
    """Put `card` into `target` by swapping it with a card of `target` (not one of `keep`).

    Sizes of every place stay the same, so hand sizes and card conservation still hold.
    """
    if card in target:
        return
    source = _where(state, card)
    out = next(c for c in target if c not in keep and c != card)
    source[source.index(card)] = out
    target[target.index(out)] = card


def give_hand(state: GameState, seat: int, cards: Sequence[int]) -> None:
    """Make `cards` part of a seat's hand (swapping out others)."""
    for i, c in enumerate(cards):
        swap_into(state, state.hands[seat], c, keep=cards[:i])


def move(state: GameState, card: int, target: list[int]) -> None:
    """Move `card` from wherever it lies to the end of `target` (sizes change; conservation holds)."""
    _where(state, card).remove(card)
    target.append(card)


def play_random(state: GameState, rng: random.Random, stop=lambda s: False) -> GameState:
    """Random legal play until the game is over or `stop(state)` holds before a decision."""
    while not state.is_over and not stop(state):
        seat = pending(state).seats[0]
        apply(state, rng.choice(legal_actions(state, seat)))
    return state


def play_round_with(state: GameState, offers: dict[int, int], picks: dict[int, int], reveals: dict[int, int]) -> None:
    """Play Offer, Pick and Reveal of one round with the given choices (a seat not named takes its first option)."""
    for seat in range(state.players):
        card = offers.get(seat, state.hands[seat][0])
        apply(state, (ActionKind.OFFER, seat, card))
    while state.phase == Phase.PICK:
        seat = pending(state).seats[0]
        card = picks.get(seat)
        if card is None or card not in state.market:
            card = next(c for c in state.market if c not in picks.values())
        apply(state, (ActionKind.PICK, seat, card))
    for seat in range(state.players):
        card = reveals.get(seat, state.hands[seat][0])
        apply(state, (ActionKind.REVEAL, seat, card))


def plain_card(state: GameState, seat: int, avoid: Sequence[int] = ()) -> int:
    """A card of the seat's hand without any effect (falls back to any card not avoided)."""
    hand = [c for c in state.hands[seat] if c not in avoid]
    return next((c for c in hand if CARDS.cards[c].type.effect is None), hand[0])
