"""The seats' names over the score pad's columns and under its chart's bars: where one column is too narrow for a
name at a readable size (8 players at 1024×640: "Xuanzang", "Zheng He"), every other name goes one line lower, as
wide as two columns. A name cut even so (one typed at Setup's limit) keeps a tip with the whole name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from amul_table.sprites.seat_names import seat_name_lines
from amul_table.sprites.style import LEAST_PX, font


@dataclass(frozen=True)
class ColumnName:
    """A seat's name over (or under) its column: what is drawn, at which size, on which of the two lines, and how
    far its centre lies from the column's (a name at either end keeps within the panel)."""

    name: str
    shown: str
    px: int
    line: int
    offset: int = 0

    @property
    def cut(self) -> bool:
        return self.shown != self.name


def column_names(
    names: Sequence[str], col_w: int, px: int, *, left: int, right: int, family: str = "sans"
) -> tuple[ColumnName, ...]:
    """Each name within its column `col_w` wide at `px`; else staggered on two lines, each name within two columns
    at `px` down to the least readable size (the first and last within the room `left` and `right` of them)."""
    px = max(px, LEAST_PX)
    alone = all(font(px, True, family).size(name)[0] <= col_w - 8 for name in names)  # else one size, two lines
    half = col_w // 2 - 4 if alone else col_w - 4
    out = []
    for i, name in enumerate(names):
        lo = -min(half, col_w // 2 + left) if i == 0 else -half
        hi = min(half, col_w // 2 + right) if i == len(names) - 1 else half
        fitted = seat_name_lines(name, hi - lo, px, family=family, most=1)
        out.append(ColumnName(name, fitted.lines[0], fitted.px, 0 if alone else i % 2, (lo + hi) // 2))
    return tuple(out)


def names_height(names: Sequence[ColumnName], family: str = "sans") -> int:
    """The height the names take: one line, or two when staggered."""
    lines = 1 + max((n.line for n in names), default=0)
    return lines * font(max((n.px for n in names), default=LEAST_PX), True, family).get_linesize()
