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
import math
import os
import sqlite3
import stat
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from amul_table.persistence.reader import SAVE, FileRefused, user_path

ENV_VAR = "AMUL_TABLE_DATA"
FILE_NAME = "records.sqlite3"
TIMEOUT = 2.0  # seconds to wait for a lock held by another window
RECENT = 400  # your latest scores the summary keeps for the chart

# Your seats' win share per game, and the tallies recomputed from the seats (migration 2 fills the tallies so).
_YOU = "SELECT game_id, SUM(win) AS win FROM seats WHERE human = 1 GROUP BY game_id"
_BY_TIER = (
    f"SELECT 'tier', tiers.tier, COUNT(*), SUM(you.win) FROM ({_YOU}) AS you"
    " JOIN (SELECT DISTINCT game_id, COALESCE(tier, '') AS tier FROM seats WHERE human = 0) AS tiers"
    " USING (game_id) GROUP BY tiers.tier"
)
_BY_PLAYERS = (
    f"SELECT 'players', CAST(games.players AS TEXT), COUNT(*), SUM(you.win) FROM ({_YOU}) AS you"
    " JOIN games ON games.id = you.game_id GROUP BY games.players"
)

# Each migration is a list of statements; migration k takes the schema from version k-1 to k.
MIGRATIONS: list[list[str]] = [
    [  # 1: games and their seats
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL UNIQUE,
            started TEXT NOT NULL,
            finished TEXT NOT NULL,
            seed INTEGER NOT NULL,
            tea INTEGER NOT NULL,
            players INTEGER NOT NULL
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            human INTEGER NOT NULL,
            tier TEXT,
            total INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            win REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
    ],
    [  # 2: points by score pad row for the human seats, the save text (zlib) for replays, and running
        # tallies of your games and points (kept in each game's transaction, so the summary reads a few rows)
        """CREATE TABLE seat_rows (
            game_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            row TEXT NOT NULL,
            points INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat, row),
            FOREIGN KEY (game_id, seat) REFERENCES seats(game_id, seat) ON DELETE CASCADE
        )""",
        """CREATE TABLE game_saves (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            save_zlib BLOB NOT NULL
        )""",
        "CREATE INDEX seats_by_human ON seats (human, game_id, win, total)",
        """CREATE TABLE tallies (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            games INTEGER NOT NULL,
            wins REAL NOT NULL,
            PRIMARY KEY (kind, key)
        )""",
        "CREATE TABLE row_points (row TEXT PRIMARY KEY, points INTEGER NOT NULL)",
        f"INSERT INTO tallies (kind, key, games, wins) SELECT 'all', '', COUNT(*), COALESCE(SUM(win), 0) FROM ({_YOU})",
        f"INSERT INTO tallies (kind, key, games, wins) {_BY_TIER}",
        f"INSERT INTO tallies (kind, key, games, wins) {_BY_PLAYERS}",
    ],
]
VERSION = len(MIGRATIONS)
COLUMNS = {  # the schema of the current version, checked when a file is opened
    "games": ["id", "game_key", "started", "finished", "seed", "tea", "players"],
    "seats": ["game_id", "seat", "name", "human", "tier", "total", "rank", "win"],
    "seat_rows": ["game_id", "seat", "row", "points"],
    "game_saves": ["game_id", "save_zlib"],
    "tallies": ["kind", "key", "games", "wins"],
    "row_points": ["row", "points"],
}
ALL, TIER, PLAYERS = "all", "tier", "players"  # the kinds of tally
SEED_BITS = 64  # seeds are 0 <= seed < 2**64; SQLite keeps signed 64-bit integers, so the top half is stored negative
# What every row of each table the program reads must hold: its values' kinds, lengths far above what the
# program writes (names 60 characters, keys ~40), counts and points far below what breaks a number's display.
# (seat_rows is written, never read: its sums are row_points.)
_TEXT = "typeof({0}) = 'text' AND length({0}) <= {1}"
_INT = "typeof({0}) = 'integer' AND {0} BETWEEN {1} AND {2}"
_NUMBER = "typeof({0}) IN ('integer', 'real') AND {0} BETWEEN {1} AND {2}"
_POINTS = 1_000_000
_DATE = "[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*"  # as isoformat() writes
SOUND_ROWS = {
    "games": " AND ".join(
        [
            _INT.format("id", 1, 2**62),
            _TEXT.format("game_key", 200),
            _TEXT.format("started", 40),
            _TEXT.format("finished", 40),
            f"started GLOB '{_DATE}' AND finished GLOB '{_DATE}'",
            "typeof(seed) = 'integer'",
            _INT.format("tea", 0, 99),
            _INT.format("players", 1, 99),
        ]
    ),
    "seats": " AND ".join(
        [
            _INT.format("game_id", 1, 2**62),
            _INT.format("seat", 0, 98),
            _TEXT.format("name", 200),
            _INT.format("human", 0, 1),
            f"(tier IS NULL OR {_TEXT.format('tier', 40)})",
            _INT.format("total", -_POINTS, _POINTS),
            _INT.format("rank", 1, 99),
            _NUMBER.format("win", 0, 1),
        ]
    ),
    "game_saves": f"{_INT.format('game_id', 1, 2**62)} AND typeof(save_zlib) = 'blob'",
    "tallies": " AND ".join(
        [
            "kind IN ('all', 'tier', 'players')",
            _TEXT.format("key", 40),
            "(kind != 'players' OR (typeof(key) = 'text' AND key GLOB '[1-9]*' AND key NOT GLOB '*[^0-9]*'))",
            _INT.format("games", 0, 2**53),
            _NUMBER.format("wins", 0, 2**53),
        ]
    ),
    "row_points": f"{_TEXT.format('row', 40)} AND {_INT.format('points', -(2**53), 2**53)}",
}


