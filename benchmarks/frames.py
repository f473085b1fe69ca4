"""Frame cost of the table: CPU time per frame while an 8-player table deals and animates, and when idle.

Runs the real app loop headless (SDL dummy driver), normal animation speed, with bots in every seat but
one human seat left waiting, so that after the animations the table sits idle. The first frame counts the
table's setting up (as the frame that starts a game does for a player), and `--resize FROM:TO` resizes
the window at the start of round 2, in the middle of the dealing and animating.

    PYTHONPATH=. python benchmarks/frames.py [--size 1600x900] [--json out.json]
    PYTHONPATH=. python benchmarks/frames.py --size 1024x640,1600x900,2560x1440,3840x2160 \
        --resize 1600x900:3840x2160 --repeats 3 --json out.json

Figures are percentiles of per-frame CPU time of the main thread (bots think in another); with repeats,
each figure is the median of the runs' figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from amul_table.app.headless import frame_stats, make_session
from amul_table.app.window import App
from amul_table.persistence.settings import Settings
from amul_table.scenes.routes import Route
from amul_table.scenes.table.scene import TableScene

BUDGET_MS = 1000 / 60  # one frame at 60 FPS
FIGURES = ("p50_ms", "p95_ms", "p99_ms", "max_ms", "first_ms", "max_after_first_ms")


def run(
    players: int,
    seconds: float,
    bots: str,
    size: tuple[int, int],
    seed: int,
    rounds: int,
    resize_to: tuple[int, int] | None = None,
) -> dict:
    app = App(Settings(animation_speed="normal", bot_pause=0.25), size)
    app.catch_sigterm()  # SIGTERM ends the run at the next frame (SDL would turn it into a quit nobody answers)
    session = make_session(players, seed, bots, humans=1)
    table = app.go(Route.TABLE, session)
    app.record_frames = True
    app.settle_heap = True  # as the real window loop does
    cpu0 = time.thread_time()
    app.push(table)  # the table lays itself out here: part of the first frame a player sees
    pushed_ms = (time.thread_time() - cpu0) * 1000.0
    resized_at: int | None = None
    start = time.perf_counter()
    # 1. the deal and `rounds` whole rounds (the human seat plays its first legal card), then the
    #    next round's deal, until the human must choose again (or time runs out)
    while time.perf_counter() - start < seconds and app.running:
        view = table.model.view
        if resize_to is not None and resized_at is None and view.round >= 2:
            resized_at = len(app.frame_ms)  # the next drawn frame handles the resize
            w, h = resize_to
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=resize_to, w=w, h=h))
        app.step(app.clock.tick(app.fps) / 1000.0)
        if len(app.frame_ms) == 1 and pushed_ms:
            app.frame_ms[0] += pushed_ms
            pushed_ms = 0.0
        view = table.model.view
        waiting = view.legal and not table.animating
        if waiting and view.round > rounds and session.bot_to_move() is None:
            break
        if waiting and view.round <= rounds:
            table.act(view.legal[0])
    frames = app.frame_ms
    animating = {
        **frame_stats(frames),
        "first_ms": round(frames[0], 3) if frames else 0.0,  # the table set up at its size, as a resize is
        "max_after_first_ms": round(max(frames[1:], default=0.0), 3),
    }
    animating["over_budget"] = sum(ms > BUDGET_MS for ms in frames)
    result: dict = {"players": players, "rounds": rounds, "size": f"{size[0]}x{size[1]}"}
    if resize_to is not None:
        after = frames[resized_at:] if resized_at is not None else []
        result["resize_to"] = f"{resize_to[0]}x{resize_to[1]}"
        result["resize"] = resize_figures(after)
    result["animating"] = animating
    result["idle"] = idle(app, table)
    app.close()
    return result


def resize_figures(after: list[float]) -> dict:
    """The resize frame (the first of `after`), then the frames over budget after it and their figures: the goal
    is the resize frame alone over budget."""
    return {
        "frame_ms": round(after[0], 3) if after else None,
        "over_budget_after": sum(ms > BUDGET_MS for ms in after[1:]),
        "after": frame_stats(after[1:]),
    }


def idle(app: App, table: TableScene, frames: int = 300) -> dict:
    """The human thinks; nothing moves: CPU per frame and redraws."""
    app.frame_ms = []
    app.record_frames = False
    cpu0, wall0 = time.thread_time(), time.perf_counter()
    redraws = 0
    for _ in range(frames):
        if not app.running:
            break
        before = table.dirty
        app.step(app.clock.tick(app.fps) / 1000.0)
        redraws += before
    cpu = time.thread_time() - cpu0
    wall = time.perf_counter() - wall0
    return {
        "frames": frames,
        "cpu_ms_per_frame": round(cpu / frames * 1000, 4),
        "cpu_share": round(cpu / wall, 4),
        "redraws": redraws,
    }


def summary(label: str, runs: list[dict]) -> dict:
    """One row of the table: each figure's median over the repeats (and its range)."""
    row: dict = {"run": label, "repeats": len(runs)}
    for key in FIGURES:
        values = [r["animating"][key] for r in runs]
        row[key] = round(statistics.median(values), 2)
        row[key.replace("_ms", "_range")] = [round(min(values), 2), round(max(values), 2)]
    row["over_budget"] = statistics.median(r["animating"]["over_budget"] for r in runs)
    if "resize" in runs[0]:
        row["resize_frame_ms"] = round(statistics.median(r["resize"]["frame_ms"] or 0.0 for r in runs), 2)
        row["over_budget_after_resize"] = statistics.median(r["resize"]["over_budget_after"] for r in runs)
        row["max_after_resize_ms"] = round(statistics.median(r["resize"]["after"]["max_ms"] for r in runs), 2)
    return row


