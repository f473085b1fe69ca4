"""A compact game for search: the rules engine's transitions on plain ints and lists, without checks,
events or views, so a bot can play thousands of whole games per second from a sampled position.

It must reach exactly what `rules/` reaches for the same actions (tests/ai/test_playout.py plays
thousands of random games through both); it never validates, so feed it legal actions only.
Piles are indexed PALACE, BAZAAR, MARKET; phases and action kinds are the rules' IntEnums; decks keep
their top last.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from amul_table.ai.fastscore import totals
from amul_table.rules.cards import load_cards
from amul_table.rules.order import NO_LETTER
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import NO_CARD, ROUNDS, Action, GameState, market_fill

PALACE, BAZAAR, MARKET = range(3)
SOURCES = ("palace", "bazaar", "market")

_CARDS = load_cards().cards
KEEPS_IN_PLAY = [c.keeps_in_play for c in _CARDS]
KEEPS_IN_HAND = [c.keeps_in_hand for c in _CARDS]
MILITARY = [c.symbols.get("military", 0) for c in _CARDS]
LETTER = [c.letter or NO_LETTER for c in _CARDS]
# Upkeep effects fire only for cards that stay in play; game-end effects only from the hand (the Thief).
UPKEEP: list[tuple[int, int] | None] = [
    (SOURCES.index(c.type.effect["take_from"]), c.type.effect["up_to"])
    if c.type.effect and c.type.effect["when"] == "upkeep" and c.keeps_in_play
    else None
    for c in _CARDS
]
AT_END: list[tuple[int, int] | None] = [
    (SOURCES.index(c.type.effect["take_from"]), c.type.effect["up_to"])
    if c.type.effect and c.type.effect["when"] == "game_end"
    else None
    for c in _CARDS
]
# The playouts' reveal preference: a table-only card first (in hand it is lost at the end), then a
# card with both icons, a hand-only card last (revealing it throws it away).
REVEAL_RANK = [(2 if not KEEPS_IN_HAND[u] else 1) if KEEPS_IN_PLAY[u] else 0 for u in range(len(_CARDS))]


class Sim:
    """One game's whole truth in plain lists; `clone` is cheap enough to run per candidate and sample."""

    # Declared for mypyc, which compiles this module into a C extension when the package is built.
    n: int
    round: int
    phase: Phase
    starting_player: int
    first_pick: int
    deck: list[int]
    piles: list[list[int]]
    hands: list[list[int]]
    areas: list[list[int]]
    offers: list[int]
    reveals: list[int]
    order: list[int]
    pick_index: int
    effects: list[list[int]]
    military: list[int]
    letter: list[str]

    def clone(self) -> Sim:
        new = Sim.__new__(Sim)
        new.n = self.n
        new.round = self.round
        new.phase = self.phase
        new.starting_player = self.starting_player
        new.first_pick = self.first_pick
        new.deck = self.deck[:]
        new.piles = [p[:] for p in self.piles]
        new.hands = [h[:] for h in self.hands]
        new.areas = [a[:] for a in self.areas]
        new.offers = self.offers[:]
        new.reveals = self.reveals[:]
        new.order = self.order[:]
        new.pick_index = self.pick_index
        new.effects = [e[:] for e in self.effects]
        new.military = self.military[:]
        new.letter = self.letter[:]
        return new


def from_state(state: GameState) -> Sim:
    """The compact copy of a rules state (a real one, or a determinized sample of a seat's view)."""
    sim = Sim.__new__(Sim)
    sim.n = state.players
    sim.round = state.round
    sim.phase = state.phase
    sim.starting_player = state.starting_player
    sim.first_pick = state.first_pick
    sim.deck = list(state.deck)
    sim.piles = [list(state.palace), list(state.bazaar), list(state.market)]
    sim.hands = [list(h) for h in state.hands]
    sim.areas = [list(a) for a in state.play_areas]
    sim.offers = list(state.offers)
    sim.reveals = list(state.reveals)
    sim.order = list(state.order)
    sim.pick_index = state.pick_index
    sim.effects = [[e.seat, SOURCES.index(e.source), e.remaining] for e in state.effects]
    sim.military = [sum(MILITARY[u] for u in a) for a in state.play_areas]
    sim.letter = [min((LETTER[u] for u in a), default=NO_LETTER) for a in state.play_areas]
    return sim


