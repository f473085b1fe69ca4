"""The one atomic writer: saves and the settings file both keep a .bak, and a crash never loses the old file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from amul_table.persistence.atomic import backup_path, write_atomic
from amul_table.persistence.save_files import load_game, save_game
from amul_table.persistence.settings import Settings
from amul_table.persistence.settings_file import load_settings, save_settings
from tests.persistence.test_save_files import saved_after

ROOT = Path(__file__).parents[2]


def test_a_second_write_keeps_the_first_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    write_atomic(path, b"one")
    assert not backup_path(path).exists()
    write_atomic(path, b"two")
    assert path.read_bytes() == b"two" and backup_path(path).read_bytes() == b"one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt", "f.txt.bak"]


def test_saves_and_settings_both_get_a_bak(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    save_game(save, saved_after(5))
    save_game(save, saved_after(9))
    assert load_game(backup_path(save)).state == saved_after(5).state
    settings = tmp_path / "settings.yaml"
    save_settings(Settings(language="fr"), settings)
    save_settings(Settings(language="en"), settings)
    assert load_settings(backup_path(settings))[0].language == "fr"
    assert load_settings(settings)[0].language == "en"


def test_a_failed_rename_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "f.txt"
    write_atomic(path, b"old")

    def crash(src, dst):
        if Path(dst) == path:
            raise OSError(28, "No space left on device")
        return real(src, dst)

    real = os.replace
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_atomic(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt", "f.txt.bak"]


KILLED_SETTINGS = """
import os, sys
from pathlib import Path
from amul_table.persistence.settings_file import save_settings
from amul_table.persistence.settings import Settings
real_replace = os.replace
os.replace = lambda src, dst: os._exit(9) if str(dst) == sys.argv[1] else real_replace(src, dst)
save_settings(Settings(language="en"), Path(sys.argv[1]))
"""


def test_a_process_killed_at_the_rename_leaves_the_previous_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    save_settings(Settings(language="fr"), path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILLED_SETTINGS, str(path)], env=env, cwd=ROOT, check=False)
    assert done.returncode == 9
    assert load_settings(path) == (Settings(language="fr"), None)
    assert load_settings(backup_path(path))[0].language == "fr"
