"""The pass-and-play shield: opaque, lifted only by Space or a click once armed, and only once."""

from __future__ import annotations

import pygame
import pytest

from amul_table.app.window import App
from amul_table.i18n import set_language
from amul_table.rules.phases import Phase
from amul_table.scenes.base import Scene
from amul_table.scenes.table.shield import ARM_DELAY, ShieldScene
from tests.window_driver import key


class Recorder(Scene):
    """A scene below the shield that notes every event and draw that reaches it."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.events: list[int] = []
        self.draws = 0

    def handle_event(self, event):
        self.events.append(event.type)
        return True

    def draw(self, surface):
        self.draws += 1
        surface.fill((255, 0, 0))


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")  # a French render must not leave later tests in French


def shield_over(app: App, **kwargs) -> tuple[Recorder, ShieldScene, list[str]]:
    below = Recorder(app)
    app.push(below)
    lifted: list[str] = []
    shield = ShieldScene(app, "Alice", 1, lambda: lifted.append("up"), round_number=4, phase=Phase.OFFER, **kwargs)
    app.push(shield)
    app.step(0.0)
    return below, shield, lifted


def test_the_scene_below_is_never_drawn_while_the_shield_is_up(app):
    below, shield, _ = shield_over(app)
    before = below.draws
    app.mark_dirty()
    app.step(1 / 60)
    assert app.visible_scenes() == [shield]
    assert below.draws == before
    assert app.screen.get_at((5, 5))[:3] != (255, 0, 0)


def test_space_before_the_shield_is_armed_does_nothing(app):
    _, shield, lifted = shield_over(app)
    key(app, pygame.K_SPACE, dt=0.0)
    assert app.top is shield and lifted == []


def test_space_lifts_the_shield_once_armed_and_calls_back_once(app):
    below, shield, lifted = shield_over(app)
    app.step(ARM_DELAY + 0.01)
    key(app, pygame.K_SPACE)
    assert app.top is below and lifted == ["up"]
    shield.lift()
    assert lifted == ["up"]


def test_a_click_lifts_it_and_other_keys_do_not(app):
    below, shield, lifted = shield_over(app)
    app.step(ARM_DELAY + 0.01)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_a)
    assert app.top is shield and lifted == []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    app.step(1 / 60)
    assert app.top is below and lifted == ["up"]


def test_no_event_reaches_the_scene_below(app):
    below, _, _ = shield_over(app)
    key(app, pygame.K_RETURN)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3))
    app.step(1 / 60)
    assert below.events == []


def test_escape_opens_the_menu_when_one_is_given(app):
    opened: list[bool] = []
    _, shield, lifted = shield_over(app, on_menu=lambda: opened.append(True))
    key(app, pygame.K_ESCAPE)
    assert opened == [True] and lifted == [] and app.top is shield


def test_closing_the_window_behind_the_shield_asks_first(app):
    from amul_table.scenes.overlays import ConfirmOverlay

    shield_over(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert app.running and isinstance(app.top, ConfirmOverlay)


COMFORT = ("shield", "settings", "cards", "rules")


@pytest.mark.parametrize(
    ("scene", "lang"),
    [  # each scene and each language in the fast suite, every pair in make test (a render starts pygame anew)
        pytest.param(scene, lang, marks=() if (i + (lang == "fr")) % 2 else pytest.mark.slow, id=f"{lang}-{scene}")
        for i, scene in enumerate(COMFORT)
        for lang in ("en", "fr")
    ],
)
def test_render_draws_the_comfort_scenes_in_both_languages(tmp_path, scene, lang):
    from amul_table.cli.main import main

    out = tmp_path / f"{scene}-{lang}.png"
    args = ["render", "--scene", scene, "--players", "4", "--seed", "3", "--size", "1024x640", "--lang", lang]
    assert main([*args, "--out", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1024, 32) for y in range(0, 640, 32)}
    assert len(colours) > 8


def test_play_refuses_more_humans_than_seats_in_one_line(capsys):
    from amul_table.cli.main import main

    assert main(["play", "--players", "3", "--humans", "4"]) == 2
    err = capsys.readouterr().err
    assert "--humans" in err and "Traceback" not in err
