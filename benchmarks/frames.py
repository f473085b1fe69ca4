"""Frame cost of the table: CPU time per frame while an 8-player table deals and animates, and when idle.

Runs the real app loop headless (SDL dummy driver) at 1600x900, normal animation speed, with bots in
every seat but one human seat left waiting, so that after the animations the table sits idle.

    PYTHONPATH=. python benchmarks/frames.py [--players 8] [--seconds 40] [--json out.json]

Figures are medians and percentiles of per-frame CPU time of the main thread (bots think in another).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from amul_table.app import App
from amul_table.headless import frame_stats, make_session
from amul_table.scenes.table.scene import TableScene
from amul_table.settings import Settings


def run(players: int, seconds: float, bots: str, size: tuple[int, int], seed: int, rounds: int) -> dict:
    app = App(Settings(animation_speed="normal", bot_pause=0.25), size)
    session = make_session(players, seed, bots, humans=1)
    table = TableScene(app, session)
    app.push(table)
    app.record_frames = True
    start = time.perf_counter()
    # 1. the deal and `rounds` whole rounds (the human seat plays its first legal card), then the
    #    next round's deal, until the human must choose again (or time runs out)
    while time.perf_counter() - start < seconds:
        app.step(app.clock.tick(app.fps) / 1000.0)
        waiting = table.model.view.legal and not table.animating
        if waiting and table.model.view.round > rounds and session.bot_to_move() is None:
            break
        if waiting and table.model.view.round <= rounds:
            table.act(table.model.view.legal[0])
    animating = frame_stats(app.frame_ms)
    # 2. idle: the human thinks; nothing moves
    app.frame_ms = []
    app.record_frames = False
    idle_frames = 300
    cpu0, wall0 = time.thread_time(), time.perf_counter()
    redraws = 0
    for _ in range(idle_frames):
        before = table.dirty
        app.step(app.clock.tick(app.fps) / 1000.0)
        redraws += before
    cpu = time.thread_time() - cpu0
    wall = time.perf_counter() - wall0
    app.close()
    return {
        "players": players,
        "rounds": rounds,
        "size": f"{size[0]}x{size[1]}",
        "animating": animating,
        "idle": {
            "frames": idle_frames,
            "cpu_ms_per_frame": round(cpu / idle_frames * 1000, 4),
            "cpu_share": round(cpu / wall, 4),
            "redraws": redraws,
        },
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--seconds", type=float, default=120.0, help="longest time to wait for the deal and bots")
    p.add_argument("--bots", default="medium")
    p.add_argument("--size", default="1600x900")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=2, help="whole rounds to animate before measuring idle")
    p.add_argument("--json", default=None)
    args = p.parse_args(argv)
    w, h = (int(x) for x in args.size.split("x"))
    result = run(args.players, args.seconds, args.bots, (w, h), args.seed, args.rounds)
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text)
    a = result["animating"]
    ok = a["p95_ms"] <= 8.0
    print(
        f"animating p95 {a['p95_ms']} ms ({'within' if ok else 'over'} the 8 ms target); "
        f"idle {result['idle']['cpu_ms_per_frame']} ms/frame, {result['idle']['redraws']} redraws",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
