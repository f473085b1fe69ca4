"""Where the player's preferences live between runs: one small YAML file, written by atomic.write_atomic.

A missing file means the defaults; a damaged or unreadable one also gives the defaults, with a
SettingsError to show, and is never a crash. A failed write keeps the previous file and raises SettingsError.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import yaml

from amul_table.i18n import LANGUAGES
from amul_table.persistence.atomic import write_atomic
from amul_table.persistence.errors import SettingsError
from amul_table.settings import Settings

log = logging.getLogger(__name__)

ENV_VAR = "AMUL_TABLE_SETTINGS"
FILE_NAME = "settings.yaml"
NUMBERS = ("bot_pause", "volume")  # YAML's true/false are ints to Python: not a number of seconds
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; anything larger is not ours


def settings_path() -> Path:
    """$AMUL_TABLE_SETTINGS, else $XDG_CONFIG_HOME/amul_table/settings.yaml, else ~/.config/amul_table/."""
    given = os.environ.get(ENV_VAR)
    if given:
        return Path(given).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config).expanduser() / "amul_table" / FILE_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, SettingsError | None]:
    """The saved settings, and None or the error saying why the defaults were used."""
    path = path or settings_path()
    try:
        if not path.exists():
            return Settings(), None
        if path.stat().st_size > MAX_BYTES:
            return Settings(), SettingsError("settings.too_large", path=str(path))
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), SettingsError("settings.unreadable", path=str(path), reason=_reason(exc))
    try:
        data = yaml.safe_load(raw)
    except yaml.YAMLError:
        return Settings(), SettingsError("settings.not_yaml", path=str(path))
    if data is None:
        return Settings(), None
    if not isinstance(data, dict):
        return Settings(), SettingsError("settings.not_mapping", path=str(path))
    clean = {str(k): v for k, v in data.items() if not isinstance(v, bool) or k not in NUMBERS}
    settings = Settings.from_dict(clean)
    if settings.language not in LANGUAGES:
        settings.language = "en"
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings, keeping the previous file as settings.yaml.bak; SettingsError when it fails."""
    path = path or settings_path()
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
