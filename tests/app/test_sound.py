"""The card sounds: made by the project's own code, reproducible byte for byte, played at the player's volume.

Without an audio device the game stays silent with one log line and never crashes.
"""

from __future__ import annotations

import logging
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from amul_table.persistence.settings import Settings
from amul_table.persistence.settings_file import load_settings, save_settings
from amul_table.sound import mixer
from amul_table.sound.mixer import SoundBoard, State, sounds_dir
from amul_table.sound.synth import RATE, RECIPES, SOUND_NAMES, render, wav_bytes

ROOT = Path(__file__).resolve().parents[2]
WANTED = {"deal", "flip", "slide", "pick", "take", "reveal", "tally", "round", "game_end"}


@pytest.fixture(scope="module")
def made() -> dict[str, bytes]:
    """Every sound's WAV bytes, made once for the module (making them takes about a second)."""
    return {name: wav_bytes(name) for name in SOUND_NAMES}


# --- what the sounds are ------------------------------------------------------------------------------


def test_every_card_sound_of_the_issue_exists():
    assert set(SOUND_NAMES) == WANTED


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_short_audible_and_peaks_below_minus_three_dbfs(name):
    samples = render(name)
    assert len(samples) == int(RECIPES[name].seconds * RATE)
    assert 0.04 <= len(samples) / RATE <= 0.4
    peak = max(abs(s) for s in samples)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert 20 * math.log10(peak / 32768) <= -3.0
    assert 20 * math.log10(rms / 32768) > -40.0  # not silent: heard at the default volume
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # faded in and out: no click


def test_the_sounds_are_the_same_whatever_the_global_random_generator_did(made):
    random.seed(12345)
    random.random()
    assert wav_bytes("deal") == made["deal"]
    assert wav_bytes("deal") == wav_bytes("deal")


def test_the_committed_files_are_exactly_what_the_synthesiser_makes(made):
    for name, data in made.items():
        assert (ROOT / "assets" / "sounds" / f"{name}.wav").read_bytes() == data, f"run tools/make_sounds.py ({name})"
    assert sorted(p.stem for p in (ROOT / "assets" / "sounds").iterdir()) == sorted(SOUND_NAMES)


def test_the_script_writes_the_committed_files_byte_for_byte(tmp_path, made):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--out", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    for name, data in made.items():
        assert (tmp_path / f"{name}.wav").read_bytes() == (ROOT / "assets" / "sounds" / f"{name}.wav").read_bytes()
        assert (tmp_path / f"{name}.wav").read_bytes() == data


# --- playing them -------------------------------------------------------------------------------------


class FakeSound:
    def __init__(self) -> None:
        self.volumes: list[float] = []

    def set_volume(self, value: float) -> None:
        self.volumes.append(value)

    def play(self) -> None:
        pass


def board_with_fakes(settings: Settings) -> tuple[SoundBoard, dict[str, FakeSound]]:
    board = SoundBoard(settings)
    fakes = {name: FakeSound() for name in SOUND_NAMES}
    board.sounds = fakes  # type: ignore[assignment]
    board.state = State.OPEN
    return board, fakes


def test_a_sound_plays_at_the_master_volume_read_at_each_play():
    settings = Settings(volume=0.3)
    board, fakes = board_with_fakes(settings)
    board.play("pick")
    settings.volume = 0.9
    board.play("pick")
    assert fakes["pick"].volumes == [0.3, 0.9]


def test_mute_and_volume_zero_play_nothing():
    settings = Settings(mute=True)
    board, fakes = board_with_fakes(settings)
    board.play("deal")
    settings.mute, settings.volume = False, 0.0
    board.play("deal")
    assert fakes["deal"].volumes == []
    assert board.level == 0.0


def test_the_real_mixer_opens_on_the_dummy_driver_and_loads_every_sound():
    board = SoundBoard(Settings(volume=0.5))
    try:
        board.play("round")
        assert board.state is State.OPEN
        assert set(board.sounds) == set(SOUND_NAMES)
        assert board.sounds["round"].get_volume() == pytest.approx(0.5, abs=0.01)
        assert board.sounds["game_end"].get_length() == pytest.approx(0.4, abs=0.01)
    finally:
        board.close()


