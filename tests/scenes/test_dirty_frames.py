"""A frame drawn by what changed is the frame drawn whole: through the deal, picks, reveals, a hover, a tip, the
log scrolled and a resize, at two sizes and 8 players, the still frame and the window hold exactly the pixels a
full repaint onto a new surface gives, and a small change sends only a small part of the window to the display."""

from __future__ import annotations

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


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def check(app: App, scene: TableScene) -> None:
    """The still frame is the model painted whole, and the window the table drawn whole, pixel for pixel."""
    size = app.screen.get_size()
    whole = pygame.Surface(size)
    bar = scene.prompt_bar
    paint_static(whole, scene.model, buttons_left=bar.left, text_left=bar.text_left)
    assert scene.still.surface is not None
    assert pixels(scene.still.surface) == pixels(whole), "the still frame differs from a full repaint"
    drawn = pygame.Surface(size)
    scene.draw(drawn)
    assert pixels(app.screen) == pixels(drawn), "the window differs from the frame drawn whole"


def step(app: App, scene: TableScene, n: int = 1, *, every: int = 1) -> None:
    """`n` frames, every `every`th one checked (and the last)."""
    for i in range(1, n + 1):
        app.step(FRAME)
        if i % every == 0 or i == n:
            check(app, scene)


def move(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def open_table(window, size: tuple[int, int]) -> tuple[App, TableScene]:
    app = window(size, animation_speed="fast", bot_pause=0.0)
    scene = app.go(Route.TABLE, make_session(8, 5, "easy", humans=1))
    app.push(scene)
    return app, scene


def until_the_human_chooses(app: App, scene: TableScene, *, every: int = 1, limit: int = 1500) -> None:
    for _ in range(limit):
        if scene.model.view.legal and not scene.animating and app.game.bot_to_move() is None:
            return
        step(app, scene, every=every)
    raise AssertionError("the human seat was never asked to choose")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_deal_picks_and_reveals_draw_the_pixels_of_a_full_repaint(window, inline_bots, sent, size):
    app, scene = open_table(window, size)
    kinds = []
    every = 4 if size[0] < 2000 else 12  # frames apart: a pixel left stale stays so until it is repainted
    for _ in range(3):  # the deal, then the human's choices and the bots' answers
        until_the_human_chooses(app, scene, every=every)
        kinds.append(scene.model.view.phase)
        scene.act(scene.model.view.legal[0])
        step(app, scene, 3)
    assert {Phase.PICK, Phase.REVEAL} <= set(kinds)
    assert app.kept is scene  # the frames drew what changed
    assert any(rects is not None for rects in sent)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_hover_a_tip_and_the_log_scrolled_draw_the_pixels_of_a_full_repaint(window, inline_bots, sent, size):
    app, scene = open_table(window, size)
    until_the_human_chooses(app, scene)
    card = next(iter(scene.model.layout.hand.values()))
    sent.clear()
    move(app, card.center)
    step(app, scene)
    assert scene.model.hover_uid is not None
    hovered = sent[-1]
    assert hovered is not None and sum(r.w * r.h for r in hovered) < size[0] * size[1] // 4  # near the card only
    step(app, scene, 40)  # the zoom opens
    assert scene.zoom_shown
    move(app, (2, 2))
    step(app, scene, 2)
    assert scene.model.hover_uid is None
    tip = scene.tooltip.regions[0].rect
    move(app, tip.center)
    step(app, scene, 60)  # the tip shows once the mouse rests
    assert scene.tooltip.at(tip.center) is not None
    move(app, (2, 2))
    step(app, scene, 2)
    app.settings.animation_speed = "instant"  # choices until the log holds more than its rows show
    while not scene.model.log_scroll and scene.model.view.round < 4:
        scene.act(scene.model.view.legal[0])
        until_the_human_chooses(app, scene, every=1000)
        move(app, scene.model.layout.log_rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        step(app, scene, 2)
    assert scene.model.log_scroll


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_resize_in_the_deal_draws_the_pixels_of_a_full_repaint(window, inline_bots, sent, size):
    app, scene = open_table(window, size)
    step(app, scene, 20)
    assert scene.flights  # dealing
    other = (1600, 900)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=other, w=other[0], h=other[1]))
    sent.clear()
    step(app, scene, 30)
    assert app.screen.get_size() == other
    assert sent[0] is None and all(rects is not None for rects in sent[2:])  # whole (and once more as the window
    # reports its new size), then what changed


def test_the_tutorials_coach_and_rings_draw_the_pixels_of_a_full_repaint(window, inline_bots, sent):
    """The tutorial draws its coach and the rings round what to click over the table: every frame that draws only
    what changed keeps them as a full repaint draws them (the table's changes once wiped the coach off the window)."""
    app = window((1024, 640), animation_speed="fast", bot_pause=0.0)
    scene = app.go(Route.TUTORIAL)
    app.push(scene)
    for _ in range(3):  # the deal, then the learner's offer and pick, and the bots' answers
        until_the_human_chooses(app, scene, every=2)
        scene.act(next(a for a in scene.model.view.legal if a.kind is not ActionKind.DECLINE))
        step(app, scene, 3)
    step(app, scene, 10)  # the rings pulse
    assert app.kept is scene and any(rects is not None for rects in sent)
