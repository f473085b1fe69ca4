"""The hint overlay lists the given options best first and closes on any key or click."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest

from amul_table.app import App
from amul_table.rules.state import Action
from amul_table.scenes.hint import HintOverlay
from amul_table.scenes.title import TitleScene
from amul_table.settings import Settings


@dataclass(frozen=True)
class Hint:
    action: Action
    value: float
    reason: str


@pytest.fixture
def app():
    a = App(Settings(animation_speed="instant"), (1024, 640))
    a.push(TitleScene(a))
    yield a
    a.close()


def test_the_overlay_draws_each_option_and_any_key_closes_it(app):
    hints = [
        Hint(Action("offer", 0, 3), 2.0, "offer Silver: it is worth little to you"),
        Hint(Action("decline", 0, -1), 0.0, "take nothing"),
    ]
    overlay = HintOverlay(app, "Alice", hints)
    app.push(overlay)
    app.step(0.0)
    before = pygame.image.tobytes(app.screen, "RGB")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(1 / 60)
    assert isinstance(app.top, TitleScene)
    app.mark_dirty()
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") != before


def test_no_options_says_so_and_a_click_closes_it(app):
    app.push(HintOverlay(app, "Alice", []))
    app.step(0.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    app.step(1 / 60)
    assert isinstance(app.top, TitleScene)


def test_h_at_the_table_shows_the_medium_bots_options_for_this_decision(app):
    from amul_table.ai.explain import explain
    from amul_table.app import make_session
    from amul_table.scenes.table import TableScene

    table = TableScene(app, make_session(3, 6, "medium"), intro=False)
    app.push(table)
    app.step(0.0)
    assert table.view.legal and table.hint_visible()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(1 / 60)
    overlay = app.top
    assert isinstance(overlay, HintOverlay)
    assert [h.action for h in overlay.hints] == [h.action for h in explain(table.view)]
    assert {h.action for h in overlay.hints} <= set(table.view.legal)
    app.step(1 / 60)


def test_the_hint_button_sits_in_the_prompt_bar_and_opens_the_hints(app):
    from amul_table.app import make_session
    from amul_table.scenes.table import TableScene

    table = TableScene(app, make_session(4, 2, "medium"), intro=False)
    app.push(table)
    app.step(0.0)
    app.mark_dirty()
    app.step(1 / 60)
    assert table.hint_button in table.prompt_buttons()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=table.hint_button.rect.center, button=1))
    app.step(1 / 60)
    assert isinstance(app.top, HintOverlay)


def test_no_hint_while_the_bots_choose(app):
    from amul_table.app import make_session
    from amul_table.scenes.table import TableScene

    table = TableScene(app, make_session(3, 1, "medium", humans=0), intro=False)
    app.push(table)
    app.step(0.0)
    table.show_hint()
    assert app.top is table and not table.hint_visible()
