"""Turning what the engine reports into tweens: dealing, offers, picks, reveals, effects, clearing.

Animation never changes the game: the state has already moved on; these only show how it got there.
`choreograph` looks up one small step function per EventKind in `STEPS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

import pygame

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.rules.state import Event, EventKind
from amul_table.rules.views import SeatView
from amul_table.scenes.table.game_log import describe
from amul_table.scenes.table.layout import CHOICE_W, TableLayout, card_rect
from amul_table.sprites.tween import Banner, Flight

BASE = {"move": 0.42, "flip": 0.3, "stagger": 0.07, "banner": 1.1, "small_banner": 1.2, "show": 0.6}


class LandingSpot(Enum):
    """Where a flight lands, hidden until then: a card's resting spot, or a seat's offer or reveal slot."""

    CARD = "card"
    OFFER = "offer"
    REVEAL = "reveal"


@dataclass(frozen=True)
class Hidden:
    spot: LandingSpot
    key: int  # a card uid for CARD, a seat for OFFER and REVEAL


def card(uid: int) -> Hidden:
    return Hidden(LandingSpot.CARD, uid)


@dataclass
class Plan:
    """The tweens being planned for one batch of events, and when the next step may start."""

    before: SeatView
    after: SeatView
    l0: TableLayout
    l1: TableLayout
    names: list[str]
    you: int
    factor: float
    t: float
    initial: bool = False
    flights: list[Flight] = field(default_factory=list)
    banners: list[Banner] = field(default_factory=list)
    picked: set[int] = field(default_factory=set)
    landings: list[float] = field(default_factory=list)  # when each event's animation has landed
    starts: list[float] = field(default_factory=list)  # when the table shows each event (shown_view.py)

    @property
    def shown(self) -> int:
        return self.after.seat

    @property
    def end(self) -> float:
        """When every card has landed."""
        return max([self.t, *self.landings[-1:]])

    @property
    def move(self) -> float:
        return BASE["move"] * self.factor

    @property
    def flip(self) -> float:
        return BASE["flip"] * self.factor

    @property
    def stagger(self) -> float:
        return BASE["stagger"] * self.factor

    def fly(
        self,
        *,
        uid: int | None,
        start: float,
        src: pygame.Rect,
        dst: pygame.Rect,
        up_from: bool,
        up_to: bool,
        hides: tuple[Hidden, ...] = (),
        deck: str = "market",
        wait: bool = False,
        fade: bool = False,
        duration: float | None = None,
    ) -> None:
        self.flights.append(
            Flight(
                uid=uid,
                deck=deck,
                start=start,
                duration=self.move if duration is None else duration,
                src=src,
                dst=dst,
                up_from=up_from,
                up_to=up_to,
                hides=hides,
                wait_visible=wait,
                fade=fade,
            )
        )


Step = Callable[[Plan, Event], None]
StepListener = Callable[[Event, float, list[Flight], list[Banner]], None]  # event, start, its flights and banners


def choreograph(
    events: list[Event],
    *,
    before: SeatView,
    after: SeatView,
    l0: TableLayout,
    l1: TableLayout,
    names: list[str],
    you: int,
    factor: float,
    start: float,
    initial: bool = False,
    on_step: StepListener | None = None,
) -> Plan:
    """The tweens that show `events`: cards leave where they were in `l0` and land where they are in `l1`.

    `before` and `after` are the shown seat's views around the events; `start` is when the first step may
    begin. The plan holds the flights, the banners, when the last step ends, when each event lands (the
    log and the prompt wait for it) and when the table shows it: as its first card moves, or for an event
    without cards once it has landed; `on_step` hears of each step as it is planned (the sounds start with it).
    """
    plan = Plan(before, after, l0, l1, names, you, factor, start, initial)
    for ev in events:
        t, nf, nb = plan.t, len(plan.flights), len(plan.banners)
        STEPS[ev.kind](plan, ev)
        plan.landings.append(max([plan.t, *plan.landings[-1:], *(f.end for f in plan.flights[nf:])]))
        moves = [f.start for f in plan.flights[nf:]]
        plan.starts.append(max([min(moves) if moves else plan.landings[-1], *plan.starts[-1:]]))
        if on_step is not None:
            on_step(ev, t, plan.flights[nf:], plan.banners[nb:])
    return plan


# --- one step per kind of event ----------------------------------------------------------------


def round_banner(plan: Plan, ev: Event) -> None:
    """The round's number; and, the round Military Prowess order takes over, a second banner saying so."""
    banner = BASE["banner"] * plan.factor
    plan.banners.append(Banner(text=tr("table.round", n=ev.round), start=plan.t, duration=banner))
    if ev.round == plan.after.players + 1:
        plan.banners.append(Banner(text=tr("table.prowess_banner"), start=plan.t + banner, duration=banner * 1.6))
        plan.t += banner
    plan.t += 0.35 * plan.factor


