"""The rules engine: who decides what now, which actions are legal, and applying one.

`apply` validates first and only then changes the state, so an illegal action changes nothing.
It changes the state in place (bots play out thousands of games; use `state.clone()` to keep one)
and returns the public events it caused, which the table animates.

A round: Replenish (deal 1 card each, fill the Market) -> Offer (simultaneous) -> Pick (in turn
order) -> Reveal (simultaneous) -> Upkeep (immediate effects in turn order, empty the Market, pass
the First Pick card). After round 9 hand cards with the hand icon join the play area and the
Thief's end-game effect resolves.
"""

from __future__ import annotations

from amul_table.rules.cards import load_cards
from amul_table.rules.errors import RuleError
from amul_table.rules.order import deal_order, turn_order
from amul_table.rules.phases import ACTION_WORDS, ActionKind, Phase
from amul_table.rules.state import (
    NO_CARD,
    ROUNDS,
    Action,
    EffectStep,
    Event,
    EventKind,
    GameState,
    Pending,
    market_fill,
)

# The members bound to module names once: a member looked up on its Enum class goes through EnumType's
# __getattr__ hook (4x a plain attribute), and the engine tests the phase and the action's kind several
# times a decision (a random game was 30% slower without these; benchmarks/engine.py).
OFFER, PICK, REVEAL, EFFECTS, GAME_END, OVER = Phase  # in order (a member added fails here, loudly)
OFFER_KIND, PICK_KIND, REVEAL_KIND, TAKE_KIND, DECLINE_KIND = ActionKind

# What each seat may do in a phase (Effects and Game end: take or decline).
_KINDS_IN = {OFFER: (OFFER_KIND,), REVEAL: (REVEAL_KIND,), PICK: (PICK_KIND,)}


def pending(state: GameState) -> Pending:
    """Who must decide what now (several seats at once during Offer and Reveal)."""
    phase = state.phase
    if phase is OFFER:
        return Pending(OFFER, tuple(s for s, c in enumerate(state.offers) if c == NO_CARD))
    if phase is REVEAL:
        return Pending(REVEAL, tuple(s for s, c in enumerate(state.reveals) if c == NO_CARD))
    if phase is PICK:
        return Pending(PICK, (state.order[state.pick_index],))
    if phase in (EFFECTS, GAME_END):
        step = state.effects[0]
        return Pending(phase, (step.seat,), step.source, step.remaining)
    return Pending(OVER, ())


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action `seat` may take now (empty when it has nothing to decide or is not at the table)."""
    if not _is_int(seat) or not 0 <= seat < state.players:
        return []
    phase = state.phase
    if phase is OFFER:
        if state.offers[seat] != NO_CARD:
            return []
        return [Action(OFFER_KIND, seat, c) for c in state.hands[seat]]
    if phase is REVEAL:
        if state.reveals[seat] != NO_CARD:
            return []
        return [Action(REVEAL_KIND, seat, c) for c in state.hands[seat]]
    if phase is PICK:
        if state.order[state.pick_index] != seat:
            return []
        return [Action(PICK_KIND, seat, c) for c in state.market]
    if phase in (EFFECTS, GAME_END):
        step = state.effects[0]
        if step.seat != seat:
            return []
        takes = [Action(TAKE_KIND, seat, c) for c in _source(state, step.source)]
        return [*takes, Action(DECLINE_KIND, seat)]
    return []


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply one action; raise RuleError (changing nothing) if the rules forbid it now.

    A plain tuple `(kind, seat)` or `(kind, seat, card)` is accepted too; the log records an Action.
    """
    action = _as_action(action)
    _check(state, action)
    events: list[Event] = []
    kind, seat, card = action
    state.actions.append(action)
    if kind is OFFER_KIND:
        state.hands[seat].remove(card)
        state.offers[seat] = card
        events.append(Event(EventKind.OFFER_COMMITTED, seat))
        if NO_CARD not in state.offers:
            _turn_up_offers(state, events)
    elif kind is REVEAL_KIND:
        state.hands[seat].remove(card)
        state.reveals[seat] = card
        events.append(Event(EventKind.REVEAL_COMMITTED, seat))
        if NO_CARD not in state.reveals:
            _turn_up_reveals(state, events)
    elif kind is PICK_KIND:
        state.market.remove(card)
        state.hands[seat].append(card)
        events.append(Event(EventKind.PICK, seat, (card,)))
        state.pick_index += 1
        if state.pick_index == state.players:
            state.phase = REVEAL
            state.reveals = [NO_CARD] * state.players
            events.append(Event(EventKind.PHASE, phase=REVEAL))
    else:
        step = state.effects[0]
        if kind is TAKE_KIND:
            _source(state, step.source).remove(card)
            state.play_areas[seat].append(card)
            events.append(Event(EventKind.TAKE, seat, (card,), source=step.source))
            step.remaining -= 1
            if step.remaining == 0:
                state.effects.pop(0)
        else:
            events.append(Event(EventKind.DECLINE, seat, (step.card,), source=step.source))
            state.effects.pop(0)
        _next_effect(state, events)
    state.log.extend(events)
    return events


