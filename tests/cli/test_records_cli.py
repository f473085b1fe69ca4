"""`amul-table records`: the JSON contract, the CSV export, and one-line errors with exit status 2."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from amul_table.cli.main import main
from amul_table.persistence.records import open_records
from amul_table.persistence.records_sample import sample_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("AMUL_TABLE_DATA", str(folder))
    return folder


def fill(folder: Path, games: int) -> None:
    records = open_records(folder / "records.sqlite3")
    for i in range(games):
        records.add_game(sample_game(i, 2, humans=2 if i % 4 == 0 else 1))


def test_json_has_exactly_the_contract_s_shape(data, capsys):
    fill(data, 25)
    assert main(["records", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["games", "by_tier", "mean_score", "best_score"]
    assert isinstance(out["games"], int) and out["games"] == 25
    assert isinstance(out["mean_score"], float) and isinstance(out["best_score"], int)
    assert out["by_tier"]
    for tier, tally in out["by_tier"].items():
        assert tier in ("easy", "medium", "hard")
        assert list(tally) == ["games", "wins", "win_rate"]
        assert isinstance(tally["games"], int) and isinstance(tally["wins"], float)
        assert tally["win_rate"] == pytest.approx(tally["wins"] / tally["games"], abs=1e-4)
    assert sum(t["games"] for t in out["by_tier"].values()) == 25  # each sample game has bots of one tier


def test_no_database_reads_as_no_games_and_creates_nothing(data, capsys):
    assert main(["records", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"games": 0, "by_tier": {}, "mean_score": 0.0, "best_score": 0}
    assert not data.exists()
    assert main(["records"]) == 0
    assert "No games recorded yet" in capsys.readouterr().out


def test_the_text_summary_gives_the_same_numbers(data, capsys):
    fill(data, 10)
    main(["records", "--json"])
    numbers = json.loads(capsys.readouterr().out)
    assert main(["records"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{numbers['games']} games")
    assert f"best {numbers['best_score']}" in out
    for tier, tally in numbers["by_tier"].items():
        assert any(line.split()[:2] == [tier, str(tally["games"])] for line in out.splitlines())


def test_the_text_summary_says_one_game_and_one_win_in_the_singular(data, capsys):
    """It said "1 games, 1 wins (100%)"."""
    records = open_records(data / "records.sqlite3")
    game = next(g for i in range(200) if (g := sample_game(i, 2)).seats[0].win == 1)
    records.add_game(game)
    assert main(["records"]) == 0
    assert capsys.readouterr().out.startswith("1 game, 1 win (100%); ")


def test_the_text_summary_names_the_score_pad_rows_as_the_pad_does(data, capsys):
    """It printed the rows' keys ("light_blue 2, mongol 8"), not what a player reads on the score pad."""
    fill(data, 10)
    assert main(["records"]) == 0
    rows = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("your points by"))
    assert "Light blue" in rows and "Mongol majority" in rows and "Arab majority" in rows
    assert "light_blue" not in rows and "mongol " not in rows


def test_csv_writes_one_row_per_game_and_leaves_no_temporary_file(data, tmp_path, capsys):
    fill(data, 12)
    out = tmp_path / "export" / "games.csv"
    out.parent.mkdir()
    out.write_text("old contents\n")
    assert main(["records", "--csv", str(out)]) == 0
    with out.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 12
    assert rows[0]["names"].startswith("Person 1; Person 2")  # game 0 was pass and play
    assert rows[0]["your_scores"].count(";") == 1
    assert sorted(p.name for p in out.parent.iterdir()) == ["games.csv", "games.csv.bak"]  # the old export kept


def test_a_csv_that_cannot_be_written_is_one_line_and_exit_2(data, tmp_path):
    fill(data, 1)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AMUL_TABLE_DATA": str(data)}
    target = tmp_path / "missing" / "games.csv"
    done = subprocess.run(
        [sys.executable, "-m", "amul_table", "records", "--csv", str(target)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"amul-table: cannot write {target}")


def test_a_database_that_cannot_be_opened_is_one_line_and_exit_2(data, capsys):
    (data / "records.sqlite3").mkdir(parents=True)  # a folder where the database should be
    assert main(["records", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("amul-table: ")


def test_a_damaged_database_is_set_aside_and_reported(data, capsys):
    data.mkdir()
    (data / "records.sqlite3").write_bytes(b"not sqlite at all" * 64)
    assert main(["records", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 0
    assert "set aside" in captured.err
    assert any(p.name.startswith("records.sqlite3.damaged-") for p in data.iterdir())
