"""Information-set search: every candidate played to the end of the game in the same sampled worlds.

A world deals the cards the seat cannot see (rival hands, face-down choices, the deck) consistently
with its view (sampling.py). Every surviving candidate is played in the same worlds with the same
random stream (common random numbers), so candidates are compared on equal luck; successive halving
spends the work on the better half, round after round. A playout (playout.py) finishes the game with
random Offers and Picks and the reveal preference; its reward is the win share plus a small term for
the final margin over the best rival. With `own_depth` (expert), the seat's own next decisions in each
playout are chosen by a bandit over what earlier playouts of the candidate earned (own_moves.py). Work is
either a wall-clock budget (anytime: it stops between worlds) or a fixed number of playouts, which makes a
decision reproducible from the RNG alone.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from amul_table.ai import playout
from amul_table.ai.knowledge import read_view
from amul_table.ai.medium import rate_options
from amul_table.ai.own_moves import CARD_CLASS, DECLINE, OwnTree, descend
from amul_table.ai.sampling import determinize
from amul_table.rules.phases import ActionKind
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView

MARGIN_WEIGHT = 0.05  # reward per point of final margin, next to 1 for a win (tournament-tuned: see docs/bots.md)


@dataclass(frozen=True)
class OptionValue:
    """What the search learnt of one legal action (equivalent actions share one entry's numbers)."""

    action: Action
    reward: float  # mean reward: win share + the Work's margin_weight * margin
    win: float  # mean win share
    margin: float  # mean final margin over the best rival, in points
    samples: int  # playouts of this option (more for the options that survived longer)
    group: int = 0  # options with the same group are identical copies of one card: searched once


@dataclass(frozen=True)
class Work:
    """How much to search: `playouts` in all (fixed work, reproducible) or `seconds` of wall clock."""

    playouts: int | None = None
    seconds: float | None = None
    keep: int | None = None  # search only medium's `keep` best options (the others rank last, unsearched)
    own_depth: int = 0  # the seat's next decisions in a playout chosen by a bandit (own_moves.py), not at random
    margin_weight: float = MARGIN_WEIGHT  # the reward's weight on a point of margin (benchmarks try others)


def search(view: SeatView, rng: random.Random, work: Work) -> list[OptionValue]:
    """Every legal action of the seat, valued by playouts; best first (the first is the choice)."""
    groups = option_groups(view.legal)
    if len(groups) == 1:
        return [OptionValue(a, 0.0, 0.0, 0.0, 0, 0) for a in view.legal]
    start = time.perf_counter()
    dropped: list[list[Action]] = []
    if work.keep is not None and len(groups) > work.keep:
        groups, dropped = _prune(view, groups, work.keep)  # inside the budget: medium takes a few ms
    budget = work.playouts
    deadline = start + work.seconds if budget is None and work.seconds is not None else None
    know = read_view(view)
    stats = [[0.0, 0.0, 0.0, 0] for _ in groups]  # reward, win, margin sums; playouts
    alive = list(range(len(groups)))
    rounds = max(1, math.ceil(math.log2(len(groups))))
    prng = random.Random()
    trees = [OwnTree() for _ in groups] if work.own_depth else []
    spent = 0
    for r in range(rounds):
        # Fixed work: an even share of the playouts left. A budget: worlds until this round's share of
        # the time is spent.
        quota = max(1, (budget - spent) // ((rounds - r) * len(alive))) if budget is not None else 1 << 30
        round_end = start + (work.seconds or 0.0) * (r + 1) / rounds
        for w in range(quota):
            # Past the time, stop; only an unpruned search plays one world regardless (a pruned one
            # falls back on medium's order, which is how its groups come sorted).
            if deadline is not None and (w or r or dropped) and time.perf_counter() > round_end:
                break
            base = playout.from_state(determinize(view, rng, know))
            world_seed = rng.getrandbits(48)
            for g in alive:
                sim = base.clone()
                playout.step(sim, groups[g][0])
                prng.seed(world_seed)
                credited = descend(sim, view.seat, trees[g], prng.random, work.own_depth) if work.own_depth else ()
                playout.play_to_end(sim, prng)
                win, margin = playout.result(sim, view.seat)
                reward = win + work.margin_weight * margin
                for own in credited:
                    own[0] += reward
                    own[1] += 1
                s = stats[g]
                s[0] += reward
                s[1] += win
                s[2] += margin
                s[3] += 1
                spent += 1
        if len(alive) > 1 and r < rounds - 1:
            alive.sort(key=lambda g: (-_mean(stats[g]), g))
            alive = alive[: math.ceil(len(alive) / 2)]
    unsearched = [OptionValue(a, -math.inf, 0.0, 0.0, 0, len(groups) + i) for i, g in enumerate(dropped) for a in g]
    return _ranked(groups, stats, alive) + unsearched


def _prune(view: SeatView, groups: list[list[Action]], keep: int) -> tuple[list[list[Action]], list[list[Action]]]:
    """Medium's `keep` best groups, then the rest (medium's order): a short budget is spent on fewer."""
    value = {o.action: o.value for o in rate_options(view)}
    ranked = sorted(groups, key=lambda g: -max(value[a] for a in g))
    return ranked[:keep], ranked[keep:]


def _mean(s: list) -> float:
    return s[0] / s[3] if s[3] else -math.inf


def _ranked(groups: list[list[Action]], stats: list[list], alive: list[int]) -> list[OptionValue]:
    """Survivors first (best mean first), then the options dropped earlier, by their means."""
    order = sorted(range(len(groups)), key=lambda g: (g not in alive, -_mean(stats[g]), g))
    out = []
    for g in order:
        reward, win, margin, n = stats[g]
        k = max(n, 1)
        out += [OptionValue(a, reward / k, win / k, margin / k, n, g) for a in groups[g]]
    return out


def option_groups(legal: tuple[Action, ...]) -> list[list[Action]]:
    """Legal actions grouped by what tells them apart: identical copies of a card play the same."""
    by_key: dict[tuple[ActionKind, int], list[Action]] = {}
    for action in legal:
        key = (action.kind, CARD_CLASS[action.card] if action.card >= 0 else DECLINE)
        by_key.setdefault(key, []).append(action)
    return list(by_key.values())


def playouts_spent(values: list[OptionValue]) -> int:
    """The playouts a search played in all (identical options share theirs)."""
    return sum({v.group: v.samples for v in values}.values())
