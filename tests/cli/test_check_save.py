"""`amul-table check-save` and `simulate --save-dir`: summaries, reasons and exit codes, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from amul_table.cli.main import build_parser, main
from amul_table.persistence.save_files import save_game
from amul_table.persistence.save_format import GameSetup, SavedGame
from amul_table.rules import new_game
from amul_table.rules.seats import Seat

SALT = 0x0BAD_5EED_1234_5678


@pytest.fixture
def good_save(tmp_path: Path) -> Path:
    setup = GameSetup((Seat.of_human("Ana"), Seat.bot("Bot 2", "random"), Seat.bot("Bot 3", "random")), bot_salt=SALT)
    path = tmp_path / "good.yaml"
    save_game(path, SavedGame(setup, new_game(3, 42)))
    return path


def test_a_good_save_prints_a_summary_and_exits_0(good_save: Path, capsys) -> None:
    assert main(["check-save", str(good_save)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{good_save}: A valid amul-table save")
    assert "3 players: Ana (human), Bot 2 (random bot), Bot 3 (random bot)" in out
    assert out.count("\n") == 1  # one paragraph


def test_check_save_says_how_the_bots_are_seeded_and_never_shows_the_salt(good_save: Path, capsys) -> None:
    assert main(["check-save", str(good_save)]) == 0
    out = capsys.readouterr().out
    assert "Save format 2: its bots' seeds are keyed by the game's secret salt (not shown)." in out
    assert str(SALT) not in out and "bad5eed" not in out.lower()
    legacy = Path(__file__).parents[1] / "data" / "saves_v1" / "finished-3p.yaml"
    assert main(["check-save", str(legacy)]) == 0
    assert "Save format 1: its bots keep the legacy seeds of games saved before format 2." in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"seats: [\n", "not valid YAML at line 2"),
        (b"format: amul-table-save\nversion: 7\n", "newer amul_table (save format version 7)"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8 text"),
    ],
)
def test_a_bad_save_prints_the_reason_and_exits_2(tmp_path: Path, capsys, content: bytes, reason: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    assert main(["check-save", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"amul-table: {path}: refused: ")
    assert reason in captured.err
    assert path.read_bytes() == content


def test_a_missing_file_exits_2_with_the_reason(tmp_path: Path, capsys) -> None:
    assert main(["check-save", str(tmp_path / "nowhere.yaml")]) == 2
    assert "cannot read nowhere.yaml: No such file or directory" in capsys.readouterr().err


def test_check_save_run_as_a_program_shows_no_traceback(tmp_path: Path, good_save: Path, capsys) -> None:
    """The refusal is run as a program (`python -m amul_table`); the good save in this process, as the program's
    entry point runs the same `main` (a second interpreter started for it cost 0.18 s of CPU)."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(good_save.read_text().replace("phase: offer", "phase: pick"))
    root = Path(__file__).resolve().parents[2]
    ok = main(["check-save", str(good_save)])
    ok_err = capsys.readouterr().err
    refused = subprocess.run(
        [sys.executable, "-m", "amul_table", "check-save", str(bad)],
        cwd=root,
        text=True,
        capture_output=True,
        timeout=60,
    )
    assert (ok, refused.returncode) == (0, 2)
    assert "`snapshot.phase` is 'pick' in the file, but replaying the actions gives 'offer'" in refused.stderr
    assert "Traceback" not in ok_err + refused.stderr


def test_simulate_writes_the_final_save_of_every_game(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "runs" / "today"
    assert main(["simulate", "--players", "4", "--games", "3", "--seed", "5", "--save-dir", str(folder)]) == 0
    files = sorted(folder.glob("*.yaml"))
    assert [f.name.split("-seed-")[0] for f in files] == ["game-0001", "game-0002", "game-0003"]
    capsys.readouterr()
    for f in files:
        assert main(["check-save", str(f)]) == 0
        assert "The game is over" in capsys.readouterr().out


def test_simulate_into_a_folder_that_cannot_be_made_exits_2(tmp_path: Path, capsys) -> None:
    (tmp_path / "file").write_text("")
    assert main(["simulate", "--players", "3", "--games", "1", "--save-dir", str(tmp_path / "file" / "x")]) == 2
    assert "cannot create the saves folder" in capsys.readouterr().err


def test_the_saves_folder_option_is_read_by_the_parser() -> None:
    assert build_parser().parse_args(["--saves", "elsewhere"]).saves == "elsewhere"
    assert build_parser().parse_args([]).saves is None
