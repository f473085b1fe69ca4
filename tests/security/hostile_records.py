"""Hostile records databases, from a seed: a damaged disk, another program or a person with `sqlite3`.

Each family changes a real records file (a few recorded games, their saves kept) one way: the schema,
`user_version`, a value's kind, a value's size, random bytes. `attempt_records` hands the file to
everything that reads it, as `amul-table records --json/--csv` and the Records scene do. Shared by
tests/security/test_fuzz_records.py and benchmarks/hostile_inputs.py.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import random
import shutil
import sqlite3
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from amul_table.persistence.records_schema import COLUMNS
from tests.security.helpers import zlib_bomb
from tests.security.hostile import ACCEPTED, FAILURE, REFUSED, Family, odd_text

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Values of every kind SQLite keeps, for any column of any table (records.COLUMNS).
KIND_VALUES: list[Any] = [
    None,
    "",
    "text",
    "\x1b[2J",
    "=cmd|' /C calc'!A0",
    b"\x00\xff",
    b"",
    0,
    -1,
    3,
    2**63 - 1,
    -(2**63),
    0.5,
    -0.0,
    1e308,
    float("inf"),
    float("-inf"),
    "2026-01-01T00:00:00+00:00",
    "9999-12-31T23:59:59",
    "players",
    "tier",
]


@functools.cache
def base_records() -> bytes:
    """A sound records file: a dozen games of 3-6 seats, one or two people each, saves kept."""
    from amul_table.persistence.records import open_records
    from amul_table.persistence.records_sample import sample_game

    with tempfile.TemporaryDirectory() as folder:
        records = open_records(Path(folder) / "records.sqlite3")
        for i in range(12):
            records.add_game(sample_game(i, 26, humans=2 if i % 5 == 0 else 1))
        return records.path.read_bytes()


def changed(change: Callable[[sqlite3.Connection], None]) -> bytes:
    """The base file after `change` (a constraint that refuses the change leaves the file as it was)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        path.write_bytes(base_records())
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            change(conn)
        except sqlite3.Error:
            pass
        finally:
            conn.close()
        return path.read_bytes()


def set_value(conn: sqlite3.Connection, table: str, column: str, value: Any) -> None:
    """Put `value` in one row's column (foreign keys are off: a plain connection, as `sqlite3` would)."""
    conn.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = (SELECT MIN(rowid) FROM {table})", (value,))


def user_version(rng: random.Random) -> bytes:
    version = rng.choice([-1, -5, -(2**31), 3, 99, 2**31 - 1, rng.randint(-(2**31), 2**31 - 1)])
    return changed(lambda conn: conn.execute(f"PRAGMA user_version = {version}"))


def value_kind(rng: random.Random) -> bytes:
    table = rng.choice(sorted(COLUMNS))
    column = rng.choice(COLUMNS[table])
    value = rng.choice([*KIND_VALUES, odd_text(rng), rng.randint(-(2**63), 2**63 - 1)])
    return changed(lambda conn: set_value(conn, table, column, value))


def value_size(rng: random.Random) -> bytes:
    table = rng.choice(["games", "seats", "tallies", "row_points", "seat_rows"])
    column = rng.choice([c for c in COLUMNS[table] if c not in ("id", "game_id")])
    size = rng.choice([41, 61, 201, 10_000, 1_000_000])
    value: Any = rng.choice(["A", "\u202e", "=", "\x1b"]) * size
    return changed(lambda conn: set_value(conn, table, column, value))


def stored_save(rng: random.Random) -> bytes:
    """A kept save that is a zlib bomb, not zlib, not UTF-8, truncated, or huge."""
    kind = rng.choice(["bomb", "junk", "latin", "cut", "huge"])
    blob = {
        "bomb": _bomb,
        "junk": lambda: bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))),
        "latin": lambda: zlib.compress("caf\xe9".encode("latin-1")),
        "cut": lambda: zlib.compress(b"format: amul-table-save\n" * 50)[:20],
        "huge": lambda: zlib.compress(b"#" * (2 * 1024 * 1024)),
    }[kind]()
    return changed(lambda conn: conn.execute("UPDATE game_saves SET save_zlib = ?", (blob,)))


