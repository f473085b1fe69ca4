"""Determinization: one full game state consistent with everything a seat's view shows.

The unseen cards (the view's `in_game` minus every card the seat sees or has seen leave, and minus
the cards rivals were seen to pick) are shuffled into the rivals' unknown hand slots and the deck.
Rivals holding a face-down Offer or Reveal get it back in hand and choose again in the sample, since
what they chose is exactly what the seat cannot know. Nothing but the view and the bot's RNG is read.
"""

from __future__ import annotations

import random

from amul_table.ai.knowledge import Knowledge, read_view
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.rules.state import NO_CARD, EffectStep, GameState
from amul_table.rules.views import SeatView


class SamplingError(ValueError):
    """The view's counts do not add up (it should not happen; the hard bot then plays like medium)."""


def determinize(view: SeatView, rng: random.Random, know: Knowledge | None = None) -> GameState:
    """A full state drawn uniformly from those the seat cannot tell apart from the real one."""
    know = know or read_view(view)
    n = view.players
    pool = list(know.unseen)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for seat in range(n):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        slots = know.unknown_slots(view, seat)
        if slots < 0 or slots > len(pool):
            raise SamplingError(f"seat {seat} has {slots} unknown cards but {len(pool)} are unseen")
        hands.append([*know.known_hands[seat], *pool[len(pool) - slots :]])
        del pool[len(pool) - slots :]
    if len(pool) != view.deck_size:
        raise SamplingError(f"{len(pool)} unseen cards left for a deck of {view.deck_size}")
    offers = [NO_CARD] * n
    reveals = [NO_CARD] * n
    if know.round_offers:
        offers = list(know.round_offers)
    if know.round_reveals:
        reveals = list(know.round_reveals)
    offers[view.seat] = view.my_offer
    reveals[view.seat] = view.my_reveal
    return GameState(
        players=n,
        seed=0,
        tea=view.tea,
        rng=0,
        starting_player=view.starting_player,
        first_pick=view.first_pick,
        round=view.round,
        phase=view.phase,
        deck=pool,
        palace=list(view.palace),
        bazaar=list(view.bazaar),
        market=list(view.market),
        hands=hands,
        play_areas=[list(a) for a in view.play_areas],
        removed=list(view.removed),
        offers=offers,
        reveals=reveals,
        order=list(view.order),
        pick_index=know.round_picks if view.phase == Phase.PICK else 0,
        effects=pending_effects(view),
        in_game=view.in_game,
    )


def pending_effects(view: SeatView) -> list[EffectStep]:
    """The effects still waiting this round (or at game end), rebuilt from the public log."""
    if view.phase not in (Phase.EFFECTS, Phase.GAME_END):
        return []
    cards = load_cards().cards
    log = view.log
    marker = "reveals" if view.phase == Phase.EFFECTS else "end_hand"
    start = max(i for i, e in enumerate(log) if e.kind == marker)
    steps: list[EffectStep] = []
    if view.phase == Phase.EFFECTS:
        revealed = log[start].cards
        for seat in view.order:
            uid = revealed[seat]
            effect = cards[uid].type.effect
            if effect and effect["when"] == "upkeep" and cards[uid].keeps_in_play:
                steps.append(EffectStep(seat, uid, effect["take_from"], effect["up_to"]))
    else:
        from_hand = {e.seat: e.cards[: e.kept] for e in log if e.kind == "end_hand"}
        for seat in view.order:
            for uid in from_hand.get(seat, ()):
                effect = cards[uid].type.effect
                if effect and effect["when"] == "game_end":
                    steps.append(EffectStep(seat, uid, effect["take_from"], effect["up_to"]))
    for event in log[start + 1 :]:
        if event.kind == "take":
            steps[0].remaining -= 1
            if steps[0].remaining == 0:
                steps.pop(0)
        elif event.kind in ("decline", "effect_empty"):
            steps.pop(0)
    return steps
