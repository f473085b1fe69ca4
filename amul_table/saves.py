"""Save files on disk: where they live, writing them so that nothing is ever lost, reading and listing them.

Every error is a SaveError whose message the game can show as it is. The format itself (and the replay
that checks a save) is in amul_table/rules/save.py.

Writing policy: a save goes to a temporary file in the same folder, is flushed and fsynced, the previous
version is kept as `<name>.bak`, and the temporary file is renamed over the target. A file that exists
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from amul_table.rules.engine import pending
from amul_table.rules.save import GameRecord, GameSetup, SaveError, Seat, dump_save, parse_save, utc_now
from amul_table.rules.scoring import score_game
from amul_table.rules.state import ROUNDS, GameState

__all__ = [
    "AUTOSAVE",
    "ENV_VAR",
    "GameRecord",
    "GameSetup",
    "SaveError",
    "SaveSummary",
    "Seat",
    "app_version",
    "autosave",
    "autosave_path",
    "can_overwrite",
    "default_folder",
    "delete_save",
    "describe",
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
BACKUP_SUFFIX = ".bak"
MAX_BYTES = 4 * 1024 * 1024  # a finished 8-player game is under 10 kB
MAX_NAME = 80
_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')
_WINDOWS_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


@dataclass(frozen=True)
class SaveSummary:
    """One line of the Load scene: a save file, and either what it holds or why it is refused."""

    path: Path
    name: str  # the file name without .yaml
    modified: dt.datetime  # the file's own time (UTC); refused files are sorted by it
    ok: bool
    reason: str = ""  # why it is refused ("" when ok)
    created: dt.datetime | None = None
    updated: dt.datetime | None = None
    seats: tuple[Seat, ...] = ()
    players: int = 0
    round: int = 0
    phase: str = ""  # the engine's phase; "over" for a finished game
    tea: int = 0

    @property
    def over(self) -> bool:
        return self.phase == "over"

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
    folder = Path(chosen).expanduser() if chosen else default_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot create the saves folder {folder}: {_why(exc)}") from None
    if not folder.is_dir():
        raise SaveError(f"the saves folder {folder} is not a folder")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise SaveError(f"cannot write in the saves folder {folder}: {_why(exc)}") from None
    return folder.absolute()


def default_folder() -> Path:
    """`saves/` next to pyproject.toml when running from a checkout, else `saves/` in the current folder."""
    root = Path(__file__).resolve().parent.parent
    project = root / "pyproject.toml"
    try:
        ours = project.is_file() and 'name = "amul_table"' in project.read_text(encoding="utf-8")
    except OSError:
        ours = False
    return (root if ours else Path.cwd()) / "saves"


def autosave_path(folder: str | os.PathLike) -> Path:
    return Path(folder) / AUTOSAVE


def save_path(folder: str | os.PathLike, name: str) -> Path:
    """The file for a "Save as…" name: unsafe characters become "-"; empty or reserved names are refused."""
    text = _UNSAFE.sub("-", name.strip())
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)]
    text = text.strip(" .-")[:MAX_NAME].strip(" .")
    if not text:
        raise SaveError("give the save a name (letters or digits)")
    if text.lower() == Path(AUTOSAVE).stem:
        raise SaveError(f"{text!r} is the automatic save's name; choose another")
    if text.upper().split(".")[0] in _WINDOWS_DEVICES:
        text += "-save"
    return Path(folder) / f"{text}{SUFFIX}"


# --- writing ----------------------------------------------------------------------------------


def save_game(path: str | os.PathLike, record: GameRecord, *, replace_invalid: bool = False) -> GameRecord:
    """Write `record` to `path` atomically, keeping the previous version as `<name>.bak`.

    Returns the record as written (with `updated` and `app_version` set): keep it for the next save.
    Refuses (SaveError) to replace an existing file that is not a valid save unless `replace_invalid`.
    """
    path = Path(path)
    if not replace_invalid:
        refusal = overwrite_refusal(path)
        if refusal:
            raise SaveError(f"{path.name} is left untouched: it is not a save this version can read ({refusal})")
    written = replace(record, updated=_now(record.created), app_version=app_version())
    text = dump_save(written)
    try:
        _write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise SaveError(f"could not save to {path}: {_why(exc)}") from None
    log.info("saved %s (round %s, %s actions)", path, written.state.round, len(written.state.actions))
    return written


def autosave(folder: str | os.PathLike, record: GameRecord) -> tuple[Path, GameRecord]:
    """Save to `autosave.yaml`, or next to it (`autosave-2.yaml`, ...) when that file is refused.

    Returns the path written and the record as written. Raises SaveError when nothing could be written.
    """
    folder = Path(folder)
    for n in range(1, 100):
        path = folder / (AUTOSAVE if n == 1 else f"{Path(AUTOSAVE).stem}-{n}{SUFFIX}")
        if overwrite_refusal(path) is None:
            return path, save_game(path, record, replace_invalid=True)  # just checked: valid or absent
        log.warning("autosave: not replacing %s, which is not a valid save", path)
    raise SaveError(f"no autosave name is free in {folder}: move the refused autosave files away")


def overwrite_refusal(path: str | os.PathLike) -> str | None:
    """Why `path` must not be replaced (it exists and is not a valid save), or None when it may be."""
    path = Path(path)
    if not path.exists():
        return None
    if not path.is_file():
        return "it is not a file"
    try:
        load_game(path)
    except SaveError as exc:
        return str(exc)
    return None


def can_overwrite(path: str | os.PathLike) -> bool:
    """Whether a save may be written to `path` (no file there, or a valid save)."""
    return overwrite_refusal(path) is None


def delete_save(path: str | os.PathLike) -> None:
    """Delete a save file and its `.bak` (the Load scene asks for confirmation first)."""
    path = Path(path)
    if path.suffix != SUFFIX:
        raise SaveError(f"{path.name} is not a save file (saves end in {SUFFIX})")
    try:
        path.unlink()
        with contextlib.suppress(FileNotFoundError):
            _backup_path(path).unlink()
    except OSError as exc:
        raise SaveError(f"could not delete {path.name}: {_why(exc)}") from None


def simulate_saver(folder: str | os.PathLike) -> Callable[[GameState, Sequence[str], int], None]:
    """For `simulate --save-dir`: a function writing each finished game to `game-NNNN-seed-S.yaml`."""
    target = saves_folder(folder)

    def save(state: GameState, tiers: Sequence[str], game_index: int) -> None:
        seats = tuple(Seat.bot(f"Seat {i + 1}", tier) for i, tier in enumerate(tiers))
        record = GameRecord(GameSetup(seats, state.tea), state)
        save_game(target / f"game-{game_index + 1:04d}-seed-{state.seed}{SUFFIX}", record)

    return save


# --- reading ----------------------------------------------------------------------------------


def load_game(path: str | os.PathLike) -> GameRecord:
    """Read, validate and replay a save. Raises SaveError, and nothing else, with the reason."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"cannot read {path.name}: {_why(exc)}") from None
    if len(data) > MAX_BYTES:
        raise SaveError(f"the file is over {MAX_BYTES // (1024 * 1024)} MB, far too large to be a save")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"the file is not UTF-8 text (byte {exc.start} cannot be read)") from None
    return parse_save(text, _known_tiers())


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
        raise SaveError(f"cannot list the saves folder {folder}: {_why(exc)}") from None
    summaries = [_summary(p) for p in paths]
    return sorted(summaries, key=lambda s: (s.when, s.name), reverse=True)


