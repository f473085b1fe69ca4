"""Why a seat's score moved: its score if the game ended now, row by row, followed through the views the table
draws (so a change shows as the cards that cause it land); it keeps the latest change and a summary per round.

It reads the seat's own view only (its play area, the others' public ones and its own hand), so it tells the
seat nothing it could not see. No pygame: the sidebar, its tooltip and the log show what it keeps.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.rules.scoring import ARAB, BAZAAR, MONGOL, TOTAL, score_game
from amul_table.rules.state import EventKind
from amul_table.rules.views import SeatView
from amul_table.scenes.table.shown_view import shown_steps

Rows = tuple[tuple[str, int], ...]  # (row, points), in the score pad's order


@dataclass(frozen=True)
class ScoreMove:
    """The score before and after a change, and the rows that moved, largest first."""

    before: int
    after: int
    rows: Rows  # (row, points gained or lost)
    round: int  # the round it happened in (a summary: the round it sums up)


@dataclass
class ScoreTrail:
    """One seat's projected score as the table has shown it, its latest change and each round's summary."""

    seat: int
    view: SeatView  # the view last seen
    rows: dict[str, int]  # as last seen
    period: tuple[int, bool]  # the round last seen, and whether the game was over
    round_rows: dict[str, int]  # when that round began (or when the trail began)
    last: ScoreMove | None = None
    summaries: dict[int, ScoreMove] = field(default_factory=dict)  # by the log position of the round's end

    @classmethod
    def start(cls, view: SeatView) -> ScoreTrail:
        rows = projected_rows(view, view.seat)
        return cls(view.seat, view, rows, period_of(view), dict(rows))

    @classmethod
    def rebuilt(cls, history: Sequence[SeatView]) -> ScoreTrail:
        """The trail a table would have kept showing the seat `history` (its own view after each decision, from
        the game's start): a resumed or reconnected game's."""
        return deque(cls.walked(history), maxlen=1)[0]

    @classmethod
    def each_decision(cls, history: Sequence[SeatView]) -> list[ScoreTrail]:
        """The rebuilt trail after each decision of `history`: [i] after the first i (a replay steps through them)."""
        return [trail.copy() for trail in cls.walked(history)]

    @classmethod
    def walked(cls, history: Sequence[SeatView]) -> Iterator[ScoreTrail]:
        """One trail, yielded as it starts and again after following each decision of `history`."""
        trail = cls.start(history[0])
        yield trail
        for before, after in pairwise(history):
            trail.follow(before, after)
            yield trail

    def follow(self, before: SeatView, after: SeatView) -> None:
        """One decision's events, seen as the table animates them one by one (shown_view.py)."""
        events = after.log[len(before.log) :]
        for step in shown_steps(before, after, events, range(len(events)), len(events)):
            self.see(step.view)

    def catch_up(self, view: SeatView) -> None:
        """The table draws `view` with no animation before it (instant speed, a refresh cutting one short, the
        screen handed back in pass and play): the events since the view last seen are stepped as an animation shows
        them, so each round's summary holds that round's cards at any speed and after any gap, as a rebuilt trail
        does. The last change is the one drawn: the jump."""
        if len(view.log) <= len(self.view.log):
            self.see(view)
            return
        drawn = self.rows
        self.follow(self.view, view)
        if self.rows != drawn:
            self.last = move(drawn, self.rows, view.round)

    def passes(self, views: Sequence[SeatView], *, at_once: bool = False) -> bool:
        """The table shows `views` in turn (an animation's steps; `at_once`: each drawn with no animation before
        it); whether a round's summary was added."""
        summaries = len(self.summaries)
        for view in views:
            if at_once:
                self.catch_up(view)
            else:
                self.see(view)
        return len(self.summaries) != summaries

    def copy(self) -> ScoreTrail:
        return replace(self, rows=dict(self.rows), round_rows=dict(self.round_rows), summaries=dict(self.summaries))

    def see(self, view: SeatView) -> None:
        """The table draws `view` now: close the round's summary if a round ended, note a change of score."""
        self.view = view
        rows = projected_rows(view, self.seat)
        period = period_of(view)
        if period != self.period:
            self.summaries[round_end(view)] = move(self.round_rows, self.rows, self.period[0])
            self.period, self.round_rows = period, dict(self.rows)
        if rows != self.rows:
            self.last = move(self.rows, rows, view.round)
            self.rows = rows


def period_of(view: SeatView) -> tuple[int, bool]:
    return view.round, view.phase == Phase.OVER


def round_end(view: SeatView) -> int:
    """Where in the log the round just over ends: at the next round's start, or after the last event."""
    if view.phase == Phase.OVER:
        return len(view.log)
    starts = [i for i, ev in enumerate(view.log) if ev.kind == EventKind.ROUND and ev.round == view.round]
    return starts[-1] if starts else len(view.log)


def move(before: Mapping[str, int], after: Mapping[str, int], round_: int) -> ScoreMove:
    rows = [(row, after.get(row, 0) - before.get(row, 0)) for row in after if row != TOTAL]
    moved = sorted(((row, d) for row, d in rows if d), key=lambda rd: -abs(rd[1]))
    return ScoreMove(before.get(TOTAL, 0), after.get(TOTAL, 0), tuple(moved), round_)


def projected_rows(view: SeatView, seat: int) -> dict[str, int]:
    """The seat's score pad if the game ended now (hand cards with the hand icon included), row by row."""
    return dict(_projected(view.play_areas, view.hand, seat))


@lru_cache(maxsize=256)
def _projected(play_areas: tuple[tuple[int, ...], ...], hand: tuple[int, ...], seat: int) -> Rows:
    """Cached by the cards it scores: the score trail and the live score ask it for every frame the table paints,
    and the cards change only between views."""
    cards = load_cards().cards
    areas = [list(a) for a in play_areas]
    areas[seat] += [u for u in hand if cards[u].keeps_in_hand]
    return tuple(score_game(areas).seats[seat].rows.items())


def row_name(row: str) -> str:
    if row in (BAZAAR, ARAB, MONGOL, TOTAL):
        return tr(f"scoring.row.{row}")
    return tr(f"colour.{row}")


def rows_text(rows: tuple[tuple[str, int], ...]) -> str:
    """The rows that moved, by how much ("Arab majority −10, Blue +2")."""
    return ", ".join(f"{row_name(row)} {signed(d)}" for row, d in rows)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def summary_text(m: ScoreMove) -> str:
    """The log's line for a round's summary."""
    if m.before == m.after and not m.rows:
        return tr("log.score_round_still", n=m.round, points=m.after)
    return tr("log.score_round", n=m.round, before=m.before, after=m.after, rows=rows_text(m.rows) or "\u2014")


def breakdown_text(rows: Mapping[str, int]) -> str:
    """The rows that score, for the tooltip ("Blue 5, Bazaar 3, Arab majority 10")."""
    return ", ".join(f"{row_name(row)} {n}" for row, n in rows.items() if row != TOTAL and n) or "\u2014"
