"""Setup: the cards of a player count, the shuffled Market deck, Palace, Bazaar, starting hands."""

from __future__ import annotations

from collections.abc import Sequence

from amul_table.rules import rng
from amul_table.rules.cards import load_cards
from amul_table.rules.order import deal_order
from amul_table.rules.phases import Phase
from amul_table.rules.state import HAND_SIZE, GameState

MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_TEA = 8


class SetupError(ValueError):
    """Options that no game can be set up with."""


def game_cards(players: int, tea: int) -> tuple[list[int], list[int], list[int]]:
    """Market deck (unshuffled), Palace and Bazaar uids for these options."""
    cards = load_cards()
    market = cards.copies_for(players, "market")
    if tea:
        tea_cards = [uid for uid in cards.copies_for(MAX_PLAYERS, "market", "tea") if cards.card(uid).type.variant]
        market = sorted(market + tea_cards[:tea])
    palace = cards.copies_for(players, "palace")
    bazaar = cards.copies_for(players, "bazaar", "tea" if tea else None)
    return market, palace, bazaar


def check_options(players: int, tea: int) -> None:
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"Amul is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if not _is_int(tea) or not 0 <= tea <= MAX_TEA:
        raise SetupError(f"the Tea variant adds 1 to {MAX_TEA} Tea cards (0 plays without it), not {tea!r}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def new_game(
    players: int,
    seed: int,
    tea: int = 0,
    deck_order: Sequence[int] | None = None,
    starting_player: int | None = None,
) -> GameState:
    """A game ready for round 1's Offer: hands dealt, round 1's card dealt and the Market filled.

    `deck_order` and `starting_player` replace the chance outcomes drawn from `seed` (a save
    records them so a game replays the same on any Python version).
    """
    from amul_table.rules.engine import start_round  # setup and engine share round starts

    check_options(players, tea)
    if not _is_int(seed):
        raise SetupError(f"a game seed is a whole number, not {seed!r}")
    deck, palace, bazaar = game_cards(players, tea)
    if deck_order is not None:
        deck_order = list(deck_order)
        if not all(_is_int(c) for c in deck_order) or sorted(deck_order) != deck:
            raise SetupError("the recorded deck order does not hold exactly this game's Market cards")
    state_rng = rng.shuffle(rng.seed_state(seed), deck)  # drawn even when recorded, so the RNG state agrees
    if deck_order is not None:
        deck = list(deck_order)
    first, state_rng = rng.below(state_rng, players)
    if starting_player is not None:
        if not _is_int(starting_player) or not 0 <= starting_player < players:
            raise SetupError(f"starting player {starting_player!r} is not a seat of a {players}-player game")
        first = starting_player
    state = GameState(
        players=players,
        seed=seed,
        tea=tea,
        rng=state_rng,
        starting_player=first,
        first_pick=first,
        round=0,
        phase=Phase.OFFER,  # start_round below begins the first Offer
        deck=deck,
        palace=palace,
        bazaar=bazaar,
        market=[],
        hands=[[] for _ in range(players)],
        play_areas=[[] for _ in range(players)],
        removed=[],
        offers=[-1] * players,
        reveals=[-1] * players,
        order=[],
        pick_index=0,
        effects=[],
        in_game=tuple(sorted(deck + palace + bazaar)),
    )
    state.initial_deck = tuple(state.deck)
    for _ in range(HAND_SIZE):
        for seat in deal_order(state):
            state.hands[seat].append(state.deck.pop())
    start_round(state, 1)
    return state
