"""The view the table draws while events animate: the view before them, advanced one event at a time as that
event's cards start to move, so no part of the screen runs ahead of the animation (the Reveal tab while the last
pick flies, the next round's order and First Pick during the Effects, a choice tray over a take still flying).

Only the shown seat's own views and the public events are read, so nothing hidden from the seat can show; once
every event has landed the table shows the engine's own view again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import Action, Event, EventKind, Pending
from amul_table.rules.views import SeatView


@dataclass(frozen=True)
class ShownStep:
    """From `at` (the scene's clock) the table draws `view`."""

    at: float
    view: SeatView


def shown_steps(
    before: SeatView, after: SeatView, events: Sequence[Event], starts: Sequence[float], end: float
) -> list[ShownStep]:
    """The views to draw as `events` play: `before` at once, each event's from its `starts` time, then `after`
    itself at `end`, when every event has landed. All carry `after`'s log (the scene withholds its newest lines)."""
    view = dataclasses.replace(before, log=after.log)
    steps = [ShownStep(float("-inf"), view)]
    for ev, at in zip(events, starts, strict=True):
        view = advance(view, ev, after, events)
        if steps and steps[-1].at >= at:
            steps[-1] = ShownStep(steps[-1].at, view)  # two events start together: one step
        else:
            steps.append(ShownStep(at, view))
    steps.append(ShownStep(max(end, steps[-1].at), after))
    return steps


def advance(view: SeatView, ev: Event, after: SeatView, batch: Sequence[Event]) -> SeatView:
    """`view` once `ev` has happened; the shown seat's own cards come from `after` (its view once the batch is done)."""
    change: dict[str, object] = {}
    if ev.seat >= 0 and ev.kind in ACTED:
        change["pending"] = view.pending._replace(seats=tuple(s for s in view.pending.seats if s != ev.seat))
        if ev.seat == view.seat:
            change["legal"] = ()  # the seat has acted: its choices are gone until the batch has landed
    if ev.kind in (EventKind.ROUND, EventKind.PHASE, EventKind.GAME_OVER):
        change.update(timing(view, ev, after))
    else:
        change.update(cards_moved(view, ev, after, batch))
    return dataclasses.replace(view, **change) if change else view


def timing(view: SeatView, ev: Event, after: SeatView) -> dict[str, object]:
    """A round starts, a phase begins or the game ends: the tracker, the order and the face-down marks."""
    if ev.kind == EventKind.ROUND:
        this_round = after.round == ev.round
        return {
            "round": ev.round,
            "first_pick": ev.seat,
            "phase": Phase.OFFER,
            "offered": (False,) * view.players,
            "revealed": (False,) * view.players,
            "my_offer": -1,
            "my_reveal": -1,
            "order": after.order if this_round else view.order,
            "military_order": after.military_order if this_round else view.military_order,
            "pending": Pending(Phase.OFFER, ()),
            "legal": (),
        }
    if ev.kind == EventKind.GAME_OVER:
        return {"phase": Phase.OVER, "pending": Pending(Phase.OVER, ()), "legal": ()}
    change: dict[str, object] = {"phase": ev.phase, "pending": Pending(ev.phase, ()), "legal": ()}
    if ev.order:
        change["order"] = ev.order
    if ev.phase == Phase.REVEAL:
        change.update(revealed=(False,) * view.players, my_reveal=-1)
    return change


def cards_moved(view: SeatView, ev: Event, after: SeatView, batch: Sequence[Event]) -> dict[str, object]:
    """Cards dealt, offered, picked, revealed, taken or cleared: where they lie now."""
    k, me = ev.kind, view.seat
    change: dict[str, object] = {}
    if k == EventKind.DEAL:
        change["hand"] = view.hand + tuple(u for u in after.hand if u not in view.hand)
        change["hand_sizes"] = tuple(n + 1 for n in view.hand_sizes)
        change["deck_size"] = max(0, view.deck_size - view.players)
    elif k in (EventKind.MARKET_FILL, EventKind.OFFERS_REVEALED):
        change["market"] = view.market + ev.cards
        if k == EventKind.MARKET_FILL:
            change["deck_size"] = max(0, view.deck_size - len(ev.cards))
    elif k in (EventKind.OFFER_COMMITTED, EventKind.REVEAL_COMMITTED):
        change.update(committed(view, ev, after, batch))
    elif k == EventKind.PICK:
        change["market"] = tuple(u for u in view.market if u not in ev.cards)
        change["hand_sizes"] = bump(view.hand_sizes, ev.seat, 1)
        if ev.seat == me:
            change["hand"] = view.hand + ev.cards
    elif k == EventKind.REVEALS:
        cards = load_cards().cards
        change["play_areas"] = tuple(
            area + ((ev.cards[s],) if s < len(ev.cards) and cards[ev.cards[s]].keeps_in_play else ())
            for s, area in enumerate(view.play_areas)
        )
    elif k == EventKind.REMOVED:
        change["removed"] = view.removed + ev.cards
    elif k == EventKind.TAKE:
        source = {"palace": "palace", "bazaar": "bazaar"}.get(ev.source, "market")
        change[source] = tuple(u for u in getattr(view, source) if u not in ev.cards)
        change["play_areas"] = add_to_area(view.play_areas, ev.seat, ev.cards)
    elif k == EventKind.MARKET_EMPTIED:
        change.update(market=(), removed=view.removed + ev.cards)
    elif k == EventKind.FIRST_PICK:
        change["first_pick"] = ev.seat
    elif k == EventKind.END_HAND:
        change["play_areas"] = add_to_area(view.play_areas, ev.seat, ev.cards[: ev.kept])
        change["removed"] = view.removed + ev.cards[ev.kept :]
        change["hand_sizes"] = bump(view.hand_sizes, ev.seat, -view.hand_sizes[ev.seat])
        if ev.seat == me:
            change["hand"] = ()
    return change


ACTED = (
    EventKind.OFFER_COMMITTED,
    EventKind.REVEAL_COMMITTED,
    EventKind.PICK,
    EventKind.TAKE,
    EventKind.DECLINE,
    EventKind.EFFECT_EMPTY,
)


def committed(view: SeatView, ev: Event, after: SeatView, batch: Sequence[Event]) -> dict[str, object]:
    """A face-down Offer or Reveal: the seat is marked; the shown seat's own card leaves its hand for its slot."""
    offer = ev.kind == EventKind.OFFER_COMMITTED
    marks = view.offered if offer else view.revealed
    change: dict[str, object] = {
        "offered" if offer else "revealed": tuple(done or s == ev.seat for s, done in enumerate(marks)),
        "hand_sizes": bump(view.hand_sizes, ev.seat, -1),
    }
    if ev.seat == view.seat:
        turned = next((e for e in batch if e.kind == EventKind.REVEALS), None)  # the round may end in the batch
        uid = after.my_reveal if turned is None else turned.cards[ev.seat]
        if offer:
            uid = after.my_offer
        if uid >= 0:
            change["hand"] = tuple(u for u in view.hand if u != uid)
            change["my_offer" if offer else "my_reveal"] = uid
    return change


def bump(values: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    return tuple(n + by if s == seat else n for s, n in enumerate(values))


def add_to_area(areas: tuple[tuple[int, ...], ...], seat: int, cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(area + cards if s == seat else area for s, area in enumerate(areas))


def committed_view(view: SeatView, action: Action) -> SeatView:
    """The shown seat's view as if its held Offer or Reveal were sent: out of the hand, face down in its slot.

    Only the seat's own card moves, so nothing hidden from it can show; the engine has not seen it yet.
    """
    seat = view.seat
    mark = tuple(
        done or i == seat for i, done in enumerate(view.offered if action.kind == ActionKind.OFFER else view.revealed)
    )
    changes: dict[str, object] = {"offered": mark} if action.kind == ActionKind.OFFER else {"revealed": mark}
    changes["my_offer" if action.kind == ActionKind.OFFER else "my_reveal"] = action.card
    pending = view.pending._replace(seats=tuple(s for s in view.pending.seats if s != seat))
    return dataclasses.replace(
        view, hand=tuple(u for u in view.hand if u != action.card), pending=pending, legal=(), **changes
    )
