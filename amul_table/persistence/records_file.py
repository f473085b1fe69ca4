"""The records file opened safely: a regular file only, the schema migrated in one transaction, its rows
checked, and a damaged file set aside (renamed, never deleted) for records.py to start anew."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sqlite3
import stat
from pathlib import Path

from amul_table.persistence.records_schema import COLUMNS, MIGRATIONS, SOUND_ROWS, VERSION

TIMEOUT = 2.0  # seconds to wait for a lock held by another window


class RecordsError(Exception):
    """The records database cannot be opened, read or written; the message says why."""


class RecordsBusy(RecordsError):
    """Another program holds the file's lock longer than TIMEOUT (a second window, a backup, a `sqlite3`
    shell): try again later; nothing is wrong with the file."""


class DamagedRecords(RecordsError):
    """The file is not a records database this program can use (it is then set aside)."""


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


def check_regular(path: Path) -> None:
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


def connect(path: Path, *, create: bool, wait: bool = True) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), waiting TIMEOUT for locks (not at all unless
    `wait`)."""
    mode = "rwc" if create else "rw"
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode={mode}", timeout=TIMEOUT if wait else 0.0, uri=True)
    except sqlite3.Error as exc:
        raise RecordsError(f"cannot open {path}: {exc}") from None
    conn.isolation_level = None
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def open_and_migrate(path: Path, *, wait: bool = True) -> None:
    """Create or upgrade the file and check it; DamagedRecords when it is not ours or not sound, RecordsBusy when
    another program holds its lock (after TIMEOUT, or at once unless `wait`)."""
    conn = connect(path, create=True, wait=wait)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchall()
        if check != [("ok",)]:
            raise DamagedRecords(f"integrity check failed: {check[0][0]}")
        migrate(conn)
        _check_schema(conn)
        _check_values(conn)
    except sqlite3.OperationalError as exc:
        if is_busy(exc):
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


def is_busy(exc: sqlite3.Error) -> bool:
    """Whether SQLite gave up waiting for another connection's lock (SQLITE_BUSY or SQLITE_LOCKED, any variant)."""
    return (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _check_schema(conn: sqlite3.Connection) -> None:
    for table, columns in COLUMNS.items():
        found = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        if found != columns:
            raise DamagedRecords(f"table {table} has columns {found}, expected {columns}")


def _check_values(conn: sqlite3.Connection) -> None:
    """DamagedRecords when a row holds a value of the wrong kind or far out of range (SOUND_ROWS)."""
    for table, rule in SOUND_ROWS.items():
        bad = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE NOT ({rule})").fetchone()[0]
        if bad:
            raise DamagedRecords(f"table {table} has {bad} rows with values of the wrong kind")


def set_aside(path: Path) -> Path:
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
