"""The Palace's and Bazaar's bands in rows of strips as wide as their names, where the board's list columns would
cut them ("Arg…", "Négociant byza…" at 8 players, 1024×640): the Palace from the left, the Bazaar from the right."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.rules.cards import load_cards
from amul_table.scenes.table.stacks import chip_width, flow, letter_lead, shortened
from amul_table.sprites.cards import card_name

GAP = 4  # between two strips of a row
APART = 12  # between the Palace's strips and the Bazaar's
TITLE_W = 64  # the least width a side's title is centred over

Labelled = list[tuple[tuple[int, ...], str]]  # each band's copies and what its strip says
Strip = tuple[tuple[int, int, int, int], tuple[int, ...], str]  # where (from the lists' top left), copies, label


@dataclass(frozen=True)
class BoardRows:
    """Each side's strips, placed from the lists' top left, and the width its title is centred over (the Palace's
    from the left edge, the Bazaar's from the right)."""

    palace: tuple[Strip, ...]
    bazaar: tuple[Strip, ...]
    palace_w: int
    bazaar_w: int


@lru_cache(maxsize=256)
def board_rows(
    palace: tuple[tuple[int, ...], ...],
    bazaar: tuple[tuple[int, ...], ...],
    sh: int,
    rows: int,
    room: int,
    lang: str,
    *,
    aid: bool = False,
) -> BoardRows | None:
    """Both sides' bands in at most `rows` rows `room` px wide, each side a block in the fewest rows: the whole
    names if they fit, else one side's or both sides' names shortened as the play areas' are ("Négociant byz.",
    then "Nég. byz."); where no blocks fit, each row shared out on its own (the sides' edge then not straight); one-word
    names shortened last ("Med.": the colour-blind `aid`'s letters, which each strip counts, can leave no other way).
    None when even that does not fit (cached: the layout is made again at each view)."""
    cards = load_cards().cards
    labelled = [
        [[(g, shortened(card_name(cards[g[0]].type, lang), level)) for g in side] for level in range(4)]
        for side in (palace, bazaar)
    ]
    pairs = sorted(((a, b) for a in range(4) for b in range(4)), key=lambda ab: (sum(ab), max(ab)))
    for levels in ([ab for ab in pairs if 3 not in ab], [ab for ab in pairs if 3 in ab]):  # one-word names cut last
        for place in (_blocks, _shared_rows):
            for a, b in levels:
                placed = place(labelled[0][a], labelled[1][b], sh, rows, room, lang if aid else None)
                if placed is not None:
                    return placed
    return None


def _blocks(left: Labelled, right: Labelled, sh: int, rows: int, room: int, letters: str | None) -> BoardRows | None:
    """Each side a block of rows as narrow as it can be, in the fewest rows that hold both side by side."""
    for r in range(1, rows + 1):
        wl, wr = _least_width(left, sh, r, letters), _least_width(right, sh, r, letters)
        if wl is None or wr is None or wl + APART + wr > room:
            continue
        height = r * (sh + 2) - 2
        strips = [
            flow(side, pygame.Rect(x, 0, w, height), sh, None, letters=letters) or []
            for side, x, w in ((left, 0, wl), (right, room - wr, wr))
        ]
        placed = [tuple((tuple(st.rect), st.uids, st.label) for st in side) for side in strips]
        return BoardRows(placed[0], placed[1], wl, wr)
    return None


def _least_width(labelled: Labelled, sh: int, rows: int, letters: str | None) -> int | None:
    """The narrowest width (at least the title's) whose rows of strips hold `labelled` in `rows` rows."""
    widths = [chip_width(label, sh, len(g), lead=letter_lead(g, label, sh, letters)) for g, label in labelled]
    lo, hi = max([TITLE_W, *widths]), sum(widths) + GAP * len(widths)
    if rows_taken(widths, hi) > rows:
        return None
    while lo < hi:  # rows of strips broken greedily hold as much or more in a wider area
        mid = (lo + hi) // 2
        if rows_taken(widths, mid) > rows:
            lo = mid + 1
        else:
            hi = mid
    return lo


def rows_taken(widths: list[int], room: int) -> int:
    """The rows `flow` breaks strips of `widths` into, `room` px wide (none wider than `room`): counted on the widths
    alone, as the search for the narrowest block tries a dozen widths for each side at each level."""
    rows, x = 1, 0
    for w in widths:
        if x and x + w > room:
            rows, x = rows + 1, 0
        x += w + GAP
    return rows


def _shared_rows(
    left: Labelled, right: Labelled, sh: int, rows: int, room: int, letters: str | None
) -> BoardRows | None:
    """Where no two blocks fit: the Palace's rows as narrow as can be, the Bazaar's from the right in what each row
    leaves (as long as both end within `rows`, each side on every row until it ends)."""
    lw = [chip_width(label, sh, len(g), lead=letter_lead(g, label, sh, letters)) for g, label in left]
    rw = [chip_width(label, sh, len(g), lead=letter_lead(g, label, sh, letters)) for g, label in right]
    runs = {used_width(lw[a:b]) for a in range(len(lw)) for b in range(a + 1, len(lw) + 1)}  # the widths that matter
    for limit in sorted(w for w in runs | {0} if max(lw, default=0) <= w <= room):
        cuts = _fill(lw, rw, rows, room, limit)
        if cuts is not None:
            return _rows_placed(left, right, lw, rw, cuts, sh, room)
    return None


def _fill(lw: list[int], rw: list[int], rows: int, room: int, limit: int) -> list[tuple[int, int, int, int]] | None:
    """Each row's Palace strips (from, to) up to `limit` px and Bazaar strips in the rest, or None."""
    i = j = 0
    cuts = []
    for _ in range(rows):
        a, b = i, j
        while i < len(lw) and used_width(lw[a : i + 1]) <= limit:
            i += 1
        rest = room - used_width(lw[a:i]) - (APART if i > a else 0)
        while j < len(rw) and used_width(rw[b : j + 1]) <= rest:
            j += 1
        if j == b < len(rw):
            return None
        cuts.append((a, i, b, j))
        if i == len(lw) and j == len(rw):
            return cuts
    return None


def used_width(widths: list[int]) -> int:
    return sum(widths) + GAP * (len(widths) - 1) if widths else 0


def _rows_placed(
    left: Labelled,
    right: Labelled,
    lw: list[int],
    rw: list[int],
    cuts: list[tuple[int, int, int, int]],
    sh: int,
    room: int,
) -> BoardRows:
    """The strips of each row's (Palace from, to, Bazaar from, to), the Bazaar's ending at the right."""
    palace: list[Strip] = []
    bazaar: list[Strip] = []
    for row, (a, b, c, d) in enumerate(cuts):
        y = row * (sh + 2)
        x = 0
        for k in range(a, b):
            palace.append(((x, y, lw[k], sh), left[k][0], left[k][1]))
            x += lw[k] + GAP
        x = room - used_width(rw[c:d])
        for k in range(c, d):
            bazaar.append(((x, y, rw[k], sh), right[k][0], right[k][1]))
            x += rw[k] + GAP
    first = cuts[0]
    return BoardRows(
        tuple(palace),
        tuple(bazaar),
        max(TITLE_W, used_width(lw[first[0] : first[1]])),
        max(TITLE_W, used_width(rw[first[2] : first[3]])),
    )
