"""Finished games waiting for a records database another program holds locked: never dropped.

Each waiting game is a small JSON file in `records-pending/` beside the database, written atomically before
the first retry, removed once the game is recorded. A `RecordsRetrier` thread tries again with a growing
pause while the window runs; whatever is still waiting when it closes is recorded at the next start.
No pygame here.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from amul_table.persistence.atomic import write_atomic
from amul_table.persistence.reader import SAVE, FileKind, FileRefused, read_bytes
from amul_table.persistence.records import FinishedGame, Records, RecordsBusy, RecordsError, SeatResult

log = logging.getLogger(__name__)

FOLDER = "records-pending"
# A game is its seats and its save text (at most SAVE.max_bytes, ~4/3 of it once escaped): 1 MB is plenty.
PENDING = FileKind(max_bytes=4 * SAVE.max_bytes + 65536, max_depth=0, max_nodes=0)
PAUSES = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)  # seconds between tries: soon at first, then every half minute


def pending_folder(records_path: Path) -> Path:
    return records_path.parent / FOLDER


def keep(folder: Path, game: FinishedGame) -> Path:
    """Write `game` to the waiting folder (OSError when it cannot); one file per game key."""
    folder.mkdir(parents=True, exist_ok=True)
    name = hashlib.blake2b(game.key.encode("utf-8"), digest_size=12).hexdigest()
    path = folder / f"{name}.json"
    write_atomic(path, json.dumps(_to_json(game), ensure_ascii=True).encode("ascii"))
    return path


def waiting(folder: Path) -> list[tuple[Path, FinishedGame]]:
    """The games waiting in `folder`, oldest file first; a file that is not one of ours is left alone."""
    try:
        paths = sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime_ns, p.name))
    except OSError:
        return []
    games = []
    for path in paths:
        try:
            games.append((path, _from_json(json.loads(read_bytes(path, PENDING)))))
        except (OSError, FileRefused, ValueError, TypeError, KeyError) as exc:
            log.warning("a waiting game cannot be read (%s): left in %s", exc, path)
    return games


def record_waiting(records: Records, folder: Path) -> int:
    """Record every waiting game (skipping those already recorded); how many files were cleared.

    RecordsBusy when the lock is still held: what is left keeps waiting.
    """
    cleared = 0
    for path, game in waiting(folder):
        records.add_game(game)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        cleared += 1
    return cleared


class RecordsRetrier(threading.Thread):
    """Opens the database (when `records` is None) and records the waiting games, retrying while it is busy.

    `opened(records)` is called once the database is open; the thread ends when nothing waits any more,
    on an error that is not a lock, or when `stop()` is called.
    """

    def __init__(
        self,
        folder: Path,
        records: Records | None,
        open_records: Callable[[], Records],
        opened: Callable[[Records], None] = lambda records: None,
    ) -> None:
        super().__init__(name="records-retrier", daemon=True)
        self.folder, self.records, self.open_records, self.opened = folder, records, open_records, opened
        self.stopping = threading.Event()
        self.wake = threading.Event()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()

    def nudge(self) -> None:
        """Another game is waiting: try again now."""
        self.wake.set()

    def run(self) -> None:
        tries = 0
        while not self.stopping.is_set():
            self.wake.clear()
            try:
                if self.records is None:
                    self.records = self.open_records()
                    self.opened(self.records)
                record_waiting(self.records, self.folder)
                if not waiting(self.folder):
                    return
            except RecordsBusy as exc:
                log.info("the records file is busy, trying again: %s", exc)
            except RecordsError as exc:
                log.warning("waiting games not recorded (kept in %s): %s", self.folder, exc)
                return
            self.wake.wait(PAUSES[min(tries, len(PAUSES) - 1)])
            tries += 1


def _to_json(game: FinishedGame) -> dict[str, Any]:
    data = asdict(game)
    data["started"], data["finished"] = game.started.isoformat(), game.finished.isoformat()
    data["seats"] = [{**asdict(s), "rows": dict(s.rows)} for s in game.seats]
    return data


def _from_json(data: dict[str, Any]) -> FinishedGame:
    """The game a waiting file holds; ValueError (or TypeError, KeyError) for anything else: a value of the
    wrong kind must never reach the database, where it would have the whole file set aside."""
    seats = []
    for seat in data["seats"]:
        rows = _of(seat["rows"], dict)
        if not all(isinstance(k, str) and _of(v, int) == v for k, v in rows.items()):
            raise ValueError("a seat's rows are not points by row")
        tier = seat["tier"] if seat["tier"] is None else _of(seat["tier"], str)
        seats.append(
            SeatResult(
                _of(seat["name"], str),
                _of(seat["human"], bool),
                tier,
                _of(seat["total"], int),
                _of(seat["rank"], int),
                float(_of(seat["win"], int | float)),
                rows,
            )
        )
    return FinishedGame(
        key=_of(data["key"], str),
        started=dt.datetime.fromisoformat(_of(data["started"], str)),
        finished=dt.datetime.fromisoformat(_of(data["finished"], str)),
        seed=_of(data["seed"], int),
        tea=_of(data["tea"], int),
        seats=tuple(seats),
        save_text=_of(data["save_text"], str),
    )


def _of(value: Any, kind: Any) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{type(value).__name__} where {kind} belongs")
    return value
