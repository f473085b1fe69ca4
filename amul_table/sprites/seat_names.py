"""A seat's name fitted to a width: whole on one line, else whole on two, and cut only where two lines at the
least size still hold too little (the places that cut keep a tip with the whole name)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.sprites.style import LEAST_PX, fitting_size, font


@dataclass(frozen=True)
class NameLines:
    """A name's lines at one size; `cut` when even two lines at the least size hold less than the whole name."""

    lines: tuple[str, ...]
    px: int
    cut: bool = False

    def height(self, bold: bool = True, family: str = "sans") -> int:
        return len(self.lines) * font(self.px, bold, family).get_linesize()


@lru_cache(maxsize=512)
def seat_name_lines(
    name: str,
    width: int,
    px: int,
    *,
    then: int = 0,
    bold: bool = True,
    family: str = "sans",
    least: int = LEAST_PX,
    most: int = 2,
) -> NameLines:
    """`name` within `width`: one line at the largest size from `px` down to `least`, else up to `most` lines
    (`then` wide after the first; as few as will do), broken between words, after a hyphen, or inside a word too wide
    ("WWWWWWWW" / "WWWWWWWWWW"); else cut on its last line."""
    then = then or width
    one = fitting_size(name, width, px, bold, family, least)
    if font(one, bold, family).size(name)[0] <= width:
        return NameLines((name,), one)
    for count in range(2, most + 1):  # as few lines as the least size allows, each size tried from the largest
        for size in range(px, least - 1, -1):
            lines = broken(name, width, then, font(size, bold, family))
            if len(lines) <= count:
                return NameLines(balanced(name, width, then, font(size, bold, family), len(lines)), size)
    lines = broken(name, width, then, font(least, bold, family))[:most] if most > 1 else (name,)
    fnt, last = font(least, bold, family), lines[-1]
    while len(last) > 1 and fnt.size(last + "\u2026")[0] > (then if len(lines) > 1 else width):
        last = last[:-1]
    return NameLines((*lines[:-1], last + "\u2026"), least, cut=True)


def header_lines(
    name: str, tier: str | None, width: int, px: int, *, then: int, family: str = "sans", tier_lines: int = 2
) -> NameLines:
    """An opponent's header: "name · tier" whole on up to `tier_lines` lines (the tier kept with its dot), else the
    name alone on up to three. The width and the panel's height decide, never the status beside it, so seats alike
    at one table all keep their tiers or all drop them; a header without its tier says it in its tip."""
    if tier:
        glued = f"{name} \u00b7\u00a0{tier.replace(' ', chr(0xA0))}"  # "Marco" / "· au hasard", never "· au" / "hasard"
        both = seat_name_lines(glued, width, px, then=then, family=family, most=tier_lines)
        if not both.cut:  # the no-break spaces measure as spaces: drawn as spaces
            return NameLines(tuple(line.replace("\u00a0", " ") for line in both.lines), both.px)
    return seat_name_lines(name, width, px, then=then, family=family, most=3)


def broken(name: str, width: int, then: int, fnt: pygame.font.Font) -> tuple[str, ...]:
    """Greedy lines of `name`, the first within `width` and the others `then`: between words, after a hyphen,
    and a piece wider than a line between its letters."""
    lines = [""]
    for match in re.finditer(r"[^ -]+-?|-", name):  # "Éléonore-Françoise" breaks after its hyphen
        piece, gap = match.group(), match.start() > 0 and name[match.start() - 1] == " "
        room = width if len(lines) == 1 else then
        joined = f"{lines[-1]}{' ' if gap and lines[-1] else ''}{piece}"
        if fnt.size(joined)[0] <= room:
            lines[-1] = joined
            continue
        if lines[-1]:
            lines.append("")
        for ch in piece:
            if lines[-1] and fnt.size(lines[-1] + ch)[0] > (width if len(lines) == 1 else then):
                lines.append("")
            lines[-1] += ch
    return tuple(lines)


def balanced(name: str, width: int, then: int, fnt: pygame.font.Font, count: int) -> tuple[str, ...]:
    """One word broken between its letters into `count` lines as narrow as they can be: "MMMMMMMMM" / "MMMMMMMMM",
    not a lone "M" on the last line (names of words keep their breaks between words and after hyphens)."""
    lines, step = broken(name, width, then, fnt), max(2, width // 16)
    if " " in name or "-" in name:
        return lines
    while width > step and len(narrower := broken(name, width - step, then - step, fnt)) == count:
        lines, width, then = narrower, width - step, then - step
    return lines
