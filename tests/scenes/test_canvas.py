"""The canvas's repaint of what changed gives the pixels of a full repaint, for any two paintings: translucent
blits, outlines and fills, calls added, dropped, moved or drawn in another order."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from amul_table.sprites import canvas
from amul_table.sprites.canvas import Canvas, changed, replay

SIZE = (48, 32)
SPRITES = []  # a few translucent images, made once: a blit's key is its image


def sprites() -> list[pygame.Surface]:
    if not SPRITES:
        for i, (w, h) in enumerate([(9, 7), (14, 5), (4, 12)]):
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            img.fill((40 * i, 200 - 50 * i, 90, 140))
            SPRITES.append(img)
    return SPRITES


calls = st.lists(
    st.tuples(
        st.sampled_from(["fill", "rect", "outline", "blit", "circle", "line"]),
        st.integers(-6, SIZE[0]),
        st.integers(-6, SIZE[1]),
        st.integers(1, 20),
        st.integers(1, 14),
        st.integers(0, 2),
    ),
    max_size=14,
)


def paint(surface, plan) -> None:
    """Draw `plan` on a Canvas or a Surface through the same calls, as the table's painters do."""
    colours = [(200, 30, 30), (20, 160, 60), (240, 220, 90)]
    for kind, x, y, w, h, c in plan:
        if kind == "fill":
            surface.fill(colours[c], (x, y, w, h))
        elif kind == "rect":
            canvas.rect(surface, colours[c], (x, y, w, h), border_radius=c * 3)
        elif kind == "outline":
            canvas.rect(surface, colours[c], (x, y, w, h), 2, border_radius=c * 2)
        elif kind == "blit":
            surface.blit(sprites()[c], (x, y))
        elif kind == "circle":
            canvas.circle(surface, colours[c], (x, y), h // 2)
        else:
            canvas.line(surface, colours[c], (x, y), (x + w, y), 2)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def repainted(size: tuple[int, int], before, after, painter=None) -> tuple[list[pygame.Rect], bytes, bytes]:
    """`before` painted, then `after` replayed where the two differ: the clips, the pixels got and a full repaint's
    (`painter` draws a plan, `paint` unless given)."""
    painter = painter or paint
    first, second = Canvas(size), Canvas(size)
    painter(first, before)
    painter(second, after)
    kept = pygame.Surface(size)
    replay(first.ops, kept, [kept.get_rect()])
    clips = changed(first.ops, second.ops)
    replay(second.ops, kept, clips)
    whole = pygame.Surface(size)
    painter(whole, after)
    return clips, pixels(kept), pixels(whole)


@settings(max_examples=50, deadline=None, derandomize=True)
@given(before=calls, after=calls)
def test_replaying_what_changed_gives_the_pixels_of_a_full_repaint(before, after):
    """50 pairs of paintings in make test-fast, 100 others in make test (the test below: its examples are its own)."""
    _, got, whole = repainted(SIZE, before, after)
    assert got == whole


@pytest.mark.slow
@settings(max_examples=100, deadline=None, derandomize=True)
@given(before=calls, after=calls)
def test_replaying_what_changed_in_other_paintings_gives_the_pixels_of_a_full_repaint(before, after):
    _, got, whole = repainted(SIZE, before, after)
    assert got == whole


def test_a_painting_unchanged_repaints_nothing_and_one_call_changed_repaints_around_it():
    plan = [("fill", 0, 0, 48, 32, 0), ("blit", 5, 5, 0, 0, 1), ("rect", 30, 10, 8, 8, 2)]
    first, same, moved = Canvas(SIZE), Canvas(SIZE), Canvas(SIZE)
    paint(first, plan)
    paint(same, plan)
    paint(moved, [*plan[:2], ("rect", 31, 10, 8, 8, 2)])
    assert changed(first.ops, same.ops) == []
    clips = changed(first.ops, moved.ops)
    assert all(pygame.Rect(30, 10, 9, 8).contains(c) for c in clips)
    assert sum(c.w * c.h for c in clips) == 9 * 8


def test_a_repaint_where_everything_moved_gives_the_pixels_of_a_full_repaint():
    """Past `MANY` changed calls the rectangles become the tiles they touch (one, on so small a surface): the pixels
    stay those of a full repaint."""
    many = canvas.MANY + 12
    before = [("blit", (3 * i) % SIZE[0], (5 * i) % SIZE[1], 0, 0, i % 3) for i in range(many)]
    after = [("outline", (7 * i) % SIZE[0], (2 * i) % SIZE[1], 6, 5, i % 3) for i in range(many)]
    clips, got, whole = repainted(SIZE, before, after)
    assert len(clips) == 1
    assert got == whole


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    rects=st.lists(
        st.tuples(st.integers(0, 600), st.integers(0, 400), st.integers(1, 150), st.integers(1, 90)),
        min_size=1,
        max_size=80,
    )
)
@example(rects=[(0, 0, 1, 1), (0, 128, 1, 1)])  # a row of tiles between two runs in one column: the first was lost
def test_tiles_cover_every_rectangle_once_within_their_union(rects):
    """Past `MANY` changed calls, the squares they touch: every pixel of the calls covered, none twice, none
    outside their union (a replay blanks and redraws each clip once)."""
    rects = [pygame.Rect(r) for r in rects]
    clips = canvas.tiles(rects, 64)
    bound = rects[0].unionall(rects[1:])
    assert all(bound.contains(c) and c.w > 0 and c.h > 0 for c in clips)
    assert not any(a.colliderect(b) for i, a in enumerate(clips) for b in clips[i + 1 :])
    for r in rects:  # each rectangle's area is the sum of its overlaps with the clips: covered, exactly once
        assert sum(r.clip(c).w * r.clip(c).h for c in clips) == r.w * r.h