# --- transitions (the same as rules/engine.py, in the same order) -------------------------------


def step(sim: Sim, action: Action) -> None:
    """Apply one legal action (kind, seat, card)."""
    kind, seat, card = action
    if kind == ActionKind.OFFER:
        sim.hands[seat].remove(card)
        sim.offers[seat] = card
        if NO_CARD not in sim.offers:
            _turn_up_offers(sim)
    elif kind == ActionKind.REVEAL:
        sim.hands[seat].remove(card)
        sim.reveals[seat] = card
        if NO_CARD not in sim.reveals:
            _turn_up_reveals(sim)
    elif kind == ActionKind.PICK:
        sim.piles[MARKET].remove(card)
        sim.hands[seat].append(card)
        sim.pick_index += 1
        if sim.pick_index == sim.n:
            sim.phase = Phase.REVEAL
            sim.reveals = [NO_CARD] * sim.n
    else:
        effect = sim.effects[0]
        if kind == ActionKind.TAKE:
            sim.piles[effect[1]].remove(card)
            _to_area(sim, seat, card)
            effect[2] -= 1
            if effect[2] == 0:
                sim.effects.pop(0)
        else:
            sim.effects.pop(0)
        _next_effect(sim)


def pending_seats(sim: Sim) -> list[int]:
    """Who decides now (several seats during Offer and Reveal)."""
    if sim.phase == Phase.OFFER:
        return [s for s, c in enumerate(sim.offers) if c == NO_CARD]
    if sim.phase == Phase.REVEAL:
        return [s for s, c in enumerate(sim.reveals) if c == NO_CARD]
    if sim.phase == Phase.PICK:
        return [sim.order[sim.pick_index]]
    if sim.phase in (Phase.EFFECTS, Phase.GAME_END):
        return [sim.effects[0][0]]
    return []


def legal(sim: Sim, seat: int) -> list[Action]:
    """Every action `seat` may take now, in the rules engine's order."""
    if seat not in pending_seats(sim):
        return []
    if sim.phase == Phase.OFFER:
        return [Action(ActionKind.OFFER, seat, c) for c in sim.hands[seat]]
    if sim.phase == Phase.REVEAL:
        return [Action(ActionKind.REVEAL, seat, c) for c in sim.hands[seat]]
    if sim.phase == Phase.PICK:
        return [Action(ActionKind.PICK, seat, c) for c in sim.piles[MARKET]]
    pile = sim.piles[sim.effects[0][1]]
    return [Action(ActionKind.TAKE, seat, c) for c in pile] + [Action(ActionKind.DECLINE, seat)]


def _to_area(sim: Sim, seat: int, card: int) -> None:
    sim.areas[seat].append(card)
    sim.military[seat] += MILITARY[card]
    if LETTER[card] < sim.letter[seat]:
        sim.letter[seat] = LETTER[card]


# CLOCKWISE[n][first]: the seats of an n-player game clockwise from `first`.
CLOCKWISE = [[[(first + i) % n for i in range(n)] for first in range(n)] for n in range(9)]


def turn_order(sim: Sim) -> list[int]:
    """Clockwise from First Pick; from round N+1, Military Prowess (then best letter, then seat) first."""
    clockwise = CLOCKWISE[sim.n][sim.first_pick]
    military = sim.military
    if sim.round <= sim.n or not any(military):
        return clockwise[:]
    letter = sim.letter
    strong = sorted([(-military[s], letter[s], s) for s in clockwise if military[s]])
    return [s for _, _, s in strong] + [s for s in clockwise if not military[s]]


def _turn_up_offers(sim: Sim) -> None:
    sim.piles[MARKET].extend(sim.offers)
    sim.phase = Phase.PICK
    sim.order = turn_order(sim)
    sim.pick_index = 0


def _turn_up_reveals(sim: Sim) -> None:
    areas, military, letter = sim.areas, sim.military, sim.letter
    for seat, card in enumerate(sim.reveals):
        if KEEPS_IN_PLAY[card]:  # _to_area, inlined: this runs for every seat of every round
            areas[seat].append(card)
            military[seat] += MILITARY[card]
            if LETTER[card] < letter[seat]:
                letter[seat] = LETTER[card]
    sim.order = order = turn_order(sim)
    sim.effects = [[s, *u] for s in order if (u := UPKEEP[sim.reveals[s]])]
    sim.phase = Phase.EFFECTS
    _next_effect(sim)