def describe(record: GameRecord) -> str:
    """A one-paragraph account of a save, for `amul-table check-save` and the Load scene."""
    state, setup = record.state, record.setup
    names = [seat.name for seat in setup.seats]
    seats = ", ".join(f"{s.name} ({f'{s.tier} bot' if s.is_bot else 'human'})" for s in setup.seats)
    options = f"{setup.tea} Tea cards" if setup.tea else "no Tea cards"
    when = f"begun {_time_words(record.created)}, last saved {_time_words(record.updated or record.created)}"
    if state.is_over:
        sheet = score_game(state.play_areas)
        totals = ", ".join(f"{names[s.seat]} {s.total}" for s in sheet.seats)
        winners = " and ".join(names[w] for w in sheet.winners)
        where = f"The game is over: {totals}; {winners} {'wins' if len(sheet.winners) == 1 else 'share the win'}."
    else:
        where = f"Round {state.round} of {ROUNDS}, {_waiting(state, names)}."
    written = f"written by amul_table {record.app_version}" if record.app_version else "written by amul_table"
    return (
        f"A valid amul-table save ({written}), {when}. {state.players} players: {seats}; {options}, "
        f"seed {state.seed}. {where} Its {len(state.actions)} actions replay to exactly the recorded snapshot."
    )


def app_version() -> str:
    """The amul_table version: the installed package's, else the checkout's pyproject.toml, else ""."""
    from importlib import metadata

    try:
        return metadata.version("amul_table")
    except metadata.PackageNotFoundError:
        pass
    import tomllib

    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        data = tomllib.loads(project.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return ""
    version = data.get("project", {}).get("version", "")
    return version if isinstance(version, str) else ""


# --- helpers ----------------------------------------------------------------------------------


def _write_atomic(path: Path, data: bytes) -> None:
    """Temporary file in the same folder, flushed and fsynced; keep the old file as .bak; rename over."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _set_mode(tmp, path)
        if path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(path.parent)


def _keep_backup(path: Path) -> None:
    """Make `<name>.bak` the current file, itself atomically, so a crash never leaves a half backup.

    A hard link shares the current file's (already durable) data; where links are not allowed, a copy.
    """
    backup = _backup_path(path)
    tmp = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        try:
            os.link(path, tmp)
        except OSError:
            with open(tmp, "wb") as f:
                f.write(path.read_bytes())
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _set_mode(tmp: str, path: Path) -> None:
    """mkstemp makes owner-only files; a save gets the old file's mode, else the usual rw-r--r--."""
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.chmod(tmp, mode)
    except OSError:
        pass


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX); harmless elsewhere."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _summary(path: Path) -> SaveSummary:
    try:
        modified = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
    except OSError:
        modified = dt.datetime.fromtimestamp(0, dt.UTC)
    try:
        record = load_game(path)
    except SaveError as exc:
        return SaveSummary(path, path.stem, modified, ok=False, reason=str(exc))
    state = record.state
    return SaveSummary(
        path,
        path.stem,
        modified,
        ok=True,
        created=record.created,
        updated=record.updated,
        seats=record.setup.seats,
        players=state.players,
        round=state.round,
        phase=state.phase,
        tea=state.tea,
    )


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


def _waiting(state: GameState, names: Sequence[str]) -> str:
    now = pending(state)
    who = " and ".join(names[s] for s in now.seats)
    if now.phase in ("offer", "reveal"):
        return f"{now.phase} phase, waiting for {who}"
    if now.phase == "pick":
        return f"pick phase, {who} to pick from the Market"
    return f"{who} may take {'a card' if now.remaining == 1 else f'up to {now.remaining} cards'} from the {now.source}"


def _time_words(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)
