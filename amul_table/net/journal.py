"""A table's journal: every decision appended to `tables/CODE.log` the moment it is made.

A full save (YAML of the whole game, with its replay check) costs milliseconds of the one core the host
shares between its tables; appending one line costs microseconds. So the host writes each decision to
the journal at once (it survives a kill -9 of the host: the line is in the system's hands) and the full
save only when a round starts, when the game ends, when seats are claimed and when the host stops. A
restarted host loads the save and applies the journal's decisions after it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

import msgspec

from amul_table.match.protocol import MAX_TURN, ActionData
from amul_table.rules.state import Action, Event, EventKind

log = logging.getLogger(__name__)

SUFFIX = ".log"
MAX_BYTES = 1 << 20  # a whole 8-player game is ~600 lines of ~30 bytes
SAVE_ON = frozenset({EventKind.ROUND, EventKind.GAME_OVER})  # events after which the full save is written


class Entry(msgspec.Struct, array_like=True, frozen=True, forbid_unknown_fields=True):
    """One line: the decision's number (its turn) and the action."""

    turn: int
    action: ActionData


_decoder = msgspec.json.Decoder(Entry)
_encoder = msgspec.json.Encoder()


def journal_path(game_path: Path) -> Path:
    return game_path.with_suffix(SUFFIX)


class Journal:
    """One table's journal, kept open while the table is in memory: appending a decision is one write(2).

    No fsync per decision: a line written is in the system's hands, so a host killed outright loses
    nothing decided; what a power cut may lose since the last full save (fsynced, when a round starts)
    is the current round's decisions (docs/online.md).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
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

    def close(self) -> None:
        if self._fd is not None:
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


def wants_full_save(events: Sequence[Event]) -> bool:
    return any(event.kind in SAVE_ON for event in events)
