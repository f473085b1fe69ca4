"""The coach's review: every decision of one seat in a finished game, rated from that seat's view then.

The game is replayed from its action log; before each of the seat's actions the review takes the
seat's `SeatView` (never the full state) and asks the strongest bot's search, with fixed work seeded
from the view (explain(samples=N)), to value every legal option by its expected final margin over
the best rival. The loss of a decision is the best option's value minus the chosen one's, from that
same evaluation, so it is never negative and is exactly 0 when the best (or an identical copy of
it) was chosen. Forced moves (a single distinct option) are not decisions and are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from amul_table.ai.explain import Hint, explain
from amul_table.ai.reasons import Reason
from amul_table.rules.engine import apply
from amul_table.rules.phases import Phase
from amul_table.rules.scoring import score_game
from amul_table.rules.setup import new_game
from amul_table.rules.state import Action, GameState
from amul_table.rules.views import SeatView, view_for

SAMPLES = 768  # playouts per decision: a finished 4-player review stays well under a minute on one core
CLOSE = 0.5  # a decision within this many points of the best counts as accurate

Progress = Callable[[int, int], None]  # (decisions rated so far, decisions in all)


class ReviewError(ValueError):
    """The game cannot be reviewed (it is not finished, or the seat is not at the table)."""


@dataclass(frozen=True)
class Decision:
    """One rated decision: what was chosen, what was best, and the expected points lost."""

    index: int  # the action's place in the game's action log (the replay's step before it)
    round: int
    phase: Phase
    chosen: Action
    best: Action
    loss: float  # expected final margin of the best option minus the chosen one's (>= 0)
    chosen_margin: float  # expected final margin over the best rival after the chosen option
    best_margin: float
    reason: Reason  # why the best option is best (i18n.hint_reason says it)
    reason_args: dict[str, Any] = field(default_factory=dict)
    options: int = 0  # legal options rated


@dataclass(frozen=True)
class Review:
    """A seat's whole game as the coach sees it."""

    seat: int
    decisions: tuple[Decision, ...]
    final_margin: int  # the seat's real final margin over the best rival
    samples: int = SAMPLES

    @property
    def mean_loss(self) -> float:
        return sum(d.loss for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    @property
    def accuracy(self) -> float:
        """The share, 0 to 1, of decisions within CLOSE points of the best."""
        if not self.decisions:
            return 1.0
        return sum(d.loss <= CLOSE for d in self.decisions) / len(self.decisions)

    def costliest(self, n: int = 3) -> list[Decision]:
        """The `n` decisions that lost most (ties: the earlier first), leaving out those that lost nothing."""
        lost = [d for d in self.decisions if d.loss > 0]
        return sorted(lost, key=lambda d: (-d.loss, d.index))[:n]


def review_game(state: GameState, seat: int, samples: int | None = None, progress: Progress | None = None) -> Review:
    """Review `seat`'s decisions in the finished game `state` (replayed from its seed, deck and actions).

    `samples`: playouts per decision (SAMPLES by default)."""
    samples = SAMPLES if samples is None else samples
    if not state.is_over:
        raise ReviewError("the game is not finished: only a finished game can be reviewed")
    if not 0 <= seat < state.players:
        raise ReviewError(f"seat {seat} is not at this {state.players}-player table")
    total = sum(a.seat == seat for a in state.actions)
    decisions = []
    for done, (index, view, chosen) in enumerate(decision_points(state, seat), start=1):
        rated = rate_decision(view, chosen, index, samples)
        if rated is not None:
            decisions.append(rated)
        if progress is not None:
            progress(done, total)
    return Review(seat, tuple(decisions), final_margin(state, seat), samples)


def decision_points(state: GameState, seat: int) -> Iterator[tuple[int, SeatView, Action]]:
    """Each of `seat`'s actions with the seat's view just before it, replaying the game from the start."""
    replay = new_game(
        state.players, state.seed, tea=state.tea, deck_order=state.initial_deck, starting_player=state.starting_player
    )
    for index, action in enumerate(state.actions):
        if action.seat == seat:
            yield index, view_for(replay, seat), action
        apply(replay, action)


def rate_decision(view: SeatView, chosen: Action, index: int = 0, samples: int = SAMPLES) -> Decision | None:
    """Rate every legal option of `view` and the chosen one among them; None for a forced move."""
    hints = explain(view, chosen, top=len(view.legal), samples=samples)
    if len({h.search.group for h in hints if h.search is not None}) < 2:
        return None
    best = max(hints, key=lambda h: _margin(h))  # the first of equals: the search's own order
    mine = next(h for h in hints if h.action == chosen)
    loss = _margin(best) - _margin(mine)
    return Decision(
        index=index,
        round=view.round,
        phase=view.phase,
        chosen=chosen,
        best=best.action,
        loss=round(max(0.0, loss), 2),
        chosen_margin=round(_margin(mine), 2),
        best_margin=round(_margin(best), 2),
        reason=best.reason,
        reason_args=dict(best.reason_args),
        options=len(view.legal),
    )


def final_margin(state: GameState, seat: int) -> int:
    """The seat's final score minus the best rival's."""
    totals = [s.total for s in score_game(state.play_areas).seats]
    return totals[seat] - max(t for i, t in enumerate(totals) if i != seat)


def _margin(hint: Hint) -> float:
    return hint.search.margin if hint.search is not None else 0.0
