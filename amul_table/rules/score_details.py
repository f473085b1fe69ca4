"""What stands behind each score pad cell: the cards that made it, why a card scored 0, and the ranks.

Read from a finished ScoreSheet and the final play areas, so the pad can explain itself without
re-scoring anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from amul_table.rules.cards import load_cards
from amul_table.rules.scoring import ARAB, BAZAAR, MONGOL, TOTAL, ScoreSheet


class ZeroReason(Enum):
    """Why a card in a play area scored nothing (the i18n key is `scoring.zero.<value>`)."""

    SET_COPY = "set_copy"  # a set's points sit on its first copy
    CONDITION = "condition"  # the bonus condition was not met and the base is 0
    CONDITION_CANCELS = "condition_cancels"  # its condition was met and takes its points away
    NO_SET = "no_set"  # a Trader with no complete set
    PENALTIES = "penalties"  # the penalties cancelled the base points
    NOTHING_COUNTED = "nothing_counted"  # nothing of what it counts was there


@dataclass(frozen=True)
class CardLine:
    uid: int
    points: int
    zero_reason: ZeroReason | None  # set only when points == 0


@dataclass(frozen=True)
class CellDetail:
    """One cell: the cards behind a colour or Bazaar row, or the symbol count behind a majority row."""

    seat: int
    row: str
    points: int
    cards: tuple[CardLine, ...] = ()
    symbols: int | None = None  # majority rows: the seat's Arab or Mongol symbols


def ranks(sheet: ScoreSheet) -> list[int]:
    """1-based places, ties shared (1, 1, 3): points first, then Military Prowess, as the winner rule."""
    keys = [(s.total, s.military) for s in sheet.seats]
    return [1 + sum(other > key for other in keys) for key in keys]


def cell_detail(sheet: ScoreSheet, areas: Sequence[Sequence[int]], seat: int, row: str) -> CellDetail:
    score = sheet.seats[seat]
    points = score.rows[row]
    if row in (ARAB, MONGOL):
        return CellDetail(seat, row, points, symbols=score.symbols.get(row, 0))
    if row == TOTAL:
        return CellDetail(seat, row, points)
    cards = load_cards().cards
    lines = []
    first_of_type: set[str] = set()
    for uid in areas[seat]:
        card = cards[uid]
        kind = card.type.scoring["kind"]
        first = card.id not in first_of_type
        first_of_type.add(card.id)
        in_row = row == BAZAAR if kind == "trader" else card.type.colour == row
        if not in_row:
            continue
        got = score.cards.get(uid, 0)
        lines.append(CardLine(uid, got, None if got else _zero_reason(card.type.scoring, first=first)))
    return CellDetail(seat, row, points, cards=tuple(lines))


def _zero_reason(scoring: dict, *, first: bool) -> ZeroReason:
    kind = scoring["kind"]
    if kind == "conditional" and scoring["bonus"] == 0:
        return ZeroReason.CONDITION_CANCELS
    if kind == "set":
        return ZeroReason.NOTHING_COUNTED if first else ZeroReason.SET_COPY
    return {
        "conditional": ZeroReason.CONDITION,
        "trader": ZeroReason.NO_SET,
        "base_minus": ZeroReason.PENALTIES,
    }.get(kind, ZeroReason.NOTHING_COUNTED)
