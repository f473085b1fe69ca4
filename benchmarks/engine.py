"""Engine speed: random full games per second at 3, 5 and 8 players, and the time to score a finished 8-player game.

Raw engine, no bots and no views: each decision is a uniformly random legal action. Figures are medians over
repeats on one core (the process pins itself to one CPU where the OS allows it).

    python benchmarks/engine.py [--repeats 7] [--seconds 1.0] [--json]

Targets (issue 2): at least 500 random 5-player games per second, under 1 ms to score.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout without installing

from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.scoring import score_game

PLAYER_COUNTS = (3, 5, 8)
TARGET_GAMES_PER_SECOND = 500  # at 5 players
TARGET_SCORE_MS = 1.0


def random_game(players: int, seed: int, tea: int = 0):
    """One complete game of uniformly random legal play."""
    chooser = random.Random(seed)
    state = new_game(players, seed, tea=tea)
    while not state.is_over:
        seat = pending(state).seats[0]
        apply(state, chooser.choice(legal_actions(state, seat)))
    return state


def games_per_second(players: int, seconds: float, repeats: int) -> list[float]:
    """One rate per repeat: complete games played in about `seconds`, divided by the time taken."""
    rates = []
    seed = 0
    for _ in range(repeats):
        games = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            random_game(players, seed)
            seed += 1
            games += 1
        rates.append(games / elapsed)
    return rates


def score_milliseconds(repeats: int, calls: int = 300) -> list[float]:
    """Milliseconds per scoring of finished 8-player games (a different game each repeat)."""
    times = []
    for r in range(repeats):
        areas = random_game(8, 10_000 + r).play_areas
        start = time.perf_counter()
        for _ in range(calls):
            score_game(areas)
        times.append((time.perf_counter() - start) * 1000 / calls)
    return times


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each games-per-second repeat")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    pinned = pin_to_one_core()
    random_game(5, -1)  # load the card data and warm up before timing
    results = {
        f"games_per_second_{n}p": statistics.median(games_per_second(n, args.seconds, args.repeats))
        for n in PLAYER_COUNTS
    }
    results["score_8p_ms"] = statistics.median(score_milliseconds(args.repeats))
    if args.json:
        print(json.dumps({k: round(v, 3) for k, v in results.items()}))
        return 0
    print(f"Python {sys.version.split()[0]}, {pinned}, medians of {args.repeats} repeats")
    for n in PLAYER_COUNTS:
        print(f"  random {n}-player games per second: {results[f'games_per_second_{n}p']:8.1f}")
    print(f"  score a finished 8-player game:     {results['score_8p_ms']:8.3f} ms")
    five, ms = results["games_per_second_5p"], results["score_8p_ms"]
    met = {True: "met", False: "MISSED"}
    print(f"target >= {TARGET_GAMES_PER_SECOND} random 5-player games/s: {met[five >= TARGET_GAMES_PER_SECOND]}")
    print(f"target < {TARGET_SCORE_MS} ms to score: {met[ms < TARGET_SCORE_MS]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
