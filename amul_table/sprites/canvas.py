"""A surface that keeps what is drawn on it, so that a repaint redoes only the rectangles whose drawing changed.

The table's still frame is painted onto a `Canvas`: each call is kept as an `Op` (what is drawn, by value, and
the rectangle it can touch). `changed` compares two paintings and returns the rectangles where they differ, and
`replay` draws a painting clipped to those rectangles: the same pixels as a full repaint, for a fraction of
the memory traffic (a 4K frame is 33 MB, and repainting it whole took most of a frame's budget).

`rect`, `line`, `circle` and `polygon` stand for pygame.draw's: they keep the call on a Canvas and draw at once on
a Surface. Sources are compared by identity (and alpha): an image drawn onto the canvas is never drawn into, nor
given another alpha, afterwards (the image caches hand out finished surfaces; a painter that needs a variant
copies it), and each Op holds its source, so its id is not reused.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

Point = tuple[float, float]
MANY = 48  # rectangles `disjoint` merges one by one
TILE = 64  # past MANY, the side of the squares `disjoint` covers them with
BLANK = (0, 0, 0)  # what a new surface holds: a replayed rectangle starts from it, as a full repaint does


@dataclass(slots=True)  # not frozen: a frozen dataclass took three times as long to make, and a frame makes hundreds
class Op:
    """One drawing call: `draw(surface, *args)`; `key` says what it draws, `bounds` where it can touch, and
    `touches`, when given, the parts of `bounds` it can touch (an outline's bands: its inside is left alone).
    Never changed once kept."""

    key: tuple
    bounds: pygame.Rect
    draw: Callable[..., Any]
    args: tuple
    touches: tuple[pygame.Rect, ...] = ()


class Canvas:
    """Stands for a surface of `size` while a painter runs: its calls are kept in `ops`, nothing is drawn."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.area = pygame.Rect((0, 0), size)
        self.ops: list[Op] = []

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size).move_to(**where) if where else pygame.Rect((0, 0), self.size)

    def keep(
        self, key: tuple, bounds: pygame.Rect, draw: Callable[..., Any], args: tuple, touches: tuple = ()
    ) -> pygame.Rect:
        bounds = bounds.clip(self.area)
        if touches:
            touches = tuple([t.clip(self.area) for t in touches])
        self.ops.append(Op(key, bounds, draw, args, touches))
        return bounds

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        x, y = int(dest[0]), int(dest[1])
        area = None if area is None else pygame.Rect(area)
        w, h = area.size if area is not None else source.get_size()
        key = ("blit", id(source), source.get_alpha(), x, y, None if area is None else tuple(area), special_flags)
        return self.keep(key, pygame.Rect(x, y, w, h), pygame.Surface.blit, (source, (x, y), area, special_flags))

    def fill(self, colour: Any, rect: Any = None) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.size) if rect is None else pygame.Rect(rect)
        return self.keep(("fill", tuple(pygame.Color(colour)), tuple(r)), r, pygame.Surface.fill, (colour, r))


def rect(surface: Any, colour: Any, r: Any, width: int = 0, border_radius: int = 0) -> pygame.Rect:
    """pygame.draw.rect, kept on a Canvas."""
    r = pygame.Rect(r)
    if not isinstance(surface, Canvas):
        return _draw_rect(surface, colour, r, width, border_radius)
    key = ("rect", tuple(pygame.Color(colour)), tuple(r), width, border_radius)
    pad = 2 * width + border_radius + 2 if width > 0 else 0  # an outline too wide for a small rect spills out of it
    bounds = r.inflate(2 * pad, 2 * pad)
    touches = bands(r.inflate(4, 4), width + 3, border_radius + 3) if width > 0 else ()
    return surface.keep(key, bounds, _draw_rect, (colour, r, width, border_radius), touches)


def bands(r: pygame.Rect, edge: int, corner: int) -> tuple[pygame.Rect, ...]:
    """Where an outline drawn inside `r` can touch: the bands `edge` wide along its edges and the squares of side
    `corner` in its corners, for the arcs (none, if they would cover most of `r`). A highlighted seat's panel
    at 4K changes its outline only: a twentieth of the panel."""
    if 4 * max(edge, corner) >= min(r.w, r.h):
        return ()
    return (
        pygame.Rect(r.left, r.top, r.w, edge),
        pygame.Rect(r.left, r.bottom - edge, r.w, edge),
        pygame.Rect(r.left, r.top, edge, r.h),
        pygame.Rect(r.right - edge, r.top, edge, r.h),
        *(pygame.Rect(x, y, corner, corner) for x in (r.left, r.right - corner) for y in (r.top, r.bottom - corner)),
    )


