"""The records database: migrations, one transaction per game, damaged files set aside, the summary's numbers."""

from __future__ import annotations

import dataclasses
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from amul_table.app.recording import RecordsLink
from amul_table.persistence import records_schema
from amul_table.persistence.records import FinishedGame, RecordsError, SeatResult, open_records, records_path
from amul_table.persistence.records_file import migrate
from amul_table.persistence.records_sample import START, sample_game
from amul_table.persistence.records_schema import MIGRATIONS, VERSION

ROOT = Path(__file__).resolve().parents[2]


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


def table_count(path: Path, table: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    finally:
        conn.close()


def game(key: str, totals: list[int], winners: list[int], humans: int = 1, tier: str = "medium") -> FinishedGame:
    seats = tuple(
        SeatResult(
            name=f"Seat {i}",
            human=i < humans,
            tier=None if i < humans else tier,
            total=t,
            rank=1 + sum(o > t for o in totals),
            win=1 / len(winners) if i in winners else 0.0,
            rows={"yellow": t - 10, "arab": 10} if i < humans else {},
        )
        for i, t in enumerate(totals)
    )
    return FinishedGame(key, START, START, 7, 0, seats, "format: amul-table-save\n")


# --- where the file lives ------------------------------------------------------------------------


def test_the_data_folder_follows_amul_table_data_then_xdg_then_home():
    assert records_path({"AMUL_TABLE_DATA": "/d", "XDG_DATA_HOME": "/x"}) == Path("/d/records.sqlite3")
    assert records_path({"XDG_DATA_HOME": "/x"}) == Path("/x/amul_table/records.sqlite3")
    assert records_path({}) == Path.home() / ".local/share/amul_table/records.sqlite3"


# --- migrations ---------------------------------------------------------------------------------


def test_a_new_file_is_created_at_the_current_version(tmp_path):
    path = tmp_path / "deep" / "records.sqlite3"
    records = open_records(path)
    assert records.set_aside is None
    assert user_version(path) == VERSION == len(MIGRATIONS)
    assert records.count() == 0
    assert records.summary().to_json() == {"games": 0, "by_tier": {}, "mean_score": 0.0, "best_score": 0}


def test_an_empty_file_is_migrated_like_a_new_one(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"")
    assert open_records(path).set_aside is None
    assert user_version(path) == VERSION


def test_a_version_1_file_is_migrated_and_keeps_its_games(tmp_path):
    path = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=1)
    conn.execute(
        "INSERT INTO games VALUES (1, 'old@1', '2025-01-01T00:00:00+00:00', '2025-01-01T00:30:00+00:00', 5, 0, 3)"
    )
    for seat, (human, tier, total, win) in enumerate([(1, None, 50, 1.0), (0, "easy", 40, 0.0), (0, "hard", 45, 0.0)]):
        conn.execute(
            "INSERT INTO seats VALUES (1, ?, ?, ?, ?, ?, ?, ?)", (seat, f"S{seat}", human, tier, total, 1, win)
        )
    conn.close()
    assert user_version(path) == 1

    records = open_records(path)
    assert records.set_aside is None
    assert user_version(path) == VERSION
    summary = records.summary()
    assert summary.to_json() == {
        "games": 1,
        "by_tier": {
            "easy": {"games": 1, "wins": 1.0, "win_rate": 1.0},
            "hard": {"games": 1, "wins": 1.0, "win_rate": 1.0},
        },
        "mean_score": 50.0,
        "best_score": 50,
    }
    assert records.save_text("old@1") == ""  # the column version 2 added, empty for old games
    assert records.add_game(game("new@2", [30, 60, 20], [1]))
    assert records.count() == 2


def test_a_failing_migration_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=1)
    failing = [MIGRATIONS[0], [*MIGRATIONS[1], "CREATE TABLE games (x)"]]  # the last step fails
    monkeypatch.setattr("amul_table.persistence.records_file.MIGRATIONS", failing)
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'seat_rows'").fetchall() == []
    conn.close()


# --- one transaction per game ----------------------------------------------------------------------


