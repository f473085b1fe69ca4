"""Made-up finished games for renders, tests and the benchmark (the database stores what it is given)."""

from __future__ import annotations

import datetime as dt
import random
import tempfile
from pathlib import Path

from amul_table.persistence.records import FinishedGame, RecordsSummary, SeatResult, open_records

ROWS = ("yellow", "light_blue", "orange", "green", "purple", "red", "bazaar", "arab", "mongol")
START = dt.datetime(2026, 1, 1, 12, 0, tzinfo=dt.UTC)
TIERS = ("easy", "medium", "hard")
LEANING = (5, 2, 3, 1, 2, 4, 1, 2, 2)  # sample players favour yellow and red, as a real one might


def sample_game(index: int, seed: int = 0, humans: int = 1, tier: str | None = None) -> FinishedGame:
    """Game `index` of a made-up history: `humans` human seats first, then bots; a player who slowly improves."""
    rng = random.Random(seed * 1_000_003 + index)
    tier = tier or rng.choice(TIERS)
    players = rng.randint(3, 6)
    totals = [rng.randint(25, 60) for _ in range(players)]
    for i in range(humans):
        totals[i] = max(10, min(90, int(rng.gauss(40 + min(index, 60) / 4, 9))))
    key = [(t, rng.random()) for t in totals]
    winners = [i for i, k in enumerate(key) if k == max(key)]
    seats = []
    for i, total in enumerate(totals):
        human = i < humans
        rows = dict.fromkeys(ROWS, 0)
        if human:
            for row in rng.choices(ROWS, weights=LEANING, k=total):
                rows[row] += 1
        seats.append(
            SeatResult(
                name=("You" if humans == 1 else f"Person {i + 1}") if human else f"Bot {i}",
                human=human,
                tier=None if human else tier,
                total=total,
                rank=1 + sum(other > key[i] for other in key),
                win=1 / len(winners) if i in winners else 0.0,
                rows=rows if human else {},
            )
        )
    started = START + dt.timedelta(hours=index)
    return FinishedGame(
        key=f"{seed}-{index}@{started.isoformat()}",
        started=started,
        finished=started + dt.timedelta(minutes=20),
        seed=seed * 100_000 + index,
        tea=0,
        seats=tuple(seats),
        save_text=f"# made-up game {index}\n",
    )


def sample_summary(games: int = 60, seed: int = 1) -> RecordsSummary:
    """The summary of `games` made-up games, through a real database in a temporary folder (renders)."""
    with tempfile.TemporaryDirectory(prefix="amul-records-") as folder:
        records = open_records(Path(folder) / "records.sqlite3")
        for i in range(games):
            records.add_game(sample_game(i, seed, humans=2 if i % 9 == 0 else 1))
        return records.summary()
