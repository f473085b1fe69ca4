"""The records file's schema and what it may hold: the migrations and columns of each version, the kind
and range of every value (checked row by row in SQL at open, and on every value read back), seeds as
SQLite keeps them, and kept saves unpacked within a save's cap.

The rules of records.py's database: a flipped bit, another program or a person with `sqlite3` must give
a refusal, never a traceback (issue 26). No pygame here.
"""

from __future__ import annotations

import math
import zlib

from amul_table.persistence.reader import SAVE

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


def unzip(save: bytes | None) -> str:
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


def sound(value: object, kind: str) -> bool:
    """Whether a value read back is of its column's kind (i int, n number, t text, B blob; capital: or NULL)."""
    if not isinstance(value, _KINDS[kind]):
        return False
    return not isinstance(value, float) or math.isfinite(value)


def shown(row: tuple) -> str:
    """A row's values for a message: short, and only their kinds for what is not a number."""
    return ", ".join(repr(v) if isinstance(v, int | float) else type(v).__name__ for v in row)[:120]
