"""Turning what the engine reports into tweens: dealing, offers, picks, reveals, effects, clearing.

Animation never changes the game: the state has already moved on; these only show how it got there.
"""

from __future__ import annotations

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.rules.state import Event
from amul_table.rules.views import SeatView
from amul_table.scenes.game_log import describe
from amul_table.scenes.table_layout import TableLayout
from amul_table.sprites.tween import Banner, Flight

BASE = {"move": 0.42, "flip": 0.3, "stagger": 0.07, "banner": 1.1, "small_banner": 1.2}


def choreograph(
    events: list[Event],
    before: SeatView,
    after: SeatView,
    l0: TableLayout,
    l1: TableLayout,
    names: list[str],
    you: int,
    factor: float,
    start: float,
    initial: bool = False,
) -> tuple[list[Flight], list[Banner], float]:
    """The tweens that show `events`: cards leave where they were in `l0` and land where they are in `l1`.

    `before` and `after` are the shown seat's views around the events; `start` is when the first
    step may begin. Returns the flights, the banners and when the last step ends.
    """
    shown = after.seat
    move, flip, stagger = BASE["move"] * factor, BASE["flip"] * factor, BASE["stagger"] * factor
    t = start
    flights: list[Flight] = []
    banners: list[Banner] = []
    cards = load_cards().cards
    picked: set[int] = set()

    def fly(uid, deck, at, src, dst, up_from, up_to, hides=(), wait=False, fade=False, dur=move):
        flights.append(Flight(uid, deck, at, dur, src, dst, up_from, up_to, hides, wait, fade))

    for ev in events:
        kind = ev.kind
        if kind == "round":
            banners.append(Banner(tr("table.round", n=ev.info), t, BASE["banner"] * factor))
            t += 0.35 * factor
        elif kind == "deal":
            n = after.players
            order = [(ev.seat + 1 + i) % n for i in range(n)]
            new_hand = [u for u in after.hand if u not in before.hand and u not in picked]
            rounds = 6 if initial else 1
            k = 0
            for r in range(rounds):
                for seat in order:
                    start = t + k * stagger
                    k += 1
                    if seat == shown and r < len(new_hand):
                        uid = new_hand[r] if initial else new_hand[-1]
                        fly(
                            uid,
                            "market",
                            start,
                            l1.deck,
                            l1.hand.get(uid, l1.pile[seat]),
                            False,
                            True,
                            (("uid", uid),),
                        )
                    elif seat != shown:
                        fly(None, "market", start, l1.deck, l1.pile[seat], False, False)
            t += k * stagger + move * 0.5
        elif kind == "market_fill":
            for i, uid in enumerate(ev.cards):
                dst = l1.market.get(uid)
                if dst is not None:
                    fly(uid, "market", t + i * stagger, l1.deck, dst, False, True, (("uid", uid),))
            t += len(ev.cards) * stagger + move
        elif kind in ("offer_committed", "reveal_committed"):
            slot_key = "offer" if kind == "offer_committed" else "reveal"
            dst = l0.offer_slot.get(ev.seat) if slot_key == "offer" else l0.reveal_slot.get(ev.seat)
            if dst is None:
                continue
            if ev.seat == shown:
                uid = next((u for u in before.hand if u not in after.hand), None)
                if uid is not None and uid in l0.hand:
                    fly(uid, "market", t, l0.hand[uid], dst, True, True, ((slot_key, ev.seat),))
            else:
                fly(None, "market", t, l0.pile[ev.seat], dst, False, False, ((slot_key, ev.seat),))
            t += move * 0.6
        elif kind == "offers_revealed":
            t += move * 0.3
            for seat, uid in enumerate(ev.cards):
                slot = l0.offer_slot.get(seat)
                dst = l1.market.get(uid, slot)
                if slot is not None and dst is not None:
                    fly(uid, "market", t, slot, dst, seat == shown, True, (("uid", uid),), wait=True, dur=flip)
            t += flip + move * 0.4
        elif kind == "pick":
            uid = ev.cards[0]
            picked.add(uid)
            src = l0.market.get(uid)
            if src is None:
                continue
            if ev.seat == shown:
                fly(uid, "market", t, src, l1.hand.get(uid, l1.pile[shown]), True, True, (("uid", uid),))
            else:
                fly(uid, "market", t, src, l1.pile[ev.seat], True, False, (("uid", uid),))
            t += move
        elif kind == "reveals":
            t += move * 0.3
            for seat, uid in enumerate(ev.cards):
                slot = l0.reveal_slot.get(seat)
                if slot is None:
                    continue
                fly(
                    uid,
                    cards[uid].deck,
                    t,
                    slot,
                    slot,
                    seat == shown,
                    True,
                    (("uid", uid), ("reveal", seat)),
                    wait=True,
                    dur=flip,
                )
                dst = l1.rest(uid)
                gone = dst is None
                fly(
                    uid,
                    cards[uid].deck,
                    t + flip,
                    slot,
                    dst or l1.removed,
                    True,
                    True,
                    (("uid", uid),),
                    wait=True,
                    fade=gone,
                    dur=move * 1.2,
                )
            t += flip + move * 1.2
        elif kind == "take":
            uid = ev.cards[0]
            src = l0.source(ev.info).get(uid)
            dst = l1.rest(uid)
            if src is not None and dst is not None:
                fly(uid, cards[uid].deck, t, src, dst, True, True, (("uid", uid),), dur=move * 1.3)
                t += move * 1.3
        elif kind in ("decline", "effect_empty"):
            line = describe(ev, names, you)
            banners.append(Banner(line, t, BASE["small_banner"] * factor, big=False))
            t += 0.5 * factor
        elif kind == "market_emptied":
            for i, uid in enumerate(ev.cards):
                src = l0.market.get(uid)
                if src is not None:
                    fly(
                        uid,
                        "market",
                        t + i * stagger * 0.5,
                        src,
                        l1.removed,
                        True,
                        True,
                        (("uid", uid),),
                        wait=True,
                        fade=True,
                    )
            t += move + len(ev.cards) * stagger * 0.5
        elif kind == "end_hand":
            kept = int(ev.info or 0)
            for i, uid in enumerate(ev.cards):
                src = l0.hand.get(uid, l0.pile.get(ev.seat, l0.removed))
                dst = l1.rest(uid) if i < kept else None
                fly(
                    uid,
                    "market",
                    t + i * stagger,
                    src,
                    dst or l1.removed,
                    True,
                    True,
                    (("uid", uid),),
                    wait=ev.seat == shown,
                    fade=dst is None,
                )
            t += stagger * 2
        elif kind == "game_over":
            banners.append(Banner(tr("table.phase.over"), t + move, BASE["banner"] * factor))
            t += move
    return flights, banners, t