def deal(plan: Plan, ev: Event) -> None:
    """One card to each seat from the deck (six rounds of it for the opening hands)."""
    after, l1 = plan.after, plan.l1
    n = after.players
    order = [(ev.seat + 1 + i) % n for i in range(n)]
    new_hand = [u for u in after.hand if u not in plan.before.hand and u not in plan.picked]
    k = 0
    for r in range(6 if plan.initial else 1):
        for seat in order:
            at = plan.t + k * plan.stagger
            k += 1
            if seat == plan.shown and r < len(new_hand):
                uid = new_hand[r] if plan.initial else new_hand[-1]
                dst = l1.hand.get(uid, l1.pile[seat])
                plan.fly(uid=uid, start=at, src=l1.deck, dst=dst, up_from=False, up_to=True, hides=(card(uid),))
            elif seat != plan.shown:
                plan.fly(uid=None, start=at, src=l1.deck, dst=l1.pile[seat], up_from=False, up_to=False)
    plan.t += k * plan.stagger + plan.move * 0.5


def market_fill(plan: Plan, ev: Event) -> None:
    for i, uid in enumerate(ev.cards):
        dst = plan.l1.market.get(uid)
        if dst is not None:
            at = plan.t + i * plan.stagger
            plan.fly(uid=uid, start=at, src=plan.l1.deck, dst=dst, up_from=False, up_to=True, hides=(card(uid),))
    plan.t += len(ev.cards) * plan.stagger + plan.move


def committed(plan: Plan, ev: Event) -> None:
    """A face-down offer or reveal goes from the hand (or the seat's pile) to its slot."""
    offer = ev.kind == EventKind.OFFER_COMMITTED
    dst = (plan.l0.offer_slot if offer else plan.l0.reveal_slot).get(ev.seat)
    if dst is None:
        return
    hides = (Hidden(LandingSpot.OFFER if offer else LandingSpot.REVEAL, ev.seat),)
    if ev.seat == plan.shown:
        uid = next((u for u in plan.before.hand if u not in plan.after.hand), None)
        if uid is not None and uid in plan.l0.hand:
            plan.fly(uid=uid, start=plan.t, src=plan.l0.hand[uid], dst=dst, up_from=True, up_to=True, hides=hides)
    else:
        plan.fly(uid=None, start=plan.t, src=plan.l0.pile[ev.seat], dst=dst, up_from=False, up_to=False, hides=hides)
    plan.t += plan.move * 0.6


def offers_revealed(plan: Plan, ev: Event) -> None:
    plan.t += plan.move * 0.3
    for seat, uid in enumerate(ev.cards):
        slot = plan.l0.offer_slot.get(seat)
        dst = plan.l1.market.get(uid, slot)
        if slot is not None and dst is not None:
            up_from = seat == plan.shown
            plan.fly(
                uid=uid,
                start=plan.t,
                src=slot,
                dst=dst,
                up_from=up_from,
                up_to=True,
                hides=(card(uid),),
                wait=True,
                duration=plan.flip,
            )
    plan.t += plan.flip + plan.move * 0.4


def pick(plan: Plan, ev: Event) -> None:
    """A card from the Market into a hand: the shown seat's straight there; another seat's shown off first."""
    uid = ev.cards[0]
    plan.picked.add(uid)
    src = tray_or(plan, ev, plan.l0.market.get(uid))
    if src is None:
        return
    if ev.seat == plan.shown:
        dst = plan.l1.hand.get(uid, plan.l1.pile[plan.shown])
        plan.fly(uid=uid, start=plan.t, src=src, dst=dst, up_from=True, up_to=True, hides=(card(uid),))
        plan.t += plan.move
        return
    show_off(plan, ev, uid, src, plan.l1.pile[ev.seat], up_to=False)


def tray_or(plan: Plan, ev: Event, src: pygame.Rect | None) -> pygame.Rect | None:
    """Where the shown seat's chosen card leaves from: the tray it was chosen in, when it was, else `src`."""
    uid = ev.cards[0]
    return plan.l0.tray.get(uid, src) if ev.seat == plan.shown else src


def show_off(plan: Plan, ev: Event, uid: int, src: pygame.Rect, dst: pygame.Rect, *, up_to: bool) -> None:
    """Another seat's pick or take: the card stops at a readable size by that seat, captioned, then goes on."""
    show = showcase(plan.l1, ev.seat)
    hold = BASE["show"] * plan.factor
    deck = load_cards().cards[uid].deck
    steps = ((src, show, plan.move), (show, show, hold), (show, dst, plan.move * 0.7))
    at = plan.t
    for a, b, duration in steps:  # each leg starts as the one before ends: one card, never a copy waiting ahead
        last = b is dst
        plan.fly(
            uid=uid, deck=deck, start=at, src=a, dst=b, up_from=True, up_to=up_to if last else True,
            hides=(card(uid),), duration=duration,
        )  # fmt: skip
        at += duration
    caption = describe(ev, plan.names, plan.you)
    at_xy = (show.centerx, show.bottom + 4)
    start, duration = plan.t + plan.move * 0.6, hold + plan.move * 0.6
    plan.banners.append(Banner(text=caption, start=start, duration=duration, big=False, at=at_xy))
    plan.t += plan.move + hold * 0.8


