"""The settings file: defaults when missing or damaged (with a message), atomic saves, round trip."""

from __future__ import annotations

import os

import pytest

from amul_table.persistence.errors import SettingsError
from amul_table.persistence.settings import Settings
from amul_table.persistence.settings_file import ENV_VAR, load_settings, save_settings, settings_path


def test_a_missing_file_gives_the_defaults_silently(tmp_path):
    settings, problem = load_settings(tmp_path / "none.yaml")
    assert settings == Settings()
    assert problem is None


def test_saved_settings_load_back_equal(tmp_path):
    path = tmp_path / "s.yaml"
    wanted = Settings(
        language="fr", animation_speed="fast", bot_pause=1.5, fullscreen=True, colour_blind=True, live_score=False
    )
    save_settings(wanted, path)
    assert load_settings(path) == (wanted, None)


def test_saving_creates_the_missing_folder(tmp_path):
    path = tmp_path / "deep" / "er" / "settings.yaml"
    save_settings(Settings(language="fr"), path)
    assert load_settings(path)[0].language == "fr"


def test_saving_leaves_no_temporary_file_and_keeps_the_previous_version(tmp_path):
    path = tmp_path / "settings.yaml"
    save_settings(Settings(), path)
    save_settings(Settings(animation_speed="slow"), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.yaml", "settings.yaml.bak"]
    assert load_settings(tmp_path / "settings.yaml.bak")[0] == Settings()
    assert load_settings(path)[0].animation_speed == "slow"


def test_an_old_file_with_the_sound_switch_still_loads(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("sound: true\nlanguage: fr\n", encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is None and settings.language == "fr"
    assert "sound" not in settings.to_dict()


@pytest.mark.parametrize(
    "content",
    [
        "language: [unclosed",
        "- just\n- a list\n",
        "42",
        "\x00\x01binary",
        "language: {fr: 1}\nbot_pause: lots\n",
    ],
)
def test_a_damaged_file_gives_defaults_not_a_crash(tmp_path, content):
    path = tmp_path / "settings.yaml"
    path.write_text(content, encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    if not content.startswith("language: {fr"):  # wrong types only: each field quietly keeps its default
        assert str(path) in str(problem)


def test_bytes_that_are_not_utf8_give_defaults_and_a_message(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_bytes(b"language: \xff\xfe\n")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and problem.code == "settings.unreadable"
    assert "could not be read" in str(problem)


def test_unknown_values_fall_back_field_by_field(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("language: klingon\nanimation_speed: warp\nbot_pause: 99\ncolour_blind: true\n", encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is None
    assert settings.language == "en"
    assert settings.animation_speed == "normal"
    assert settings.bot_pause == 5.0
    assert settings.colour_blind is True


def test_a_yes_no_value_is_not_taken_as_a_pause(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("bot_pause: true\n", encoding="utf-8")
    assert load_settings(path)[0].bot_pause == Settings().bot_pause


def test_a_failed_rename_gives_a_message_and_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.yaml"
    save_settings(Settings(language="fr"), path)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SettingsError) as caught:
        save_settings(Settings(language="en"), path)
    monkeypatch.undo()
    assert caught.value.code == "settings.not_saved"
    assert "could not be saved" in str(caught.value) and "no space left" in str(caught.value)
    assert load_settings(path)[0].language == "fr"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.yaml"]


def test_a_path_that_is_a_folder_gives_a_message(tmp_path):
    folder = tmp_path / "settings.yaml"
    folder.mkdir()
    with pytest.raises(SettingsError, match="could not be saved"):
        save_settings(Settings(), folder)
    settings, problem = load_settings(folder)
    assert settings == Settings() and problem is not None


def test_the_environment_variable_chooses_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine.yaml"))
    assert settings_path() == tmp_path / "mine.yaml"


def test_the_config_folder_is_used_without_the_variable(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "amul_table" / "settings.yaml"