def _next_effect(sim: Sim) -> None:
    effects, piles = sim.effects, sim.piles
    while effects and not piles[effects[0][1]]:
        effects.pop(0)
    if effects:
        return
    if sim.phase == Phase.EFFECTS:
        _end_round(sim)
    elif sim.phase == Phase.GAME_END:
        sim.phase = Phase.OVER


def _end_round(sim: Sim) -> None:
    sim.piles[MARKET].clear()
    sim.first_pick = (sim.first_pick + 1) % sim.n
    if sim.round < ROUNDS:
        start_round(sim)
    else:
        _end_game(sim)


def start_round(sim: Sim) -> None:
    """Replenish: one card to each seat from the Starting Player's left, then fill the Market."""
    n, deck, hands = sim.n, sim.deck, sim.hands
    sim.round += 1
    first = sim.starting_player + 1
    for i in range(n):
        hands[(first + i) % n].append(deck.pop())
    market = sim.piles[MARKET]
    for _ in range(market_fill(n)):
        market.append(deck.pop())
    sim.phase = Phase.OFFER
    sim.offers = [NO_CARD] * n
    sim.reveals = [NO_CARD] * n
    sim.order = []
    sim.pick_index = 0


def _end_game(sim: Sim) -> None:
    kept_per_seat = []
    military, letter = sim.military, sim.letter
    for seat in range(sim.n):
        kept = [c for c in sim.hands[seat] if KEEPS_IN_HAND[c]]
        if kept:  # _to_area for each card, in bulk: every playout ends here
            sim.areas[seat] += kept
            military[seat] += sum(map(MILITARY.__getitem__, kept))
            letter[seat] = min(letter[seat], *map(LETTER.__getitem__, kept))
        sim.hands[seat] = []
        kept_per_seat.append(kept)
    sim.order = order = turn_order(sim)
    sim.effects = [[s, *e] for s in order for c in kept_per_seat[s] if (e := AT_END[c])]
    sim.phase = Phase.GAME_END
    _next_effect(sim)


# --- fast playouts ------------------------------------------------------------------------------

Trace = list[Action] | None


def play_to_end(sim: Sim, rng: random.Random, trace: Trace = None) -> None:
    """Finish the game from wherever `sim` stands: random Offers, Picks and takes, the reveal preference.

    `trace`, when given, receives every action in an order the rules engine accepts (tests replay it).
    """
    rand = rng.random
    while True:
        phase = sim.phase
        if phase == Phase.OFFER and trace is None and sim.offers.count(NO_CARD) == sim.n:
            _whole_rounds(sim, rand)
        elif phase == Phase.OFFER:
            offers, hands = sim.offers, sim.hands
            for s in range(sim.n):
                if offers[s] == NO_CARD:
                    hand = hands[s]
                    offers[s] = hand.pop(int(rand() * len(hand)))
                    if trace is not None:
                        trace.append(Action(ActionKind.OFFER, s, offers[s]))
            _turn_up_offers(sim)
        elif phase == Phase.PICK:
            market, hands, order, n = sim.piles[MARKET], sim.hands, sim.order, sim.n
            for i in range(sim.pick_index, n):
                card = market.pop(int(rand() * len(market)))
                hands[order[i]].append(card)
                if trace is not None:
                    trace.append(Action(ActionKind.PICK, order[i], card))
            sim.pick_index = n
            sim.phase = Phase.REVEAL
            sim.reveals = [NO_CARD] * n
        elif phase == Phase.REVEAL:
            _reveal_all(sim, rand, trace)
        elif phase == Phase.OVER:
            return
        else:
            _effects(sim, rand, trace)


