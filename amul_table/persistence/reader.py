"""The one guarded way to read a file someone else may have written: saves, settings and `score` files.

A hostile or damaged file must be refused in well under a second with bounded memory, whatever it is:
only regular files are opened (a FIFO, /dev/zero or a folder would hang or never end), each kind has a
size cap, and YAML is first scanned as a stream of events (libyaml, no tree built) so that nesting
depth, node count and aliases are refused before the composer recurses or an alias bomb expands.
Card data is packaged with the program and keeps its own loader in rules/cards.py (rules may not
import persistence). Every refusal is a FileRefused with an i18n code and one line of reason.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from amul_table.persistence.errors import PersistenceError

# libyaml when PyYAML was built with it (the scan and the load then take milliseconds).
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPENERS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSERS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_NODES = (yaml.ScalarEvent, *_OPENERS)


class FileRefused(PersistenceError):
    """A file this program will not read: not a regular file, too large, too deep, aliased, not text."""


@dataclass(frozen=True)
class FileKind:
    """The limits of one kind of file: far above anything the program writes, far below harm."""

    max_bytes: int
    max_depth: int  # mappings and lists inside each other
    max_nodes: int  # scalars, mappings and lists in all
    aliases: bool = False  # no format of ours writes YAML aliases: refusing them stops alias bombs


# A finished 8-player save is ~7.5 KB, nests 4 deep and has ~1,700 nodes: 256 KB leaves 30x room for
# long names and Tea games, while the slowest refusal (replaying 256 KB of actions) stays well under 1 s.
SAVE = FileKind(max_bytes=256 * 1024, max_depth=8, max_nodes=20_000)
# A settings file is a flat mapping of six values (a few hundred bytes).
SETTINGS = FileKind(max_bytes=64 * 1024, max_depth=4, max_nodes=500)
# `score` input: tables of seats of cards, 6 deep; a table is ~2 KB, so 256 KB holds a hundred of them.
SCORE = FileKind(max_bytes=256 * 1024, max_depth=8, max_nodes=50_000)


def read_bytes(path: str | os.PathLike, kind: FileKind) -> bytes:
    """The file's bytes, if it is a regular file within the size cap (FileRefused otherwise)."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise FileRefused("error.file.read", file=path.name, reason=why(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("error.file.not_regular", file=path.name)
        if info.st_size > kind.max_bytes:
            raise FileRefused("error.file.too_large", kb=kind.max_bytes // 1024)
        chunks, size = [], 0
        while size <= kind.max_bytes:
            chunk = os.read(fd, min(1 << 16, kind.max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise FileRefused("error.file.read", file=path.name, reason=why(exc)) from None
    finally:
        os.close(fd)
    if size > kind.max_bytes:  # it grew while we read it
        raise FileRefused("error.file.too_large", kb=kind.max_bytes // 1024)
    return b"".join(chunks)


def read_text(path: str | os.PathLike, kind: FileKind) -> str:
    """The file as UTF-8 text (FileRefused for bytes that are not)."""
    data = read_bytes(path, kind)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileRefused("error.file.not_utf8", byte=exc.start) from None


def check_yaml_shape(text: str | bytes, kind: FileKind) -> None:
    """Refuse YAML nested too deep, too large in nodes, or (where the kind has no use for them) aliased.

    Scans libyaml's event stream without building anything; YAML syntax errors are raised as they are
    (yaml.YAMLError), so each caller keeps its own message for them.
    """
    depth = nodes = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, _OPENERS):
            depth += 1
            if depth > kind.max_depth:
                raise FileRefused("error.file.too_deep", depth=kind.max_depth)
        elif isinstance(event, _CLOSERS):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent) and not kind.aliases:
            raise FileRefused("error.file.alias")
        if isinstance(event, _NODES):
            nodes += 1
            if nodes > kind.max_nodes:
                raise FileRefused("error.file.too_many", nodes=kind.max_nodes)


def load_yaml(text: str | bytes, kind: FileKind) -> Any:
    """The YAML's data, after `check_yaml_shape`. yaml.YAMLError for bad syntax; FileRefused otherwise."""
    check_yaml_shape(text, kind)
    try:
        return yaml.load(text, Loader=_Loader)  # a safe loader: CSafeLoader or SafeLoader
    except yaml.YAMLError:
        raise
    except Exception as exc:  # untrusted input: a number of 5,000 digits, a date out of range...
        raise FileRefused("error.file.value", problem=one_line(str(exc))) from None


def one_line(text: str, limit: int = 200) -> str:
    """`text` on one line of printable characters, bounded: controls are escaped, never sent to a terminal."""
    out = []
    for ch in " ".join(str(text).split()):
        out.append(ch if ch.isprintable() else ascii(ch)[1:-1])
    line = "".join(out)
    return line if len(line) <= limit else line[: limit - 4] + " ..."


def visible_text(value: str) -> bool:
    """Whether the text has at least one character that draws something (a letter, digit, mark or sign).

    Printable but invisible text (a combining grapheme joiner, a variation selector, combining marks
    alone) passes `str.isprintable` yet renders with zero width, which fonts refuse to draw.
    """
    return any(unicodedata.category(ch)[0] in "LNPS" for ch in value)


def good_name(value: str, limit: int) -> bool:
    """A seat name a save accepts: 1 to `limit` printable characters, at least one of them visible."""
    return bool(value.strip()) and len(value) <= limit and value.isprintable() and visible_text(value)


def user_path(text: str | os.PathLike) -> Path:
    """`text` as a path with `~` or `~user` expanded; FileRefused when that user does not exist."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # "Could not determine home directory."
        raise FileRefused("error.file.no_home", path=one_line(str(text))) from None


def why(exc: OSError) -> str:
    return exc.strerror or str(exc)