def test_scattered_changes_repaint_their_tiles_only_and_give_the_pixels_of_a_full_repaint():
    """Many calls moved in two corners of a large surface: the replay covers those corners, not their union
    (at 4K a round change's union was 93 % of the window where a fifth of it changed)."""
    size = (640, 400)
    many = canvas.MANY + 12
    corner = [(i % 2 * 560 + (3 * i) % 40, i % 2 * 330 + (5 * i) % 30) for i in range(many)]
    before = [("fill", 0, 0, *size, 2)] + [("blit", x, y, 0, 0, i % 3) for i, (x, y) in enumerate(corner)]
    after = [("fill", 0, 0, *size, 2)] + [("outline", x + 2, y, 6, 5, i % 3) for i, (x, y) in enumerate(corner)]
    clips, got, whole = repainted(size, before, after)
    assert sum(c.w * c.h for c in clips) < size[0] * size[1] // 4
    assert got == whole


OUTLINED = (160, 120)  # room for outlines large enough to be repainted by their bands


PANELS = st.lists(
    st.tuples(
        st.integers(-10, 100),
        st.integers(-10, 70),
        st.integers(60, 150),
        st.integers(60, 110),
        st.integers(1, 4),
        st.integers(0, 24),
        st.integers(0, 2),
    ),
    min_size=1,
    max_size=4,
)
CHANGES = st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4), st.integers(0, 2)), max_size=4)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(panels=PANELS, changes=CHANGES)
def test_outlines_that_change_repaint_their_bands_and_give_the_pixels_of_a_full_repaint(panels, changes):
    """A panel's outline drawn in another colour or width: only its bands repaint (its inside is untouched), and
    the pixels are a full repaint's, whatever lies under or over it. 30 examples in make test-fast, 50 others in
    make test (the test below)."""
    outlines_changed(panels, changes)


@pytest.mark.slow
@settings(max_examples=50, deadline=None, derandomize=True)
@given(panels=PANELS, changes=CHANGES)
def test_other_outlines_that_change_repaint_their_bands_and_give_the_pixels_of_a_full_repaint(panels, changes):
    outlines_changed(panels, changes)


def outlines_changed(panels, changes) -> None:
    """`panels` painted, then again with `changes` to their outlines' widths and colours: a full repaint's pixels."""
    colours = [(200, 30, 30), (20, 160, 60), (240, 220, 90)]
    after = list(panels)
    for i, width, c in changes:
        if i < len(after):
            after[i] = (*after[i][:4], width, after[i][5], c)

    def painting(target, outlines) -> None:
        target.fill((30, 60, 40))
        target.blit(sprites()[0], (40, 30))
        for x, y, w, h, width, radius, c in outlines:
            canvas.rect(target, colours[(c + 1) % 3], (x + 4, y + 4, w - 8, h - 8), border_radius=3)
            canvas.rect(target, colours[c], (x, y, w, h), width, border_radius=radius)

    _, got, whole = repainted(OUTLINED, panels, after, painting)
    assert got == whole


def test_a_highlighted_panel_repaints_its_outline_not_its_inside():
    """A seat's panel at 4K (594 x 686) highlighted in another colour and width: a twentieth of it repaints (its
    outline's bands and corners), not all of it and its padding."""
    size = (700, 800)
    panel = (40, 50, 594, 686)
    quiet, lit = Canvas(size), Canvas(size)
    canvas.rect(quiet, (150, 108, 45), panel, 2, border_radius=24)
    canvas.rect(lit, (255, 214, 90), panel, 3, border_radius=24)
    clips = changed(quiet.ops, lit.ops)
    assert sum(c.w * c.h for c in clips) < 594 * 686 // 20
    assert not any(c.colliderect(pygame.Rect(panel).inflate(-64, -64)) for c in clips)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(
    rects=st.lists(
        st.tuples(st.integers(0, 150), st.integers(0, 100), st.integers(1, 60), st.integers(1, 40)),
        min_size=1,
        max_size=canvas.MANY,
    )
)
def test_disjoint_covers_the_pixels_of_the_rectangles_once_and_no_other(rects):
    """Up to `MANY` rectangles: pieces that cover each rectangle's every pixel exactly once and nothing outside
    them (their union's area, not the area of the rectangle around them)."""
    rects = [pygame.Rect(r) for r in rects]
    clips = canvas.disjoint(rects)
    assert not any(a.colliderect(b) for i, a in enumerate(clips) for b in clips[i + 1 :])
    for r in rects:
        assert sum(r.clip(c).w * r.clip(c).h for c in clips) == r.w * r.h
    union = pygame.Mask((220, 150))
    for r in rects:
        union.draw(pygame.Mask(r.size, fill=True), r.topleft)
    assert sum(c.w * c.h for c in clips) == union.count()