def _draw_rect(surface: pygame.Surface, colour: Any, r: pygame.Rect, width: int, border_radius: int) -> pygame.Rect:
    """A square-cornered outline is four filled bands: pygame.draw.rect outlines the rect as clipped, so a replay
    clipped across one would fill it (what a rounded outline or a fill draws does not depend on the clip)."""
    if width <= 0 or border_radius > 0 or 2 * width >= min(r.w, r.h):
        return pygame.draw.rect(surface, colour, r, width, border_radius=border_radius)
    for band in (
        (r.left, r.top, r.w, width),
        (r.left, r.bottom - width, r.w, width),
        (r.left, r.top + width, width, r.h - 2 * width),
        (r.right - width, r.top + width, width, r.h - 2 * width),
    ):
        surface.fill(colour, band)
    return r.clip(surface.get_clip())


def line(surface: Any, colour: Any, start: Point, end: Point, width: int = 1) -> pygame.Rect:
    """pygame.draw.line, kept on a Canvas."""
    if not isinstance(surface, Canvas):
        return pygame.draw.line(surface, colour, start, end, width)
    start, end = (start[0], start[1]), (end[0], end[1])
    key = ("line", tuple(pygame.Color(colour)), start, end, width)
    return surface.keep(key, around([start, end], width), pygame.draw.line, (colour, start, end, width))


def circle(surface: Any, colour: Any, centre: Point, radius: float, width: int = 0) -> pygame.Rect:
    """pygame.draw.circle, kept on a Canvas."""
    if not isinstance(surface, Canvas):
        return pygame.draw.circle(surface, colour, centre, radius, width)
    centre = (centre[0], centre[1])
    key = ("circle", tuple(pygame.Color(colour)), centre, radius, width)
    corners = [(centre[0] - radius, centre[1] - radius), (centre[0] + radius, centre[1] + radius)]
    return surface.keep(key, around(corners, 1), pygame.draw.circle, (colour, centre, radius, width))


def polygon(surface: Any, colour: Any, points: Sequence[Point], width: int = 0) -> pygame.Rect:
    """pygame.draw.polygon, kept on a Canvas."""
    if not isinstance(surface, Canvas):
        return pygame.draw.polygon(surface, colour, points, width)
    points = tuple((p[0], p[1]) for p in points)
    key = ("polygon", tuple(pygame.Color(colour)), points, width)
    return surface.keep(key, around(points, width), pygame.draw.polygon, (colour, points, width))


