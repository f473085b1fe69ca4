"""CPU time of laying out the table: every view of seat 0 over whole games of random moves (3, 5 and 8 players), at
window sizes from 1024×640 to 3840×2160, in English and French, with the colour-blind letters off and on. Each view
is laid out in the game's order, as the table does when it shows it (a new TableLayout, the parts it keeps forgotten
before each pass: each view is new to it); the figure is the fastest pass's CPU per layout.

    python benchmarks/layouts.py [--players 3,5,8] [--sizes 1024x640,1600x900,3840x2160] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout: the views come from tests/

import pygame

from amul_table.i18n import set_language
from amul_table.scenes.table.board_sides import board_sides
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.table.opponents import opponents
from tests.scenes.test_table_layout import seat0_views  # every decision of seat 0 in a game of random moves


def run(players: list[int], sizes: list[tuple[int, int]], seed: int, repeats: int) -> dict:
    pygame.font.init()
    games = {n: seat0_views(n, seed) for n in players}
    names = {n: [f"Player {i + 1}" for i in range(n)] for n in players}
    rows = []
    for lang in ("en", "fr"):
        set_language(lang)
        for n, views in games.items():
            for size in sizes:
                for aid in (False, True):
                    times = []
                    for _ in range(repeats):
                        opponents.cache_clear()
                        board_sides.cache_clear()
                        cpu0 = time.process_time()
                        for view in views:
                            TableLayout(size, view, 0, names=names[n], colour_blind=aid)
                        times.append((time.process_time() - cpu0) * 1000 / len(views))
                    rows.append(
                        {
                            "lang": lang,
                            "players": n,
                            "size": f"{size[0]}x{size[1]}",
                            "aid": aid,
                            "layouts": len(views),
                            "ms_per_layout": round(min(times), 3),
                        }
                    )
    set_language("en")
    total = sum(r["ms_per_layout"] * r["layouts"] for r in rows) / sum(r["layouts"] for r in rows)
    return {
        "rows": rows,
        "mean_ms_per_layout": round(total, 3),
        "median_ms_per_layout": round(statistics.median(r["ms_per_layout"] for r in rows), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="3,5,8")
    parser.add_argument("--sizes", default="1024x640,1600x900,3840x2160")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    result = run([int(p) for p in args.players.split(",")], sizes, args.seed, args.repeats)
    for row in result["rows"]:
        print(f"{row['lang']} {row['players']}p {row['size']:>9} aid={row['aid']!s:5} {row['ms_per_layout']:.3f} ms")
    print(f"mean {result['mean_ms_per_layout']} ms per layout, median {result['median_ms_per_layout']} ms")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
