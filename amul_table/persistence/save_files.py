"""Save files on disk: where they live, writing them so that nothing is ever lost, reading and listing them.

Every error is a SaveError with a code the window translates. The format itself (and the replay that
checks a save) is in save_format.py.

Writing policy: a save is written by atomic.write_atomic (temporary file, fsync, the previous version kept
as `<name>.bak`, rename, folder fsync). A file that exists
and is not a save this version accepts (damaged, foreign, from a newer version) is never replaced unless
the caller says so explicitly; `autosave` then writes next to it instead, and `find_autosave` finds that.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from amul_table.persistence.atomic import backup_path, clean_stale_temps, write_atomic
from amul_table.persistence.errors import SaveError
from amul_table.persistence.reader import SAVE, FileRefused, read_bytes, user_path
from amul_table.persistence.save_format import GameSetup, SavedGame, dump_save, parse_save, utc_now
from amul_table.rules.phases import Phase
from amul_table.rules.seats import Seat
from amul_table.rules.state import GameState

__all__ = [
    "AUTOSAVE",
    "ENV_VAR",
    "SaveSummary",
    "app_version",
    "autosave",
    "autosave_path",
    "can_overwrite",
    "default_folder",
    "delete_save",
    "find_autosave",
    "list_saves",
    "load_game",
    "overwrite_refusal",
    "save_game",
    "save_path",
    "saves_folder",
    "simulate_saver",
]

log = logging.getLogger(__name__)

ENV_VAR = "AMUL_TABLE_SAVES"
AUTOSAVE = "autosave.yaml"
SUFFIX = ".yaml"
FINISHED_PREFIX = "finished-"  # a game kept when it ended: finished-2026-11-27-021500.yaml (its start, UTC)
MAX_BYTES = SAVE.max_bytes  # 256 KB: a finished 8-player game is under 10 kB (see reader.SAVE)
_FILE_CODES = {"error.file.too_large": "error.saves.too_large", "error.file.not_utf8": "error.saves.not_utf8"}
_VERDICTS_KEPT = 256
MAX_FILE_NAME = 80  # the longest "Save as…" file name (without .yaml), in characters
_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')
_WINDOWS_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


@dataclass(frozen=True)
class SaveSummary:
    """One line of the Load scene: a save file, and either what it holds or why it is refused."""

    path: Path
    name: str  # the file name without .yaml
    modified: dt.datetime  # the file's own time (UTC); refused files are sorted by it
    ok: bool
    reason: SaveError | None = None  # why it is refused (None when ok)
    created: dt.datetime | None = None
    updated: dt.datetime | None = None
    seats: tuple[Seat, ...] = ()
    players: int = 0
    round: int = 0
    phase: Phase | None = None  # the engine's phase (None for a refused file)
    tea: int = 0

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def when(self) -> dt.datetime:
        """The time to sort by: when it was last saved (the file time for a refused file)."""
        return self.updated or self.modified


# --- folders and names ------------------------------------------------------------------------


def saves_folder(cli_arg: str | os.PathLike | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The saves folder: `--saves DIR`, else $AMUL_TABLE_SAVES, else the default; created when missing.

    Raises SaveError (with a message for the player) when it cannot be created or written to.
    """
    env = os.environ if env is None else env
    chosen = cli_arg or env.get(ENV_VAR) or None
    try:
        folder = user_path(chosen) if chosen else default_folder()
    except FileRefused as exc:
        raise SaveError("error.saves.create_folder", folder=str(chosen), reason=exc) from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError("error.saves.create_folder", folder=str(folder), reason=_why(exc)) from None
    if not folder.is_dir():
        raise SaveError("error.saves.not_folder", folder=str(folder))
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise SaveError("error.saves.write_folder", folder=str(folder), reason=_why(exc)) from None
    clean_stale_temps(folder)  # left by a write that was killed half way
    return folder.absolute()


def default_folder() -> Path:
    """`saves/` next to pyproject.toml when running from a checkout, else `saves/` in the current folder."""
    root = Path(__file__).resolve().parents[2]
    project = root / "pyproject.toml"
    try:
        ours = project.is_file() and 'name = "amul_table"' in project.read_text(encoding="utf-8")
    except OSError:
        ours = False
    return (root if ours else Path.cwd()) / "saves"


def autosave_path(folder: str | os.PathLike) -> Path:
    return Path(folder) / AUTOSAVE


