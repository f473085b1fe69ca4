"""Where the player's preferences live between runs: one small YAML file, written by atomic.write_atomic.

A missing file means the defaults; a damaged or unreadable one also gives the defaults, with a
SettingsError to show, and is never a crash. A failed write keeps the previous file and raises SettingsError.
"""

from __future__ import annotations

import logging
import math
import os
from dataclasses import fields
from pathlib import Path

import yaml

from amul_table.i18n import LANGUAGES
from amul_table.persistence.atomic import write_atomic
from amul_table.persistence.errors import SettingsError
from amul_table.persistence.reader import SETTINGS, FileRefused, load_yaml, read_text, user_path
from amul_table.persistence.settings import Settings

log = logging.getLogger(__name__)

ENV_VAR = "AMUL_TABLE_SETTINGS"
FILE_NAME = "settings.yaml"
NUMBERS = ("bot_pause", "volume")  # YAML's true/false are ints to Python: not a number of seconds
MAX_BYTES = SETTINGS.max_bytes  # a settings file is a few hundred bytes; anything larger is not ours
MAX_NUMBER = 1_000_000  # a pause beyond this is damage, not a choice (and float() of a 400-digit int overflows)


def settings_path() -> Path:
    """$AMUL_TABLE_SETTINGS, else $XDG_CONFIG_HOME/amul_table/settings.yaml, else ~/.config/amul_table/.

    FileRefused when the path names a user that does not exist (`~nobody/settings.yaml`).
    """
    given = os.environ.get(ENV_VAR)
    if given:
        return user_path(given)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return user_path(config) / "amul_table" / FILE_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, SettingsError | None]:
    """The saved settings, and None or the error saying why (some of) the defaults were used."""
    try:
        path = path or settings_path()
    except FileRefused as exc:
        return Settings(), SettingsError("settings.bad_path", reason=exc)
    try:
        if not path.exists():
            return Settings(), None
        data = load_yaml(read_text(path, SETTINGS), SETTINGS)
    except FileRefused as exc:
        if exc.code == "error.file.too_large":
            return Settings(), SettingsError("settings.too_large", path=str(path))
        return Settings(), SettingsError("settings.unreadable", path=str(path), reason=exc)
    except OSError as exc:
        return Settings(), SettingsError("settings.unreadable", path=str(path), reason=_reason(exc))
    except yaml.YAMLError:
        return Settings(), SettingsError("settings.not_yaml", path=str(path))
    if data is None:
        return Settings(), None
    if not isinstance(data, dict):
        return Settings(), SettingsError("settings.not_mapping", path=str(path))
    settings, damaged = checked_settings(data)
    if damaged:
        log.warning("settings %s: damaged values %s, defaults used", path, ", ".join(damaged))
        return settings, SettingsError("settings.bad_value", path=str(path), fields=", ".join(damaged))
    return settings, None


def checked_settings(data: dict) -> tuple[Settings, list[str]]:
    """Settings from a mapping, each value checked by type and range; the names of the damaged ones.

    A value of the right type that this version does not offer (a language, a speed from a newer
    version, a pause above the slider's end) falls back or is clamped silently, as before; a value of the
    wrong type, not finite, or absurdly large is damage: its default is used and it is named.
    """
    base = Settings()
    clean: dict[str, object] = {}
    damaged = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value, default = data[f.name], getattr(base, f.name)
        ok = _is_number(value) if f.name in NUMBERS else type(value) is type(default)
        if ok:
            clean[f.name] = value
        else:
            damaged.append(f.name)
    settings = Settings.from_dict(clean)
    if settings.language not in LANGUAGES:
        settings.language = "en"
    return settings, damaged


def _is_number(value: object) -> bool:
    """A real number of seconds: not a yes/no (YAML's true is an int), finite, and not absurd."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return abs(value) <= MAX_NUMBER and (not isinstance(value, float) or math.isfinite(value))


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings, keeping the previous file as settings.yaml.bak; SettingsError when it fails."""
    try:
        path = path or settings_path()
    except FileRefused as exc:
        raise SettingsError("settings.bad_path", reason=exc) from None
    text = "# amul_table settings (written by the game; safe to delete)\n" + yaml.safe_dump(
        settings.to_dict(), sort_keys=True, allow_unicode=True
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        log.warning("cannot save settings to %s: %s", path, exc)
        raise SettingsError("settings.not_saved", path=str(path), reason=_reason(exc)) from None


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return type(exc).__name__
