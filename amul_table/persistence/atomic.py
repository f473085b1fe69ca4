"""The one way this program replaces a file: nothing is ever half written, and the last version is kept.

The new bytes go to a temporary file in the same folder, flushed and fsynced; the current file is
kept as `<name>.bak`; the temporary file is renamed over the target; the folder is fsynced so that
the rename itself survives a crash. Saves and the settings file both write through `write_atomic`.
Only a regular file (or nothing) is ever replaced: a folder, a device node (`/dev/null`), a FIFO or a socket
at the path is refused, so that running as root never turns `/dev/null` into a file. An export to a
terminal, `/dev/null` or a FIFO some program reads (`write_export`) is written into it, never replacing it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

BACKUP_SUFFIX = ".bak"
STALE_SECONDS = 60.0  # a write takes milliseconds: a temporary file this old was left by a killed writer
# `.<name>.<random>.tmp` (write_atomic) and `.<name>.bak.<pid>.tmp` (_keep_backup), for our own files only
_OUR_TEMPS = re.compile(r"^\..+\.(yaml|sqlite3|csv)(\.bak)?\.[A-Za-z0-9_]+\.tmp$")


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` (OSError, leaving the old file as it was, when it cannot).

    OSError too when something that is not a regular file is at `path` (followed through symlinks).
    """
    kind = _kind_at(path)
    if kind not in (None, stat.S_IFREG):
        raise OSError(errno.EINVAL, "it is not a regular file", str(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _set_mode(tmp, path)
        if path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(path.parent)


def write_export(path: Path, data: bytes) -> None:
    """Write an export (a CSV, frame times): atomically to a file, or into a terminal, `/dev/null` or a FIFO.

    A FIFO no program is reading is refused at once (never a wait for a reader that may not come).
    """
    kind = _kind_at(path)
    if kind not in (stat.S_IFCHR, stat.S_IFIFO):
        write_atomic(path, data)
        return
    flags = os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO with no reader
            raise OSError(errno.ENXIO, "no program is reading this FIFO", str(path)) from None
        raise
    try:
        os.set_blocking(fd, True)  # a reader is there: let it take the data at its pace
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def clean_stale_temps(folder: Path, older_than: float = STALE_SECONDS) -> int:
    """Delete the temporary files that interrupted writes left in `folder`; returns how many went.

    Only names this module makes, and only old ones (a live writer in another window is never disturbed).
    """
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _OUR_TEMPS.match(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def backup_path(path: Path) -> Path:
    """Where `write_atomic` keeps the previous version of `path`."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def _keep_backup(path: Path) -> None:
    """Make `<name>.bak` the current file, itself atomically, so a crash never leaves a half backup.

    A hard link shares the current file's (already durable) data; where links are not allowed, a copy.
    """
    backup = backup_path(path)
    tmp = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        try:
            os.link(path, tmp)
        except OSError:
            with open(tmp, "wb") as f:
                f.write(path.read_bytes())
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _kind_at(path: Path) -> int | None:
    """The file type at `path` (stat.S_IFREG, S_IFCHR, ...), following symlinks; None when nothing is there."""
    try:
        return stat.S_IFMT(os.stat(path).st_mode)
    except FileNotFoundError:
        return None


def _set_mode(tmp: str, path: Path) -> None:
    """mkstemp makes owner-only files; the new file gets the old file's mode, else the usual rw-r--r--."""
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.chmod(tmp, mode)
    except OSError:
        pass


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX); harmless elsewhere."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