def save_path(folder: str | os.PathLike, name: str) -> Path:
    """The file for a "Save as…" name: unsafe characters become "-"; empty or reserved names are refused.

    Unsafe: path and shell signs, controls, and the invisible format characters (U+202E turns
    `game<U+202E>lmth.yaml` into a name that reads backwards); reserved: every name Continue takes for an
    autosave (`autosave`, `autosave-2`, ..., in any case).
    """
    text = _UNSAFE.sub("-", "".join(_safe_char(ch) for ch in name.strip()))
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)]
    text = text.strip(" .-")[:MAX_FILE_NAME].strip(" .")
    if not text:
        raise SaveError("error.saves.no_name")
    if _is_autosave(Path(text.lower() + SUFFIX)):
        raise SaveError("error.saves.autosave_name", name=repr(text))
    if text.upper().split(".")[0] in _WINDOWS_DEVICES:
        text += "-save"
    return Path(folder) / f"{text}{SUFFIX}"


# --- writing ----------------------------------------------------------------------------------


def finished_path(folder: str | os.PathLike, started: dt.datetime) -> Path:
    """Where a finished game is kept: named by when it began (UTC), so each game has its own file."""
    return Path(folder) / f"{FINISHED_PREFIX}{started.astimezone(dt.UTC):%Y-%m-%d-%H%M%S}{SUFFIX}"


def is_finished_save(path: Path) -> bool:
    """Whether `path` is a finished game the window kept (not a save the player named)."""
    return path.name.startswith(FINISHED_PREFIX) and path.suffix == SUFFIX


def save_game(path: str | os.PathLike, saved: SavedGame, *, replace_invalid: bool = False) -> SavedGame:
    """Write `saved` to `path` atomically, keeping the previous version as `<name>.bak`.

    Returns the saved game as written (with `updated` and `app_version` set): keep it for the next save.
    Refuses (SaveError) to replace an existing file that is not a valid save unless `replace_invalid`.
    """
    path = Path(path)
    if not replace_invalid:
        refusal = overwrite_refusal(path)
        if refusal:
            raise SaveError("error.saves.untouched", file=path.name, reason=refusal)
    written = replace(saved, updated=_now(saved.created), app_version=app_version())
    text = dump_save(written)
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise SaveError("error.saves.write", path=str(path), reason=_why(exc)) from None
    _remember(path, None)  # what we just wrote is a valid save: no need to read it back before the next
    log.info("saved %s (round %s, %s actions)", path, written.state.round, len(written.state.actions))
    return written


def autosave(folder: str | os.PathLike, saved: SavedGame) -> tuple[Path, SavedGame]:
    """Save to `autosave.yaml`, or next to it (`autosave-2.yaml`, ...) when that file is refused.

    Returns the path written and the saved game as written. Raises SaveError when nothing could be written.
    """
    folder = Path(folder)
    for n in range(1, 100):
        path = folder / (AUTOSAVE if n == 1 else f"{Path(AUTOSAVE).stem}-{n}{SUFFIX}")
        if overwrite_refusal(path) is None:
            return path, save_game(path, saved, replace_invalid=True)  # just checked: valid or absent
        log.warning("autosave: not replacing %s, which is not a valid save", path)
    raise SaveError("error.saves.no_autosave_name", folder=str(folder))


def overwrite_refusal(path: str | os.PathLike) -> SaveError | None:
    """Why `path` must not be replaced (it exists and is not a valid save), or None when it may be."""
    path = Path(path)
    if not path.exists():
        return None
    if not path.is_file():
        return SaveError("error.saves.not_a_file")
    key = _file_key(path)
    known = _VERDICTS.get(path)
    if key is not None and known is not None and known[0] == key:
        return known[1]
    try:
        load_game(path)
    except SaveError as exc:
        return exc
    _remember(path, None)
    return None


def can_overwrite(path: str | os.PathLike) -> bool:
    """Whether a save may be written to `path` (no file there, or a valid save)."""
    return overwrite_refusal(path) is None


def delete_save(path: str | os.PathLike) -> None:
    """Delete a save file and its `.bak` (the Load scene asks for confirmation first)."""
    path = Path(path)
    if path.suffix != SUFFIX:
        raise SaveError("error.saves.not_save_file", file=path.name, suffix=SUFFIX)
    try:
        path.unlink()
        with contextlib.suppress(FileNotFoundError):
            backup_path(path).unlink()
    except OSError as exc:
        raise SaveError("error.saves.delete", file=path.name, reason=_why(exc)) from None


def simulate_saver(folder: str | os.PathLike) -> Callable[[GameState, Sequence[str], int, int], None]:
    """For `simulate --save-dir`: a function writing each finished game to `game-NNNN-seed-S.yaml`
    (with the bot salt its bots played with)."""
    target = saves_folder(folder)

    def save(state: GameState, tiers: Sequence[str], game_index: int, bot_salt: int) -> None:
        seats = tuple(Seat.bot(f"Seat {i + 1}", tier) for i, tier in enumerate(tiers))
        saved = SavedGame(GameSetup(seats, state.tea, bot_salt=bot_salt), state)
        save_game(target / f"game-{game_index + 1:04d}-seed-{state.seed}{SUFFIX}", saved)

    return save


