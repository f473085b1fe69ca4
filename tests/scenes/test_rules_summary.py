"""The rules summary: pages turn by keys and buttons, stop at both ends, and draw in both languages."""

from __future__ import annotations

import pygame
import pytest

from amul_table.i18n import set_language
from amul_table.scenes.browser.scene import CardBrowserScene
from amul_table.scenes.rules_summary import PAGES, RulesScene
from amul_table.scenes.title import TitleScene
from tests.window_driver import click, key

pytestmark = pytest.mark.window(title=True)


def test_arrow_keys_turn_the_pages_and_stop_at_both_ends(app):
    rules = RulesScene(app)
    app.push(rules)
    key(app, pygame.K_LEFT)
    assert rules.page == 0
    for expected in range(1, len(PAGES)):
        key(app, pygame.K_RIGHT)
        assert rules.page == expected
    key(app, pygame.K_RIGHT)
    assert rules.page == len(PAGES) - 1
    assert not rules.widgets["next"].is_enabled and rules.widgets["previous"].is_enabled


def test_the_next_and_previous_buttons_turn_pages(app):
    rules = RulesScene(app)
    app.push(rules)
    app.step(0.0)
    click(app, rules.widgets["next"].rect.center)
    click(app, rules.widgets["next"].rect.center)
    assert rules.page == 2
    click(app, rules.widgets["previous"].rect.center)
    assert rules.page == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_page_draws_and_differs_from_the_others(app, lang, size):
    app.settings.language = lang
    set_language(lang)
    app.resize(size)
    rules = RulesScene(app)
    app.push(rules)
    pictures = set()
    for page in range(len(PAGES)):
        rules.page = page
        rules.enable_turns()
        app.mark_dirty()
        app.step(1 / 60)
        pictures.add(pygame.image.tobytes(app.screen, "RGB"))
    assert len(pictures) == len(PAGES)


def test_the_card_browser_button_swaps_the_summary_for_the_browser(app):
    rules = RulesScene(app)
    app.push(rules)
    app.step(0.0)
    click(app, rules.widgets["cards"].rect.center)
    assert isinstance(app.top, CardBrowserScene)
    assert len(app.stack) == 2


def test_escape_goes_back(app):
    app.push(RulesScene(app))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
