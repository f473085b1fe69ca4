"""Where the player's preferences live between runs: one small YAML file, written atomically.

A missing file means the defaults; a damaged or unreadable one also gives the defaults, with a
message to show, and is never a crash. A failed write keeps the previous file and returns a message.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from pathlib import Path

import yaml

from amul_table.i18n import LANGUAGES, tr
from amul_table.settings import Settings

log = logging.getLogger(__name__)

ENV_VAR = "AMUL_TABLE_SETTINGS"
FILE_NAME = "settings.yaml"
NUMBERS = ("bot_pause",)  # YAML's true/false are ints to Python: not a number of seconds
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; anything larger is not ours


def settings_path() -> Path:
    """$AMUL_TABLE_SETTINGS, else $XDG_CONFIG_HOME/amul_table/settings.yaml, else ~/.config/amul_table/."""
    given = os.environ.get(ENV_VAR)
    if given:
        return Path(given).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config).expanduser() / "amul_table" / FILE_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The saved settings and a message ("" when all went well) saying why defaults were used."""
    path = path or settings_path()
    try:
        if not path.exists():
            return Settings(), ""
        if path.stat().st_size > MAX_BYTES:
            return Settings(), tr("settings.too_large", path=path)
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), tr("settings.unreadable", path=path, reason=_reason(exc))
    try:
        data = yaml.safe_load(raw)
    except yaml.YAMLError:
        return Settings(), tr("settings.not_yaml", path=path)
    if data is None:
        return Settings(), ""
    if not isinstance(data, dict):
        return Settings(), tr("settings.not_mapping", path=path)
    clean = {str(k): v for k, v in data.items() if not isinstance(v, bool) or k not in NUMBERS}
    settings = Settings.from_dict(clean)
    if settings.language not in LANGUAGES:
        settings.language = "en"
    return settings, ""


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings (temporary file in the same folder, fsync, rename); "" or why it failed."""
    path = path or settings_path()
    text = "# amul_table settings (written by the game; safe to delete)\n" + yaml.safe_dump(
        settings.to_dict(), sort_keys=True, allow_unicode=True
    )
    tmp_name = ""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp_name, path)
        tmp_name = ""
    except OSError as exc:
        log.warning("cannot save settings to %s: %s", path, exc)
        return tr("settings.not_saved", path=path, reason=_reason(exc))
    finally:
        if tmp_name:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    return ""


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return type(exc).__name__