def test_without_an_audio_device_the_game_is_silent_with_one_log_line(monkeypatch, caplog):
    tries = []

    def no_device(*args, **kwargs) -> None:
        tries.append(1)
        raise pygame.error("no available audio device")

    monkeypatch.setattr(mixer.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(mixer.pygame.mixer, "init", no_device)
    board = SoundBoard(Settings())
    with caplog.at_level(logging.WARNING, logger="amul_table.sound.mixer"):
        for name in SOUND_NAMES:
            board.play(name)
        board.play_all(["deal", "deal"])
        assert board.open() is False
    assert board.state is State.SILENT
    assert len(tries) == 1  # no second try, so no frame waits on a missing device again
    assert [r.getMessage() for r in caplog.records] == ["no sound: no available audio device; the game stays silent"]


def test_missing_sound_files_also_mean_silence_not_a_crash(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(mixer, "sounds_dir", lambda: tmp_path)
    board = SoundBoard(Settings())
    with caplog.at_level(logging.WARNING, logger="amul_table.sound.mixer"):
        board.play("pick")
        board.play("pick")
    assert board.state is State.SILENT
    assert len(caplog.records) == 1


def test_a_window_without_an_audio_driver_runs_and_says_so_once():
    """A real start with an audio driver that does not exist: the window opens, plays, closes, exit 0."""
    code = (
        "from amul_table.app.window import App\n"
        "from amul_table.persistence.settings import Settings\n"
        "app = App(Settings(), (1024, 640))\n"
        "app.sound.open()\n"
        "for name in ('deal', 'pick', 'round', 'game_end'):\n"
        "    app.sound.play(name)\n"
        "app.step(0.0)\n"
        "app.close()\n"
        "print('closed')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "no_such_driver"}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "closed"
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("no sound:"), done.stderr


def test_the_window_opens_the_mixer_only_when_a_sound_would_be_heard(window):
    app = window((1024, 640), mute=True)
    assert app.sound.state is State.CLOSED
    app.sound.play("deal")
    assert app.sound.state is State.CLOSED  # muted: the audio device is not even opened


def test_the_sounds_ship_in_the_assets_folder():
    assert sounds_dir() == ROOT / "assets" / "sounds"


# --- the settings -------------------------------------------------------------------------------------


def test_volume_and_mute_are_saved_and_loaded(tmp_path):
    path = tmp_path / "settings.yaml"
    save_settings(Settings(volume=0.3, mute=True), path)
    loaded, problem = load_settings(path)
    assert problem is None
    assert (loaded.volume, loaded.mute) == (0.3, True)


def test_an_old_settings_file_without_sound_settings_gives_the_default_volume(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("language: fr\nbot_pause: 1.0\n", encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is None
    assert (loaded.language, loaded.volume, loaded.mute) == ("fr", 0.6, False)


@pytest.mark.parametrize(
    ("volume", "damaged"),
    [("1.5", False), ("-0.1", False), ("loud", True), ("true", True), (".nan", True), ("[1]", True), ("1e9", True)],
)
def test_a_bad_volume_gives_the_default_volume(tmp_path, volume, damaged):
    """Out of range gives the default quietly; a value of the wrong kind, NaN or absurd also warns."""
    path = tmp_path / "settings.yaml"
    path.write_text(f"volume: {volume}\nlanguage: fr\n", encoding="utf-8")
    loaded, problem = load_settings(path)
    assert (problem is not None and "volume" in str(problem)) if damaged else problem is None
    assert loaded.volume == Settings().volume
    assert loaded.language == "fr"  # the rest of the file still counts


@pytest.mark.parametrize("mute", ["yes please", "1", "0.5", "[]"])
def test_a_bad_mute_gives_sound_on(tmp_path, mute):
    path = tmp_path / "settings.yaml"
    path.write_text(f"mute: {mute}\n", encoding="utf-8")
    assert load_settings(path)[0].mute is False


def test_whole_numbers_are_volumes_too():
    assert Settings.from_dict({"volume": 1}).volume == 1.0
    assert Settings.from_dict({"volume": 0}).volume == 0.0
