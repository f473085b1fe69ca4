"""The guided first game's coach: what the phase now asks, and what the last round did and why the score moved.

It reads what the table's animation reads (the engine's public events and the learner's own view)
and nothing else, so it can never tell a hidden card. No pygame: the tutorial scene draws its notes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from amul_table.i18n import card_name, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.rules.scoring import TOTAL
from amul_table.rules.state import Event, EventKind
from amul_table.rules.views import SeatView
from amul_table.scenes.table.score_trail import projected_rows, row_name, signed
from amul_table.scenes.table.shown_view import shown_steps


@dataclass
class CoachNote:
    """A titled handful of lines in the coach panel."""

    title: str
    lines: list[str] = field(default_factory=list)


class Coach:
    """Follows one learner's game: `now` says what to do, `recent` what the last Reveal and round did."""

    def __init__(self, seat: int, names: list[str], view: SeatView) -> None:
        self.seat = seat
        self.names = names
        self.seen: set[str] = set()
        self.view = view  # the view last fed
        self.reveal_lines: list[str] = []
        self.rows_before = projected_rows(view, seat)
        self.area_before = len(view.play_areas[seat])
        self.recent = CoachNote(tr("coach.welcome_title"), [tr("coach.welcome")])
        self.now = self.phase_note(view)

    def feed(self, events: list[Event], view: SeatView) -> None:
        """Take in what one step of play did, then say what the phase now asks. A round's summary is taken from the
        view as it stood when the round ended (as the table shows it, step by step), not after the next round's deal:
        the coach's score for a round is the log's."""
        steps = shown_steps(self.view, view, events, range(len(events)), len(events))
        for event, before in zip(events, steps, strict=False):  # steps[i]: the view just before events[i]
            line = self.event_line(event)
            if line:
                self.reveal_lines.append(line)
            if event.kind in (EventKind.ROUND, EventKind.GAME_OVER) and self.reveal_lines:
                self.round_over(before.view, over=event.kind is EventKind.GAME_OVER, number=event.round - 1)
        self.view = view
        self.now = self.phase_note(view)

    # --- what happened --------------------------------------------------------------------------

    def event_line(self, event: Event) -> str:
        """A line for each public result of the Reveal: who revealed what, what left, what effects took (the
        learner's own in the second person: "Your Opium", never "You's Opium")."""
        cards = load_cards().cards
        who = self.names[event.seat] if event.seat >= 0 else ""
        if event.kind is EventKind.REVEALS:
            shown = ", ".join(
                tr("coach.revealed_one", name=self.names[s], card=card_name(cards[c].type))
                for s, c in enumerate(event.cards)
            )
            return tr("coach.revealed", cards=shown)
        own = ".you" if event.seat == self.seat else ""
        if event.kind is EventKind.REMOVED:
            return tr("coach.removed" + own, name=who, card=card_name(cards[event.cards[0]].type))
        if event.kind is EventKind.TAKE:
            source = tr(f"source.{event.source}")
            return tr("coach.took" + own, name=who, card=card_name(cards[event.cards[0]].type), source=source)
        if event.kind is EventKind.DECLINE:
            return tr("coach.declined" + own, name=who, card=card_name(cards[event.cards[0]].type))
        if event.kind is EventKind.EFFECT_EMPTY:
            source = tr(f"source.{event.source}")
            return tr("coach.empty" + own, name=who, card=card_name(cards[event.cards[0]].type), source=source)
        return ""

    def round_over(self, view: SeatView, *, over: bool, number: int) -> None:
        """What the Reveal did, then why the learner's projected score moved since the last round began."""
        rows = projected_rows(view, self.seat)
        lines = list(self.reveal_lines)
        before, after = self.rows_before.get(TOTAL, 0), rows.get(TOTAL, 0)
        lines.append(tr("coach.score_moved", before=before, after=after))
        moved = [
            f"{row_name(row)} {signed(rows.get(row, 0) - self.rows_before.get(row, 0))}"
            for row in rows
            if row != TOTAL and rows.get(row, 0) != self.rows_before.get(row, 0)
        ]
        lines.append(tr("coach.rows_moved", rows=", ".join(moved)) if moved else tr("coach.rows_still"))
        new = view.play_areas[self.seat][self.area_before :]
        if new:
            names = ", ".join(card_name(load_cards().cards[c].type) for c in new)
            lines.append(tr("coach.new_cards", cards=names))
        title = tr("coach.game_over_title") if over else tr("coach.round_over_title", n=number)
        self.recent = CoachNote(title, lines)
        self.reveal_lines = []
        self.rows_before = rows
        self.area_before = len(view.play_areas[self.seat])

    # --- what to do now -------------------------------------------------------------------------

    def phase_note(self, view: SeatView) -> CoachNote:
        """The phase in full the first time it comes, briefly after that; what to click when it is your turn."""
        phase = view.phase
        title = tr("coach.now", phase=tr(f"table.phase.{phase.word}"))
        if phase == Phase.OVER:
            return CoachNote(tr("coach.game_over_title"), [tr("coach.over")])
        first = phase not in self.seen
        self.seen.add(phase)
        key = phase.word
        lines = [tr(f"coach.{key}.{'full' if first else 'short'}")]
        if view.legal:
            if phase in (Phase.EFFECTS, Phase.GAME_END):
                uid = next((c for c in reversed(view.play_areas[self.seat]) if _has_effect(c)), None)
                card = card_name(load_cards().cards[uid].type) if uid is not None else ""
                lines.append(tr("coach.do.effect", card=card, source=tr(f"source.{view.pending.source}")))
            else:
                lines.append(tr(f"coach.do.{key}"))
        else:
            lines.append(tr("coach.wait"))
        return CoachNote(title, lines)


def _has_effect(uid: int) -> bool:
    return bool(load_cards().cards[uid].type.effect)
