"""Tournaments between bot tiers: a fixed bank of deals, each played once per seat rotation.

Every deal (a game seed: deck order and starting player) is played N times at N players, the lineup
rotated one seat each time, so each tier meets the same luck from every seat. Games run in parallel
processes. Shared victories count as fractional wins: a win shared by k seats gives each 1/k.
Rank is 1 for the most points; seats tied on points and Military Prowess share the mean of their ranks.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import get_context

from amul_table.ai.base import derived_bot_salt
from amul_table.ai.play import play_out
from amul_table.ai.tiers import BOT_TIERS, make_bot
from amul_table.rules.rng import next_u64
from amul_table.rules.scoring import score_game
from amul_table.rules.setup import check_options, new_game

Z95 = 1.959964


@dataclass(frozen=True)
class TierDealResult:
    """One bot tier's seat in one tournament deal. Its rank is a statistic (tied seats share the mean of their
    ranks, 2.5), unlike the records database's SeatResult, whose rank is a written place (1st, 2nd...)."""

    tier: str
    win: float  # 1, 1/k for a victory shared by k seats, else 0
    rank: float
    margin: int  # own points minus the best other seat's


@dataclass
class TierStats:
    games: int = 0
    wins: float = 0.0
    rank_sum: float = 0.0
    margin_sum: float = 0.0

    def add(self, r: TierDealResult) -> None:
        self.games += 1
        self.wins += r.win
        self.rank_sum += r.rank
        self.margin_sum += r.margin

    def summary(self) -> dict:
        win_rate = self.wins / self.games
        lo, hi = wilson(win_rate, self.games)
        return {
            "games": self.games,
            "win_rate": round(win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_rank": round(self.rank_sum / self.games, 3),
            "mean_margin": round(self.margin_sum / self.games, 3),
        }


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal number `deal` in the bank drawn from `seed`."""
    return next_u64((seed << 20) ^ (deal * 0x9E37 + 1))[0] >> 16


def rotation(lineup: Sequence[str], shift: int) -> list[str]:
    """Seat s plays lineup[(s - shift) mod N]: over N shifts every entry sits in every seat once."""
    n = len(lineup)
    return [lineup[(s - shift) % n] for s in range(n)]


def play_deal(task: tuple[int, int, tuple[str, ...], int, int]) -> tuple[int, list[TierDealResult]]:
    """Play one (deal, rotation) game; return its index and one result per seat."""
    index, seed, tiers, tea, salt = task
    state = new_game(len(tiers), seed, tea=tea)
    bots = [make_bot(tiers[s], s, seed, salt=salt) for s in range(len(tiers))]
    play_out(state, bots)
    return index, tier_results(score_game(state.play_areas), tiers)


def tier_results(sheet, tiers: Sequence[str]) -> list[TierDealResult]:
    totals = [s.total for s in sheet.seats]
    keys = [(s.total, s.military) for s in sheet.seats]
    results = []
    for seat, tier in enumerate(tiers):
        above = sum(1 for k in keys if k > keys[seat])
        level = sum(1 for k in keys if k == keys[seat])
        rank = above + (level + 1) / 2
        win = 1 / len(sheet.winners) if seat in sheet.winners else 0.0
        margin = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
        results.append(TierDealResult(tier, win, rank, margin))
    return results


def run_tournament(
    players: int,
    lineup: Sequence[str],
    deals: int,
    seed: int,
    jobs: int = 1,
    tea: int = 0,
    progress: Callable[[int, int, float], None] | None = None,
) -> dict:
    """Play the bank; return {"tiers": {tier: summary}, "seconds": wall time}."""
    check_options(players, tea)
    lineup = list(lineup)
    if len(lineup) != players:
        raise ValueError(f"the lineup names {len(lineup)} tiers for {players} players (one per seat)")
    for tier in lineup:
        if tier not in BOT_TIERS:
            raise ValueError(f"unknown bot tier {tier!r} (tiers: {', '.join(BOT_TIERS)})")
    if deals < 1:
        raise ValueError("--deals must be at least 1")
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    tasks = []
    for d in range(deals):
        game_seed = deal_seed(seed, d)
        salt = derived_bot_salt(seed, game_seed)  # one-way, yet the bank replays from --seed
        for shift in range(players):
            tasks.append((len(tasks), game_seed, tuple(rotation(lineup, shift)), tea, salt))
    start = time.perf_counter()
    results: list[list[TierDealResult] | None] = [None] * len(tasks)
    done = 0
    if jobs == 1:
        stream = map(play_deal, tasks)
        for index, res in stream:
            results[index] = res
            done += 1
            if progress:
                progress(done, len(tasks), time.perf_counter() - start)
    else:
        with get_context("spawn").Pool(jobs) as pool:
            for index, res in pool.imap_unordered(play_deal, tasks):
                results[index] = res
                done += 1
                if progress:
                    progress(done, len(tasks), time.perf_counter() - start)
    stats: dict[str, TierStats] = {tier: TierStats() for tier in dict.fromkeys(lineup)}
    for res in results:
        for r in res or ():
            stats[r.tier].add(r)
    return {
        "tiers": {tier: s.summary() for tier, s in stats.items()},
        "seconds": round(time.perf_counter() - start, 3),
    }


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion `p` observed over `n` trials."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def progress_words(done: int, total: int, seconds: float) -> str:
    """The progress line's words: games done, time spent, time left at the rate so far."""
    rate = done / seconds if seconds else 0.0
    left = (total - done) / rate if rate else 0.0
    return f"  {done}/{total} games  {seconds:6.1f} s  ~{left:5.0f} s left "
