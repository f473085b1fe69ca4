"""A table's journal: every decision appended to `tables/CODE.log` the moment it is made.

A full save (YAML of the whole game) costs milliseconds of the one core the host shares between its
tables; appending one line costs microseconds. So the host writes each decision to the journal at once
(it survives a kill -9 of the host: the line is in the system's hands), and the full save only when the
table is made, when seats are claimed, when the game ends and when the host stops. A `Syncer` thread
fsyncs the journals written to, at most every five seconds each, off the event loop (a power cut loses at
most the last five seconds' decisions). A restarted host loads the save and applies the journal's
decisions after it.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

import msgspec

from amul_table.match.protocol import MAX_TURN, ActionData
from amul_table.rules.state import Action

log = logging.getLogger(__name__)

SUFFIX = ".log"
MAX_BYTES = 1 << 20  # a whole 8-player game is ~600 lines of ~30 bytes
# Seconds between two rounds of fsyncs of the journals written to since the last: each fsync costs ~0.1 ms of
# the host's CPU (and a write to the disk), so a table deciding every second is synced every fifth decision.
SYNC_EVERY = 5.0


class Entry(msgspec.Struct, array_like=True, frozen=True, forbid_unknown_fields=True):
    """One line: the decision's number (its turn) and the action."""

    turn: int
    action: ActionData


_decoder = msgspec.json.Decoder(Entry)
_encoder = msgspec.json.Encoder()


def journal_path(game_path: Path) -> Path:
    return game_path.with_suffix(SUFFIX)


class Syncer:
    """A thread that fsyncs the journals written to, all at once and at most every SYNC_EVERY seconds.

    The event loop never waits on a disk: `dirty` only notes the file; an fsync per decision would cost
    the loop milliseconds each, and a power cut then loses at most the last SYNC_EVERY seconds' decisions.
    """

    def __init__(self, every: float = SYNC_EVERY) -> None:
        self.every = every
        self.synced = 0  # fsyncs done (tests)
        self._dirty: set[int] = set()
        self._cond = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="journal-sync", daemon=True)
        self._thread.start()

    def dirty(self, fd: int) -> None:
        with self._cond:
            if not self._dirty:
                self._cond.notify()
            self._dirty.add(fd)

    def forget(self, fd: int) -> None:
        """`fd` is about to be closed (its table is finished or the host stops: a full save follows)."""
        with self._cond:
            self._dirty.discard(fd)

    def stop(self) -> None:
        """Sync what is left and end the thread."""
        with self._cond:
            self._stopped = True
            self._cond.notify()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._dirty or self._stopped)
                fds, self._dirty = self._dirty, set()
                stopped = self._stopped
            for fd in fds:
                _sync(fd)
            self.synced += len(fds)
            if stopped:
                return
            with self._cond:  # the next batch gathers for a while: one fsync a journal every SYNC_EVERY s at most
                self._cond.wait_for(lambda: self._stopped, self.every)


def _sync(fd: int) -> None:
    try:
        os.fdatasync(fd)
    except OSError as exc:  # closed meanwhile (its table left memory, its full save written), or a disk error
        log.debug("journal fsync: %s", exc)


class Journal:
    """One table's journal, kept open while the table is in memory: appending a decision is one write(2).

    No fsync per decision: a line written is in the system's hands, so a host killed outright loses
    nothing decided; the `syncer`, when given, fsyncs it within SYNC_EVERY seconds (docs/online.md).
    """

    def __init__(self, path: Path, syncer: Syncer | None = None) -> None:
        self.path = path
        self.syncer = syncer
        self._fd: int | None = None

    def append(self, turn: int, action: Action) -> None:
        """Add decision `turn` (one write of one line; OSError is logged, the game goes on)."""
        line = _encoder.encode(Entry(turn, ActionData.of(action))) + b"\n"
        try:
            if self._fd is None:
                self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
                if _cut_short(self._fd):
                    line = b"\n" + line  # a line a kill cut short stays alone on its line
            os.write(self._fd, line)
        except OSError as exc:
            log.error("%s: decision %d not journalled: %s", self.path.name, turn, exc)
            return
        if self.syncer is not None:
            self.syncer.dirty(self._fd)

    def close(self) -> None:
        if self._fd is not None:
            if self.syncer is not None:
                self.syncer.forget(self._fd)
            os.close(self._fd)
            self._fd = None


def _cut_short(fd: int) -> bool:
    """Whether the file ends inside a line (a host killed mid-write, or a power cut)."""
    size = os.fstat(fd).st_size
    return size > 0 and os.pread(fd, 1, size - 1) != b"\n"


def read_after(path: Path, done: int) -> list[Action]:
    """The journal's decisions from number `done` on, in order, up to the first gap; a damaged line (cut
    short by a kill) is skipped: the numbers on the lines after it say whether anything is missing."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return []
    if len(data) > MAX_BYTES:
        log.error("%s is larger than %d bytes: not read", path.name, MAX_BYTES)
        return []
    actions: list[Action] = []
    for line in data.splitlines():
        try:
            entry = _decoder.decode(line)
        except msgspec.DecodeError:
            continue
        if entry.turn < done + len(actions):
            continue  # already in the save
        if entry.turn != done + len(actions) or entry.turn > MAX_TURN:
            break
        actions.append(entry.action.to_action())
    return actions
