"""Benchmark: the records database with 10,000 games recorded: add one more game, and the summary (medians).

    python benchmarks/records.py [--games N] [--runs R] [--json]

The issue's target is 50 ms or less for each. Each game carries the save text of a real finished
8-player game (about 10 kB), as the window records it. Opening (with its integrity check) is reported too.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amul_table.ai.base import derived_bot_salt
from amul_table.ai.play import play_game
from amul_table.persistence import records as db
from amul_table.persistence.records_file import connect
from amul_table.persistence.records_sample import sample_game
from amul_table.persistence.save_format import GameSetup, SavedGame, Seat, dump_save

TARGET_MS = 50.0


def median_ms(run: Callable[[int], object], runs: int) -> float:
    times = []
    for i in range(runs):
        start = time.perf_counter()
        run(i)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def real_save_text() -> str:
    state = play_game(8, 2026, ["medium"] * 8, salt=derived_bot_salt(2026, 2026))
    seats = tuple(Seat.bot(f"Bot {i}", "medium") for i in range(8))
    return dump_save(SavedGame(GameSetup(seats, bot_salt=derived_bot_salt(2026, 2026)), state))


def fill(path: Path, games: int, save_text: str) -> db.Records:
    """`games` recorded games, written in one transaction (the benchmark measures the next ones)."""
    records = db.open_records(path)
    conn = connect(path, create=False)
    try:
        conn.execute("BEGIN")
        for i in range(games):
            game = dataclasses.replace(sample_game(i, 1, humans=2 if i % 10 == 0 else 1), save_text=save_text)
            db._insert_seats(conn, db._insert_game(conn, game), game)
        conn.execute("COMMIT")
    finally:
        conn.close()
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    save_text = real_save_text()
    with tempfile.TemporaryDirectory(prefix="amul-records-") as folder:
        path = Path(folder) / "records.sqlite3"
        records = fill(path, args.games, save_text)
        size_mb = path.stat().st_size / 1e6

        def add(i: int) -> None:
            game = dataclasses.replace(sample_game(args.games + i, 1), save_text=save_text)
            assert records.add_game(game)

        insert = median_ms(add, args.runs)
        summary = median_ms(lambda i: records.summary(), args.runs)
        opening = median_ms(lambda i: db.open_records(path), max(3, args.runs // 5))
        assert records.count() == args.games + args.runs
    result = {
        "games": args.games,
        "file_mb": round(size_mb, 1),
        "insert_ms": round(insert, 2),
        "summary_ms": round(summary, 2),
        "open_ms": round(opening, 2),
        "target_ms": TARGET_MS,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"records with {args.games} games ({result['file_mb']} MB), medians of {args.runs} runs:")
        print(f"  add one game (one transaction, synced): {insert:7.2f} ms  (target <= {TARGET_MS:.0f} ms)")
        print(f"  summary (every figure of the scene):    {summary:7.2f} ms  (target <= {TARGET_MS:.0f} ms)")
        print(f"  open (migrate check, integrity check):  {opening:7.2f} ms")
    return 0 if insert <= TARGET_MS and summary <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