KILLED_MID_GAME = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from amul_table.persistence import records as db
    from amul_table.persistence.records_sample import sample_game

    book = db.open_records(Path(sys.argv[1]))
    book.add_game(sample_game(0))  # a whole game, committed
    real = db._insert_seats

    def dies_half_way(conn, game_id, game):
        conn.execute("INSERT INTO seats (game_id, seat, name, human, tier, total, rank, win)"
                     " VALUES (?, 0, 'half', 1, NULL, 1, 1, 0)", (game_id,))
        os._exit(9)  # the process dies inside the transaction: the game row and one seat are written

    db._insert_seats = dies_half_way
    book.add_game(sample_game(1))
    """
)


def test_a_process_killed_inside_a_game_s_transaction_leaves_the_whole_game_or_nothing(tmp_path):
    path = tmp_path / "records.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILLED_MID_GAME, str(path)], env=env, timeout=60, check=False)
    assert done.returncode == 9
    records = open_records(path)
    assert records.set_aside is None
    assert records.count() == 1
    assert records.has_game(sample_game(0).key) and not records.has_game(sample_game(1).key)
    assert table_count(path, "seats") == sample_game(0).players
    assert records.add_game(sample_game(1))  # the lost game can still be recorded
    assert records.count() == 2


def test_a_game_is_recorded_once_whatever_its_other_fields(tmp_path):
    records = open_records(tmp_path / "records.sqlite3")
    first = game("1@2026", [50, 40, 30], [0])
    assert records.add_game(first)
    assert not records.add_game(dataclasses.replace(first, finished=START.replace(year=2027)))
    assert records.count() == 1
    assert table_count(records.path, "seats") == 3


# --- damaged files ----------------------------------------------------------------------------------


def not_sqlite(path: Path) -> None:
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)


def foreign_tables(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")


def wrong_columns(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER)")
        conn.execute("CREATE TABLE seats (id INTEGER)")
        conn.execute("CREATE TABLE seat_rows (id INTEGER)")
        conn.execute(f"PRAGMA user_version = {VERSION}")


def newer_version(path: Path) -> None:
    open_records(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {VERSION + 1}")


def broken_pages(path: Path) -> None:
    records = open_records(path)
    for i in range(60):
        records.add_game(sample_game(i))
    data = bytearray(path.read_bytes())
    for offset in range(4096 * 3, len(data) - 4096, 4096):  # scribble over every page after the first three
        data[offset + 10 : offset + 400] = b"\xa5" * 390
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [not_sqlite, foreign_tables, wrong_columns, newer_version, broken_pages])
def test_a_damaged_file_is_set_aside_unchanged_and_a_new_one_started(tmp_path, damage):
    path = tmp_path / "records.sqlite3"
    damage(path)
    before = path.read_bytes()
    records = open_records(path)
    assert records.set_aside is not None
    assert records.set_aside.name.startswith("records.sqlite3.damaged-")
    assert records.set_aside.read_bytes() == before  # never deleted, never changed
    assert user_version(path) == VERSION
    assert records.count() == 0
    assert records.add_game(sample_game(1))
    place = RecordsLink.open(path)  # the next start finds a sound file: nothing more to say
    assert place.problem == ""


def test_the_window_is_told_once_that_a_damaged_file_was_set_aside(tmp_path):
    path = tmp_path / "records.sqlite3"
    not_sqlite(path)
    place = RecordsLink.open(path)
    assert place.records is not None
    assert "set aside" in place.problem and "records.sqlite3.damaged-" in place.problem


def test_a_folder_that_cannot_hold_the_file_turns_records_off_with_a_reason(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    with pytest.raises(RecordsError):
        open_records(blocker / "records.sqlite3")
    place = RecordsLink.open(blocker / "records.sqlite3")
    assert place.records is None
    assert place.problem.startswith("Records are off")


# --- the numbers ------------------------------------------------------------------------------------


def test_the_summary_counts_your_games_wins_shared_wins_and_scores(tmp_path):
    records = open_records(tmp_path / "records.sqlite3")
    records.add_game(game("a", [60, 40, 30], [0], tier="easy"))  # a win
    records.add_game(game("b", [50, 50, 30, 20], [0, 1], tier="hard"))  # a win shared by two: 1/2
    records.add_game(game("c", [20, 50, 30], [1], tier="easy"))  # a loss
    records.add_game(game("d", [45, 44, 10], [0], humans=2, tier="medium"))  # pass and play: two of you
    summary = records.summary()
    assert summary.to_json() == {
        "games": 4,
        "by_tier": {
            "easy": {"games": 2, "wins": 1.0, "win_rate": 0.5},
            "hard": {"games": 1, "wins": 0.5, "win_rate": 0.5},
            "medium": {"games": 1, "wins": 1.0, "win_rate": 1.0},
        },
        "mean_score": round((60 + 50 + 20 + 45 + 44) / 5, 4),
        "best_score": 60,
    }
    assert summary.wins == 2.5
    assert {n: (t.games, t.wins) for n, t in summary.by_players.items()} == {3: (3, 2.0), 4: (1, 0.5)}
    assert summary.scores == [(60, True), (50, True), (20, False), (45, True), (44, False)]
    assert summary.rows == {"yellow": 60 + 50 + 20 + 45 + 44 - 50, "arab": 50}


def test_the_running_tallies_equal_the_figures_recomputed_from_every_seat(tmp_path):
    path = tmp_path / "records.sqlite3"
    records = open_records(path)
    for i in range(80):
        records.add_game(sample_game(i, 9, humans=2 if i % 7 == 0 else 1))
    records.add_game(dataclasses.replace(sample_game(80, 9), seats=sample_game(80, 9).seats[1:]))  # only bots
    conn = sqlite3.connect(path)
    try:
        recomputed = sorted(
            conn.execute(records_schema._BY_TIER).fetchall() + conn.execute(records_schema._BY_PLAYERS).fetchall()
        )
        kept = sorted(conn.execute("SELECT kind, key, games, wins FROM tallies WHERE kind != 'all'").fetchall())
        rows = dict(conn.execute("SELECT row, SUM(points) FROM seat_rows GROUP BY row").fetchall())
    finally:
        conn.close()
    assert [(k, key, n, pytest.approx(w)) for k, key, n, w in recomputed] == kept
    summary = records.summary()
    assert summary.games == 80 and summary.rows == rows


def test_only_your_seats_keep_points_by_row(tmp_path):
    records = open_records(tmp_path / "records.sqlite3")
    records.add_game(game("a", [60, 40, 30], [0]))
    assert table_count(records.path, "seat_rows") == 2  # yellow and arab of the one human seat


def test_every_game_reads_back_as_recorded(tmp_path):
    records = open_records(tmp_path / "records.sqlite3")
    games = [sample_game(i, 4) for i in range(5)]
    for g in games:
        records.add_game(g)
    back = list(records.games())
    assert [g.key for g in back] == [g.key for g in games]
    assert [[(s.name, s.human, s.tier, s.total, s.rank, s.win) for s in g.seats] for g in back] == [
        [(s.name, s.human, s.tier, s.total, s.rank, s.win) for s in g.seats] for g in games
    ]
    assert [g.save_text for g in back] == [g.save_text for g in games]