class RecordsError(Exception):
    """The records database cannot be opened, read or written; the message says why."""


class RecordsBusy(RecordsError):
    """Another program holds the file's lock longer than TIMEOUT (a second window, a backup, a `sqlite3`
    shell): try again later; nothing is wrong with the file."""


class DamagedRecords(RecordsError):
    """The file is not a records database this program can use (it is then set aside)."""


@dataclass(frozen=True)
class SeatResult:
    """One seat's end of a game: who sat there and how it went."""

    name: str
    human: bool
    tier: str | None  # the bot's tier; None for a person
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

    def add_game(self, game: FinishedGame) -> bool:
        """Record `game` in one transaction; False (and nothing written) when its key is already recorded."""
        with self._connect() as conn:
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
                error = RecordsBusy if isinstance(exc, sqlite3.Error) and _is_busy(exc) else RecordsError
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
                    _unzip(save),
                )

    def save_text(self, key: str) -> str | None:
        """The save document of a recorded game (to replay it), or None when it is not recorded."""
        with self._connect(read_only=True) as conn:
            rows = self._read(conn, _SAVE_OF, (key,), kinds="B")
            return _unzip(rows[0][0]) if rows else None

    # --- helpers --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _connect(self, *, read_only: bool = False) -> Iterator[sqlite3.Connection]:
        conn = _connect(self.path, create=False)
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
            if not all(_sound(value, kind) for value, kind in zip(row, kinds, strict=False)):
                raise RecordsError(f"cannot read {self.path}: it holds a value of the wrong kind ({_shown(row)})")
        return rows

    def _players(self, key: str) -> int:
        if not (key.isascii() and key.isdigit() and len(key) < 3):
            raise RecordsError(f"cannot read {self.path}: a tally counts games of {_shown((key,))} players")
        return int(key)

    def _moment(self, text: str) -> dt.datetime:
        try:
            return dt.datetime.fromisoformat(text)
        except ValueError:
            raise RecordsError(f"cannot read {self.path}: a game's time is not a date ({text[:40]!r})") from None


def open_records(path: Path | None = None) -> Records:
    """The records database at `path` (default: records_path()), created or migrated to VERSION.

    A damaged file is set aside (`Records.set_aside` says where) and a new one started; RecordsError
    when no database can be had there at all (a folder that cannot be written, a locked file).
    """
    path = path or records_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RecordsError(f"cannot create {path.parent}: {exc.strerror or exc}") from None
    _check_regular(path)
    try:
        _open_and_migrate(path)
        return Records(path)
    except DamagedRecords:
        aside = _set_aside(path)  # the caller says so: the window in a notice and its log, the command on stderr
    try:
        _open_and_migrate(path)
    except DamagedRecords as exc:
        raise RecordsError(f"cannot start a new records file {path}: {exc}") from None
    return Records(path, set_aside=aside)


