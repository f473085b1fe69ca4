"""A monkey at the table: thousands of random clicks, keys and resizes, and never an exception."""

import random

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.scenes.routes import Route
from amul_table.scenes.title import TitleScene
from tests.window_driver import open_window

pytestmark = pytest.mark.slow  # fuzz, monkey and round-trip suites: make test-fast leaves them out

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_d,
    pygame.K_SLASH,
    pygame.K_F11,
    pygame.K_a,
    pygame.K_y,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_1,
]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3, 2, 4)))
    if roll < 0.6:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.8:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.97:
        k = rng.choice(KEYS)
        mod = pygame.KMOD_SHIFT if k == pygame.K_SLASH and rng.random() < 0.5 else 0
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="?" if mod else "", scancode=0)
    return pygame.event.Event(pygame.VIDEORESIZE, size=(rng.randrange(900, 2200), rng.randrange(560, 1300)))


def start(players: int, seed: int) -> App:
    app = open_window(animation_speed=["instant", "fast"][seed % 2], bot_pause=0.0)
    app.push(TitleScene(app))
    app.push(app.go(Route.TABLE, make_session(players, seed, "medium")))
    return app


def test_thousands_of_random_inputs_during_games_raise_nothing():
    """1,500 inputs, a new game every 250 (or when one ends), its players 3, 4, ... 8 in turn: every table size
    gets its share (3,000 inputs into games that ended only by chance reached 4-8 players, never 3)."""
    rng = random.Random(4)
    app = None
    players = []
    for i in range(1500):
        if app is None or not app.running or i % 250 == 0:
            if app is not None:
                app.close(quit_pygame=False)  # the next window keeps its fonts, drawings and themes
            players.append(3 + len(players) % 6)
            app = start(players[-1], len(players))
        pygame.event.post(random_event(rng, app.size))
        if i % 3 == 0:
            app.step(rng.choice((0.0, 1 / 60, 0.1)))
    app.step(1 / 60)
    app.close()
    assert set(players) == set(range(3, 9))


def test_random_inputs_on_setup_and_the_score_pad_raise_nothing():
    from amul_table.app.headless import advance_to
    from amul_table.scenes.score_pad import ScoringScene
    from amul_table.scenes.setup import SetupScene

    rng = random.Random(9)
    finished = make_session(6, 3, "medium")
    advance_to(finished, 99)

    def open_scene(which: str) -> App:
        app = open_window(animation_speed="fast", bot_pause=0.0)
        app.push(TitleScene(app))
        app.push(SetupScene(app) if which == "setup" else ScoringScene(app, finished.saved_game()))
        return app

    seen = set()
    for which in ("setup", "scoring"):
        app = open_scene(which)
        for i in range(750):
            if not app.running:
                app.close(quit_pygame=False)
                app = open_scene(which)
            seen.add(type(app.top).__name__)
            event = random_event(rng, app.size)
            if which == "setup" and rng.random() < 0.2:
                event = pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab1 9?é"))
            pygame.event.post(event)
            if i % 3 == 0:
                app.step(1 / 60)
        app.close()
    assert {"SetupScene", "ScoringScene"} <= seen
