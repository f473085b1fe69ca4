"""The hard bot: its best few options, compared by playouts on sampled full states.

Candidates and values come from the medium evaluation with tournament-tuned weights (evaluate.HARD).
Each sample deals the unseen cards consistently with the view (sampling.py); every candidate is then
played in that same sample (common random numbers, so candidates are compared on equal luck) up to
the end of the current stage (the Picks after an Offer or a Pick, the round's effects after a Reveal,
the whole game in the last round): rivals by the medium policy, our own later choices by the cheap
one. The result is scored with full knowledge of the sampled hands. It runs under a wall-clock budget
(or a fixed number of samples, for reproducible tests), stops any time, and plays its evaluation's
choice when too few samples finished.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from amul_table.ai.base import reseed
from amul_table.ai.evaluate import HARD, Outlook, Weights
from amul_table.ai.knowledge import read_view
from amul_table.ai.medium import MediumBot, Option, best_option, rate_options
from amul_table.ai.sampling import SamplingError, determinize
from amul_table.rules.engine import apply, pending
from amul_table.rules.state import EFFECTS, GAME_END, NO_CARD, OFFER, OVER, PICK, REVEAL, ROUNDS, Action, GameState
from amul_table.rules.views import SeatView, view_for

CANDIDATES = 3  # medium's best options that playouts compare
THOROUGH_RIVALS = True  # rivals in playouts weigh their rivals too, as real medium players do
MAX_SAMPLES = 200  # enough to settle a comparison; short stages stop here, well inside the budget
MIN_SAMPLES = 2  # fewer samples than this finished within the budget: trust medium
PRUNE = 6.0  # options this far below medium's best are not worth samples
PRIOR_WEIGHT = 0.25  # how much medium's own value still counts next to the playout mean


class HardBot:
    """Determinized playouts under a time budget (`budget_ms`) or for exactly `samples` samples."""

    tier = "hard"

    def __init__(
        self,
        seat: int,
        seed: int,
        budget_ms: float = 80.0,
        samples: int | None = None,
        weights: Weights = HARD,
    ) -> None:
        self.seat = seat
        self.weights = weights
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget_ms / 1000.0
        self.samples = samples
        self.last_samples = 0  # samples finished for the last decision (benchmarks read it)

    def choose(self, view: SeatView) -> Action:
        reseed(self.rng, self.seed, view)
        start = time.perf_counter()
        options = rate_options(view, thorough=True, weights=self.weights)
        self.last_samples = 0
        if len(options) == 1:
            return options[0].action
        candidates = [o for o in options[:CANDIDATES] if o.value >= options[0].value - PRUNE]
        if len(candidates) == 1:
            return best_option(options, self.rng).action
        try:
            means = self._playouts(view, candidates, start)
        except SamplingError:
            means = None
        if means is None:
            return best_option(options, self.rng).action
        scored = [Option(c.action, m + PRIOR_WEIGHT * c.value, c.parts) for c, m in zip(candidates, means, strict=True)]
        return best_option(scored, self.rng).action

    def _playouts(self, view: SeatView, candidates: list[Option], start: float) -> list[float] | None:
        know = read_view(view)
        totals = [0.0] * len(candidates)
        done = 0
        deadline = None if self.samples is not None else start + self.budget
        try:
            while done < (self.samples if self.samples is not None else MAX_SAMPLES):
                _check(deadline)
                sample = determinize(view, self.rng, know)
                policy = [
                    MediumBot(s, self.rng.getrandbits(32), thorough=False, weights=self.weights)
                    if s == view.seat
                    else MediumBot(s, self.rng.getrandbits(32), thorough=THOROUGH_RIVALS)
                    for s in range(view.players)
                ]
                _commit_rivals(sample, view.seat, policy, deadline)
                values = []
                for cand in candidates:
                    state = sample.clone()
                    apply(state, cand.action)
                    _play_stage(state, view.phase, view.round, policy, deadline)
                    values.append(_leaf(state, view.seat, know.unseen_types, self.weights))
                totals = [t + v for t, v in zip(totals, values, strict=True)]
                done += 1
        except _OutOfTime:
            pass  # the unfinished sample is dropped: candidates are only compared on the same samples
        self.last_samples = done
        if done == 0 or (self.samples is None and done < MIN_SAMPLES):
            return None
        return [t / done for t in totals]


class _OutOfTime(Exception):
    """The budget ran out in the middle of a playout."""


def _check(deadline: float | None) -> None:
    if deadline is not None and time.perf_counter() > deadline:
        raise _OutOfTime


def _commit_rivals(state: GameState, seat: int, policy: list[MediumBot], deadline: float | None) -> None:
    """Rivals choose their simultaneous Offer or Reveal once per sample, whatever we then do."""
    if state.phase not in (OFFER, REVEAL):
        return
    for s in pending(state).seats:
        if s != seat:
            _check(deadline)
            apply(state, policy[s].choose(view_for(state, s)))


def _play_stage(
    state: GameState, phase: str, round_number: int, policy: list[MediumBot], deadline: float | None
) -> None:
    """Play on until the stage our decision belongs to is over: the Picks, or the round's effects.

    In the last round the playout goes to the end of the game, where the score is exact.
    """
    stop = REVEAL if phase in (OFFER, PICK) and round_number < ROUNDS else OFFER
    while state.phase not in (stop, OVER):
        for s in pending(state).seats:
            _check(deadline)
            apply(state, policy[s].choose(view_for(state, s)))


def _leaf(state: GameState, seat: int, unseen_types: Counter, weights: Weights) -> float:
    """Our standing at the end of the playout, every sampled hand known."""
    if state.phase == OVER:
        out = Outlook(seat, state.play_areas, [], 0, ROUNDS, unseen_types, weights=weights)
        return out.standing()
    reveals = ROUNDS - state.round
    if state.phase in (OFFER, PICK) or (state.phase == REVEAL and state.reveals[seat] == NO_CARD):
        reveals += 1
    if state.phase in (EFFECTS, GAME_END) and state.round == ROUNDS:
        reveals = 0
    out = Outlook(seat, state.play_areas, state.hands[seat], reveals, state.round, unseen_types, state.hands, weights)
    return out.standing()