def _whole_rounds(sim: Sim, rand: Callable[[], float]) -> None:
    """The rest of the game from a fresh Offer, each round in one pass: what play_to_end's phases do,
    drawing the same random numbers in the same order (tests/ai/test_playout.py compares them), inlined
    because this is where a search spends its time. It stops at the end of the game's effects."""
    n, hands, areas, deck = sim.n, sim.hands, sim.areas, sim.deck
    piles = sim.piles
    market = piles[MARKET]
    military, letter = sim.military, sim.letter
    fill, dealt_from = market_fill(n), sim.starting_player + 1
    while True:
        offers = [hand.pop(int(rand() * len(hand))) for hand in hands]
        market.extend(offers)
        order = turn_order(sim)
        for s in order:
            hands[s].append(market.pop(int(rand() * len(market))))
        reveals = [reveal_from(hand, rand) for hand in hands]
        for seat, card in enumerate(reveals):
            if KEEPS_IN_PLAY[card]:
                areas[seat].append(card)
                military[seat] += MILITARY[card]
                if LETTER[card] < letter[seat]:
                    letter[seat] = LETTER[card]
        if any(map(UPKEEP.__getitem__, reveals)):
            for seat in turn_order(sim):
                effect = UPKEEP[reveals[seat]]
                if effect is None:
                    continue
                pile = piles[effect[0]]
                for _ in range(effect[1]):
                    if not pile:
                        break
                    card = pile.pop(int(rand() * len(pile)))
                    areas[seat].append(card)
                    military[seat] += MILITARY[card]
                    if LETTER[card] < letter[seat]:
                        letter[seat] = LETTER[card]
        market.clear()
        sim.first_pick = (sim.first_pick + 1) % n
        if sim.round == ROUNDS:
            break
        sim.round += 1
        for i in range(n):
            hands[(dealt_from + i) % n].append(deck.pop())
        for _ in range(fill):
            market.append(deck.pop())
    sim.offers, sim.reveals, sim.pick_index = offers, reveals, n
    _end_game(sim)
    if sim.phase == Phase.GAME_END:
        _effects(sim, rand, None)


def _reveal_all(sim: Sim, rand: Callable[[], float], trace: Trace) -> None:
    """Each seat reveals its most preferred card (REVEAL_RANK), the first found from a random place."""
    reveals, hands = sim.reveals, sim.hands
    for s in range(sim.n):
        if reveals[s] != NO_CARD:
            continue
        reveals[s] = reveal_from(hands[s], rand)
        if trace is not None:
            trace.append(Action(ActionKind.REVEAL, s, reveals[s]))
    _turn_up_reveals(sim)


def reveal_from(hand: list[int], rand: Callable[[], float]) -> int:
    """Takes out the hand's most preferred card to reveal (REVEAL_RANK), the first found from a random place."""
    k = len(hand)
    start = int(rand() * k)
    if REVEAL_RANK[hand[start]] == 2:
        return hand.pop(start)
    ranks = list(map(REVEAL_RANK.__getitem__, hand))  # the scan runs in C: this is a playout's hottest line
    for wanted in (2, 1):
        if wanted in ranks:
            i = ranks.index(wanted, start) if wanted in ranks[start:] else ranks.index(wanted)
            return hand.pop(i)
    return hand.pop(start)


def _effects(sim: Sim, rand: Callable[[], float], trace: Trace) -> None:
    """Every pending effect takes random cards up to its limit (never declines)."""
    effects = sim.effects
    while effects:
        seat, source, _ = effect = effects[0]
        pile = sim.piles[source]
        card = pile.pop(int(rand() * len(pile)))
        _to_area(sim, seat, card)
        if trace is not None:
            trace.append(Action(ActionKind.TAKE, seat, card))
        effect[2] -= 1
        if effect[2] == 0:
            effects.pop(0)
        while effects and not sim.piles[effects[0][1]]:
            effects.pop(0)
    _next_effect(sim)


def result(sim: Sim, seat: int) -> tuple[float, int]:
    """(win share, margin over the best rival) for `seat` in a finished game: ties on points go to the
    higher Military Prowess, then the victory is shared, as in scoring.py."""
    points, military = totals(sim.areas)
    mine = points[seat]
    rival = max(p for s, p in enumerate(points) if s != seat)
    if mine < rival:
        return 0.0, mine - rival
    if mine > rival:
        return 1.0, mine - rival
    top = max(military[s] for s, p in enumerate(points) if p == mine)
    if military[seat] < top:
        return 0.0, 0
    winners = sum(1 for s, p in enumerate(points) if p == mine and military[s] == top)
    return 1.0 / winners, 0