def migrate(conn: sqlite3.Connection, target: int = VERSION) -> int:
    """Apply the migrations from the file's version up to `target` in one transaction; the old version."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == 0 and conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
            raise DamagedRecords("it holds tables that are not amul_table records")
        if version < 0:
            raise DamagedRecords(f"its records version {version} is not one this program writes")
        if version > VERSION:
            raise DamagedRecords(f"it was written by a newer amul_table (records version {version})")
        for step in range(version, target):
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
        if target > version:
            conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return version


# --- opening, checking, setting aside -------------------------------------------------------------


def _check_regular(path: Path) -> None:
    """RecordsError when something other than a regular file is there (a link into /dev, a FIFO, a folder).

    SQLite would open it, and write its `-journal` beside whatever the link points to.
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise RecordsError(f"cannot open {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise RecordsError(f"cannot open {path}: it is not a regular file")


def _connect(path: Path, *, create: bool) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), waiting TIMEOUT for locks."""
    mode = "rwc" if create else "rw"
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode={mode}", timeout=TIMEOUT, uri=True)
    except sqlite3.Error as exc:
        raise RecordsError(f"cannot open {path}: {exc}") from None
    conn.isolation_level = None
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _open_and_migrate(path: Path) -> None:
    """Create or upgrade the file and check it; DamagedRecords when it is not ours or not sound."""
    conn = _connect(path, create=True)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchall()
        if check != [("ok",)]:
            raise DamagedRecords(f"integrity check failed: {check[0][0]}")
        migrate(conn)
        _check_schema(conn)
        _check_values(conn)
    except sqlite3.OperationalError as exc:
        if _is_busy(exc):
            raise RecordsBusy(f"cannot use {path}: {exc}") from None
        if "readonly" in str(exc) or "unable to open" in str(exc):
            raise RecordsError(f"cannot use {path}: {exc}") from None
        raise DamagedRecords(str(exc)) from None
    except sqlite3.DatabaseError as exc:  # "file is not a database", "database disk image is malformed"
        raise DamagedRecords(str(exc)) from None
    except UnicodeDecodeError:  # a damaged page's bytes quoted in the integrity check or a table's name
        raise DamagedRecords("it names tables or pages in bytes that are not text") from None
    finally:
        conn.close()


def _is_busy(exc: sqlite3.Error) -> bool:
    """Whether SQLite gave up waiting for another connection's lock (SQLITE_BUSY or SQLITE_LOCKED, any variant)."""
    return (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _check_schema(conn: sqlite3.Connection) -> None:
    for table, columns in COLUMNS.items():
        found = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        if found != columns:
            raise DamagedRecords(f"table {table} has columns {found}, expected {columns}")


def _check_values(conn: sqlite3.Connection) -> None:
    """DamagedRecords when a row holds a value of the wrong kind or far out of range (SOUND_ROWS)."""
    for table, sound in SOUND_ROWS.items():
        bad = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE NOT ({sound})").fetchone()[0]
        if bad:
            raise DamagedRecords(f"table {table} has {bad} rows with values of the wrong kind")


def _set_aside(path: Path) -> Path:
    """Rename the file (and any journal beside it) to `<name>.damaged-<UTC time>`; never delete it."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, aside)
        for suffix in ("-journal", "-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                os.replace(extra, aside.with_name(aside.name + suffix))
    except OSError as exc:
        raise RecordsError(f"cannot set the damaged {path} aside: {exc.strerror or exc}") from None
    return aside


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


def _unzip(save: bytes | None) -> str:
    """The save text kept for a game ("" for a game recorded without one, or one whose text is unreadable).

    Unpacked no further than a save may be long (SAVE.max_bytes): a zlib bomb costs a few milliseconds.
    """
    if not save:
        return ""
    unpack = zlib.decompressobj()
    try:
        text = unpack.decompress(save, SAVE.max_bytes + 1)
        if len(text) > SAVE.max_bytes or not unpack.eof:
            return ""
        return text.decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        return ""


def stored_seed(seed: int) -> int:
    """The seed as SQLite keeps it: seeds of 2**63 and above as the negative integer of the same 64 bits."""
    return seed - 2**SEED_BITS if seed >= 2 ** (SEED_BITS - 1) else seed


def seed_of(stored: int) -> int:
    """The seed a stored integer stands for (stored_seed's inverse)."""
    return stored + 2**SEED_BITS if stored < 0 else stored


_KINDS: dict[str, tuple[type, ...]] = {
    "i": (int,),
    "I": (int, type(None)),
    "n": (int, float),
    "N": (int, float, type(None)),
    "t": (str,),
    "T": (str, type(None)),
    "B": (bytes, type(None)),
}


def _sound(value: object, kind: str) -> bool:
    """Whether a value read back is of its column's kind (i int, n number, t text, B blob; capital: or NULL)."""
    if not isinstance(value, _KINDS[kind]):
        return False
    return not isinstance(value, float) or math.isfinite(value)


def _shown(row: tuple) -> str:
    """A row's values for a message: short, and only their kinds for what is not a number."""
    return ", ".join(repr(v) if isinstance(v, int | float) else type(v).__name__ for v in row)[:120]
