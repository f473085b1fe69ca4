"""`amul-table score`: read final play areas from YAML, score them, print the pad or JSON."""

from __future__ import annotations

import difflib
import reprlib
from typing import Any

import yaml

from amul_table.persistence.reader import SCORE, FileRefused, load_yaml, one_line, read_text, visible_text
from amul_table.rules.cards import load_cards
from amul_table.rules.scoring import ScoreSheet, score_game, score_rows
from amul_table.rules.seats import MAX_NAME

ROW_LABELS = {
    "yellow": "Yellow",
    "light_blue": "Light blue",
    "orange": "Orange",
    "green": "Green",
    "purple": "Purple",
    "red": "Red",
    "bazaar": "Bazaar",
    "arab": "Arab majority",
    "mongol": "Mongol majority",
    "total": "Total",
}


class ScoreInputError(ValueError):
    """The score file cannot be read as tables of seats and cards."""


def load_tables(path: str) -> list[dict[str, Any]]:
    """Tables of {name, cards} seats, from `seats: [...]` or `tables: [{seats: [...]}, ...]`."""
    try:
        text = read_text(path, SCORE)  # a regular file, at most 1 MB
        data = load_yaml(text, SCORE)  # depth and size bounded, no aliases
    except FileRefused as exc:
        if exc.code == "error.file.not_utf8":
            raise ScoreInputError(f"{path} is not UTF-8 text") from None
        raise ScoreInputError(f"{path}: {exc}") from None
    except yaml.YAMLError as exc:
        raise ScoreInputError(f"{path} is not valid YAML{_yaml_place(_pure_python_error(text) or exc)}") from None
    if isinstance(data, dict) and "tables" in data:
        tables = data["tables"]
        if not isinstance(tables, list) or not tables:
            raise ScoreInputError(f"{path}: `tables` must be a non-empty list")
    elif isinstance(data, dict) and "seats" in data:
        tables = [data]
    else:
        raise ScoreInputError(f"{path}: expected `seats: [...]` or `tables: [...]`")
    return [_table(t, i + 1) for i, t in enumerate(tables)]


def _pure_python_error(text: str) -> yaml.YAMLError | None:
    """The pure-Python parser's error for `text` (its line and column are what this command always said).

    Only for short texts, and never deeper than a score file nests: the pure parser is slow.
    """
    if len(text) > 16 * 1024:
        return None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            depth += isinstance(event, yaml.CollectionStartEvent) - isinstance(event, yaml.CollectionEndEvent)
            if depth > SCORE.max_depth:
                return None
    except yaml.YAMLError as exc:
        return exc
    return None


def _yaml_place(exc: yaml.YAMLError) -> str:
    """One line saying where and what the YAML problem is (PyYAML's own message spans several)."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None)
    where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
    return where + (f": {one_line(problem)}" if problem else "")


def _table(raw: Any, index: int) -> dict[str, Any]:
    where = f"table {index}"
    if not isinstance(raw, dict) or not isinstance(raw.get("seats"), list):
        raise ScoreInputError(f"{where}: needs a `seats` list")
    seats = raw["seats"]
    if not 3 <= len(seats) <= 8:
        raise ScoreInputError(f"{where}: Amul is for 3 to 8 players, this table has {len(seats)} seats")
    taken: set[int] = set()
    out = []
    for s, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ScoreInputError(f"{where} seat {s + 1}: must be a mapping with `name` and `cards`")
        name = _name(seat.get("name", f"Seat {s + 1}"), f"{where} seat {s + 1}")
        cards = seat.get("cards", [])
        if cards is None:
            cards = []
        if not isinstance(cards, list):
            raise ScoreInputError(f"{where} seat {name!r}: `cards` must be a list")
        out.append({"name": name, "cards": [_resolve(ref, taken, f"{where} seat {name!r}") for ref in cards]})
    return {"seats": out}


def _resolve(ref: Any, taken: set[int], where: str) -> int:
    """A copy number names one copy; a card id takes the next unused copy of a card whose copies are alike."""
    cards = load_cards()
    if not isinstance(ref, str):
        raise ScoreInputError(f"{where}: card {_short(ref)} is not a card id or copy number")
    if len(ref) > 40:
        raise ScoreInputError(f"{where}: unknown card {_short(ref)} (use a card id such as silver or a copy number)")
    matches = cards.resolve(ref.strip().lower().replace(" ", "_"))  # "Silver" and "Arab Guard" work too
    if not matches:
        close = difflib.get_close_matches(ref.strip().lower(), list(cards.types), n=3)
        hint = f" (did you mean {' or '.join(close)}?)" if close else " (use a card id such as silver or a copy number)"
        raise ScoreInputError(f"{where}: unknown card {_short(ref)}{hint}")
    if len(matches) == 1:
        uid = matches[0].uid
        if uid in taken:
            raise ScoreInputError(f"{where}: card {matches[0].number} appears twice")
        taken.add(uid)
        return uid
    if len({(c.letter, c.points) for c in matches}) > 1 or any(c.letter for c in matches):
        numbers = ", ".join(c.number for c in matches)
        raise ScoreInputError(f"{where}: {ref!r} is ambiguous, its copies differ; name one of {numbers}")
    free = [c for c in matches if c.uid not in taken]
    if not free:
        raise ScoreInputError(f"{where}: more {ref!r} cards than the game has ({len(matches)})")
    taken.add(free[0].uid)
    return free[0].uid


def _name(value: Any, where: str) -> str:
    """A seat's name: text (or a number) that prints on one line, shows something, and is not too long."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        kind = "null" if value is None else type(value).__name__
        raise ScoreInputError(f"{where}: a name must be text, not {kind}")
    if not value.strip() or len(value) > MAX_NAME or not value.isprintable() or not visible_text(value):
        raise ScoreInputError(f"{where}: a name must be 1 to {MAX_NAME} printable characters, not {_short(value)}")
    return value


def _short(value: Any) -> str:
    """A bounded, printable rendering of a value for a message (never the whole of an aliased structure)."""
    return one_line(_REPR.repr(value), 80)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 2, 4, 4, 40, 40


def score_tables(tables: list[dict[str, Any]]) -> list[tuple[list[str], ScoreSheet]]:
    return [([s["name"] for s in t["seats"]], score_game([s["cards"] for s in t["seats"]])) for t in tables]


def to_json(names: list[str], sheet: ScoreSheet) -> dict[str, Any]:
    """The JSON contract: {"seats": [{name, total, rows, military}], "winners": [names]}."""
    return {
        "seats": [
            {"name": names[s.seat], "total": s.total, "rows": dict(s.rows), "military": s.military} for s in sheet.seats
        ],
        "winners": [names[w] for w in sheet.winners],
    }


def format_pad(names: list[str], sheet: ScoreSheet) -> str:
    """The score pad as a text table: rows down, seats across."""
    width = max(8, *(len(n) for n in names))
    lines = [f"{'':<16}" + "".join(f"{n:>{width + 2}}" for n in names)]
    for row in score_rows():
        if row == "total":
            lines.append("-" * len(lines[0]))
        values = "".join(f"{s.rows[row]:>{width + 2}}" for s in sheet.seats)
        lines.append(f"{ROW_LABELS.get(row, row):<16}{values}")
    lines.append(f"{'Military':<16}" + "".join(f"{s.military:>{width + 2}}" for s in sheet.seats))
    winners = " and ".join(names[w] for w in sheet.winners)
    verb = "win" if len(sheet.winners) > 1 else "wins"
    lines.append(f"{winners} {verb}" + (f" ({sheet.tie_break})" if sheet.tie_break else ""))
    return "\n".join(lines)