# --- reading ----------------------------------------------------------------------------------


def load_game(path: str | os.PathLike) -> SavedGame:
    """Read, validate and replay a save. Raises SaveError, and nothing else, with the reason.

    A refusal is remembered by the file's size and modification time: a refused autosave is not read
    again every round (only a file that changed is).
    """
    path = Path(path)
    key = _file_key(path)
    known = _VERDICTS.get(path)
    if key is not None and known is not None and known[0] == key and known[1] is not None:
        raise known[1]
    try:
        data = read_bytes(path, SAVE)
        text = data.decode("utf-8")
    except FileRefused as exc:
        raise SaveError(_FILE_CODES.get(exc.code, exc.code), **exc.args_for_text) from None
    except UnicodeDecodeError as exc:
        raise SaveError("error.saves.not_utf8", byte=exc.start) from None
    try:
        return parse_save(text, _known_tiers())
    except SaveError as exc:
        if key is not None:
            _remember(path, exc, key)
        raise


def find_autosave(folder: str | os.PathLike) -> Path | None:
    """The newest valid autosave in `folder` (what Continue resumes), or None."""
    folder = Path(folder)
    try:
        paths = [p for p in folder.glob(f"{Path(AUTOSAVE).stem}*{SUFFIX}") if _is_autosave(p) and p.is_file()]
    except OSError:
        return None
    valid = [s for s in map(_summary, paths) if s.ok]
    return max(valid, key=lambda s: (s.when, s.path.name == AUTOSAVE)).path if valid else None


def list_saves(folder: str | os.PathLike) -> list[SaveSummary]:
    """Every `.yaml` file in `folder`, newest first, each checked in full (refused ones say why)."""
    folder = Path(folder)
    try:
        paths = [p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".") and p.is_file()]
    except OSError as exc:
        raise SaveError("error.saves.list_folder", folder=str(folder), reason=_why(exc)) from None
    summaries = [_summary(p) for p in paths]
    return sorted(summaries, key=lambda s: (s.when, s.name), reverse=True)


def app_version() -> str:
    """The amul_table version: the installed package's, else the checkout's pyproject.toml, else ""."""
    from importlib import metadata

    try:
        return metadata.version("amul_table")
    except metadata.PackageNotFoundError:
        pass
    import tomllib

    project = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        data = tomllib.loads(project.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return ""
    version = data.get("project", {}).get("version", "")
    return version if isinstance(version, str) else ""


# --- helpers ----------------------------------------------------------------------------------


def modified_time(path: Path) -> dt.datetime:
    """When the file last changed, in UTC; the epoch when that cannot be known or is past year 9999 (tmpfs
    and XFS keep such times; datetime cannot hold them)."""
    try:
        return dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
    except (OSError, ValueError, OverflowError):
        return dt.datetime.fromtimestamp(0, dt.UTC)


def _summary(path: Path) -> SaveSummary:
    modified = modified_time(path)
    try:
        saved = load_game(path)
    except SaveError as exc:
        return SaveSummary(path, path.stem, modified, ok=False, reason=exc)
    state = saved.state
    return SaveSummary(
        path,
        path.stem,
        modified,
        ok=True,
        created=saved.created,
        updated=saved.updated,
        seats=saved.setup.seats,
        players=state.players,
        round=state.round,
        phase=state.phase,
        tea=state.tea,
    )


_VERDICTS: dict[Path, tuple[tuple[int, int, int], SaveError | None]] = {}


def _file_key(path: Path) -> tuple[int, int, int] | None:
    """What identifies one version of a file: its inode, size and modification time (None when absent)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def _remember(path: Path, verdict: SaveError | None, key: tuple[int, int, int] | None = None) -> None:
    """Keep what reading this version of `path` gave (a refusal, or None for a valid save)."""
    key = key or _file_key(path)
    if key is None:
        return
    if len(_VERDICTS) >= _VERDICTS_KEPT:
        _VERDICTS.pop(next(iter(_VERDICTS)))
    _VERDICTS[path] = (key, verdict)


def _safe_char(ch: str) -> str:
    """A space of any kind as a space; anything else not printable (controls, format characters) as "-"."""
    if unicodedata.category(ch) == "Zs":
        return " "
    return ch if ch.isprintable() else "-"


def _is_autosave(path: Path) -> bool:
    stem = Path(AUTOSAVE).stem
    return path.stem == stem or re.fullmatch(rf"{stem}-\d+", path.stem) is not None


def _known_tiers() -> list[str]:
    from amul_table.ai import BOT_TIERS

    return list(BOT_TIERS)


def _now(created: dt.datetime) -> dt.datetime:
    """Now in UTC, never before the creation time (clocks do go back)."""
    if created.tzinfo is None:
        created = created.replace(tzinfo=dt.UTC)
    return max(utc_now(), created)


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)
