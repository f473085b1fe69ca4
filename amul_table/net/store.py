"""The host's data folder: each table's game as a save, its journal, and its seats' claims.

`tables/CODE.yaml` is an ordinary save (the save format: atomic, with a `.bak`), written off the event
loop by a few threads shared by every table when the table is made, a seat claimed and the game ends;
every decision goes at once to `tables/CODE.log` (journal.py); `tables/CODE.json` holds who claimed which
seat (names and credential digests, never a credential). A restarted host loads both and resumes every table.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec

from amul_table.match.protocol import is_table_code
from amul_table.net.table import Claim, Table
from amul_table.persistence import save_files
from amul_table.persistence.atomic import write_atomic
from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_format import SavedGame

log = logging.getLogger(__name__)

MAX_CLAIMS_BYTES = 64 * 1024
OVER_SUFFIX = ".over"  # an empty file beside a finished table's save


class ClaimsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """tables/CODE.json: the claims of one table's seats (seat number as text -> name and digest)."""

    code: str
    claims: dict[str, tuple[str, str]]


class SaveQueue:
    """Writes the tables' saves off the event loop with a few threads shared by every table.

    Each table's newest saved game replaces one still waiting (a save is the whole game), and one table is
    never written by two threads at once; `flush` waits until everything handed over is on disk.
    """

    def __init__(self, store: Store, threads: int = 2) -> None:
        self.store = store
        self.written = 0
        self._cond = threading.Condition()
        self._pending: dict[str, SavedGame] = {}
        self._busy: set[str] = set()
        self._threads = [threading.Thread(target=self._run, name=f"saves-{i}", daemon=True) for i in range(threads)]
        for thread in self._threads:
            thread.start()

    def submit(self, code: str, saved: SavedGame) -> None:
        with self._cond:
            self._pending[code] = saved
            self._cond.notify_all()  # (all: a thread waiting in `on_disk` must not take a writer's wake-up)

    def on_disk(self, code: str, timeout: float = 60.0) -> bool:
        """Wait until every save of table `code` handed over is on disk; whether it is."""
        with self._cond:
            return self._cond.wait_for(lambda: code not in self._pending and code not in self._busy, timeout)

    def flush(self, timeout: float = 60.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _next(self) -> str | None:
        return next((code for code in self._pending if code not in self._busy), None)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._next() is not None)
                code = self._next()
                assert code is not None
                saved = self._pending.pop(code)
                self._busy.add(code)
            try:
                save_files.save_game(self.store.game_path(code), saved, replace_invalid=True)
            except Exception as exc:  # a full disk must not stop the other tables' saves
                log.error("table %s was not saved: %s", code, exc)
            with self._cond:
                self._busy.discard(code)
                self.written += 1
                self._cond.notify_all()


@dataclass(frozen=True)
class StoredTable:
    code: str
    saved_game: SavedGame
    claims: dict[int, Claim]


class Store:
    """Where a host keeps its tables (`--data DIR`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / "tables"
        self.folder.mkdir(parents=True, exist_ok=True)

    def game_path(self, code: str) -> Path:
        return self.folder / f"{code}{save_files.SUFFIX}"

    def save_claims(self, table: Table) -> None:
        """Write the table's claims at once (a claim is rare and small; the seat must survive a restart)."""
        self.write_claims(table.code, self.claims_data(table))

    @staticmethod
    def claims_data(table: Table) -> bytes:
        """The table's claims as `tables/CODE.json` holds them (made on the loop's thread, written on any)."""
        claims = {str(seat): (c.name, c.digest) for seat, c in table.claims.items()}
        return msgspec.json.encode(ClaimsFile(code=table.code, claims=claims))

    def write_claims(self, code: str, data: bytes) -> None:
        try:
            write_atomic(self.folder / f"{code}.json", data)
        except OSError as exc:
            log.error("table %s: its seats could not be kept: %s", code, exc)

    def codes(self) -> set[str]:
        """The codes of every table kept here (finished ones too: a new table never takes one)."""
        return {p.stem for p in self.folder.glob(f"*{save_files.SUFFIX}") if is_table_code(p.stem)}

    def mark_over(self, code: str) -> None:
        """Note that the table's game is over: a restarted host then leaves it on disk until asked for."""
        try:
            (self.folder / f"{code}{OVER_SUFFIX}").touch()
        except OSError as exc:
            log.error("table %s: %s", code, exc)

    def load(self, *, finished: bool = True) -> Iterator[StoredTable]:
        """Every table kept here that still reads as one (a damaged one is logged and left in place);
        without the `finished` ones marked over, which are read only when asked for (`load_one`)."""
        for code in sorted(self.codes()):
            if not finished and (self.folder / f"{code}{OVER_SUFFIX}").exists():
                continue
            kept = self.load_one(code)
            if kept is not None:
                yield kept

    def load_one(self, code: str) -> StoredTable | None:
        if not is_table_code(code) or not self.game_path(code).exists():
            return None
        try:
            return StoredTable(code, save_files.load_game(self.game_path(code)), self._claims(code))
        except (SaveError, OSError, msgspec.DecodeError, ValueError) as exc:
            log.error("table %s is not resumed: %s", code, exc)
            return None

    def _claims(self, code: str) -> dict[int, Claim]:
        path = self.folder / f"{code}.json"
        if not path.exists():
            return {}
        with path.open("rb") as f:
            data = f.read(MAX_CLAIMS_BYTES + 1)
        if len(data) > MAX_CLAIMS_BYTES:
            raise ValueError(f"{path.name} is larger than {MAX_CLAIMS_BYTES} bytes")
        kept = msgspec.json.decode(data, type=ClaimsFile)
        return {int(seat): Claim(name, digest) for seat, (name, digest) in kept.claims.items()}
