"""Fuzz the records database and its exports: schema, user_version, value kinds and sizes; CSV and JSON.

A damaged file is set aside or refused in one printable line, never a traceback; what is accepted gives
strict JSON, printable text and CSV cells no spreadsheet runs. Fixed example counts (the heavy run is
`slow`); the inputs are those of tests/security/hostile_records.py, which benchmarks/hostile_inputs.py counts.
"""

from __future__ import annotations

import csv
import dataclasses
import json
import random
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amul_table.cli.records_command import _write_csv, safe_cell, summary_text
from amul_table.persistence.records import open_records
from amul_table.persistence.records_sample import sample_game
from amul_table.persistence.records_schema import COLUMNS
from tests.budget import examples
from tests.security.hostile import FAILURE
from tests.security.hostile_records import RECORDS_FAMILIES, attempt_records, changed, set_value

FAST = settings(
    max_examples=examples(15, fast=6), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
HEAVY = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

sqlite_values = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=60),
    st.binary(max_size=60),
)
columns = st.sampled_from([(table, column) for table, columns in COLUMNS.items() for column in columns])


def check(data: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        outcome, detail = attempt_records(data, Path(folder))
    assert outcome != FAILURE, detail
    return outcome


@FAST
@given(version=st.integers(-(2**31), 2**31 - 1))
def test_any_user_version(version: int) -> None:
    outcome = check(changed(lambda conn: conn.execute(f"PRAGMA user_version = {version}")))
    assert outcome == "refused cleanly" or version == 2


@FAST
@given(where=columns, value=sqlite_values)
def test_any_value_of_any_kind_in_any_column(where: tuple[str, str], value: Any) -> None:
    check(changed(lambda conn: set_value(conn, *where, value)))


@FAST
@given(where=columns, size=st.integers(0, 300_000), char=st.sampled_from(["A", "\x1b", "=", "\u202e", "\x00"]))
def test_values_of_any_size(where: tuple[str, str], size: int, char: str) -> None:
    check(changed(lambda conn: set_value(conn, *where, char * size)))


@FAST
@given(
    statement=st.sampled_from(
        [
            *(f"DROP TABLE {t}" for t in COLUMNS),
            *(f"ALTER TABLE {t} ADD COLUMN extra" for t in COLUMNS),
            *(f"ALTER TABLE {t} RENAME COLUMN {c[0]} TO renamed" for t, c in COLUMNS.items()),
            "CREATE TABLE intruder (x)",
            "DROP INDEX seats_by_human",
            "CREATE TRIGGER t AFTER INSERT ON games BEGIN SELECT RAISE(ABORT, 'no'); END",
        ]
    )
)
def test_any_schema_change(statement: str) -> None:
    check(changed(lambda conn: conn.execute(statement)))


@pytest.mark.parametrize("family", RECORDS_FAMILIES, ids=lambda f: f.name)
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_hostile_records_families(family, seed: int) -> None:
    check(family.make(random.Random(seed)))


@pytest.mark.slow
@HEAVY
@given(seed=st.integers(0, 2**32 - 1))
def test_many_hostile_records(seed: int) -> None:
    rng = random.Random(seed)
    check(rng.choice(RECORDS_FAMILIES).make(rng))


# --- the exports: whatever the names, the CSV reads back and no cell is a formula --------------------

names = st.text(min_size=1, max_size=60)


@FAST
@given(seat_names=st.lists(names, min_size=3, max_size=3), tier=names, rows=st.dictionaries(names, st.integers(0, 99)))
def test_exports_of_games_with_any_names(seat_names: list[str], tier: str, rows: dict[str, int]) -> None:
    base = sample_game(0, 3)
    seats = tuple(
        dataclasses.replace(seat, name=name, tier=None if seat.human else tier, rows=rows if seat.human else {})
        for seat, name in zip(base.seats, seat_names, strict=False)
    )
    game = dataclasses.replace(base, seats=seats)
    with tempfile.TemporaryDirectory() as folder:
        records = open_records(Path(folder) / "records.sqlite3")
        records.add_game(game)
        summary = records.summary()
        assert json.loads(json.dumps(summary.to_json(), allow_nan=False))["games"] == 1
        text = summary_text(summary, records.path)
        assert all(line.isprintable() for line in text.splitlines())
        out = Path(folder) / "out.csv"
        _write_csv(out, records)
        with open(out, encoding="utf-8", newline="") as f:
            (row,) = list(csv.DictReader(f))
    assert row["names"] == safe_cell("; ".join(s.name for s in seats))
    assert not [cell for cell in row.values() if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_the_csv_header_and_shape_are_kept() -> None:
    with tempfile.TemporaryDirectory() as folder:
        records = open_records(Path(folder) / "records.sqlite3")
        records.add_game(sample_game(0, 3))
        out = Path(folder) / "out.csv"
        _write_csv(out, records)
        header, row = out.read_text(encoding="utf-8").splitlines()
    assert row.count(",") >= 11
    assert header == "finished,seed,tea,players,names,kinds,totals,ranks,winners,your_scores,your_wins,key"


def test_a_plain_sqlite_connection_can_damage_the_base_file() -> None:
    """The families really change the file (a mutation refused by a constraint would test nothing)."""
    data = changed(lambda conn: conn.execute("UPDATE tallies SET wins = 'x'"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.sqlite3"
        path.write_bytes(data)
        conn = sqlite3.connect(path)
        try:
            assert conn.execute("SELECT COUNT(*) FROM tallies WHERE typeof(wins) = 'text'").fetchone()[0] > 0
        finally:
            conn.close()
