"""Issue 26's failures: the records database, big seeds, exports and every exit (each failed before its fix)."""

from __future__ import annotations

import argparse
import contextlib
import csv
import dataclasses
import functools
import json
import os
import random
import re
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from amul_table.app.headless import make_session
from amul_table.app.recording import RecordsLink, finished_game_of, open_records_for, record_finished_game
from amul_table.app.start import window_app
from amul_table.cli.main import main
from amul_table.i18n import set_language
from amul_table.match.session import GameSession
from amul_table.persistence import records as records_db
from amul_table.persistence import records_file, records_pending
from amul_table.persistence.atomic import write_atomic
from amul_table.persistence.errors import SaveError, SettingsError
from amul_table.persistence.records import FinishedGame, RecordsError, open_records
from amul_table.persistence.records_file import migrate
from amul_table.persistence.records_pending import pending_folder, waiting
from amul_table.persistence.records_sample import sample_game
from amul_table.persistence.save_files import find_autosave, list_saves, save_path
from amul_table.persistence.settings import Settings
from amul_table.persistence.settings_file import save_settings
from amul_table.rules.cards import load_cards
from amul_table.scenes.load import LoadScene
from amul_table.scenes.records import RecordsScene
from amul_table.scenes.saves_text import reason_text
from tests import yaml_text
from tests.security.helpers import fixture_text, make_fifo, within, zlib_bomb
from tests.security.hostile import FAILURE
from tests.security.hostile_records import attempt_records, flipped_bytes
from tests.window_driver import close_window, frames

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("AMUL_TABLE_DATA", str(folder))
    return folder


def recorded(data: Path, games: int = 3) -> Path:
    """A records file in the data folder holding `games` made-up games (a copy of the file made once for them)."""
    data.mkdir(parents=True, exist_ok=True)
    path = data / "records.sqlite3"
    path.write_bytes(records_file_of(games))
    return path


@functools.cache
def records_file_of(games: int) -> bytes:
    """The bytes of a records file holding `games` made-up games, made once per test process: the games are the
    same every time (sample_game is seeded), and each test damages or adds to its own copy."""
    with tempfile.TemporaryDirectory() as folder:
        records = open_records(Path(folder) / "records.sqlite3")
        for i in range(games):
            records.add_game(sample_game(i, 5))
        return records.path.read_bytes()


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
def test_failure_26_01_a_game_with_a_seed_beyond_63_bits_is_recorded(
    window, tmp_path: Path, data: Path, seed: int
) -> None:
    session = make_session(3, seed, "random", humans=0)
    session.run_bots_now()
    assert session.is_over
    app = window((1024, 640), bot_pause=0.0)
    app.records = RecordsLink.open(data / "records.sqlite3")
    assert record_finished_game(app, session)
    assert not app.records.told
    (back,) = app.records.records.games()
    assert back.seed == seed and back == finished_game_of(session, back.finished)
    assert main(["records", "--csv", str(tmp_path / "out.csv")]) == 0
    with open(tmp_path / "out.csv", encoding="utf-8", newline="") as f:
        assert int(next(csv.DictReader(f))["seed"]) == seed


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
    assert RecordsLink.open(path).records is not None


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
    window, tmp_path: Path, data: Path, change: str
) -> None:
    path = recorded(data)
    app = window((1024, 640))
    app.records = RecordsLink.open(path)
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
    frames(app, 3)
    assert app.failures == 0 and isinstance(app.top, RecordsScene)


def test_failure_26_03_a_time_that_only_looks_like_one_is_refused_in_one_line(data: Path, capsys) -> None:
    path = recorded(data)
    damage(path, "UPDATE games SET finished = '2026-19-39T29:59:69\x1b[2J'")
    assert main(["records", "--csv", str(data / "out.csv")]) == 2
    err = capsys.readouterr().err
    assert one_clean_line(err) and "is not a date" in err


