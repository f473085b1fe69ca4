"""Bot decision times: p50 / p95 / max per tier at 3, 5 and 8 players; the search's playouts per second.

Every decision of the measured seats is timed around `choose(view)` (building the view is the
table's cost, not the bot's). Easy and medium fill every seat; the hard bot sits in seat 0 against
medium bots, and its playout count per decision is reported too. Playouts: random 4-player games
from round 1 on the search's compact game (ai/playout.py), scored, on one core.

    python benchmarks/bots.py [--games 3] [--hard-games 1] [--players 3,5,8] [--budgets 80]
                              [--expert-games 0] [--playouts 2000] [--json]

`--match` rates hard at another budget than its tier's 80 ms, on the same bank of deals and seat
rotations as `amul-table tournament` (which names tiers only), against one opponent tier:

    python benchmarks/bots.py --match 20 --opponent medium --players 4 --deals 100 --seed 2026 --jobs 2

`--lineup` rates the first of any lineup; "hard#N" is the search with N playouts a decision (fixed
work: the same games on any machine, under any load), "hard#N+D" also chooses its own next D decisions
in each playout by a bandit (expert's search, D = 1), "hard#N+DmW" rewards W a point of margin instead of
search.MARGIN_WEIGHT, "hard@MS" searches with a budget of MS ms:

    python benchmarks/bots.py --lineup hard#2000,hard#400,hard#400,hard#400 --deals 100 --seed 2026 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from multiprocessing import get_context

from amul_table.ai import playout
from amul_table.ai.base import bot_seed, derived_bot_salt
from amul_table.ai.hard import EXPERT_BUDGET_MS, HardBot
from amul_table.ai.play import play_out
from amul_table.ai.tiers import make_bot
from amul_table.ai.tournament import TierStats, deal_seed, progress_words, rotation, tier_results
from amul_table.cli.progress_line import ProgressLine
from amul_table.rules.engine import apply, pending
from amul_table.rules.scoring import score_game
from amul_table.rules.setup import new_game
from amul_table.rules.views import view_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per player count for easy and medium")
    parser.add_argument("--hard-games", type=int, default=1, help="games per player count for hard")
    parser.add_argument("--players", default="3,5,8")
    parser.add_argument("--budgets", default="80", help="hard's budgets in ms, e.g. 20,80 (expert: --expert-games)")
    parser.add_argument("--expert-games", type=int, default=0, help="games per player count for expert (400 ms)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--playouts", type=int, default=2000, help="random 4-player playouts to time (0: none)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--match", type=float, default=None, help="a tournament of hard at this budget (ms)")
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--lineup", default=None, help="rate the first of these, e.g. hard#2000,hard#400,hard#400")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.match is not None:
        players = int(args.players.split(",")[0])
        summary = match(args.match, args.opponent, players, args.deals, args.seed, args.jobs)
        print(json.dumps(summary))
        return
    if args.lineup:
        print(json.dumps(match_lineup(args.lineup.split(","), args.deals, args.seed, args.jobs)))
        return
    rows = []
    if args.playouts:
        rate = playouts_per_second(args.playouts, args.seed)
        rows.append({"tier": "playouts", "players": 4, "per_second": round(rate), "target": 5000})
    for players in (int(p) for p in args.players.split(",")):
        for tier in ("easy", "medium") if args.games else ():
            times, samples = measure(tier, players, args.games, args.seed, 0.0)
            rows.append(summarise(tier, players, times, samples, 0.0))
        for budget in (float(b) for b in args.budgets.split(",")) if args.hard_games else ():
            times, samples = measure("hard", players, args.hard_games, args.seed, budget)
            rows.append(summarise("hard", players, times, samples, budget))
        if args.expert_games:
            times, samples = measure("expert", players, args.expert_games, args.seed, EXPERT_BUDGET_MS)
            rows.append(summarise("expert", players, times, samples, EXPERT_BUDGET_MS))
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    if args.playouts:
        r = rows.pop(0)
        print(f"playouts: {r['per_second']} random 4-player games from round 1 per second (target >= 5000)")
    print(f"{'tier':<10} {'players':>7} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  notes")
    for r in rows:
        name = f"{r['tier']}@{r['budget_ms']:.0f}" if r["budget_ms"] else r["tier"]
        note = ""
        if r["limit_ms"]:
            verdict = "within" if r["p95_ms"] <= r["limit_ms"] else "OVER"
            note = f"p95 {verdict} budget+20% ({r['limit_ms']:.0f} ms); median {r['median_samples']} playouts"
        print(
            f"{name:<10} {r['players']:>7} {r['decisions']:>9} {r['p50_ms']:>8.2f} {r['p95_ms']:>8.2f}"
            f" {r['max_ms']:>8.2f}  {note}"
        )


def match(budget_ms: float, opponent: str, players: int, deals: int, seed: int, jobs: int) -> dict:
    """`amul-table tournament`'s deal bank and rotations for hard at `budget_ms` against `opponent`s."""
    return match_lineup([f"hard@{budget_ms:g}", *[opponent] * (players - 1)], deals, seed, jobs)