def start_round(state: GameState, number: int, events: list[Event] | None = None) -> None:
    """Replenish: deal one card to each player and fill the Market; then everyone offers."""
    own_log = events is None
    events = [] if events is None else events
    state.round = number
    events.append(Event(EventKind.ROUND, state.first_pick, round=number))
    for seat in deal_order(state):
        state.hands[seat].append(state.deck.pop())
    events.append(Event(EventKind.DEAL, state.starting_player))
    fill = [state.deck.pop() for _ in range(market_fill(state.players))]
    state.market.extend(fill)
    events.append(Event(EventKind.MARKET_FILL, cards=tuple(fill)))
    state.phase = OFFER
    state.offers = [NO_CARD] * state.players
    state.reveals = [NO_CARD] * state.players
    state.order = []
    state.pick_index = 0
    events.append(Event(EventKind.PHASE, phase=OFFER))
    if own_log:
        state.log.extend(events)


# --- validation -------------------------------------------------------------------------------


def _as_action(action: object) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, (tuple, list)) and len(action) in (2, 3):
        return Action(*action)
    raise RuleError(f"not an action: {action!r} (expected (kind, seat, card))")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(state: GameState, action: Action) -> None:
    kind, seat, card = action
    if not isinstance(kind, ActionKind):
        raise RuleError(f"unknown action {kind!r} (actions: {', '.join(ACTION_WORDS)})")
    if not _is_int(seat) or not 0 <= seat < state.players:
        raise RuleError(f"seat {seat!r} is not at this {state.players}-player table")
    if not _is_int(card):
        raise RuleError(f"card {card!r} is not a card uid")
    now = pending(state)
    if state.phase is OVER:
        raise RuleError("the game is over")
    if seat not in now.seats:
        if state.phase in (OFFER, REVEAL):
            raise RuleError(f"seat {seat} has already chosen its {state.phase} card this round")
        raise RuleError(f"it is seat {now.seats[0]}'s turn to {_verb(now)}, not seat {seat}'s")
    expected = _KINDS_IN.get(state.phase, (TAKE_KIND, DECLINE_KIND))
    if kind not in expected:
        raise RuleError(f"seat {seat} must {_verb(now)} now, not {kind}")
    if kind is DECLINE_KIND:
        return
    if kind in (OFFER_KIND, REVEAL_KIND) and card not in state.hands[seat]:
        raise RuleError(f"seat {seat} cannot {kind} {_name(card)}: it is not in their hand")
    if kind is PICK_KIND and card not in state.market:
        raise RuleError(f"seat {seat} cannot pick {_name(card)}: it is not in the Market")
    if kind is TAKE_KIND:
        source = state.effects[0].source
        if card not in _source(state, source):
            raise RuleError(f"seat {seat} cannot take {_name(card)}: it is not in the {source.capitalize()}")


def _verb(now: Pending) -> str:
    if now.phase in (EFFECTS, GAME_END):
        return f"take a card from the {now.source.capitalize()} or decline"
    return f"{now.phase} a card"