def _bomb() -> bytes:
    return zlib_bomb(64)


def schema(rng: random.Random) -> bytes:
    table = rng.choice(sorted(COLUMNS))
    statement = rng.choice(
        [
            f"DROP TABLE {table}",
            f"ALTER TABLE {table} ADD COLUMN extra TEXT",
            f"ALTER TABLE {table} RENAME COLUMN {COLUMNS[table][-1]} TO renamed",
            f"ALTER TABLE {table} RENAME TO {table}_old",
            "CREATE TABLE intruder (x)",
            "DROP INDEX seats_by_human",
            f"CREATE VIEW v AS SELECT * FROM {table}",
            f"CREATE TRIGGER t AFTER INSERT ON {table} BEGIN SELECT RAISE(ABORT, 'no'); END",
        ]
    )
    return changed(lambda conn: conn.execute(statement))


def flipped_bytes(rng: random.Random) -> bytes:
    data = bytearray(base_records())
    for _ in range(rng.choice([1, 1, 2, 8, 64])):
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)
    return bytes(data)


def truncated(rng: random.Random) -> bytes:
    data = base_records()
    return data[: rng.randrange(len(data))]


RECORDS_FAMILIES = [
    Family("records user_version", user_version),
    Family("records value kind", value_kind),
    Family("records value size", value_size),
    Family("records stored save", stored_save),
    Family("records schema", schema),
    Family("records flipped bits", flipped_bytes),
    Family("records truncated", truncated),
]


# --- trying one file on everything that reads it ----------------------------------------------------


def attempt_records(data: bytes, folder: Path) -> tuple[str, str]:
    """Open `data` as the records file, then summary, JSON, text, CSV, every game, one more game added:
    (outcome, detail).

    Refused cleanly: set aside at open, or a RecordsError of one printable line. Accepted: every output
    is sound (strict JSON, printable text, no CSV cell a formula). Anything else is a failure.
    """
    where = Path(tempfile.mkdtemp(dir=folder))
    try:
        path = where / "records.sqlite3"
        path.write_bytes(data)
        try:
            return _read_everything(path, where)
        except Exception as exc:  # anything but a RecordsError is a failure
            return FAILURE, f"{type(exc).__name__}: {str(exc)[:200]}"
    finally:
        shutil.rmtree(where, ignore_errors=True)


def _read_everything(path: Path, where: Path) -> tuple[str, str]:
    from amul_table.cli.records_command import _write_csv, summary_text
    from amul_table.persistence.records import RecordsError, open_records
    from amul_table.persistence.records_sample import sample_game

    try:
        records = open_records(path)
        if records.set_aside is not None:
            assert records.count() == 0, "a new file after setting one aside holds games"
            return REFUSED, f"set aside as {records.set_aside.name}"
        summary = records.summary()
        json.dumps(summary.to_json(), allow_nan=False)
        text = summary_text(summary, path)
        _write_csv(where / "out.csv", records)
        games = list(records.games())
        for game in games[:3]:
            records.save_text(game.key)
        records.add_game(sample_game(99, 27))  # and the next game goes in, or is refused
    except RecordsError as exc:
        message = str(exc)
        if not (0 < len(message) <= 500 and message.isprintable()):
            return FAILURE, f"refusal not one clean line: {message[:200]!r}"
        return REFUSED, message
    if not all(line.isprintable() for line in text.splitlines()):
        return FAILURE, f"unprintable summary text: {text[:200]!r}"
    rows = list(csv.reader(io.StringIO((where / "out.csv").read_text(encoding="utf-8"), newline="")))
    if len(rows) != len(games) + 1:
        return FAILURE, f"{len(rows) - 1} CSV rows for {len(games)} games"
    formulas = [cell for row in rows[1:] for cell in row if cell.startswith(FORMULA_STARTS)]
    if formulas:
        return FAILURE, f"a CSV cell is a formula: {formulas[0][:60]!r}"
    return ACCEPTED, ""