def around(points: Sequence[Point], width: int) -> pygame.Rect:
    """A rectangle sure to hold a shape through `points` drawn `width` wide (pixels round either way)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    pad = width + 2
    left, top = int(min(xs)) - pad, int(min(ys)) - pad
    return pygame.Rect(left, top, int(max(xs)) + pad + 1 - left, int(max(ys)) + pad + 1 - top)


def changed(old: list[Op], new: list[Op]) -> list[pygame.Rect]:
    """Where two paintings of one surface can differ: the bounds of the calls one has and the other has not.
    The calls both have are matched in order, so a pixel outside these rectangles sees the same calls in the
    same order in both, and comes out the same."""
    a, b = [op.key for op in old], [op.key for op in new]
    head, tail = common_ends(a, b)  # matched one to one, never looked at again
    old, new = old[head : len(old) - tail], new[head : len(new) - tail]
    kept_old, kept_new = matched(a[head : len(a) - tail], b[head : len(b) - tail])
    rects = [r for i, op in enumerate(old) if i not in kept_old for r in op.touches or (op.bounds,)]
    rects += [r for j, op in enumerate(new) if j not in kept_new for r in op.touches or (op.bounds,)]
    return disjoint([r for r in rects if r.w > 0 and r.h > 0])


def matched(a: list[tuple], b: list[tuple]) -> tuple[set[int], set[int]]:
    """Pairs of equal keys of `a` and `b`, in the same order in both (the indexes of each side's matched keys):
    each key of `b` in turn takes the first equal key of `a` after the last one taken. Not always the longest
    such matching, but linear, and a key holds its place on the window, so equal keys are nearly always one
    call (difflib's longest matching took 17 ms on a repaint where the whole layout moved). The calls the two
    start and end with alike are matched first, one to one (a repaint changes a few calls among hundreds)."""
    head, tail = common_ends(a, b)
    kept_a = {*range(head), *range(len(a) - tail, len(a))}
    kept_b = {*range(head), *range(len(b) - tail, len(b))}
    where: dict[tuple, list[int]] = {}
    for i in range(head, len(a) - tail):
        where.setdefault(a[i], []).append(i)
    last = head - 1
    for j in range(head, len(b) - tail):
        at = where.get(b[j])
        if not at:
            continue
        k = bisect_right(at, last)
        if k < len(at):
            last = at[k]
            kept_a.add(last)
            kept_b.add(j)
    return kept_a, kept_b


def common_ends(a: list[tuple], b: list[tuple]) -> tuple[int, int]:
    """How many keys `a` and `b` start with alike, and how many of the rest they end with alike."""
    head, tail, most = 0, 0, min(len(a), len(b))
    while head < most and a[head] == b[head]:
        head += 1
    while tail < most - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return head, tail


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles covering exactly the pixels of `rects`, none overlapping another (a pixel drawn twice when each
    is replayed), each the part of a rectangle that the ones before it leave uncovered: the union of two seat
    panels in opposite corners was half a 4K window, all repainted. Past `MANY` of them, the tiles they touch
    (splitting hundreds pairwise took longer than the repaint it spares)."""
    if len(rects) > MANY:
        return tiles(rects)
    out: list[pygame.Rect] = []
    for r in rects:
        pieces = [pygame.Rect(r)]
        for m in (out[i] for i in r.collidelistall(out)):  # (one that misses `r` misses its pieces)
            pieces = [q for p in pieces for q in (outside(p, m) if p.colliderect(m) else (p,))]
        out += pieces
        if len(out) > 4 * MANY:
            return tiles(rects)
    return out


def outside(r: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `r` outside `hole`: the bands above and below it, then those left and right of it."""
    parts = []
    if r.top < hole.top:
        parts.append(pygame.Rect(r.left, r.top, r.w, hole.top - r.top))
    if hole.bottom < r.bottom:
        parts.append(pygame.Rect(r.left, hole.bottom, r.w, r.bottom - hole.bottom))
    top, bottom = max(r.top, hole.top), min(r.bottom, hole.bottom)
    if r.left < hole.left:
        parts.append(pygame.Rect(r.left, top, hole.left - r.left, bottom - top))
    if hole.right < r.right:
        parts.append(pygame.Rect(hole.right, top, r.right - hole.right, bottom - top))
    return parts


def tiles(rects: list[pygame.Rect], tile: int = TILE) -> list[pygame.Rect]:
    """The squares of a `tile`-pixel grid that `rects` touch, as disjoint rectangles: each row's touched squares
    merged into runs, and a run that the row above has too grown down into it; all clipped to the rects' union.
    Where a round changes, 200 calls scattered over a 4K window touch a fifth to a half of it, and their one
    union was 93 % of it, all repainted."""
    bound = rects[0].unionall(rects[1:])
    rows: dict[int, set[int]] = {}
    for r in rects:
        columns = range(r.left // tile, (r.right - 1) // tile + 1)
        for row in range(r.top // tile, (r.bottom - 1) // tile + 1):
            rows.setdefault(row, set()).update(columns)
    done: list[pygame.Rect] = []
    growing: dict[tuple[int, int], pygame.Rect] = {}  # each run of the last row: its rectangle, still growing
    for row in sorted(rows):
        here: dict[tuple[int, int], pygame.Rect] = {}
        for run in runs(sorted(rows[row])):
            block = growing.pop(run, None)
            if block is not None and block.bottom == row * tile:
                block.h += tile
            else:
                if block is not None:  # the same run rows above, with untouched rows between: it is done
                    done.append(block)
                block = pygame.Rect(run[0] * tile, row * tile, (run[1] - run[0] + 1) * tile, tile)
            here[run] = block
        done += growing.values()
        growing = here
    done += growing.values()
    return [block.clip(bound) for block in done]


def runs(columns: list[int]) -> list[tuple[int, int]]:
    """Sorted integers as runs of consecutive ones: (first, last) each."""
    out: list[tuple[int, int]] = []
    for c in columns:
        if out and out[-1][1] == c - 1:
            out[-1] = (out[-1][0], c)
        else:
            out.append((c, c))
    return out


def replay(ops: list[Op], surface: pygame.Surface, clips: list[pygame.Rect]) -> None:
    """Draw `ops` onto `surface` inside `clips` (which must not overlap), each clip first blanked as a new
    surface is: the pixels there come out as a full repaint onto a new surface makes them."""
    if not clips:
        return
    for clip in clips:
        surface.fill(BLANK, clip)
    kept = surface.get_clip()
    bounds = [op.bounds for op in ops]
    for clip in clips:  # clip by clip, the calls in their order: the clips share no pixel, so each sees what a full
        surface.set_clip(clip)  # repaint draws there (the calls that miss a clip found in C, not one by one)
        for i in clip.collidelistall(bounds):
            op = ops[i]
            op.draw(surface, *op.args)
    surface.set_clip(kept)
