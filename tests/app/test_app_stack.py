import pygame
import pytest

from amul_table.app.window import clamp_size
from amul_table.scenes.base import Scene
from amul_table.scenes.overlays import ConfirmOverlay

pytestmark = pytest.mark.window(size=(1024, 640), bot_pause=0.0)


class Recorder(Scene):
    """A scene that records what the app asked of it."""

    def __init__(self, app, name, opaque=True, in_game=False):
        super().__init__(app)
        self.name = name
        self.opaque = opaque
        self.in_game = in_game
        self.events = []
        self.draws = 0
        self.updates = 0
        self.entered = 0
        self.left = 0

    def enter(self):
        super().enter()
        self.entered += 1

    def leave(self):
        self.left += 1

    def handle_event(self, event):
        self.events.append(event.type)
        return True

    def update(self, dt):
        self.updates += 1

    def draw(self, surface):
        self.draws += 1


def test_push_pop_and_replace_keep_a_stack(app):
    a, b, c = Recorder(app, "a"), Recorder(app, "b"), Recorder(app, "c")
    app.push(a)
    app.push(b)
    assert app.top is b
    app.replace(c)
    assert app.stack == [a, c] and b.left == 1
    app.pop()
    assert app.top is a and a.entered == 2


def test_popping_the_last_scene_stops_the_app(app):
    app.push(Recorder(app, "a"))
    app.pop()
    assert not app.running


def test_events_go_only_to_the_top_scene(app):
    below, top = Recorder(app, "below"), Recorder(app, "top")
    app.push(below)
    app.push(top)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    app.step(0.016)
    assert pygame.KEYDOWN in top.events
    assert below.events == []


def test_an_overlay_draws_over_the_scene_below_but_an_opaque_scene_hides_it(app):
    base, overlay = Recorder(app, "base"), Recorder(app, "overlay", opaque=False)
    app.push(base)
    app.push(overlay)
    assert app.visible_scenes() == [base, overlay]
    app.step(0.016)
    assert base.draws == 1 and overlay.draws == 1
    cover = Recorder(app, "cover")
    app.push(cover)
    assert app.visible_scenes() == [cover]


def test_nothing_is_redrawn_while_nothing_changed(app):
    scene = Recorder(app, "idle")
    app.push(scene)
    app.step(0.016)
    for _ in range(5):
        app.step(0.016)
    assert scene.draws == 1
    assert scene.updates == 6
    scene.dirty = True
    app.step(0.016)
    assert scene.draws == 2


def test_closing_the_window_during_a_game_asks_first(app):
    app.push(Recorder(app, "table", in_game=True))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(0.016)
    assert app.running
    assert isinstance(app.top, ConfirmOverlay)
    app.top._yes()
    assert not app.running


def test_closing_the_window_outside_a_game_quits_at_once(app):
    app.push(Recorder(app, "title"))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(0.016)
    assert not app.running


def test_the_window_never_shrinks_below_1024_by_640_or_grows_past_4k():
    assert clamp_size((800, 500)) == (1024, 640)
    assert clamp_size((5000, 3000)) == (3840, 2160)
    assert clamp_size((1600, 900)) == (1600, 900)


def test_a_resize_reaches_every_scene(app):
    a, b = Recorder(app, "a"), Recorder(app, "b", opaque=False)
    app.push(a)
    app.push(b)
    app.resize((1300, 700))
    assert app.size == (1300, 700)
    assert a.dirty and b.dirty


def test_a_window_after_one_closed_without_quitting_pygame_keeps_the_drawings_and_one_after_pygame_quit_not(window):
    """The tests open hundreds of windows in one process: a window closed with `quit_pygame=False` leaves its
    fonts and cached drawings to the next, which draws with them, but none of its events; the usual close quits
    pygame, whose fonts die, so the caches go with them and the next window draws afresh."""
    from amul_table.sprites import style

    first = window()
    label = style.text("Amul", 30)
    first.push(Recorder(first, "first"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    first.close(quit_pygame=False)
    second = window()
    assert style.text("Amul", 30) is label
    second.push(Recorder(second, "second"))
    second.step(1 / 60)
    assert pygame.KEYDOWN not in second.top.events  # the first window's key stayed with it
    second.close()
    assert style.text.cache_info().currsize == 0
    window()
    again = style.text("Amul", 30)
    assert again is not label and again.get_bounding_rect().w > 0
