"""Save files: the saves folder, atomic writes with a .bak, the overwrite policy, listing, deleting."""

from __future__ import annotations

import datetime as dt
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import amul_table.persistence.save_files as saves
from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_files import (
    autosave,
    autosave_path,
    can_overwrite,
    delete_save,
    find_autosave,
    list_saves,
    load_game,
    save_game,
    save_path,
    saves_folder,
    simulate_saver,
)
from amul_table.persistence.save_format import GameSetup, SavedGame
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.seats import Seat

SETUP = GameSetup((Seat.of_human("Ana"), Seat.of_human("Bo"), Seat.bot("Bot 3", "random")), bot_salt=77)


def saved_after(steps: int, seed: int = 11) -> SavedGame:
    rng = random.Random(seed)
    state = new_game(3, seed)
    for _ in range(steps):
        if state.is_over:
            break
        apply(state, rng.choice(legal_actions(state, rng.choice(pending(state).seats))))
    return SavedGame(SETUP, state)


# --- the folder ---------------------------------------------------------------------------------


def test_the_command_line_folder_wins_over_the_environment(tmp_path: Path) -> None:
    folder = saves_folder(tmp_path / "cli", env={"AMUL_TABLE_SAVES": str(tmp_path / "env")})
    assert folder == tmp_path / "cli"
    assert folder.is_dir()
    assert not (tmp_path / "env").exists()


def test_the_environment_sets_the_folder_and_it_is_created_with_its_parents(tmp_path: Path) -> None:
    folder = saves_folder(None, env={"AMUL_TABLE_SAVES": str(tmp_path / "a" / "b")})
    assert folder == tmp_path / "a" / "b"
    assert folder.is_dir()


def test_the_default_folder_is_saves_in_the_project() -> None:
    project = Path(saves.__file__).resolve().parents[2]
    assert (project / "pyproject.toml").is_file()
    assert saves_folder(None, env={"AMUL_TABLE_SAVES": ""}) == project / "saves"


def test_a_folder_that_cannot_be_created_gives_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(SaveError, match=r"cannot create the saves folder .*file/saves"):
        saves_folder(tmp_path / "file" / "saves", env={})


def test_a_folder_that_cannot_be_written_gives_a_clear_message(tmp_path: Path, monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves.tempfile, "TemporaryFile", refuse)
    with pytest.raises(SaveError, match=r"cannot write in the saves folder .*: Permission denied"):
        saves_folder(tmp_path, env={})


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_gives_a_clear_message(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(SaveError, match="cannot write in the saves folder"):
            saves_folder(tmp_path, env={})
    finally:
        tmp_path.chmod(0o700)


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("Evening game", "Evening game.yaml"),
        ("  Round 3/9: Ana vs Bo  ", "Round 3-9- Ana vs Bo.yaml"),
        ("Partie de Noël", "Partie de Noël.yaml"),
        ("../../etc/passwd", "etc-passwd.yaml"),
        ("..hidden", "hidden.yaml"),
        ("mine.yaml", "mine.yaml"),
        ("CON", "CON-save.yaml"),
    ],
)
def test_a_save_as_name_becomes_a_safe_file_name_in_the_folder(tmp_path: Path, name: str, file: str) -> None:
    assert save_path(tmp_path, name) == tmp_path / file


