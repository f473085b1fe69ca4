"""A frame drawn by what changed is the frame drawn whole: through the deal, picks, reveals, a hover, a tip, the
log scrolled and a resize, at two sizes and 8 players, the still frame and the window hold exactly the pixels a
full repaint onto a new surface gives, and a small change sends only a small part of the window to the display.

A full repaint and its comparison take 10 ms at 2560×1440 (a frame drawn by what changed, 2), so not every frame
is compared: each one that repaints part of the still frame (a card lands, a line is logged, a seat changes), each
one that draws after a frame that drew nothing (a flight, a zoom or a tip starts), every few frames of what moves,
and the last of each stretch. A pixel the frames leave stale stays so until something draws over it, so a check a
few frames later still sees it."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.rules.phases import ActionKind, Phase
from amul_table.scenes.routes import Route
from amul_table.scenes.table.paint import paint_static
from amul_table.scenes.table.scene import TableScene
from tests.window_driver import FRAME

SIZES = [(1024, 640), pytest.param((2560, 1440), marks=pytest.mark.slow)]  # a 2560×1440 check takes 4× as long


@pytest.fixture
def sent(monkeypatch) -> list[list[pygame.Rect] | None]:
    """What each frame sent to the display: its rectangles, or None for the whole window."""
    frames: list[list[pygame.Rect] | None] = []
    update, flip = pygame.display.update, pygame.display.flip
    monkeypatch.setattr(pygame.display, "update", lambda rects: (frames.append(list(rects)), update(rects)))
    monkeypatch.setattr(pygame.display, "flip", lambda: (frames.append(None), flip()))
    return frames


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Whether two surfaces show the same colours: their memory compared as words when they share a pixel format
    (5 ms for two 4K frames, whose RGB bytes took 40); their RGB bytes when not, or when the words differ (they may
    in a byte no colour uses)."""
    if (a.get_size(), a.get_masks(), a.get_pitch()) == (b.get_size(), b.get_masks(), b.get_pitch()):
        with memoryview(a.get_view("1")) as m, memoryview(b.get_view("1")) as n:
            words = "Q" if m.nbytes % 8 == 0 else "I"  # 64 bits: half the compares (the view says "=I", and
            if m.cast("B").cast(words) == n.cast("B").cast(words):  # casts only go through bytes)
                return True
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def where_they_differ(a: pygame.Surface, b: pygame.Surface) -> str:
    """How many pixels differ between two surfaces of one size, and the rectangle round them (a failure's message)."""
    one, other = a.copy(), b.copy()
    one.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    one.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # black where they are the same
    same = pygame.mask.from_threshold(one, (0, 0, 0, 255), (1, 1, 1, 255))
    same.invert()
    rects = same.get_bounding_rects()
    return f"{same.count()} pixels within {rects[0].unionall(rects[1:])}" if rects else "no pixel"


