"""Plain data for a game: the whole truth in one dataclass, plus actions, events and pending decisions.

Cards are named by their integer uid (see cards.py). Decks are lists whose *last* element is the top.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from amul_table.rules.phases import ActionKind, Phase

ROUNDS = 9
HAND_SIZE = 5
MARKET_FILL = {3: 1, 4: 2}  # 5 to 8 players: 3
NO_CARD = -1


def market_fill(players: int) -> int:
    return MARKET_FILL.get(players, 3)


class Action(NamedTuple):
    """A decision by one seat; `card` is a uid, or -1 for a decline."""

    kind: ActionKind
    seat: int
    card: int = NO_CARD


class EventKind(StrEnum):
    """What happened; the log, the table's animation and the bots' knowledge read these."""

    ROUND = "round"  # a round starts (`round`, `seat` holds First Pick)
    DEAL = "deal"  # one card to each seat, from `seat` (the Starting Player)
    MARKET_FILL = "market_fill"  # `cards` dealt into the Market
    PHASE = "phase"  # the round enters `phase`; `order` holds the seats in turn order for pick and effects
    OFFER_COMMITTED = "offer_committed"
    REVEAL_COMMITTED = "reveal_committed"
    OFFERS_REVEALED = "offers_revealed"  # `cards` by seat
    PICK = "pick"
    REVEALS = "reveals"  # `cards` by seat
    REMOVED = "removed"  # a hand-only card revealed leaves the game
    TAKE = "take"  # from `source`
    DECLINE = "decline"  # the effect of `cards[0]` from `source` declined
    EFFECT_EMPTY = "effect_empty"  # the effect of `cards[0]` finds `source` empty
    MARKET_EMPTIED = "market_emptied"
    FIRST_PICK = "first_pick"  # the First Pick card passes to `seat`
    END_HAND = "end_hand"  # `seat`'s last hand: the first `kept` of `cards` stay, the others leave
    GAME_OVER = "game_over"


class Event(NamedTuple):
    """A public happening, in order; the table animates these and the log lists them.

    `cards` holds card uids only; every other field is typed and defaults to "not used by this kind".
    """

    kind: EventKind
    seat: int = -1
    cards: tuple[int, ...] = ()
    round: int = 0
    phase: Phase | None = None  # for phase
    order: tuple[int, ...] = ()
    source: str = ""  # palace / bazaar / market, for take, decline and effect_empty
    kept: int = 0  # for end_hand


class Pending(NamedTuple):
    """Who must decide what now. Offer and Reveal wait for several seats at once."""

    phase: Phase
    seats: tuple[int, ...]
    source: str = ""  # for effects: palace / bazaar / market
    remaining: int = 0  # for effects: how many more cards may be taken


@dataclass
class EffectStep:
    """One card's effect waiting to be resolved: `seat` may take up to `remaining` cards from `source`."""

    seat: int
    card: int
    source: str
    remaining: int


@dataclass
class GameState:
    players: int
    seed: int
    tea: int  # Tea cards in the game; 0 for a regular game
    rng: int  # the generator's state after setup (see rng.py)
    starting_player: int
    first_pick: int
    round: int
    phase: Phase
    deck: list[int]
    palace: list[int]
    bazaar: list[int]
    market: list[int]
    hands: list[list[int]]
    play_areas: list[list[int]]
    removed: list[int]
    offers: list[int]  # face-down offer per seat this round, -1 while undecided
    reveals: list[int]  # face-down reveal per seat this round, -1 while undecided
    order: list[int]  # seats in turn order for this round's pick or effects
    pick_index: int
    effects: list[EffectStep]
    in_game: tuple[int, ...]  # every card of this game, sorted (for conservation checks and views)
    initial_deck: tuple[int, ...] = ()  # the shuffled Market deck before the deal (saves record it)
    log: list[Event] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)

    def clone(self) -> GameState:
        """A deep copy that is much faster than copy.deepcopy (bots play thousands of these)."""
        new = copy.copy(self)
        new.deck = self.deck[:]
        new.palace = self.palace[:]
        new.bazaar = self.bazaar[:]
        new.market = self.market[:]
        new.hands = [h[:] for h in self.hands]
        new.play_areas = [p[:] for p in self.play_areas]
        new.removed = self.removed[:]
        new.offers = self.offers[:]
        new.reveals = self.reveals[:]
        new.order = self.order[:]
        new.effects = [copy.copy(e) for e in self.effects]
        new.log = self.log[:]
        new.actions = self.actions[:]
        return new

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER
