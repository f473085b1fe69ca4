"""The public game log in words: one line per public event, "you" for the human whose screen it is (or a seat
named "You")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from amul_table.i18n import card_name, is_you_name, language, plural_key, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.state import Event, EventKind
from amul_table.rules.views import SeatView

LOG_LIMIT = 300


@dataclass(frozen=True)
class LogLine:
    """One entry of the log: its words, the cards it names (hovering a name zooms it), and whether it heads a round."""

    text: str
    cards: tuple[int, ...] = ()
    header: bool = False
    note: bool = False  # not an event: how the shown seat's score moved (drawn apart from the events)


def describe(ev: Event, names: list[str], you: int = -1) -> str:
    """One line of the public log for an event (empty for events the log leaves out).

    Lines about seat `you` (the human whose screen this is) are written in the second person.
    """
    cards = load_cards().cards

    def nm(uid: int) -> str:
        return card_name(cards[uid].type)

    def yours(seat: int) -> bool:
        return seat >= 0 and (seat == you or is_you_name(names[seat]))

    def line(key: str, **values: object) -> str:
        if yours(ev.seat):
            return tr(key + ".you", **values)
        return tr(key, name=names[ev.seat] if ev.seat >= 0 else "", **values)

    k = ev.kind
    if k == EventKind.ROUND:
        return line("log.round", n=ev.round)
    if k == EventKind.OFFERS_REVEALED:
        return tr("log.offers", cards=", ".join(nm(u) for u in ev.cards))
    if k == EventKind.PICK:
        return line("log.pick", card=nm(ev.cards[0]))
    if k == EventKind.REVEALS:
        who = [tr("log.you") if yours(i) else names[i] for i in range(len(ev.cards))]
        return tr("log.reveals", cards=", ".join(f"{nm(u)} ({who[i]})" for i, u in enumerate(ev.cards)))
    if k == EventKind.REMOVED:
        return tr("log.removed", card=nm(ev.cards[0]))
    if k == EventKind.TAKE:
        return line("log.take", card=nm(ev.cards[0]), source=tr(f"source.{ev.source}"))
    if k == EventKind.DECLINE:
        return line("log.decline", source=tr(f"source.{ev.source}"))
    if k == EventKind.EFFECT_EMPTY:
        return line("log.effect_empty", source=tr(f"source.{ev.source}"))
    if k == EventKind.MARKET_EMPTIED:
        return tr("log.market_emptied", cards=", ".join(nm(u) for u in ev.cards))
    if k == EventKind.FIRST_PICK:
        return line("log.first_pick")
    if k == EventKind.END_HAND:
        return line(plural_key("log.end_hand", ev.kept), kept=ev.kept)
    if k == EventKind.GAME_OVER:
        return tr("log.game_over")
    return ""


def public_log(
    view: SeatView, names: list[str], you: int = -1, withheld: int = 0, notes: Mapping[int, str] | None = None
) -> list[LogLine]:
    """The public log, newest last, with a header per round and a line when Military Prowess order begins
    (from the view, so a resumed game shows its history). The last `withheld` events are still being
    animated and are left out until they land. `notes` are lines to put before the event at their position
    (or after the last one), once that position is shown."""
    shown = len(view.log) - withheld
    described = _described(view, names, you)
    notes = notes or {}
    lines: list[LogLine] = []
    for i in range(shown):
        if i in notes:
            lines.append(LogLine(notes[i], note=True))
        lines.extend(described[i])
    if withheld == 0 and shown in notes:
        lines.append(LogLine(notes[shown], note=True))
    return lines[-LOG_LIMIT:]


def _event_lines(ev: Event, players: int, names: list[str], you: int) -> tuple[LogLine, ...]:
    """An event's lines in the log: a round's header (and Military Prowess's start), then its own line if any."""
    lines: list[LogLine] = []
    if ev.kind == EventKind.ROUND:
        lines.append(LogLine(tr("log.header", n=ev.round), header=True))
        if ev.round == players + 1:
            lines.append(LogLine(tr("log.military")))
    text = describe(ev, names, you)
    if text:
        lines.append(LogLine(text, tuple(ev.cards)))
    return tuple(lines)


@dataclass
class _Described:
    """A log's events and their lines, for one set of names, reader and language."""

    events: tuple[Event, ...]
    lines: list[tuple[LogLine, ...]]


_DESCRIBED: dict[tuple[tuple[str, ...], int, str, int], _Described] = {}
_KEPT = 8  # tables (names × reader × language) remembered; a window shows one, a test a few


def _described(view: SeatView, names: list[str], you: int) -> list[tuple[LogLine, ...]]:
    """Every event's lines of the view's log, described once: a table's frame re-reads its whole log at each
    step, and only the newest events are new (a replay going back reads a prefix of what it has)."""
    key = (tuple(names), you, language(), view.players)
    log = tuple(view.log)  # a tuple already (no copy)
    memo = _DESCRIBED.get(key)
    if memo is None or memo.events[: len(log)] != log[: len(memo.events)]:
        if len(_DESCRIBED) >= _KEPT:
            _DESCRIBED.clear()
        memo = _DESCRIBED[key] = _Described((), [])
    if len(log) > len(memo.events):
        memo.lines.extend(_event_lines(ev, view.players, names, you) for ev in log[len(memo.events) :])
        memo.events = log
    return memo.lines