def showcase(lay: TableLayout, seat: int) -> pygame.Rect:
    """Where another seat's new card is shown off: a readable card over the middle of its panel."""
    panel = lay.seat_panel.get(seat, lay.board_area)
    w = max(lay.market_w, CHOICE_W)
    rect = card_rect(panel.center, w)
    rect.clamp_ip(pygame.Rect(0, 0, lay.sidebar.left, lay.prompt.top))
    return rect


def reveals(plan: Plan, ev: Event) -> None:
    """Every reveal turns over in its slot, then goes to its play area (or out of the game)."""
    plan.t += plan.move * 0.3
    cards = load_cards().cards
    for seat, uid in enumerate(ev.cards):
        slot = plan.l0.reveal_slot.get(seat)
        if slot is None:
            continue
        deck = cards[uid].deck
        hides = (card(uid), Hidden(LandingSpot.REVEAL, seat))
        plan.fly(
            uid=uid,
            deck=deck,
            start=plan.t,
            src=slot,
            dst=slot,
            up_from=seat == plan.shown,
            up_to=True,
            hides=hides,
            wait=True,
            duration=plan.flip,
        )
        dst = plan.l1.rest(uid)
        plan.fly(
            uid=uid,
            deck=deck,
            start=plan.t + plan.flip,
            src=slot,
            dst=dst or plan.l1.removed,
            up_from=True,
            up_to=True,
            hides=(card(uid),),
            fade=dst is None,
            duration=plan.move * 1.2,
        )  # it leaves the slot as the turn ends: no face waits under the card turning over
    plan.t += plan.flip + plan.move * 1.2


def take(plan: Plan, ev: Event) -> None:
    uid = ev.cards[0]
    src = tray_or(plan, ev, plan.l0.source(ev.source).get(uid))
    dst = plan.l1.rest(uid)
    if src is None or dst is None:
        return
    if ev.seat != plan.shown:
        show_off(plan, ev, uid, src, dst, up_to=True)
        return
    deck = load_cards().cards[uid].deck
    duration = plan.move * 1.3
    plan.fly(
        uid=uid, deck=deck, start=plan.t, src=src, dst=dst, up_from=True, up_to=True, hides=(card(uid),),
        duration=duration,
    )  # fmt: skip
    plan.t += duration


def small_banner(plan: Plan, ev: Event) -> None:
    """A declined or empty effect: a line of the log over the table."""
    line = describe(ev, plan.names, plan.you)
    plan.banners.append(Banner(text=line, start=plan.t, duration=BASE["small_banner"] * plan.factor, big=False))
    plan.t += 0.5 * plan.factor


def market_emptied(plan: Plan, ev: Event) -> None:
    step = plan.stagger * 0.5
    for i, uid in enumerate(ev.cards):
        src = plan.l0.market.get(uid)
        if src is not None:
            plan.fly(
                uid=uid,
                start=plan.t + i * step,
                src=src,
                dst=plan.l1.removed,
                up_from=True,
                up_to=True,
                hides=(card(uid),),
                wait=True,
                fade=True,
            )
    plan.t += plan.move + len(ev.cards) * step


def end_hand(plan: Plan, ev: Event) -> None:
    """The last hand: the first `kept` cards join the play area, the others leave the game."""
    l0 = plan.l0
    for i, uid in enumerate(ev.cards):
        src = l0.hand.get(uid, l0.pile.get(ev.seat, l0.removed))
        dst = plan.l1.rest(uid) if i < ev.kept else None
        plan.fly(
            uid=uid,
            start=plan.t + i * plan.stagger,
            src=src,
            dst=dst or plan.l1.removed,
            up_from=True,
            up_to=True,
            hides=(card(uid),),
            wait=ev.seat == plan.shown,
            fade=dst is None,
        )
    plan.t += plan.stagger * 2


def game_over(plan: Plan, ev: Event) -> None:
    plan.banners.append(
        Banner(text=tr("table.phase.over"), start=plan.t + plan.move, duration=BASE["banner"] * plan.factor)
    )
    plan.t += plan.move


def nothing(plan: Plan, ev: Event) -> None:
    """Events the table shows through the next view alone (a phase change, a removed card, First Pick)."""


STEPS: dict[EventKind, Step] = {
    EventKind.ROUND: round_banner,
    EventKind.DEAL: deal,
    EventKind.MARKET_FILL: market_fill,
    EventKind.PHASE: nothing,
    EventKind.OFFER_COMMITTED: committed,
    EventKind.REVEAL_COMMITTED: committed,
    EventKind.OFFERS_REVEALED: offers_revealed,
    EventKind.PICK: pick,
    EventKind.REVEALS: reveals,
    EventKind.REMOVED: nothing,
    EventKind.TAKE: take,
    EventKind.DECLINE: small_banner,
    EventKind.EFFECT_EMPTY: small_banner,
    EventKind.MARKET_EMPTIED: market_emptied,
    EventKind.FIRST_PICK: nothing,
    EventKind.END_HAND: end_hand,
    EventKind.GAME_OVER: game_over,
}