def test_failure_26_03_text_that_is_not_utf8_is_refused_in_one_line(data: Path, capsys) -> None:
    path = recorded(data)
    damage(path, "UPDATE seats SET name = CAST(x'c1ff1b5b324a' AS TEXT)")
    assert main(["records", "--csv", str(data / "out.csv")]) == 2
    err = capsys.readouterr().err
    assert one_clean_line(err) and "UTF-8" in err


@pytest.mark.parametrize("seed", [52, 428])
def test_failure_26_03_flipped_bits_quoted_by_sqlite_are_refused(tmp_path: Path, seed: int) -> None:
    """Found by benchmarks/hostile_inputs.py: SQLite quoted a damaged page's bytes in its integrity check
    and in a constraint's message, and decoding them raised UnicodeDecodeError."""
    outcome, detail = attempt_records(flipped_bytes(random.Random(seed)), tmp_path)
    assert outcome != FAILURE, detail


# --- 9. a zlib bomb in a stored save; a raw log line on stderr ----------------------------------------


def test_failure_26_09_a_zlib_bomb_in_a_stored_save_is_never_unpacked(tmp_path: Path, data: Path) -> None:
    path = recorded(data, games=1)
    bomb = zlib_bomb(512)  # half a gigabyte in half a megabyte
    damage(path, "UPDATE game_saves SET save_zlib = x'" + bomb.hex() + "'")
    out = tmp_path / "out.csv"
    assert within(5, lambda: main(["records", "--csv", str(out)])) == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    records = open_records(path)
    (game,) = within(5, lambda: list(records.games()))
    assert isinstance(game, FinishedGame) and game.save_text == ""
    assert within(5, lambda: records.save_text(game.key)) == ""


def test_the_zlib_bomb_is_a_valid_stream_of_zeros() -> None:
    unpack = zlib.decompressobj()
    assert unpack.decompress(zlib_bomb(3)) == b"\0" * (3 * 2**20) and unpack.eof and not unpack.unused_data


