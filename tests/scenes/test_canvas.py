"""The canvas's repaint of what changed gives the pixels of a full repaint, for any two paintings: translucent
blits, outlines and fills, calls added, dropped, moved or drawn in another order."""

from __future__ import annotations

import pygame
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


@settings(max_examples=150, deadline=None)
@given(before=calls, after=calls)
def test_replaying_what_changed_gives_the_pixels_of_a_full_repaint(before, after):
    first, second = Canvas(SIZE), Canvas(SIZE)
    paint(first, before)
    paint(second, after)
    kept = pygame.Surface(SIZE)
    replay(first.ops, kept, [kept.get_rect()])
    replay(second.ops, kept, changed(first.ops, second.ops))
    whole = pygame.Surface(SIZE)
    paint(whole, after)
    assert pixels(kept) == pixels(whole)


def test_a_painting_unchanged_repaints_nothing_and_one_call_changed_repaints_around_it():
    plan = [("fill", 0, 0, 48, 32, 0), ("blit", 5, 5, 0, 0, 1), ("rect", 30, 10, 8, 8, 2)]
    first, same, moved = Canvas(SIZE), Canvas(SIZE), Canvas(SIZE)
    paint(first, plan)
    paint(same, plan)
    paint(moved, [*plan[:2], ("rect", 31, 10, 8, 8, 2)])
    assert changed(first.ops, same.ops) == []
    assert changed(first.ops, moved.ops) == [pygame.Rect(30, 10, 9, 8)]


def repainted(size: tuple[int, int], before, after) -> tuple[list[pygame.Rect], bytes, bytes]:
    """`before` painted, then `after` replayed where the two differ: the clips, the pixels got and a full repaint's."""
    first, second = Canvas(size), Canvas(size)
    paint(first, before)
    paint(second, after)
    kept = pygame.Surface(size)
    replay(first.ops, kept, [kept.get_rect()])
    clips = changed(first.ops, second.ops)
    replay(second.ops, kept, clips)
    whole = pygame.Surface(size)
    paint(whole, after)
    return clips, pixels(kept), pixels(whole)


def test_a_repaint_where_everything_moved_gives_the_pixels_of_a_full_repaint():
    """Past `MANY` changed calls the rectangles become the tiles they touch (one, on so small a surface): the pixels
    stay those of a full repaint."""
    many = canvas.MANY + 12
    before = [("blit", (3 * i) % SIZE[0], (5 * i) % SIZE[1], 0, 0, i % 3) for i in range(many)]
    after = [("outline", (7 * i) % SIZE[0], (2 * i) % SIZE[1], 6, 5, i % 3) for i in range(many)]
    clips, got, whole = repainted(SIZE, before, after)
    assert len(clips) == 1
    assert got == whole


@settings(max_examples=60, deadline=None)
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
