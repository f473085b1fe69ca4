"""The window's link to the saves folder: the folder chosen at start, autosaves, Save as…, resuming a save.

Files, formats and the overwrite policy are save_files.py; this module writes the game in play it is handed
(by the Match's Autosave subscriber, or Save as…) and reports every failure as a SaveError the window
translates (never raised from autosave). No pygame here.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from amul_table.persistence import save_files
from amul_table.persistence.autosave_writer import AutosaveWriter
from amul_table.persistence.errors import SaveError
from amul_table.persistence.reader import FileRefused, user_path
from amul_table.persistence.save_format import SavedGame

log = logging.getLogger(__name__)


@dataclass
class SavesFolder:
    """Where the window saves: a folder, or (`folder` None) the reason saving is off."""

    folder: Path | None
    problem: SaveError | None = None  # why saving is off (None when it works, or when it was never asked for)
    readable: Path | None = None  # a folder that can still be read (Continue, Load) when it cannot be written
    writer: AutosaveWriter | None = None  # started by the first autosave

    @classmethod
    def open(cls, cli_arg: str | os.PathLike | None = None, env: Mapping[str, str] | None = None) -> SavesFolder:
        """`--saves DIR`, else $AMUL_TABLE_SAVES, else saves/ in the project; created when missing."""
        try:
            return cls(save_files.saves_folder(cli_arg, env))
        except SaveError as exc:
            env = os.environ if env is None else env
            chosen = cli_arg or env.get(save_files.ENV_VAR) or save_files.default_folder()
            try:
                folder: Path | None = user_path(chosen)
            except FileRefused:  # `~nobody/saves`: nothing to read either
                folder = None
            log.warning("saving is off: %s", exc)
            readable = folder if folder is not None and folder.is_dir() else None
            return cls(None, SaveError("error.saves.off", reason=exc), readable)

    @classmethod
    def off(cls) -> SavesFolder:
        """No saving at all: headless renders, benchmarks and tests that do not ask for a folder."""
        return cls(None)

    @property
    def can_write(self) -> bool:
        return self.folder is not None

    @property
    def read_folder(self) -> Path | None:
        return self.folder or self.readable

    # --- writing --------------------------------------------------------------------------------

    def autosave(self, saved: SavedGame, *, wait: bool = True) -> SaveError | None:
        """Save the game in play (`saved`, taken between two decisions) to autosave.yaml; returns None or the
        error saying why it failed.

        All autosaves go through one background writer (never two writes at once). With `wait` this
        returns once the file is on disk; without, at once, reporting any earlier write's failure.
        """
        if self.folder is None:
            return None
        if self.writer is None:
            self.writer = AutosaveWriter(self.folder)
        self.writer.submit(saved)
        if wait:
            self.writer.flush()
        return self.autosave_problem()

    def autosave_problem(self) -> SaveError | None:
        """Why an autosave handed to the writer failed, once (None when none did since last asked): the window asks
        at every frame, so the player is told when the write fails, not at a next decision that may never come."""
        problem = None if self.writer is None else self.writer.take_problem()
        return None if problem is None else SaveError("error.saves.autosave_failed", reason=problem)

    def flush(self) -> bool:
        """Wait until every autosave handed to the writer is on disk; False when the newest one's write failed."""
        return self.writer is None or self.writer.flush()

    def keep_finished(self, saved: SavedGame) -> SaveError | None:
        """Write a game that has just ended to its own save (`finished-<start time>.yaml`), so that the next
        game's autosave never replaces it: Load lists it as finished, to replay, review or see its score pad."""
        if self.folder is None:
            return None
        try:
            save_files.save_game(save_files.finished_path(self.folder, saved.created), saved)
        except SaveError as exc:
            return exc
        return None

    def target(self, name: str) -> Path:
        """The file "Save as…" writes for `name` (SaveError with the reason when it cannot)."""
        if self.folder is None:
            raise self.problem or SaveError("error.saves.saving_off")
        return save_files.save_path(self.folder, name)

    def save_as(self, saved: SavedGame, path: Path) -> None:
        """Write the game to `path` (asked for by name); SaveError with the reason when refused."""
        save_files.save_game(path, saved)

    # --- reading --------------------------------------------------------------------------------

    def continue_game(self) -> SavedGame | None:
        """The autosaved game Continue resumes: the newest valid autosave, when its game is unfinished."""
        folder = self.read_folder
        if folder is None:
            return None
        path = save_files.find_autosave(folder)
        if path is None:
            return None
        try:
            saved = save_files.load_game(path)
        except SaveError:  # changed since find_autosave read it
            return None
        return None if saved.state.is_over else saved

    def has_saves(self) -> bool:
        """Whether the Load scene has anything to list (refused files are listed too, with the reason)."""
        folder = self.read_folder
        if folder is None:
            return False
        try:
            return any(p.suffix == save_files.SUFFIX and not p.name.startswith(".") for p in folder.iterdir())
        except OSError:
            return False