def test_failure_26_09_a_damaged_records_file_gives_one_line_on_stderr(data: Path) -> None:
    path = recorded(data)
    path.write_bytes(b"\x1b[2J not a database " * 100)
    env = {**os.environ, "AMUL_TABLE_DATA": str(data), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "amul_table", "records"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert one_clean_line(done.stderr) and "set aside" in done.stderr


# --- 4. CSV formula injection --------------------------------------------------------------------------

FORMULAS = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


@pytest.mark.parametrize("name", FORMULAS)
def test_failure_26_04_no_csv_cell_starts_a_formula(tmp_path: Path, data: Path, name: str) -> None:
    game = sample_game(0, 5)
    seats = tuple(dataclasses.replace(s, name=name, tier=name if not s.human else None) for s in game.seats)
    open_records(data / "records.sqlite3").add_game(dataclasses.replace(game, seats=seats, key=name))
    out = tmp_path / "out.csv"
    assert main(["records", "--csv", str(out)]) == 0
    with open(out, encoding="utf-8", newline="") as f:
        (row,) = list(csv.DictReader(f))
    assert all(not str(cell).startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values()), row
    shown = "'" + name.replace("\r", " ")  # a carriage return, unquoted by the writer, is a space
    assert row["names"].startswith(shown) and row["key"] == shown


# --- 5. a lock held when the window opens or a game ends: the game waits, never dropped ---------------


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the file's exclusive lock, as a second window, a backup or a `sqlite3` shell may."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        yield
    finally:
        conn.close()


def finished_session(seed: int) -> GameSession:
    session = make_session(3, seed, "random", humans=0)
    session.run_bots_now()
    return session


def eventually(check: Callable[[], bool]) -> None:
    """Wait for the background retrier (a hang bound, not a speed)."""
    deadline = time.monotonic() + 60
    while not check():
        assert time.monotonic() < deadline, "the retrier never got there"
        time.sleep(0.005)


QUICK_WAIT = 0.01  # seconds: SQLite's wait for a held lock and the retrier's pause between tries, in these tests


@pytest.fixture
def quick_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window's close waits for the retrier's try under way, SQLite's wait for the lock included (at 0.1 s, each
    test closing beside a held lock idled 0.1 s)."""
    monkeypatch.setattr(records_file, "TIMEOUT", QUICK_WAIT)
    monkeypatch.setattr(records_pending, "PAUSES", (QUICK_WAIT,))


@pytest.mark.parametrize("when", ["at open", "at the end of the game"])
def test_failure_26_05_a_lock_never_loses_a_finished_game(window, data: Path, quick_locks, when: str) -> None:
    path = recorded(data, games=1)
    app = window((1024, 640))
    session = finished_session(11)
    with locked(path):
        if when == "at open":
            open_records_for(app, path)
            assert app.records.records is None and not app.records.problem
        else:
            open_records_for(app, path)
        assert not record_finished_game(app, session)
        assert not app.records.told and len(waiting(pending_folder(path))) == 1
    eventually(lambda: app.records.records is not None and app.records.records.count() == 2)
    eventually(lambda: not waiting(pending_folder(path)))
    assert app.records.records.has_game(finished_game_of(session).key)


def test_failure_26_05_a_finished_game_is_kept_without_waiting_for_a_locked_records(
    window, data: Path, monkeypatch
) -> None:
    """With the records file locked, the pad's first frame waited for the lock (SQLite's busy timeout, 2 s) before
    the game was queued: the window's thread now tries the lock once (no busy wait) and the retrier's thread
    records the game once the lock is gone. The Match's RecordFinished subscriber hands the game to the window
    with `app.keep_finished_game` on the window's thread, at the game's last decision."""
    path = recorded(data, games=1)
    monkeypatch.setattr(records_pending, "PAUSES", (QUICK_WAIT,))
    app = window((1024, 640))
    busy_waits: list[tuple[str, float]] = []  # each connection's thread and how long it may wait for a lock
    written_on: list[str] = []  # the thread of each game written
    connect, add_game = sqlite3.connect, records_db.Records.add_game

    def watched_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        busy_waits.append((threading.current_thread().name, kwargs.get("timeout", 5.0)))
        return connect(*args, **kwargs)

    def watched_add_game(self: records_db.Records, game: FinishedGame, **kwargs: Any) -> bool:
        added = add_game(self, game, **kwargs)
        written_on.append(threading.current_thread().name)
        return added

    try:
        open_records_for(app, path)
        session = finished_session(13)
        with locked(path):
            monkeypatch.setattr(records_db.sqlite3, "connect", watched_connect)
            monkeypatch.setattr(records_db.Records, "add_game", watched_add_game)
            app.keep_finished_game(finished_game_of(session))
            window = [wait for thread, wait in busy_waits if thread == threading.main_thread().name]
            assert window == [0.0], busy_waits  # one try at the lock, no waiting on it
            assert written_on == [] and len(waiting(pending_folder(path))) == 1
        eventually(lambda: not waiting(pending_folder(path)))
        assert written_on == ["records-retrier"]
        assert app.records.records.has_game(finished_game_of(session).key)
    finally:
        close_window(app)


def test_failure_26_05_the_window_opens_without_waiting_for_a_locked_records_file(data: Path, monkeypatch) -> None:
    """A lock held as the window opened kept its first frame waiting SQLite's busy timeout (2 s) before the file
    was left to the retrier: the window's thread now tries the lock once and the retrier's thread opens the file
    once the lock is gone."""
    path = recorded(data, games=1)
    monkeypatch.setattr(records_pending, "PAUSES", (QUICK_WAIT,))
    busy_waits: list[tuple[str, float]] = []  # each connection's thread and how long it may wait for a lock
    connect = sqlite3.connect

    def watched_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        busy_waits.append((threading.current_thread().name, kwargs.get("timeout", 5.0)))
        return connect(*args, **kwargs)

    with locked(path):
        monkeypatch.setattr(records_file.sqlite3, "connect", watched_connect)
        link = RecordsLink.open(path)
        window = [wait for thread, wait in busy_waits if thread == threading.main_thread().name]
        assert window == [0.0], busy_waits  # one try at the lock, no waiting on it
        assert link.records is None and not link.problem
    try:
        eventually(lambda: link.records is not None)
        assert link.records.count() == 1
        assert {thread for thread, _ in busy_waits} == {threading.main_thread().name, "records-retrier"}
    finally:
        link.close()


def test_failure_26_05_a_game_still_waiting_at_close_is_recorded_at_the_next_start(
    window, data: Path, quick_locks
) -> None:
    path = recorded(data, games=1)
    app = window((1024, 640))
    session = finished_session(12)
    with locked(path):
        open_records_for(app, path)
        record_finished_game(app, session)
        close_window(app)
        app.records.retrier.join(60)  # a hang bound: it stops at once when the window closes
        assert not app.records.retrier.is_alive()
    assert len(waiting(pending_folder(path))) == 1
    place = RecordsLink.open(path)
    eventually(lambda: not waiting(pending_folder(path)))
    assert place.records.count() == 2 and place.records.has_game(finished_game_of(session).key)
    place.close()


def test_failure_26_05_the_records_command_counts_the_games_left_waiting(
    window, data: Path, quick_locks, capsys
) -> None:
    path = recorded(data, games=1)
    app = window((1024, 640))
    with locked(path):
        open_records_for(app, path)
        record_finished_game(app, finished_session(13))
        close_window(app)
        app.records.retrier.join(60)  # a hang bound: it stops at once when the window closes
        assert not app.records.retrier.is_alive()
    assert main(["records", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1  # the waiting game has bots only: not one of yours
    assert open_records(path).count() == 2 and not waiting(pending_folder(path))


# --- 6. the atomic writer replaces only regular files; exports write into devices and FIFOs ----------

root_only = pytest.mark.skipif(os.geteuid() != 0, reason="only root can make a device node")


def null_device(folder: Path) -> Path:
    """A twin of /dev/null in `folder` (root only): a device node a careless writer would replace."""
    path = folder / "null"
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


def is_char_device(path: Path) -> bool:
    return stat.S_ISCHR(os.stat(path).st_mode)


@root_only
def test_failure_26_06_an_export_writes_into_a_device_and_leaves_it(tmp_path: Path, data: Path, capsys) -> None:
    recorded(data)
    device = null_device(tmp_path)
    assert main(["records", "--csv", str(device)]) == 0
    assert is_char_device(device) and sorted(p.name for p in tmp_path.iterdir()) == ["data", "null"]


@root_only
def test_failure_26_06_settings_never_replace_a_device(tmp_path: Path, monkeypatch) -> None:
    device = null_device(tmp_path)
    with pytest.raises(SettingsError):
        save_settings(Settings(), device)
    assert is_char_device(device) and sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_failure_26_06_a_link_to_dev_null_stays_a_link(tmp_path: Path, data: Path) -> None:
    recorded(data)
    link = tmp_path / "out.csv"
    link.symlink_to("/dev/null")
    assert main(["records", "--csv", str(link)]) == 0
    assert link.is_symlink() and is_char_device(Path("/dev/null"))
    settings = tmp_path / "settings.yaml"
    settings.symlink_to("/dev/null")
    with pytest.raises(SettingsError):
        save_settings(Settings(), settings)
    assert settings.is_symlink()


@pytest.mark.parametrize("target", ["folder", "fifo", "socket"])
def test_failure_26_06_the_atomic_writer_refuses_what_is_not_a_regular_file(tmp_path: Path, target: str) -> None:
    path = tmp_path / "target"
    if target == "folder":
        path.mkdir()
    elif target == "fifo":
        make_fifo(tmp_path, "target")
    else:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()
    kind = stat.S_IFMT(os.stat(path).st_mode)
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic(path, b"data")
    assert stat.S_IFMT(os.stat(path).st_mode) == kind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["target"]


def test_failure_26_06_a_fifo_nobody_reads_is_refused_at_once(tmp_path: Path, data: Path, capsys) -> None:
    recorded(data)
    fifo = make_fifo(tmp_path, "out.csv")
    assert within(5, lambda: main(["records", "--csv", str(fifo)])) == 2
    assert "no program is reading" in capsys.readouterr().err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_failure_26_06_a_fifo_with_a_reader_gets_the_export(tmp_path: Path, data: Path) -> None:
    recorded(data, games=4)
    fifo = make_fifo(tmp_path, "out.csv")
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a program reading the FIFO (the export fits its buffer)
    try:
        assert within(10, lambda: main(["records", "--csv", str(fifo)])) == 0
        got = b"".join(iter(lambda: os.read(reader, 65536), b""))
    finally:
        os.close(reader)
    assert len(got.decode("utf-8").splitlines()) == 5 and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_failure_26_06_a_records_file_linked_into_a_device_folder_is_refused(tmp_path: Path) -> None:
    dev = tmp_path / "dev"
    dev.mkdir()
    target = make_fifo(dev, "null")
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.sqlite3").symlink_to(target)
    place = within(5, lambda: RecordsLink.open(data / "records.sqlite3"))
    assert place.records is None and "regular file" in place.problem
    assert sorted(p.name for p in dev.iterdir()) == ["null"] and stat.S_ISFIFO(os.stat(target).st_mode)


# --- 7. text from files and arguments reaches the terminal on one printable line ------------------------


def test_failure_26_07_records_prints_no_escape_from_the_database(data: Path, capsys) -> None:
    game = sample_game(0, 5)
    seats = tuple(s if s.human else dataclasses.replace(s, tier="\x1b[2J\x1b[31m") for s in game.seats)
    human = dataclasses.replace(seats[0], rows={"\x1b[2Jrow\nrow": 3})
    open_records(data / "records.sqlite3").add_game(dataclasses.replace(game, seats=(human, *seats[1:])))
    assert main(["records"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out
    assert all(line.isprintable() for line in out.splitlines())


@pytest.mark.parametrize("command", ["review", "check-save"])
def test_failure_26_07_a_file_name_with_controls_prints_one_line(tmp_path: Path, capsys, command: str) -> None:
    missing = str(tmp_path / "a\nb\x1b[2J.yaml")
    assert main([command, missing]) == 2
    err = capsys.readouterr().err
    assert one_clean_line(err) and "\x1b" not in err


def test_failure_26_07_check_save_names_a_good_save_on_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "a\nb\x1b[2J.yaml"
    path.write_text(fixture_text(), encoding="utf-8")
    assert main(["check-save", str(path)]) == 0
    assert one_clean_line(capsys.readouterr().out)


# --- 9. AMUL_TABLE_SETTINGS=/ ----------------------------------------------------------------------------


def test_failure_26_09_settings_at_the_root_folder_give_a_notice(window, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("AMUL_TABLE_SETTINGS", "/")
    app = window((1024, 640))
    assert isinstance(app.change_setting("volume", 0.3), SettingsError)
    assert app.settings.volume == 0.3


# --- 9. a save dated after 9999; the Load scene's refusal of a damaged shared game; Save as names -------


def test_failure_26_09_a_save_dated_after_year_9999_is_listed(tmp_path: Path) -> None:
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as folder:
        path = Path(folder) / "future.yaml"
        path.write_text(fixture_text(), encoding="utf-8")
        year_10001 = 253_402_300_800 + 400 * 86_400
        os.utime(path, (year_10001, year_10001))
        if os.stat(path).st_mtime < year_10001:
            pytest.skip("this file system cannot keep a time past year 9999")
        (summary,) = list_saves(folder)
        assert summary.ok and summary.modified.year == 1970
        assert find_autosave(Path(folder)) is None
        app = window_app(argparse.Namespace(saves=folder))
        try:
            frames(app, 2)
            app.push(LoadScene(app))
            frames(app, 2)
            assert app.failures == 0
        finally:
            close_window(app)


def _hand_cards(text: str) -> set[str]:
    return {card for hand in yaml_text.load(text)["snapshot"]["hands"] for card in hand}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("field", ["hands", "offers", "reveals", "deck"])
def test_failure_26_09_the_load_scene_refuses_a_shared_game_without_showing_its_cards(
    tmp_path: Path, lang: str, field: str
) -> None:
    text = fixture_text("midgame-4p-pass-and-play.yaml")
    doc = yaml_text.load(text)
    snap = doc["snapshot"]
    if field == "hands":
        snap["hands"][0], snap["hands"][1] = snap["hands"][1], snap["hands"][0]
    elif field == "deck":
        snap["deck"] = list(reversed(snap["deck"]))
    else:
        snap[field] = [snap["hands"][i][0] for i in range(4)]
    (tmp_path / "shared.yaml").write_text(yaml_text.dump(doc, sort_keys=False), encoding="utf-8")
    (summary,) = list_saves(tmp_path)
    assert not summary.ok
    set_language(lang)
    try:
        shown = reason_text(summary.reason)
    finally:
        set_language("en")
    assert f"snapshot.{field}" in shown
    secret = _hand_cards(text) | set(snap["deck"]) | set(yaml_text.load(text)["snapshot"]["deck"])
    assert not [card for card in secret if re.search(rf"\b{re.escape(card)}\b", shown)], shown


ILLEGAL_ACTIONS = {  # the pass-and-play fixture's actions with one made illegal; the card it names; whether public
    "an offer made twice": (lambda actions: actions.insert(1, ["offer", 0, "A-1"]), "A-1", False),
    "an offer turned into a pick": (lambda actions: actions.__setitem__(0, ["pick", 0, "A-1"]), "A-1", False),
    "another seat's hand card": (lambda actions: actions.__setitem__(0, ["offer", 0, "A-53"]), "A-53", False),
    "a Palace card picked": (lambda actions: actions.__setitem__(4, ["pick", 0, "A-140"]), "A-140", True),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("case", list(ILLEGAL_ACTIONS))
def test_a_refused_illegal_action_names_its_card_only_when_the_card_is_face_up(tmp_path: Path, lang: str, case: str):
    """The refusal named the action's card (`actions[1] [offer, 0, A-1]`, "cannot offer Spice (A-53)"): a damaged
    shared save's reason, in the Load scene, showed a card of a hand or a face-down Offer."""
    change, card, public = ILLEGAL_ACTIONS[case]
    doc = yaml_text.load(fixture_text("midgame-4p-pass-and-play.yaml"))
    change(doc["actions"])
    (tmp_path / "shared.yaml").write_text(yaml_text.dump(doc, sort_keys=False), encoding="utf-8")
    (summary,) = list_saves(tmp_path)
    set_language(lang)
    try:
        shown = reason_text(summary.reason)
    finally:
        set_language("en")
    kind = "pick" if "pick" in case else "offer"
    assert f"[{kind}, 0, " in shown, shown  # the kind of action and its seat
    ctype = next(c.type for c in load_cards().cards if c.number == card)
    named = [word for word in (card, *ctype.name.values()) if re.search(rf"\b{re.escape(word)}\b", shown)]
    assert bool(named) == public, shown


@pytest.mark.parametrize("name", ["autosave-2", "AutoSave-3", "autosave-12.yaml", " autosave ", "AUTOSAVE"])
def test_failure_26_09_save_as_refuses_every_autosave_name(tmp_path: Path, name: str) -> None:
    with pytest.raises(SaveError, match="automatic save"):
        save_path(tmp_path, name)


@pytest.mark.parametrize("name", ["game\u202elmth", "\u202dA\u2066B\u200bC", "line\u2028two", "bom\ufeffname"])
def test_failure_26_09_save_as_names_carry_no_invisible_format_characters(tmp_path: Path, name: str) -> None:
    path = save_path(tmp_path, name)
    assert path.name.isprintable() and not any(unicodedata.category(ch) == "Cf" for ch in path.name)
    assert path.parent == tmp_path and path.suffix == ".yaml"