def table_line(row: dict) -> str:
    figures = " / ".join(f"{row[k]:.2f}" for k in FIGURES)
    line = f"{row['run']:>22}: p50 / p95 / p99 / max / first / max after it {figures} ms"
    line += f", {row['over_budget']:g} frames over budget"
    if "resize_frame_ms" in row:
        line += f"; the resize frame {row['resize_frame_ms']:.2f} ms, {row['over_budget_after_resize']:g} over after it"
        line += f" (the largest {row['max_after_resize_ms']:.2f} ms)"
    return line


def parse_size(text: str) -> tuple[int, int]:
    w, h = (int(x) for x in text.lower().split("x"))
    return w, h


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--seconds", type=float, default=120.0, help="longest time to wait for the deal and bots")
    p.add_argument("--bots", default="medium")
    p.add_argument("--size", default="1600x900", help="window sizes, comma-separated (1024x640,3840x2160)")
    p.add_argument("--resize", default=None, help="also a game resized at round 2, FROM:TO (1600x900:3840x2160)")
    p.add_argument("--repeats", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=2, help="whole rounds to animate before measuring idle")
    p.add_argument("--json", default=None)
    args = p.parse_args(argv)
    plans: list[tuple[str, tuple[int, int], tuple[int, int] | None]] = [
        (text, parse_size(text), None) for text in args.size.split(",") if text
    ]
    if args.resize:
        src, dst = args.resize.split(":")
        plans.append((f"{src} -> {dst}", parse_size(src), parse_size(dst)))
    runs: dict[str, list[dict]] = {label: [] for label, _, _ in plans}
    for _ in range(args.repeats):
        for label, size, resize_to in plans:
            runs[label].append(run(args.players, args.seconds, args.bots, size, args.seed, args.rounds, resize_to))
    if len(plans) == 1 and args.repeats == 1:
        result: dict = runs[plans[0][0]][0]
    else:
        result = {"runs": runs, "summary": [summary(label, runs[label]) for label, _, _ in plans]}
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text)
    for label, _, _ in plans:
        print(table_line(summary(label, runs[label])), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