def _name(card: object) -> str:
    cards = load_cards().cards
    if isinstance(card, int) and 0 <= card < len(cards):
        c = cards[card]
        return f"{c.name()} ({c.number})"
    return f"card {card!r}"


# --- phase transitions ------------------------------------------------------------------------


def _source(state: GameState, source: str) -> list[int]:
    if source == "palace":
        return state.palace
    if source == "bazaar":
        return state.bazaar
    return state.market


def _turn_up_offers(state: GameState, events: list[Event]) -> None:
    state.market.extend(state.offers)
    events.append(Event(EventKind.OFFERS_REVEALED, cards=tuple(state.offers)))
    state.phase = PICK
    state.order = turn_order(state)
    state.pick_index = 0
    events.append(Event(EventKind.PHASE, phase=PICK, order=tuple(state.order)))


def _turn_up_reveals(state: GameState, events: list[Event]) -> None:
    """Reveal together: play-area cards stay, hand-only cards leave the game."""
    cards = load_cards().cards
    events.append(Event(EventKind.REVEALS, cards=tuple(state.reveals)))
    for seat, uid in enumerate(state.reveals):
        if cards[uid].keeps_in_play:
            state.play_areas[seat].append(uid)
        else:
            state.removed.append(uid)
            events.append(Event(EventKind.REMOVED, seat, (uid,)))
    state.order = turn_order(state)
    state.effects = []
    for seat in state.order:
        uid = state.reveals[seat]
        effect = cards[uid].type.effect
        if effect and effect["when"] == "upkeep" and cards[uid].keeps_in_play:
            state.effects.append(EffectStep(seat, uid, effect["take_from"], effect["up_to"]))
    state.phase = EFFECTS
    events.append(Event(EventKind.PHASE, phase=EFFECTS, order=tuple(state.order)))
    _next_effect(state, events)


def _next_effect(state: GameState, events: list[Event]) -> None:
    """Skip effects whose source is empty; when none is left, finish the round or the game."""
    while state.effects and not _source(state, state.effects[0].source):
        step = state.effects.pop(0)
        events.append(Event(EventKind.EFFECT_EMPTY, step.seat, (step.card,), source=step.source))
    if state.effects:
        return
    if state.phase is EFFECTS:
        _end_round(state, events)
    elif state.phase is GAME_END:
        state.phase = OVER
        events.append(Event(EventKind.GAME_OVER))


def _end_round(state: GameState, events: list[Event]) -> None:
    if state.market:
        state.removed.extend(state.market)
        events.append(Event(EventKind.MARKET_EMPTIED, cards=tuple(state.market)))
        state.market.clear()
    state.first_pick = (state.first_pick + 1) % state.players
    events.append(Event(EventKind.FIRST_PICK, state.first_pick))
    if state.round < ROUNDS:
        start_round(state, state.round + 1, events)
    else:
        _end_game(state, events)


def _end_game(state: GameState, events: list[Event]) -> None:
    """Hand cards with the hand icon join the play area, the others leave; then the Thief acts."""
    cards = load_cards().cards
    from_hand: list[tuple[int, ...]] = []
    for seat in range(state.players):
        kept = tuple(c for c in state.hands[seat] if cards[c].keeps_in_hand)
        dropped = tuple(c for c in state.hands[seat] if not cards[c].keeps_in_hand)
        state.play_areas[seat].extend(kept)
        state.removed.extend(dropped)
        state.hands[seat] = []
        from_hand.append(kept)
        events.append(Event(EventKind.END_HAND, seat, kept + dropped, kept=len(kept)))
    state.order = turn_order(state)
    state.effects = []
    for seat in state.order:
        for uid in from_hand[seat]:  # the Thief works only from the hand (rules decision)
            effect = cards[uid].type.effect
            if effect and effect["when"] == "game_end":
                state.effects.append(EffectStep(seat, uid, effect["take_from"], effect["up_to"]))
    state.phase = GAME_END
    events.append(Event(EventKind.PHASE, phase=GAME_END))
    _next_effect(state, events)
