"""Issue 26's failures: the records database, big seeds, exports and every exit (each failed before its fix)."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from amul_table.app import App
from amul_table.cli import main
from amul_table.headless import make_session
from amul_table.persistence.records import FinishedGame, RecordsError, migrate, open_records
from amul_table.persistence.records_sample import sample_game
from amul_table.recording import RecordsPlace, finished_game_of, record_finished_game
from amul_table.scenes.records import RecordsScene
from amul_table.settings import Settings
from tests.e2e.test_game import frame
from tests.security.helpers import within

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("AMUL_TABLE_DATA", str(folder))
    return folder


def recorded(data: Path, games: int = 3) -> Path:
    """A records file in the data folder holding `games` made-up games."""
    records = open_records(data / "records.sqlite3")
    for i in range(games):
        records.add_game(sample_game(i, 5))
    return records.path


def damage(path: Path, *statements: str) -> None:
    """Change the file as a bit flip, another program or a person with `sqlite3` would (no checks)."""
    conn = sqlite3.connect(path)
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


def one_clean_line(text: str) -> bool:
    return text.endswith("\n") and text.count("\n") == 1 and text[:-1].isprintable()


# --- 1. seeds from 2**63 to 2**64 - 1 --------------------------------------------------------------


@pytest.mark.parametrize("seed", [2**63 - 1, 2**63, 2**64 - 1])
def test_failure_26_01_a_game_with_a_seed_beyond_63_bits_is_recorded(tmp_path: Path, data: Path, seed: int) -> None:
    session = make_session(3, seed, "random", humans=0)
    session.run_bots_now()
    assert session.is_over
    app = App(Settings(animation_speed="instant", bot_pause=0.0), (1024, 640))
    try:
        app.records = RecordsPlace.open(data / "records.sqlite3")
        assert record_finished_game(app, session)
        assert not app.records.told
        (back,) = app.records.records.games()
        assert back.seed == seed and back == finished_game_of(session, back.finished)
        assert main(["records", "--csv", str(tmp_path / "out.csv")]) == 0
        with open(tmp_path / "out.csv", encoding="utf-8", newline="") as f:
            assert int(next(csv.DictReader(f))["seed"]) == seed
    finally:
        app.close()


# --- 2. a negative or unknown user_version ------------------------------------------------------------


@pytest.mark.parametrize("version", [-5, -1, -(2**31)])
def test_failure_26_02_a_negative_version_is_set_aside(data: Path, capsys, version: int) -> None:
    path = recorded(data)
    damage(path, f"PRAGMA user_version = {version}")
    assert main(["records", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 0
    assert one_clean_line(err) and "set aside" in err
    assert len(list(data.glob("records.sqlite3.damaged-*"))) == 1
    assert RecordsPlace.open(path).records is not None


# --- 3. values of the wrong kind --------------------------------------------------------------------


WRONG_VALUES = {
    "text in tallies.wins": "UPDATE tallies SET wins = 'many'",
    "text in tallies.games": "UPDATE tallies SET games = 'lots'",
    "text in seats.total": "UPDATE seats SET total = 'x' WHERE human = 1",
    "a BLOB name": "UPDATE seats SET name = x'00ff'",
    "infinite wins": "UPDATE tallies SET wins = 1e999",
    "a players tally of no number": "UPDATE tallies SET key = 'three' || key WHERE kind = 'players'",
    "a started time that is no date": "UPDATE games SET started = 'yesterday'",
    "a huge name": "UPDATE seats SET name = printf('%.100000c', 'A')",
}


@pytest.mark.parametrize("change", list(WRONG_VALUES), ids=list(WRONG_VALUES))
@pytest.mark.parametrize("command", [["--json"], ["--csv", "out.csv"], []])
def test_failure_26_03_wrong_value_kinds_are_set_aside(
    tmp_path: Path, data: Path, capsys, change: str, command: list[str]
) -> None:
    path = recorded(data)
    damage(path, WRONG_VALUES[change])
    args = [str(tmp_path / a) if a.endswith(".csv") else a for a in command]
    assert main(["records", *args]) == 0
    err = capsys.readouterr().err
    assert one_clean_line(err) and "set aside" in err


def test_failure_26_03_text_in_an_old_version_s_win_is_set_aside(data: Path, capsys) -> None:
    path = data / "records.sqlite3"
    data.mkdir()
    conn = sqlite3.connect(path)
    conn.isolation_level = None
    migrate(conn, target=1)
    conn.execute("INSERT INTO games VALUES (1, 'k', '2026-01-01T00:00:00', '2026-01-01T00:20:00', 7, 0, 3)")
    for seat in range(3):
        conn.execute("INSERT INTO seats VALUES (1, ?, 'A', ?, NULL, 40, 1, 'half')", (seat, int(seat == 0)))
    conn.close()
    assert main(["records", "--json"]) == 0
    assert "set aside" in capsys.readouterr().err


@pytest.mark.parametrize("change", list(WRONG_VALUES), ids=list(WRONG_VALUES))
def test_failure_26_03_a_file_damaged_while_the_window_is_open_is_refused(
    tmp_path: Path, data: Path, change: str
) -> None:
    path = recorded(data)
    app = App(Settings(animation_speed="instant"), (1024, 640))
    try:
        app.records = RecordsPlace.open(path)
        damage(path, WRONG_VALUES[change])
        refused = 0
        for read in (app.records.records.summary, lambda: list(app.records.records.games())):
            try:
                read()
            except RecordsError as exc:
                assert str(exc).isprintable()
                refused += 1
        assert refused or change == "a huge name"
        app.push(RecordsScene(app))
        frame(app, 3)
        assert app.failures == 0 and isinstance(app.top, RecordsScene)
    finally:
        app.close()


def test_failure_26_03_a_time_that_only_looks_like_one_is_refused_in_one_line(data: Path, capsys) -> None:
    path = recorded(data)
    damage(path, "UPDATE games SET finished = '2026-19-39T29:59:69\x1b[2J'")
    assert main(["records", "--csv", str(data / "out.csv")]) == 2
    err = capsys.readouterr().err
    assert one_clean_line(err) and "is not a date" in err


# --- 9. a zlib bomb in a stored save; a raw log line on stderr ----------------------------------------


def test_failure_26_09_a_zlib_bomb_in_a_stored_save_is_never_unpacked(tmp_path: Path, data: Path) -> None:
    path = recorded(data, games=1)
    bomb = zlib.compress(b"\0" * (512 * 1024 * 1024), 9)  # half a gigabyte in half a megabyte
    damage(path, "UPDATE game_saves SET save_zlib = x'" + bomb.hex() + "'")
    out = tmp_path / "out.csv"
    assert within(5, lambda: main(["records", "--csv", str(out)])) == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    records = open_records(path)
    (game,) = within(5, lambda: list(records.games()))
    assert isinstance(game, FinishedGame) and game.save_text == ""
    assert within(5, lambda: records.save_text(game.key)) == ""


def test_failure_26_09_a_damaged_records_file_gives_one_line_on_stderr(data: Path) -> None:
    path = recorded(data)
    path.write_bytes(b"\x1b[2J not a database " * 100)
    env = {**os.environ, "AMUL_TABLE_DATA": str(data), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "amul_table", "records"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert one_clean_line(done.stderr) and "set aside" in done.stderr
