"""The hint's search on its own worker thread, so the window never freezes while the coach thinks.

The hint asks the strongest bot's search with fixed work (HINT_SAMPLES playouts) seeded from the view
alone (rivals' face-down commitments do not count), so the same decision always gets the same hint. One
search per decision: asking again for the decision being rated (a second press while it thinks, or
reopening the hint) returns the same future.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from amul_table.ai.explain import TOP, Hint, agreeing_reasons, explain, public_moves, ranked_as_shown
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView

# Playouts per hint: CPU per decision, median 0.29 s (max 0.48 s) at 4 players and 0.47 s (max 0.54 s) at
# 8 players on one core of the shared machine (benchmarks/hint.py, 26 Nov 2026).
HINT_SAMPLES = 1200

DecisionKey = tuple[int, int, tuple[Action, ...]]  # seat, public events that were not commitments, legal actions


class HintWorker:
    """One worker thread for hints, apart from the bots' so a hint never queues behind a bot's move."""

    def __init__(self, samples: int = HINT_SAMPLES) -> None:
        self.samples = samples
        self._executor: ThreadPoolExecutor | None = None
        self._asked: tuple[DecisionKey, Future[Sequence[Hint]]] | None = None

    def ask(self, view: SeatView) -> Future[Sequence[Hint]]:
        """The hints for `view`'s decision, searched once: the running (or finished) search if already asked."""
        key = decision_key(view)
        if self._asked is not None:
            asked_key, future = self._asked
            if asked_key == key and not future.cancelled():
                return future
            future.cancel()  # an older decision's search that has not started yet is not wanted any more
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="amul-hint")
        future = self._executor.submit(best_hints, view, self.samples)
        self._asked = (key, future)
        return future

    def close(self) -> None:
        """Drop the executor; a search already running finishes on its thread and its result is unused."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._asked = None


def best_hints(view: SeatView, samples: int, top: int = TOP) -> list[Hint]:
    """The search's `top` best options by the numbers shown, one per set of identical card copies (they play
    the same, so a second copy would only take the place of another option), each with a reason that agrees."""
    hints: list[Hint] = []
    seen: set[object] = set()
    for hint in ranked_as_shown(explain(view, top=len(view.legal), samples=samples)):
        same = hint.search.group if hint.search is not None else hint.action
        if same not in seen:
            seen.add(same)
            hints.append(hint)
    return agreeing_reasons(hints[:top])


def decision_key(view: SeatView) -> DecisionKey:
    """What tells one of a seat's decisions from another, read from its view only. A rival committing
    its own face-down Offer or Reveal meanwhile does not make it another decision: the hint stays."""
    return (view.seat, public_moves(view), tuple(view.legal))
