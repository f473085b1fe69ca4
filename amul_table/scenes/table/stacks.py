"""Cards as strips: the play areas and the Palace and Bazaar as stacks of one card type each (with a count), laid
out in columns, and the Market as a list; the shown seat's play area as tucked faces in colour columns."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.i18n import language, tr
from amul_table.rules.cards import load_cards
from amul_table.sprites.cards import CARD_RATIO, VOWELS, card_name, name_band_bottom, strip_px
from amul_table.sprites.style import COLOUR_ORDER, LEAST_PX, font, letter_room

BAND_H = next(h for h in range(8, 60) if strip_px(h) >= LEAST_PX)  # the least strip with LEAST_PX text


@dataclass(frozen=True)
class Stack:
    """Copies of one card type in an opponent's play area, drawn as one strip with a count."""

    rect: pygame.Rect
    uids: tuple[int, ...]
    label: str = ""  # what the strip says, when not the card's own name: "Mong. Merchant", "Yellow" (a colour's)


def play_area_rects(cards: Sequence[int], rect: pygame.Rect, u: float, least: int) -> dict[int, pygame.Rect] | None:
    """A play area as faces tucked under each other in colour columns, every name band showing (as on a real
    table), in one to three rows: whichever gives the biggest cards; None when they would be under `least` wide."""
    all_cards = load_cards().cards
    columns: dict[str, list[int]] = defaultdict(list)
    for uid in cards:
        columns[all_cards[uid].type.colour].append(uid)
    present = [c for c in COLOUR_ORDER if c in columns]
    out: dict[int, pygame.Rect] = {}
    if not present:
        return out
    gap = max(2, int(4 * u))
    tallest = max(len(v) for v in columns.values())
    best = (0, 1)
    for rows in (1, 2, 3):
        per_row = -(-len(present) // rows)
        width = int((rect.w - gap * (per_row - 1)) / per_row)
        height = int((rect.h - gap * (rows - 1)) / rows / (CARD_RATIO + CARD_RATIO * 0.2 * (tallest - 1)))
        best = max(best, (min(width, height, int(120 * u)), -rows))
    cw, rows = best[0], -best[1]
    per_row = -(-len(present) // rows)
    lang = language()
    order = {c: sorted(columns[c], key=lambda x: (all_cards[x].type.id, x)) for c in present}
    tucked = [uid for column in order.values() for uid in column[:-1]]  # with a card over their lower part
    while cw >= least:  # each card tucked under the one before it, below its name band (two lines for some)
        ch = int(cw * CARD_RATIO)
        band = max([max(12, int(ch * 0.2))] + [name_band_bottom(uid, cw, ch, lang) + 1 for uid in tucked])
        row_h = ch + band * (tallest - 1)
        if rows * row_h + gap * (rows - 1) <= rect.h:
            break
        cw -= 2
    if cw < least:
        return None
    for i, colour in enumerate(present):
        row, col = divmod(i, per_row)
        x = rect.left + col * (cw + gap)
        y = rect.top + row * (row_h + gap)
        for k, uid in enumerate(order[colour]):
            out[uid] = pygame.Rect(x, y + k * band, cw, ch)
    return out


def type_groups(cards: Sequence[int]) -> list[tuple[int, ...]]:
    """The copies of each card type together, in the order the types first came (the Palace's and Bazaar's)."""
    all_cards = load_cards().cards
    by_type: dict[str, list[int]] = {}
    for uid in cards:
        by_type.setdefault(all_cards[uid].type.id, []).append(uid)
    return [tuple(v) for v in by_type.values()]


def stack_groups(cards: Sequence[int]) -> list[tuple[int, ...]]:
    """A play area as stacks of one card type each, by colour then type (the copies of a type together)."""
    return list(_stack_groups(tuple(cards)))


@lru_cache(maxsize=256)
def _stack_groups(cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """stack_groups's stacks, kept: every layout groups every seat's play area again at each top-row height it tries."""
    all_cards = load_cards().cards
    rank = {c: i for i, c in enumerate(COLOUR_ORDER)}
    by_type: dict[str, list[int]] = defaultdict(list)
    for uid in cards:
        by_type[all_cards[uid].type.id].append(uid)
    stacks = [tuple(sorted(v)) for v in by_type.values()]
    return tuple(sorted(stacks, key=lambda st: (rank.get(all_cards[st[0]].type.colour, 99), all_cards[st[0]].type.id)))


def stack_capacity(rect: pygame.Rect, sh: int, col_w: int) -> int:
    cols = max(1, rect.w // col_w)
    return cols * max(1, (rect.h + 2) // (sh + 2))


def place_stacks(
    groups: list[tuple[int, ...]], rect: pygame.Rect, sh: int, col_w: int
) -> tuple[list[Stack], Stack | None]:
    """Stacks in columns, top to bottom then left to right; the last slot says "+N" when they overflow.

    Only the columns needed are used, each up to twice `col_w` wide, so names are not cut beside empty room.
    """
    cols = max(1, min(len(groups), rect.w // col_w)) if groups else 1
    rows = max(1, (rect.h + 2) // (sh + 2))
    cols = min(cols, max(1, -(-len(groups) // rows)))
    width = min((rect.w - 4 * (cols - 1)) // cols, max(2 * col_w, rect.w // max(1, rect.w // col_w)))
    slots = [
        pygame.Rect(rect.left + c * (width + 4), rect.top + r * (sh + 2), width, sh)
        for c in range(cols)
        for r in range(rows)
    ]
    if len(groups) <= len(slots):
        return [Stack(slot, g) for slot, g in zip(slots, groups, strict=False)], None
    shown = len(slots) - 1
    rest = tuple(u for g in groups[shown:] for u in g)
    return [Stack(slot, g) for slot, g in zip(slots[:shown], groups, strict=False)], Stack(slots[shown], rest)


def clear_of(slot: pygame.Rect, stacks: list[Stack], over: Stack | None) -> None:
    """Shorten the strips that run under `slot` (an opponent's face-down Reveal) so they end before it."""
    for st in [*stacks, over] if over else stacks:
        if st.rect.colliderect(slot):
            st.rect.width = max(1, slot.left - 3 - st.rect.left)


@lru_cache(maxsize=8192)
def chip_width(label: str, h: int, count: int, *, lead: int = 0) -> int:
    """How wide a strip `h` pixels tall must be for `label` whole after `lead` px (a colour-blind letter's: letter_lead)
    and, for copies, the count beside it (cached: each layout measures every seat's names again at each height it
    tries; a width outlives the fonts measuring it)."""
    bold = font(strip_px(h), True)
    return lead + 2 + 2 + bold.size(label)[0] + 4 + 2 + (bold.size(f"×{count}")[0] + 4 if count > 1 else 0)


def says_colour(uids: tuple[int, ...], label: str) -> bool:
    """Whether a strip's label is its cards' colour ("Yellow ×6"): it needs no colour-blind letter before it."""
    return label == tr(f"colour.{load_cards().cards[uids[0]].type.colour}")


def letter_lead(uids: tuple[int, ...], label: str, h: int, letters: str | None) -> int:
    """What the colour-blind letter in the language `letters` (None: the aid is off) takes before a strip's label."""
    if letters is None or says_colour(uids, label):
        return 0
    return letter_room(load_cards().cards[uids[0]].type.colour, letters, h)


def names_whole(stacks: list[Stack], lang: str, *, aid: bool = False) -> bool:
    """Whether every stack is wide enough for its card's whole name (and its count, and the `aid`'s letter)."""
    cards = load_cards().cards
    letters = lang if aid else None

    def whole(st: Stack) -> bool:
        label = st.label or card_name(cards[st.uids[0]].type, lang)
        lead = letter_lead(st.uids, label, st.rect.h, letters)
        return st.rect.w >= chip_width(label, st.rect.h, len(st.uids), lead=lead)

    return all(whole(st) for st in stacks)


def grouped(stacks: list[Stack]) -> bool:
    """Whether some strip stands for several card types (a colour's, where the names did not fit)."""
    cards = load_cards().cards
    return any(len({cards[u].type.id for u in st.uids}) > 1 for st in stacks)


def first_syllable(word: str) -> str:
    """A word's opening up to the consonants after its first vowels ("Mongol" → "Mong"), or the word when that
    saves nothing."""
    i = 0
    while i < len(word) and word[i] not in VOWELS:
        i += 1
    while i < len(word) and word[i] in VOWELS:
        i += 1
    while i < len(word) and word[i] not in VOWELS:
        i += 1
    head = word[: i - 1] if i < len(word) and word[i - 1] in "'’" else word[:i]
    return f"{head}." if len(head) + 1 < len(word) else word


def shortened(name: str, level: int) -> str:
    """A card name at a level of shortening: whole (0); all but its longest word cut to a first syllable (1),
    "Mongol Merchant" → "Mong. Merchant", "Négociant byzantin" → "Négociant byz."; every word of more than
    four letters (2). A one-word name stays whole, but at level 3 ("Medallion" → "Med.": the board's last resort)."""
    words = name.split(" ")
    if level == 0 or (len(words) == 1 and level < 3):
        return name
    keep = max(range(len(words)), key=lambda i: len(words[i]))
    return " ".join(w if len(w) <= 4 or (i == keep and level < 2) else first_syllable(w) for i, w in enumerate(words))


def flow_stacks(
    groups: list[tuple[int, ...]],
    rect: pygame.Rect,
    sh: int,
    lang: str,
    keep_clear: pygame.Rect | None = None,
    *,
    aid: bool = False,
) -> list[Stack] | None:
    """Stacks as strips each as wide as its name and count, in rows left to right (by colour, as the columns),
    clear of `keep_clear` (a face-down Reveal). Where the whole names do not fit: all but each name's longest
    word shortened, then every word; then the colours with the most types one strip each ("Yellow ×6"), as the
    Palace bands count their copies; None when even that does not fit. With the colour-blind `aid`, each strip
    counts its letter."""
    clear = None if keep_clear is None else tuple(keep_clear)
    flowed = _flowed(tuple(groups), tuple(rect), sh, lang, clear, language(), aid)
    return None if flowed is None else [Stack(pygame.Rect(at), uids, label) for at, uids, label in flowed]


@lru_cache(maxsize=1024)
def _flowed(
    groups: tuple[tuple[int, ...], ...],
    at: tuple[int, int, int, int],
    sh: int,
    lang: str,
    keep_clear: tuple[int, int, int, int] | None,
    tr_lang: str,
    aid: bool,
) -> tuple[tuple[tuple[int, int, int, int], tuple[int, ...], str], ...] | None:
    """flow_stacks's strips as plain values, cached: a layout flows the same play area again at each height it tries
    for the top row, and the next view's layout mostly the same areas (`tr_lang`: the language the colours are
    named in by tr; each call gets new Rects, which the layout may shorten)."""
    clear = None if keep_clear is None else pygame.Rect(keep_clear)
    out = _flow_stacks(list(groups), pygame.Rect(at), sh, lang, clear, aid=aid)
    return None if out is None else tuple((tuple(st.rect), st.uids, st.label) for st in out)


def _flow_stacks(
    groups: list[tuple[int, ...]],
    rect: pygame.Rect,
    sh: int,
    lang: str,
    keep_clear: pygame.Rect | None,
    *,
    aid: bool = False,
) -> list[Stack] | None:
    cards = load_cards().cards
    names = [card_name(cards[g[0]].type, lang) for g in groups]
    letters = lang if aid else None
    leads = [letter_lead(g, name, sh, letters) for g, name in zip(groups, names, strict=True)]
    for level in (0, 1, 2):
        labelled = [
            (g, fitted_label(name, len(g), level, sh, rect.w, lead=lead))
            for g, name, lead in zip(groups, names, leads, strict=True)
        ]
        out = flow(labelled, rect, sh, keep_clear, letters=letters)
        if out is not None:
            return out
    by_colour: dict[str, list[int]] = defaultdict(list)
    for i, g in enumerate(groups):
        by_colour[cards[g[0]].type.colour].append(i)
    crowded = sorted(by_colour, key=lambda c: -len(by_colour[c]))
    for n in range(1, len(crowded) + 1):
        merged = {c: tuple(u for i in by_colour[c] for u in groups[i]) for c in crowded[:n]}
        labelled, shown = [], set()
        for g, name, lead in zip(groups, names, leads, strict=True):
            colour = cards[g[0]].type.colour
            if colour not in merged:
                labelled.append((g, fitted_label(name, len(g), 2, sh, rect.w, lead=lead)))
            elif colour not in shown:
                shown.add(colour)
                labelled.append((merged[colour], tr(f"colour.{colour}")))
        out = flow(labelled, rect, sh, keep_clear, letters=letters)
        if out is not None:
            return out
    return None


@lru_cache(maxsize=8192)
def fitted_label(name: str, count: int, level: int, h: int, width: int, *, lead: int = 0) -> str:
    """`name` shortened from `level` on, further only while its strip `h` tall is wider than `width`."""
    tries = [shortened(name, k) for k in range(level, 3)]
    return next((t for t in tries if chip_width(t, h, count, lead=lead) <= width), tries[-1])


def flow(
    labelled: list[tuple[tuple[int, ...], str]],
    rect: pygame.Rect,
    sh: int,
    keep_clear: pygame.Rect | None,
    *,
    letters: str | None = None,
) -> list[Stack] | None:
    """`labelled` stacks in rows of strips as wide as their labels (after their colour-blind letters in the language
    `letters`, None with the aid off), or None when they do not all fit in `rect`."""
    out: list[Stack] = []
    x, y = rect.left, rect.top
    for g, label in labelled:
        w = chip_width(label, sh, len(g), lead=letter_lead(g, label, sh, letters))
        while y + sh <= rect.bottom:
            row = pygame.Rect(rect.left, y, rect.w, sh)
            right = keep_clear.left - 3 if keep_clear is not None and row.colliderect(keep_clear) else rect.right
            if x + w <= right:
                break
            x, y = rect.left, y + sh + 2
        if y + sh > rect.bottom:
            return None
        out.append(Stack(pygame.Rect(x, y, w, sh), g, label))
        x += w + 4
    return out


def fit_stacks(
    groups: dict[int, list[tuple[int, ...]]], rects: dict[int, pygame.Rect], least: int, most: int, col_w: int
) -> tuple[int, dict[int, int]]:
    """One strip height for every seat, the tallest (from `most` down to `least` px) at which all their stacks fit
    in columns `col_w` wide; and each seat's column width: `col_w`, or for a seat whose stacks do not fit, the
    widest down to 64 px that lets them (names may be shortened: better than hidden), else 64 px (the most shown)."""
    for h in range(max(least, most), least - 1, -1):
        if all(stack_capacity(rects[s], h, col_w) >= len(g) for s, g in groups.items()):
            return h, dict.fromkeys(groups, col_w)
    widths = {}
    for seat, g in groups.items():
        fits = (w for w in range(col_w, 63, -4) if stack_capacity(rects[seat], least, w) >= len(g))
        widths[seat] = next(fits, 64)
    return least, widths


@dataclass(frozen=True)
class BandNeed:
    """How wide a Palace or Bazaar band must be: with its summary, and with its name alone."""

    whole: int
    name: int


def column_widths(columns: list[list[BandNeed]], room: int) -> list[int]:
    """Each list column's width within `room`: first its widest name, then widened step by step where a pixel
    shows the most summaries (rather than all shrunk alike, which dropped some Bazaar summaries in French at
    1600×900); shared out in proportion when even the names do not fit."""
    widths = [max((b.name for b in col), default=90) for col in columns]
    widths = [max(64, w) for w in widths]
    if sum(widths) > room:
        return [max(64, w * room // sum(widths)) for w in widths]
    while True:
        best: tuple[float, int, int] | None = None
        for i, col in enumerate(columns):
            for whole in sorted({b.whole for b in col if b.whole > widths[i]}):
                extra = whole - widths[i]
                if sum(widths) + extra > room:
                    break
                shown = sum(widths[i] < b.whole <= whole for b in col)
                if best is None or shown / extra > best[0]:
                    best = (shown / extra, i, whole)
        if best is None:
            return widths
        widths[best[1]] = best[2]


def market_list(slots: int, area: pygame.Rect, tri: pygame.Rect, u: float) -> list[pygame.Rect]:
    """The Market as strips in one to three columns, read top to bottom then left to right, at the foot of the
    board: each strip tall enough for 12 px text and wide enough for a name and its short rule."""
    h = max(BAND_H, int(26 * u))
    gap = max(2, int(4 * u))
    most = max(1, int(tri.h * 0.4) // (h + gap))  # rows before a column more
    cols = min(3, -(-slots // most))
    rows = -(-slots // cols)
    w = min((area.w - gap * (cols - 1)) // cols, max(200, int(300 * u)))
    bottom = tri.bottom - int(tri.h * 0.04)
    top = bottom - rows * (h + gap) + gap
    x0 = tri.centerx - (cols * w + (cols - 1) * gap) // 2
    return [pygame.Rect(x0 + c * (w + gap), top + r * (h + gap), w, h) for c in range(cols) for r in range(rows)][
        :slots
    ]
