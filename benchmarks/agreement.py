"""How often the search makes the same choice: twice at one size (other seeds), and at two sizes.

If a small search agrees with a large one about as often as two large ones agree with each other, more
playouts no longer change decisions, only break near-ties: what a longer budget can buy (issue 12).
Positions are seat 0's decisions with more than one distinct option, from 4-player games of four
300-playout searches; every search is fixed work, so the figures are the same on any machine.

    python benchmarks/agreement.py [--games 3] [--sizes 200,750,3000] [--seed 500] [--game-playouts 300]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict

from amul_table.ai.hard import HardBot
from amul_table.ai.search import Work, option_groups, search
from amul_table.rules.engine import apply, pending
from amul_table.rules.setup import new_game
from amul_table.rules.views import SeatView, view_for


def positions(games: int, seed: int, playouts: int = 300) -> list[SeatView]:
    """Seat 0's views wherever it has a real choice, in games of four `playouts`-playout searches."""
    found = []
    for g in range(games):
        state = new_game(4, seed + g)
        bots = [HardBot(s, 11 + s + 10 * g, samples=playouts) for s in range(4)]
        while not state.is_over:
            seat = pending(state).seats[0]  # seat 0 decides first whenever it is among those pending
            view = view_for(state, seat)
            if seat == 0 and len(option_groups(view.legal)) > 1:
                found.append(view)
            apply(state, bots[seat].choose(view))
    return found


def agreement(views: list[SeatView], sizes: list[int]) -> dict:
    """Shares of positions where two searches chose the same option (identical copies count as one)."""
    same: Counter = Counter()
    by_kind: dict[str, Counter] = defaultdict(Counter)
    for i, view in enumerate(views):
        group = {a: g for g, actions in enumerate(option_groups(view.legal)) for a in actions}
        choice = {
            (n, rep): group[search(view, random.Random(1000 * i + 10 * k + rep), Work(playouts=n))[0].action]
            for k, n in enumerate(sizes)
            for rep in (0, 1)
        }
        kind = view.legal[0].kind.word
        by_kind[kind]["positions"] += 1
        for a in sizes:
            agree = choice[(a, 0)] == choice[(a, 1)]
            same[f"{a} vs {a}"] += agree
            by_kind[kind][f"{a} vs {a}"] += agree
            for b in (b for b in sizes if b > a):
                same[f"{a} vs {b}"] += choice[(a, 0)] == choice[(b, 0)]
    share = {pair: round(count / len(views), 2) for pair, count in same.items()}
    kinds = {}
    for kind, c in by_kind.items():
        seen = c.pop("positions")
        kinds[kind] = {"positions": seen} | {pair: round(count / seen, 2) for pair, count in c.items()}
    return {"positions": len(views), "agreement": share, "by_kind": kinds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--sizes", default="200,750,3000", help="playouts per search, smallest first")
    parser.add_argument("--seed", type=int, default=500, help="the first game's seed")
    parser.add_argument("--game-playouts", type=int, default=300, help="playouts per search of the games played")
    args = parser.parse_args()
    sizes = sorted(int(n) for n in args.sizes.split(","))
    print(json.dumps(agreement(positions(args.games, args.seed, args.game_playouts), sizes), indent=1))


if __name__ == "__main__":
    main()
