"""Every finished game, kept in an SQLite database in the player's data folder (records and statistics).

The schema is versioned with `PRAGMA user_version`; MIGRATIONS are applied in order, all in one
transaction. Each game is added in one transaction, so a crash leaves the whole game or nothing. A
damaged file (not SQLite, a foreign schema, a failed integrity check, a newer version) is renamed
`records.sqlite3.damaged-<time>` and a new one is started: records are never deleted. A value of the
wrong kind or far out of range (text where a count belongs, a negative version, a name longer than any
seat's) is such damage too: every row is checked when the file is opened (`SOUND_ROWS`), and a read that
meets one later (another process changed the file) is refused as a RecordsError. No pygame here.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sqlite3
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from amul_table.persistence.reader import FileRefused, user_path
from amul_table.persistence.records_file import (
    DamagedRecords,
    RecordsBusy,
    RecordsError,
    check_regular,
    connect,
    is_busy,
    open_and_migrate,
    set_aside,
)
from amul_table.persistence.records_schema import (
    seed_of,
    shown,
    sound,
    stored_seed,
    unzip,
)

ENV_VAR = "AMUL_TABLE_DATA"
FILE_NAME = "records.sqlite3"
RECENT = 400  # your latest scores the summary keeps for the chart

ALL, TIER, PLAYERS = "all", "tier", "players"  # the kinds of tally


@dataclass(frozen=True)
class SeatResult:
    """One seat's end of a game: who sat there and how it went."""

    name: str
    human: bool
    tier: str | None  # the bot's tier; None for a human
    total: int
    rank: int  # 1 for the winner(s); seats tied on the pad share a rank only when the win is shared
    win: float  # 1/k for each of k winners sharing the win, else 0
    rows: Mapping[str, int] = field(default_factory=dict)  # points per score pad row (kept for human seats)


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as recorded; `key` (seed and creation time) records the same game only once."""

    key: str
    started: dt.datetime
    finished: dt.datetime
    seed: int
    tea: int
    seats: tuple[SeatResult, ...]
    save_text: str = ""  # the save document of the finished game, to replay or review it later (kept zlibbed)

    @property
    def players(self) -> int:
        return len(self.seats)


@dataclass
class Tally:
    """Games and wins (a shared win counts 1/k) of your seats in some set of games."""

    games: int = 0
    wins: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, float | int]:
        return {"games": self.games, "wins": round(self.wins, 4), "win_rate": round(self.win_rate, 4)}


@dataclass
class RecordsSummary:
    """What the Records scene and `amul-table records` show; "you" are the human seats of each game."""

    games: int = 0
    wins: float = 0.0
    by_tier: dict[str, Tally] = field(default_factory=dict)  # games against at least one bot of the tier
    by_players: dict[int, Tally] = field(default_factory=dict)
    mean_score: float = 0.0
    best_score: int = 0
    scores: list[tuple[int, bool]] = field(default_factory=list)  # your latest scores, oldest first, and won?
    rows: dict[str, int] = field(default_factory=dict)  # your points by score pad row, over every game

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict:
        """The `amul-table records --json` contract."""
        return {
            "games": self.games,
            "by_tier": {tier: tally.to_json() for tier, tally in self.by_tier.items()},
            "mean_score": round(self.mean_score, 4),
            "best_score": self.best_score,
        }


def records_path(env: Mapping[str, str] | None = None) -> Path:
    """$AMUL_TABLE_DATA/records.sqlite3, else $XDG_DATA_HOME/amul_table/, else ~/.local/share/amul_table/."""
    return data_folder(env) / FILE_NAME


def data_folder(env: Mapping[str, str] | None = None) -> Path:
    """The user's data folder (records, the crash log): $AMUL_TABLE_DATA, else $XDG_DATA_HOME/amul_table/.

    RecordsError when the path names a user that does not exist (`~nobody/...`).
    """
    env = os.environ if env is None else env
    try:
        if env.get(ENV_VAR):
            return user_path(env[ENV_VAR])
        data = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return user_path(data) / "amul_table"
    except (FileRefused, RuntimeError) as exc:
        raise RecordsError(str(exc)) from None


@dataclass
class Records:
    """The records database at `path`; every call opens its own short connection (any thread may call)."""

    path: Path
    set_aside: Path | None = None  # where a damaged file went when this one was started

    def add_game(self, game: FinishedGame, *, wait: bool = True) -> bool:
        """Record `game` in one transaction; False (and nothing written) when its key is already recorded.

        `wait` False: one try at the lock, RecordsBusy at once when another program holds it (the window's thread).
        """
        with self._connect(wait=wait) as conn:
            try:
                conn.execute("BEGIN IMMEDIATE")
                game_id = _insert_game(conn, game)
                if game_id is not None:
                    _insert_seats(conn, game_id, game)
                    _add_to_tallies(conn, game)
                conn.execute("COMMIT")
            except (sqlite3.Error, UnicodeDecodeError) as exc:  # SQLite may quote a damaged file's bytes
                with contextlib.suppress(sqlite3.Error, UnicodeDecodeError):
                    conn.execute("ROLLBACK")
                error = RecordsBusy if isinstance(exc, sqlite3.Error) and is_busy(exc) else RecordsError
                why = exc if isinstance(exc, sqlite3.Error) else "it holds text that is not UTF-8"
                raise error(f"cannot record the game in {self.path}: {why}") from None
        return game_id is not None

    def has_game(self, key: str) -> bool:
        with self._connect(read_only=True) as conn:
            return self._read(conn, "SELECT 1 FROM games WHERE game_key = ?", (key,)) != []

    def count(self) -> int:
        with self._connect(read_only=True) as conn:
            return self._read(conn, "SELECT COUNT(*) FROM games")[0][0]

    def summary(self, recent: int = RECENT) -> RecordsSummary:
        """Your games, wins by bot tier and player count, mean and best score, latest scores, points by row."""
        with self._connect(read_only=True) as conn:
            out = RecordsSummary()
            for kind, key, games, wins in self._read(conn, _TALLIES, kinds="ttin"):
                if kind == ALL:
                    out.games, out.wins = games, wins
                elif kind == TIER:
                    out.by_tier[key] = Tally(games, wins)
                elif kind == PLAYERS:
                    out.by_players[self._players(key)] = Tally(games, wins)
            out.by_players = dict(sorted(out.by_players.items()))
            (mean, best), *_ = self._read(conn, _MEAN_BEST, kinds="NI")
            out.mean_score, out.best_score = mean or 0.0, best or 0
            latest = self._read(conn, _YOU_LATEST, (recent,), kinds="in")
            out.scores = [(total, win > 0) for total, win in reversed(latest)]
            out.rows = dict(self._read(conn, "SELECT row, points FROM row_points ORDER BY row", kinds="ti"))
            return out

    def games(self, *, with_saves: bool = True) -> Iterator[FinishedGame]:
        """Every recorded game, oldest first; the CSV export leaves their save texts (`with_saves`) unread."""
        with self._connect(read_only=True) as conn:
            seats: dict[int, list[SeatResult]] = {}
            for gid, _seat, name, human, tier, total, rank, win in self._read(conn, _ALL_SEATS, kinds="iitiTiin"):
                seats.setdefault(gid, []).append(SeatResult(name, bool(human), tier, total, rank, win))
            for gid, key, started, finished, seed, tea, _players, save in self._read(
                conn, _ALL_GAMES if with_saves else _ALL_GAMES_NO_SAVE, kinds="itttiiiB"
            ):
                yield FinishedGame(
                    key,
                    self._moment(started),
                    self._moment(finished),
                    seed_of(seed),
                    tea,
                    tuple(seats.get(gid, ())),
                    unzip(save),
                )

    def save_text(self, key: str) -> str | None:
        """The save document of a recorded game (to replay it), or None when it is not recorded."""
        with self._connect(read_only=True) as conn:
            rows = self._read(conn, _SAVE_OF, (key,), kinds="B")
            return unzip(rows[0][0]) if rows else None

    # --- helpers --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _connect(self, *, read_only: bool = False, wait: bool = True) -> Iterator[sqlite3.Connection]:
        conn = connect(self.path, create=False, wait=wait)
        try:
            if read_only:
                conn.execute("PRAGMA query_only = ON")
            yield conn
        finally:
            conn.close()

    def _read(self, conn: sqlite3.Connection, sql: str, params: tuple = (), kinds: str = "") -> list[tuple]:
        """The rows of a query, each value of the kind `kinds` names (one letter a column, see `_sound`).

        RecordsError when the file cannot be read or holds a value of another kind: checked when the file
        was opened, but another process may have written since.
        """
        try:
            rows = conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise RecordsError(f"cannot read {self.path}: {exc}") from None
        except UnicodeDecodeError:
            raise RecordsError(f"cannot read {self.path}: it holds text that is not UTF-8") from None
        for row in rows:
            if not all(sound(value, kind) for value, kind in zip(row, kinds, strict=False)):
                raise RecordsError(f"cannot read {self.path}: it holds a value of the wrong kind ({shown(row)})")
        return rows

    def _players(self, key: str) -> int:
        if not (key.isascii() and key.isdigit() and len(key) < 3):
            raise RecordsError(f"cannot read {self.path}: a tally counts games of {shown((key,))} players")
        return int(key)

    def _moment(self, text: str) -> dt.datetime:
        try:
            return dt.datetime.fromisoformat(text)
        except ValueError:
            raise RecordsError(f"cannot read {self.path}: a game's time is not a date ({text[:40]!r})") from None


def open_records(path: Path | None = None, *, wait: bool = True) -> Records:
    """The records database at `path` (default: records_path()), created or migrated to VERSION.

    A damaged file is set aside (`Records.set_aside` says where) and a new one started; RecordsError
    when no database can be had there at all (a folder that cannot be written, a locked file: RecordsBusy after
    waiting TIMEOUT for its lock, at once unless `wait`).
    """
    path = path or records_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RecordsError(f"cannot create {path.parent}: {exc.strerror or exc}") from None
    check_regular(path)
    try:
        open_and_migrate(path, wait=wait)
        return Records(path)
    except DamagedRecords:
        aside = set_aside(path)  # the caller says so: the window in a notice and its log, the command on stderr
    try:
        open_and_migrate(path, wait=wait)
    except DamagedRecords as exc:
        raise RecordsError(f"cannot start a new records file {path}: {exc}") from None
    return Records(path, set_aside=aside)


# --- writing and reading ------------------------------------------------------------------------------


def _insert_game(conn: sqlite3.Connection, game: FinishedGame) -> int | None:
    """The new game's row id, or None when a game with the same key is already recorded."""
    cursor = conn.execute(
        "INSERT OR IGNORE INTO games (game_key, started, finished, seed, tea, players) VALUES (?, ?, ?, ?, ?, ?)",
        (game.key, game.started.isoformat(), game.finished.isoformat(), stored_seed(game.seed), game.tea, game.players),
    )
    if cursor.rowcount != 1:
        return None
    if game.save_text:
        conn.execute(
            "INSERT INTO game_saves (game_id, save_zlib) VALUES (?, ?)",
            (cursor.lastrowid, zlib.compress(game.save_text.encode("utf-8"), 6)),
        )
    return cursor.lastrowid


def _insert_seats(conn: sqlite3.Connection, game_id: int, game: FinishedGame) -> None:
    conn.executemany(
        "INSERT INTO seats (game_id, seat, name, human, tier, total, rank, win) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, i, s.name, int(s.human), None if s.human else s.tier, s.total, s.rank, s.win)
            for i, s in enumerate(game.seats)
        ],
    )
    conn.executemany(
        "INSERT INTO seat_rows (game_id, seat, row, points) VALUES (?, ?, ?, ?)",
        [(game_id, i, row, points) for i, s in enumerate(game.seats) if s.human for row, points in s.rows.items()],
    )