def match_lineup(lineup: list[str], deals: int, seed: int, jobs: int) -> dict:
    """The tournament's deal bank and rotations for any lineup of bot specs (see make_spec_bot); the
    first entry is the one rated."""
    players = len(lineup)
    tasks = [
        (game_seed, tuple(rotation(lineup, shift)), derived_bot_salt(seed, game_seed))
        for game_seed in (deal_seed(seed, d) for d in range(deals))
        for shift in range(players)
    ]
    stats = TierStats()
    start = time.perf_counter()
    with get_context("fork").Pool(jobs) as pool, ProgressLine(sys.stderr) as line:
        for done, results in enumerate(pool.imap_unordered(_match_game, tasks), 1):
            for r in results:
                if r.tier == lineup[0]:
                    stats.add(r)
            line.show(progress_words(done, len(tasks), time.perf_counter() - start), last=done == len(tasks))
            if done % (10 * players) == 0 and done < len(tasks):  # the figures so far: a long run may be cut short
                line.end()
                print(f"  so far: {json.dumps(stats.summary())}", file=sys.stderr, flush=True)
    return {
        "lineup": lineup,
        "players": players,
        "seed": seed,
        **stats.summary(),
        "seconds": time.perf_counter() - start,
    }


def _match_game(task: tuple[int, tuple[str, ...], int]) -> list:
    game_seed, specs, salt = task  # the salt as the tournament derives it: the same bots there
    state = new_game(len(specs), game_seed)
    bots = [make_spec_bot(spec, s, game_seed, salt) for s, spec in enumerate(specs)]
    return tier_results(score_game(play_out(state, bots).play_areas), specs)


def make_spec_bot(spec: str, seat: int, game_seed: int, salt: int):
    """A tier name; or "hard@MS" (hard's search with a budget of MS ms); or "hard#N" (N playouts a
    decision: fixed work, the same decisions on any machine and under any load); "hard#N+D" also
    chooses the seat's own next D decisions in each playout by a bandit, as expert does with D = 1; "hard#N+DmW"
    rewards W a point of final margin (Work's default otherwise)."""
    seed = bot_seed(game_seed, seat, salt=salt)
    if "@" in spec:
        return HardBot(seat, seed, budget_ms=float(spec.split("@")[1]))
    if "#" in spec:
        work, _, margin = spec.split("#")[1].partition("m")
        samples, _, depth = work.partition("+")
        bot = HardBot(seat, seed, samples=int(samples))
        weight = float(margin) if margin else bot.work.margin_weight
        bot.work = dataclasses.replace(bot.work, own_depth=int(depth or 0), margin_weight=weight)
        return bot
    return make_bot(spec, seat, game_seed, salt=salt)


def playouts_per_second(count: int, seed: int, repeats: int = 5) -> float:
    """The median over `repeats` runs of `count` scored playouts (clone, play to the end, result)."""
    start = playout.from_state(new_game(4, seed))
    rng = random.Random(seed)
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(count):
            sim = start.clone()
            playout.play_to_end(sim, rng)
            playout.result(sim, 0)
        rates.append(count / (time.perf_counter() - t))
    return statistics.median(rates)


def measure(tier: str, players: int, games: int, seed: int, budget_ms: float) -> tuple[list[float], list[int]]:
    times: list[float] = []
    samples: list[int] = []
    for g in range(games):
        game_seed = seed + 1000 * players + g
        salt = derived_bot_salt(seed, game_seed)
        state = new_game(players, game_seed)
        if tier in ("hard", "expert"):
            bots = [HardBot(0, bot_seed(game_seed, 0, salt=salt), budget_ms=budget_ms)]
            bots += [make_bot("medium", s, game_seed, salt=salt) for s in range(1, players)]
            timed = {0}
        else:
            bots = [make_bot(tier, s, game_seed, salt=salt) for s in range(players)]
            timed = set(range(players))
        while not state.is_over:
            for seat in pending(state).seats:
                view = view_for(state, seat)
                start = time.perf_counter()
                action = bots[seat].choose(view)
                elapsed = time.perf_counter() - start
                if seat in timed:
                    times.append(elapsed * 1000)
                    if budget_ms and len(view.legal) > 1:
                        samples.append(bots[seat].last_samples)
                apply(state, action)
    return times, samples


def summarise(tier: str, players: int, times: list[float], samples: list[int], budget_ms: float) -> dict:
    ordered = sorted(times)
    return {
        "tier": tier,
        "players": players,
        "decisions": len(times),
        "p50_ms": round(statistics.median(ordered), 3),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "max_ms": round(ordered[-1], 3),
        "budget_ms": budget_ms or None,
        "limit_ms": budget_ms * 1.2 if budget_ms else None,
        "median_samples": statistics.median(samples) if samples else None,
    }


if __name__ == "__main__":
    main()
