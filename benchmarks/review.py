"""Benchmark: the coach's review of one seat in a finished 4- and 8-player game (median seconds).

    python benchmarks/review.py [--runs R] [--samples N] [--json]

The issue's target: a finished 4-player review in 60 s or less on one core. The games are played by
medium bots from fixed seeds; the review uses its fixed work (ai.review.SAMPLES playouts a decision).
CPU time is reported next to wall time, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amul_table.ai.base import derived_bot_salt
from amul_table.ai.play import play_game
from amul_table.ai.review import SAMPLES, review_game

TARGET_S = 60.0
GAMES = {4: 2026, 8: 2027}  # players: seed


def measure(players: int, seed: int, runs: int, samples: int) -> dict[str, float]:
    state = play_game(players, seed, ["medium"] * players, salt=derived_bot_salt(seed, seed))
    walls, cpus = [], []
    decisions = 0
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_game(state, 0, samples)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        decisions = len(review.decisions)
    return {
        "players": players,
        "decisions": decisions,
        "median_s": round(statistics.median(walls), 2),
        "median_cpu_s": round(statistics.median(cpus), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--samples", type=int, default=SAMPLES, help="playouts per decision")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(p, seed, args.runs, args.samples) for p, seed in GAMES.items()]
    if args.json:
        print(json.dumps({"samples": args.samples, "target_s": TARGET_S, "games": rows}))
        return 0
    print(f"review of seat 0, {args.samples} playouts a decision, median of {args.runs} runs")
    for row in rows:
        verdict = "ok" if row["players"] != 4 or row["median_s"] <= TARGET_S else "over the 60 s target"
        print(
            f"  {row['players']} players: {row['decisions']} decisions, {row['median_s']:.1f} s "
            f"(CPU {row['median_cpu_s']:.1f} s) {verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