@pytest.mark.parametrize(
    ("name", "message"), [("  ", "give the save a name"), ("../", "give the save a name"), ("Autosave", "automatic")]
)
def test_empty_and_reserved_save_names_are_refused(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        save_path(tmp_path, name)


# --- writing ------------------------------------------------------------------------------------


def test_a_saved_game_loads_back_as_the_same_game(tmp_path: Path) -> None:
    saved = saved_after(40)
    written = save_game(tmp_path / "g.yaml", saved)
    loaded = load_game(tmp_path / "g.yaml")
    assert loaded.state == saved.state
    assert loaded.setup == saved.setup
    assert loaded.created == saved.created
    assert loaded.updated == written.updated >= saved.created
    assert loaded.app_version == written.app_version == saves.app_version() != ""


def test_a_new_save_is_readable_by_others_not_only_its_owner(tmp_path: Path) -> None:
    save_game(tmp_path / "g.yaml", saved_after(5))
    assert (tmp_path / "g.yaml").stat().st_mode & 0o777 == 0o644


def test_saving_again_keeps_the_previous_version_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    save_game(path, saved_after(10))
    first = path.read_bytes()
    save_game(path, saved_after(30))
    assert (tmp_path / "g.yaml.bak").read_bytes() == first
    assert load_game(path).state == saved_after(30).state
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml", "g.yaml.bak"]  # no temporary file left


def test_a_file_that_is_not_a_valid_save_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "notes.yaml"
    path.write_bytes(b"shopping: [tea, silk]\n")
    assert not can_overwrite(path)
    with pytest.raises(SaveError, match=r"notes\.yaml is left untouched: it is not a save this version can read"):
        save_game(path, saved_after(10))
    assert path.read_bytes() == b"shopping: [tea, silk]\n"
    assert not (tmp_path / "notes.yaml.bak").exists()


def test_replacing_an_invalid_file_must_be_asked_for_and_keeps_it_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "notes.yaml"
    path.write_bytes(b"shopping: [tea, silk]\n")
    save_game(path, saved_after(10), replace_invalid=True)
    assert (tmp_path / "notes.yaml.bak").read_bytes() == b"shopping: [tea, silk]\n"
    assert load_game(path).state == saved_after(10).state


def test_autosave_goes_next_to_a_refused_autosave_and_continue_finds_it(tmp_path: Path) -> None:
    autosave_path(tmp_path).write_text("format: amul-table-save\nversion: 99\n")
    path, _ = autosave(tmp_path, saved_after(20))
    assert path == tmp_path / "autosave-2.yaml"
    assert autosave_path(tmp_path).read_text() == "format: amul-table-save\nversion: 99\n"
    assert find_autosave(tmp_path) == path


def test_autosave_replaces_its_own_file_and_continue_resumes_it(tmp_path: Path) -> None:
    assert find_autosave(tmp_path) is None
    autosave(tmp_path, saved_after(20))
    path, written = autosave(tmp_path, saved_after(35))
    assert path == autosave_path(tmp_path)
    assert find_autosave(tmp_path) == path
    assert load_game(path).state == written.state == saved_after(35).state


def test_a_crash_between_writing_and_renaming_leaves_the_previous_save_intact(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "g.yaml"
    save_game(path, saved_after(10))
    before = path.read_bytes()

    def crash(src, dst):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(saves.os, "replace", crash)
    with pytest.raises(SaveError, match=r"could not save to .*g\.yaml: Input/output error"):
        save_game(path, saved_after(30))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_game(path).state == saved_after(10).state
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]


def test_a_crash_at_the_final_rename_leaves_the_save_and_its_backup_intact(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "g.yaml"
    save_game(path, saved_after(10))
    before = path.read_bytes()
    real_replace = os.replace

    def crash_on_target(src, dst):
        if Path(dst) == path:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(saves.os, "replace", crash_on_target)
    with pytest.raises(SaveError, match="No space left on device"):
        save_game(path, saved_after(30))
    monkeypatch.undo()
    assert path.read_bytes() == before == (tmp_path / "g.yaml.bak").read_bytes()
    assert load_game(path).state == saved_after(10).state


CRASHING_SAVE = """
import os, sys
import amul_table.persistence.save_files as saves
from tests.persistence.test_save_files import saved_after
real_replace = os.replace
# the process dies at the final rename (after the .bak is written), cleaning up nothing
saves.os.replace = lambda src, dst: os._exit(9) if str(dst) == sys.argv[1] else real_replace(src, dst)
saves.save_game(sys.argv[1], saved_after(30))
"""


def test_a_process_killed_at_the_rename_leaves_the_previous_save_loadable(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    save_game(path, saved_after(10))
    before = path.read_bytes()
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", CRASHING_SAVE, str(path)], env=env, cwd=root, timeout=60)
    assert done.returncode == 9
    assert path.read_bytes() == before == (tmp_path / "g.yaml.bak").read_bytes()
    assert any(p.name.startswith(".g.yaml.") for p in tmp_path.iterdir())  # the orphaned temporary file
    assert [(s.name, s.ok) for s in list_saves(tmp_path)] == [("g", True)]


# --- reading ------------------------------------------------------------------------------------


def test_a_file_that_is_not_utf8_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes(b"format: amul-table-save\nname: \xff\xfe\n")
    with pytest.raises(SaveError, match="not UTF-8 text"):
        load_game(path)


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes(b"#" * (saves.MAX_BYTES + 10))
    with pytest.raises(SaveError, match="far too large to be a save"):
        load_game(path)


def test_a_missing_file_or_a_folder_is_refused_with_a_reason(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"cannot read nothing\.yaml"):
        load_game(tmp_path / "nothing.yaml")
    with pytest.raises(SaveError, match="cannot read"):
        load_game(tmp_path)


def test_the_list_is_newest_first_with_refused_files_saying_why(tmp_path: Path, monkeypatch) -> None:
    times = iter(dt.datetime(2026, 5, day, tzinfo=dt.UTC) for day in (1, 3, 2))
    monkeypatch.setattr(saves, "utc_now", lambda: next(times))
    for name, steps in (("a-first", 5), ("b-third", 50), ("c-second", 20)):
        saved = saved_after(steps)
        saved.created = dt.datetime(2026, 4, 1, tzinfo=dt.UTC)
        save_game(tmp_path / f"{name}.yaml", saved)
    (tmp_path / "broken.yaml").write_text("format: amul-table-save\nversion: 1\n")
    os.utime(tmp_path / "broken.yaml", (0, 0))
    (tmp_path / "readme.txt").write_text("not a save")
    listed = list_saves(tmp_path)
    assert [s.name for s in listed] == ["b-third", "c-second", "a-first", "broken"]
    third = listed[0]
    assert (third.ok, third.players, third.round, third.seats) == (True, 3, saved_after(50).state.round, SETUP.seats)
    assert third.updated == dt.datetime(2026, 5, 3, tzinfo=dt.UTC)
    broken = listed[-1]
    assert not broken.ok
    assert str(broken.reason) == "the field `created` is missing"
    assert broken.reason.code == "error.save.missing"


def test_deleting_a_save_removes_it_and_its_backup(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    save_game(path, saved_after(5))
    save_game(path, saved_after(6))
    delete_save(path)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(SaveError, match=r"could not delete g\.yaml"):
        delete_save(path)
    with pytest.raises(SaveError, match="not a save file"):
        delete_save(tmp_path / "notes.txt")


def test_simulate_writes_each_final_game_as_a_loadable_save_of_bots(tmp_path: Path) -> None:
    from amul_table.ai.play import play_game

    state = play_game(4, 1234, ["random"] * 4, salt=99)
    simulate_saver(tmp_path / "sims")(state, ["random"] * 4, 6, 99)
    loaded = load_game(tmp_path / "sims" / "game-0007-seed-1234.yaml")
    assert loaded.state == state
    assert loaded.setup.bot_salt == 99  # the salt its bots played with
    assert [(s.name, "bot" if not s.human else "human", s.tier) for s in loaded.setup.seats] == [
        (f"Seat {i}", "bot", "random") for i in (1, 2, 3, 4)
    ]
