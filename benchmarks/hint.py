"""Benchmark: how long the table's hint takes (hint_job.best_hints: explain() with its fixed search work), per decision.

    python benchmarks/hint.py [--samples N] [--json]

The hint runs on a worker thread, but the player waits for it: the target is ~0.2-0.4 s for a 4-player
decision and within ~1 s at 8 players, on one core. Every decision of seat 0 in a game played by medium
bots from a fixed seed is timed once (seconds of CPU time, so a shared machine does not skew it).
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
from amul_table.ai.review import decision_points
from amul_table.scenes.table.hint_job import HINT_SAMPLES, best_hints

TARGET_S = {4: 0.4, 8: 1.0}
GAMES = {4: 2026, 8: 2027}  # players: seed


def measure(players: int, seed: int, samples: int) -> dict[str, float]:
    state = play_game(players, seed, ["medium"] * players, salt=derived_bot_salt(seed, seed))
    cpus = []
    for _, view, _ in decision_points(state, 0):
        if len(view.legal) < 2:
            continue  # a forced move: the hint does not search
        start = time.process_time()
        best_hints(view, samples)
        cpus.append(time.process_time() - start)
    cpus.sort()
    return {
        "players": players,
        "decisions": len(cpus),
        "median_s": round(statistics.median(cpus), 3),
        "p90_s": round(cpus[int(0.9 * (len(cpus) - 1))], 3),
        "max_s": round(cpus[-1], 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=HINT_SAMPLES, help="playouts per hint")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(p, seed, args.samples) for p, seed in GAMES.items()]
    if args.json:
        print(json.dumps({"samples": args.samples, "target_s": TARGET_S, "games": rows}))
        return 0
    print(f"hint for seat 0, {args.samples} playouts, CPU seconds per decision")
    for row in rows:
        verdict = "ok" if row["median_s"] <= TARGET_S[row["players"]] else "over target"
        print(
            f"  {row['players']} players: {row['decisions']} decisions, median {row['median_s']:.3f} s, "
            f"p90 {row['p90_s']:.3f} s, max {row['max_s']:.3f} s ({verdict})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