def _add_to_tallies(conn: sqlite3.Connection, game: FinishedGame) -> None:
    """Count the game for you (its human seats): once overall, once per bot tier at the table, once by size."""
    you = [s for s in game.seats if s.human]
    if not you:
        return
    wins = sum(s.win for s in you)
    keys = [(ALL, ""), (PLAYERS, str(game.players))]
    keys += [(TIER, tier) for tier in sorted({s.tier or "" for s in game.seats if not s.human})]
    conn.executemany(
        "INSERT INTO tallies (kind, key, games, wins) VALUES (?, ?, 1, ?)"
        " ON CONFLICT (kind, key) DO UPDATE SET games = games + 1, wins = wins + excluded.wins",
        [(kind, key, wins) for kind, key in keys],
    )
    points: dict[str, int] = {}
    for seat in you:
        for row, value in seat.rows.items():
            points[row] = points.get(row, 0) + value
    conn.executemany(
        "INSERT INTO row_points (row, points) VALUES (?, ?)"
        " ON CONFLICT (row) DO UPDATE SET points = points + excluded.points",
        sorted(points.items()),
    )


_TALLIES = "SELECT kind, key, games, wins FROM tallies ORDER BY key"
_MEAN_BEST = "SELECT AVG(total), MAX(total) FROM seats WHERE human = 1"
_YOU_LATEST = "SELECT total, win FROM seats WHERE human = 1 ORDER BY game_id DESC, seat DESC LIMIT ?"
_ALL_SEATS = "SELECT game_id, seat, name, human, tier, total, rank, win FROM seats ORDER BY game_id, seat"
_ALL_GAMES = (
    "SELECT id, game_key, started, finished, seed, tea, players, save_zlib FROM games"
    " LEFT JOIN game_saves ON game_saves.game_id = games.id ORDER BY id"
)
_ALL_GAMES_NO_SAVE = "SELECT id, game_key, started, finished, seed, tea, players, NULL FROM games ORDER BY id"
_SAVE_OF = "SELECT save_zlib FROM games LEFT JOIN game_saves ON game_saves.game_id = games.id WHERE game_key = ?"
