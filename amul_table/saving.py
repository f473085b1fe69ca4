"""The window's link to the saves folder: the folder chosen at start, autosaves, Save as…, resuming a save.

Files, formats and the overwrite policy are amul_table/saves.py; this module turns a GameSession into a
GameRecord and back, and reports every failure as a sentence the window can show (never an exception).
No pygame here.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from amul_table import saves
from amul_table.saves import GameRecord, GameSetup, SaveError, Seat
from amul_table.session import GameSession, SeatSetup

log = logging.getLogger(__name__)


@dataclass
class SavesPlace:
    """Where the window saves: a folder, or (`folder` None) the reason saving is off."""

    folder: Path | None
    problem: str = ""  # why saving is off ("" when it works, or when it was never asked for)
    readable: Path | None = None  # a folder that can still be read (Continue, Load) when it cannot be written
    last_autosave: Path | None = field(default=None, compare=False)

    @classmethod
    def open(cls, cli_arg: str | os.PathLike | None = None, env: Mapping[str, str] | None = None) -> SavesPlace:
        """`--saves DIR`, else $AMUL_TABLE_SAVES, else saves/ in the project; created when missing."""
        try:
            return cls(saves.saves_folder(cli_arg, env))
        except SaveError as exc:
            env = os.environ if env is None else env
            chosen = cli_arg or env.get(saves.ENV_VAR) or saves.default_folder()
            folder = Path(chosen).expanduser()
            log.warning("saving is off: %s", exc)
            return cls(None, f"Saving is off: {exc}.", folder if folder.is_dir() else None)

    @classmethod
    def off(cls) -> SavesPlace:
        """No saving at all: headless renders, benchmarks and tests that do not ask for a folder."""
        return cls(None)

    @property
    def can_write(self) -> bool:
        return self.folder is not None

    @property
    def read_folder(self) -> Path | None:
        return self.folder or self.readable

    # --- writing --------------------------------------------------------------------------------

    def autosave(self, session: GameSession) -> str:
        """Save the game in play to autosave.yaml; returns "" or the sentence saying why it failed."""
        if self.folder is None:
            return ""
        try:
            self.last_autosave, _ = saves.autosave(self.folder, record_of(session))
        except SaveError as exc:
            log.warning("autosave failed: %s", exc)
            return f"Autosave failed: {exc}. The game goes on."
        return ""

    def target(self, name: str) -> Path:
        """The file "Save as…" writes for `name` (SaveError with the reason when it cannot)."""
        if self.folder is None:
            raise SaveError(self.problem or "saving is off")
        return saves.save_path(self.folder, name)

    def save_as(self, session: GameSession, path: Path) -> None:
        """Write the game to `path` (asked for by name); SaveError with the reason when refused."""
        saves.save_game(path, record_of(session))

    # --- reading --------------------------------------------------------------------------------

    def continue_record(self) -> GameRecord | None:
        """The autosaved game Continue resumes: the newest valid autosave, when its game is unfinished."""
        folder = self.read_folder
        if folder is None:
            return None
        path = saves.find_autosave(folder)
        if path is None:
            return None
        try:
            record = saves.load_game(path)
        except SaveError:  # changed since find_autosave read it
            return None
        return None if record.state.is_over else record

    def has_saves(self) -> bool:
        """Whether the Load scene has anything to list (refused files are listed too, with the reason)."""
        folder = self.read_folder
        if folder is None:
            return False
        try:
            return any(p.suffix == saves.SUFFIX and not p.name.startswith(".") for p in folder.iterdir())
        except OSError:
            return False


def record_of(session: GameSession) -> GameRecord:
    """The session as a save holds it, from a copy of its state taken between two actions."""
    state = session.snapshot()
    seats = tuple(Seat.human(s.name) if s.human else Seat.bot(s.name, s.tier) for s in session.seats)
    return GameRecord(GameSetup(seats, state.tea), state, created=session.started)


def session_of(record: GameRecord) -> GameSession:
    """A session that goes on with a saved game exactly where it stopped."""
    seats = [SeatSetup(s.name, not s.is_bot, s.tier or "medium") for s in record.setup.seats]
    return GameSession.resume(seats, record.state, started=record.created)
