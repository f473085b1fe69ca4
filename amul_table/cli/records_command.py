"""`amul-table records [--json] [--csv FILE]`: the Records scene's numbers on the command line.

The JSON shape is a contract: {"games", "by_tier": {tier: {"games", "wins", "win_rate"}}, "mean_score",
"best_score"}. A missing database reads as no games (and is not created); a damaged one is set aside
as the window does. Errors: one line on stderr, exit status 2. Text from the database reaches the terminal
only through `one_line` (no escape sequence), and the CSV only as cells no spreadsheet runs as a formula.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import sys
from pathlib import Path

from amul_table.i18n import STRINGS
from amul_table.persistence.atomic import write_export
from amul_table.persistence.reader import one_line
from amul_table.persistence.records import (
    FinishedGame,
    Records,
    RecordsBusy,
    RecordsError,
    RecordsSummary,
    open_records,
    records_path,
)
from amul_table.persistence.records_pending import pending_folder, record_waiting

CSV_FIELDS = (
    "finished",
    "seed",
    "tea",
    "players",
    "names",
    "kinds",
    "totals",
    "ranks",
    "winners",
    "your_scores",
    "your_wins",
    "key",
)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet runs such a cell as a formula (OWASP CSV injection)


def add_records_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("records", help="your records over every game finished in the window")
    p.add_argument("--json", action="store_true", help='print {"games", "by_tier", "mean_score", "best_score"}')
    p.add_argument("--csv", metavar="FILE", default=None, help="write one row per recorded game to FILE")
    p.set_defaults(func=run_records)


def run_records(args: argparse.Namespace) -> int:
    try:
        records = _existing_records()
        summary = records.summary() if records else RecordsSummary()
        if args.csv:
            _write_csv(Path(args.csv), records)
    except (RecordsError, OSError) as exc:
        print(f"amul-table: {_one_line(exc)}", file=sys.stderr)  # one line, no terminal escapes
        return 2
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        print(summary_text(summary, records.path if records else records_path()))
    return 0


def summary_text(summary: RecordsSummary, path: Path) -> str:
    """The numbers as a few plain lines, in English (the command line's language)."""
    if not summary.games:
        return f"No games recorded yet ({one_line(str(path), 400)})."
    lines = [
        f"{summary.games} game{'s' * (summary.games != 1)}, {summary.wins:g} win{'s' * (summary.wins != 1)} "
        f"({summary.win_rate:.0%}); "
        f"mean score {summary.mean_score:.1f}, best {summary.best_score}",
        "against each bot tier:",
    ]
    for tier, tally in summary.by_tier.items():
        lines.append(f"  {one_line(tier, 40):<8} {tally.games:>5} games {tally.wins:>7g} wins {tally.win_rate:>5.0%}")
    lines.append("by number of players:")
    for players, tally in summary.by_players.items():
        lines.append(f"  {players} players {tally.games:>5} games {tally.wins:>7g} wins {tally.win_rate:>5.0%}")
    if summary.rows:
        best = sorted(summary.rows.items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{row_name(row)} {points}" for row, points in best)
        lines.append(f"your points by score pad row: {shown}")
    lines.append(f"({one_line(str(path), 400)})")
    return "\n".join(lines)


def row_name(row: str) -> str:
    """A score pad row as the pad names it in English ("Light blue", "Mongol majority"), not its key; a row this
    version does not know (the database is read, not trusted) as one line of its own text."""
    english = STRINGS["en"]
    return english.get(f"scoring.row.{row}") or english.get(f"colour.{row}") or one_line(row, 40)


def csv_row(game: FinishedGame) -> dict[str, str | int | float]:
    """One CSV line per game: when, the deal, the seats, and how your seats did (no cell a formula)."""
    you = [s for s in game.seats if s.human]
    row = {
        "finished": game.finished.isoformat(),
        "seed": game.seed,
        "tea": game.tea,
        "players": game.players,
        "names": "; ".join(s.name for s in game.seats),
        "kinds": "; ".join("human" if s.human else (s.tier or "bot") for s in game.seats),
        "totals": "; ".join(str(s.total) for s in game.seats),
        "ranks": "; ".join(str(s.rank) for s in game.seats),
        "winners": "; ".join(s.name for s in game.seats if s.win > 0),
        "your_scores": "; ".join(str(s.total) for s in you),
        "your_wins": round(sum(s.win for s in you), 4),
        "key": game.key,
    }
    return {name: safe_cell(value) if isinstance(value, str) else value for name, value in row.items()}


def safe_cell(text: str) -> str:
    """The cell's text, with a leading `'` when a spreadsheet would run it as a formula (`=cmd|...`).

    A carriage return (only a damaged database holds one) becomes a space: the writer would not quote it.
    """
    return ("'" + text if text.startswith(FORMULA_STARTS) else text).replace("\r", " ")


def _existing_records() -> Records | None:
    """The records database when it exists (migrated, or set aside and restarted when damaged, the games
    left waiting for it recorded); else None."""
    path = records_path()
    if not path.exists():
        return None
    records = open_records(path)
    if records.set_aside:
        aside = one_line(str(records.set_aside), 400)
        print(f"amul-table: the records file was damaged; it was set aside as {aside}", file=sys.stderr)
    with contextlib.suppress(RecordsBusy):  # games a window kept waiting for a locked file count here too
        record_waiting(records, pending_folder(path))
    return records


def _write_csv(path: Path, records: Records | None) -> None:
    """One row per recorded game, written atomically (a previous export kept as .bak), or into a device or FIFO."""
    buffer = io.StringIO(newline="")
    writer = csv.DictWriter(buffer, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for game in records.games(with_saves=False) if records else ():
        writer.writerow(csv_row(game))
    try:
        write_export(path.absolute(), buffer.getvalue().encode("utf-8"))
    except OSError as exc:
        raise RecordsError(f"cannot write {path}: {exc.strerror or exc}") from None


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename else ""
        return one_line(f"{where}{exc.strerror}", 400)
    return one_line(str(exc), 400)