class Table:
    """A table's window stepped frame by frame, the frames where a stale pixel would show compared with a full
    repaint (see the module's docstring); `every`: the frames apart of the checks while things move."""

    def __init__(self, app: App, scene: TableScene, sent: list, *, every: int) -> None:
        self.app, self.scene, self.sent, self.every = app, scene, sent, every
        self.frames = 0
        self.drew = True
        self.repaints: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}  # a new surface costs
        # 4 ms of page faults at 4K: one pair kept per size, blanked as a new one is

    def check(self) -> None:
        """The still frame is the model painted whole, and the window the table drawn whole, pixel for pixel."""
        app, scene = self.app, self.scene
        size = app.screen.get_size()
        if size not in self.repaints:
            self.repaints[size] = (pygame.Surface(size), pygame.Surface(size))
        whole, drawn = self.repaints[size]
        whole.fill((0, 0, 0))
        drawn.fill((0, 0, 0))
        bar = scene.prompt_bar
        paint_static(whole, scene.model, buttons_left=bar.left, text_left=bar.text_left)
        assert scene.still.surface is not None
        self.same(scene.still.surface, whole, "the still frame differs from a full repaint")
        scene.draw(drawn)
        self.same(app.screen, drawn, "the window differs from the frame drawn whole")

    def same(self, surface: pygame.Surface, whole: pygame.Surface, what: str) -> None:
        assert same_pixels(surface, whole), f"frame {self.frames}: {what} in {where_they_differ(surface, whole)}"

    def step(self, n: int = 1) -> None:
        """`n` frames, the last one checked."""
        for i in range(n):
            self.frame(last=i == n - 1)

    def frame(self, *, last: bool = False) -> None:
        """One frame, checked if it is the last of a stretch, repaints the still frame, starts drawing after a
        frame that drew nothing, or is an `every`th frame."""
        painted, shown = self.scene.still.ops, len(self.sent)
        self.app.step(FRAME)
        self.frames += 1
        drew, starts = len(self.sent) > shown, len(self.sent) > shown and not self.drew
        self.drew = drew
        if last or starts or self.scene.still.ops is not painted or self.frames % self.every == 0:
            self.check()

    def until(self, done: Callable[[], object], *, limit: int = 600) -> None:
        """Frames until `done()` holds, the last one checked."""
        for _ in range(limit):
            if done():
                self.check()
                return
            self.frame()
        raise AssertionError("it never happened")

    def until_the_human_chooses(self, *, limit: int = 1500) -> None:
        app, scene = self.app, self.scene
        for _ in range(limit):
            if scene.model.view.legal and not scene.animating and app.game.bot_to_move() is None:
                return
            self.frame()
        raise AssertionError("the human seat was never asked to choose")

    def move(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def open_table(window, sent: list, size: tuple[int, int], *, speed: str = "fast") -> Table:
    app = window(size, animation_speed=speed, bot_pause=0.0)
    scene = app.go(Route.TABLE, make_session(8, 5, "easy", humans=1))
    app.push(scene)
    return Table(app, scene, sent, every=8 if size[0] < 2000 else 10)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_deal_picks_and_reveals_draw_the_pixels_of_a_full_repaint(window, inline_bots, sent, size):
    table = open_table(window, sent, size)
    scene = table.scene
    kinds = []
    for _ in range(3):  # the deal, then the human's choices and the bots' answers
        table.until_the_human_chooses()
        kinds.append(scene.model.view.phase)
        scene.act(scene.model.view.legal[0])
        table.step(3)
    assert {Phase.PICK, Phase.REVEAL} <= set(kinds)
    assert table.app.kept is scene  # the frames drew what changed
    assert any(rects is not None for rects in sent)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_hover_a_tip_and_the_log_scrolled_draw_the_pixels_of_a_full_repaint(window, inline_bots, sent, size):
    table = open_table(window, sent, size, speed="instant")  # the deal's flights are the test above's
    scene = table.scene
    table.until_the_human_chooses()
    card = next(iter(scene.model.layout.hand.values()))
    sent.clear()
    table.move(card.center)
    table.step()
    assert scene.model.hover_uid is not None
    hovered = sent[-1]
    assert hovered is not None and sum(r.w * r.h for r in hovered) < size[0] * size[1] // 4  # near the card only
    table.until(lambda: scene.zoom_shown)  # the zoom opens
    table.move((2, 2))
    table.step(2)
    assert scene.model.hover_uid is None
    tip = scene.tooltip.regions[0].rect
    table.move(tip.center)
    table.until(lambda: scene.tooltip.shown is not None)  # the tip shows once the mouse rests
    assert scene.tooltip.at(tip.center) == scene.tooltip.shown
    table.move((2, 2))
    table.step(2)
    while not scene.model.log_scroll and scene.model.view.round < 4:  # choices until the log holds more than
        scene.act(scene.model.view.legal[0])  # its rows show
        table.until_the_human_chooses()
        table.move(scene.model.layout.log_rect.center)
        table.step(2)  # the wheel alone on its frame, so that nothing else repaints the log with it
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        table.step(2)
    assert scene.model.log_scroll


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_resize_in_the_deal_draws_the_pixels_of_a_full_repaint(window, inline_bots, sent, size):
    table = open_table(window, sent, size)
    table.step(20)
    assert table.scene.flights  # dealing
    other = (1600, 900)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=other, w=other[0], h=other[1]))
    sent.clear()
    table.step(30)
    assert table.app.screen.get_size() == other
    assert sent[0] is None and all(rects is not None for rects in sent[2:])  # whole (and once more as the window
    # reports its new size), then what changed


def test_the_tutorials_coach_and_rings_draw_the_pixels_of_a_full_repaint(window, inline_bots, sent):
    """The tutorial draws its coach and the rings round what to click over the table: every frame that draws only
    what changed keeps them as a full repaint draws them (the table's changes once wiped the coach off the window)."""
    app = window((1024, 640), animation_speed="fast", bot_pause=0.0)
    scene = app.go(Route.TUTORIAL)
    app.push(scene)
    table = Table(app, scene, sent, every=6)
    for _ in range(3):  # the deal, then the learner's offer and pick, and the bots' answers
        table.until_the_human_chooses()
        scene.act(next(a for a in scene.model.view.legal if a.kind is not ActionKind.DECLINE))
        table.step(3)
    table.step(10)  # the rings pulse
    assert app.kept is scene and any(rects is not None for rects in sent)
