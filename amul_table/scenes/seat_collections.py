"""What a seat was collecting, read from its final play area: the card kinds that scored most.

The score pad says how much each row gave; this says which cards did it, in one line per seat,
so that after a game against bots a person can see what each bot was going for.
"""

from __future__ import annotations

from dataclasses import dataclass

from amul_table.i18n import card_name, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.scoring import ARAB, MONGOL, ScoreSheet

TOP = 3


@dataclass(frozen=True)
class Collection:
    """One kind of card in a play area: its copies and the points they scored together."""

    type_id: str
    copies: int
    points: int


def collections(sheet: ScoreSheet, areas: list[list[int]], seat: int, top: int = TOP) -> list[Collection]:
    """The `top` card kinds of `seat`'s play area by points scored (ties: more copies first)."""
    cards = load_cards().cards
    points = sheet.seats[seat].cards
    kinds: dict[str, list[int]] = {}
    for uid in areas[seat]:
        kinds.setdefault(cards[uid].type.id, []).append(uid)
    found = [Collection(t, len(uids), sum(points.get(u, 0) for u in uids)) for t, uids in kinds.items()]
    found = [c for c in found if c.points > 0]
    found.sort(key=lambda c: (-c.points, -c.copies, c.type_id))
    return found[:top]


def collecting_line(sheet: ScoreSheet, areas: list[list[int]], seat: int, name: str) -> str:
    """ "Marco was collecting Silver ×3: 13, Spice ×4: 10 · Arab majority: 8" in the current language."""
    types = load_cards().types
    parts = [
        tr("scoring.collecting_item", card=card_name(types[c.type_id]), n=c.copies, points=c.points)
        for c in collections(sheet, areas, seat)
    ]
    rows = sheet.seats[seat].rows
    for row in (ARAB, MONGOL):
        if rows.get(row, 0) > 0:
            parts.append(tr("scoring.collecting_majority", row=tr(f"scoring.row.{row}"), points=rows[row]))
    what = ", ".join(parts) if parts else tr("scoring.collecting_nothing")
    return tr("scoring.collecting_line", name=name, what=what)
