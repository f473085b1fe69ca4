"""The public game log in words: one line per public event, "you" for the human whose screen it is."""

from __future__ import annotations

from amul_table.i18n import card_name, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.state import Event
from amul_table.rules.views import SeatView

LOG_LIMIT = 300


def describe(ev: Event, names: list[str], you: int = -1) -> str:
    """One line of the public log for an event (empty for events the log leaves out).

    Lines about seat `you` (the human whose screen this is) are written in the second person.
    """
    cards = load_cards().cards

    def nm(uid: int) -> str:
        return card_name(cards[uid].type)

    def line(key: str, **values: object) -> str:
        if ev.seat >= 0 and ev.seat == you:
            return tr(key + ".you", **values)
        return tr(key, name=names[ev.seat] if ev.seat >= 0 else "", **values)

    k = ev.kind
    if k == "round":
        return line("log.round", n=ev.info)
    if k == "offers_revealed":
        return tr("log.offers", cards=", ".join(nm(u) for u in ev.cards))
    if k == "pick":
        return line("log.pick", card=nm(ev.cards[0]))
    if k == "reveals":
        who = [tr("log.you") if i == you else names[i] for i in range(len(ev.cards))]
        return tr("log.reveals", cards=", ".join(f"{nm(u)} ({who[i]})" for i, u in enumerate(ev.cards)))
    if k == "removed":
        return tr("log.removed", card=nm(ev.cards[0]))
    if k == "take":
        return line("log.take", card=nm(ev.cards[0]), source=tr(f"source.{ev.info}"))
    if k == "decline":
        return line("log.decline", source=tr(f"source.{ev.info}"))
    if k == "effect_empty":
        return line("log.effect_empty", source=tr(f"source.{ev.info}"))
    if k == "market_emptied":
        return tr("log.market_emptied", cards=", ".join(nm(u) for u in ev.cards))
    if k == "first_pick":
        return line("log.first_pick")
    if k == "end_hand":
        return line("log.end_hand", kept=ev.info)
    if k == "game_over":
        return tr("log.game_over")
    return ""


def public_log(view: SeatView, names: list[str], you: int = -1) -> list[str]:
    """The public log as lines, newest last (from the view, so a resumed game shows its history)."""
    lines = [line for line in (describe(ev, names, you) for ev in view.log) if line]
    return lines[-LOG_LIMIT:]
