"""The glossary: its pages in both languages, reached from the table (G), the Esc menu, the rules and the cards."""

from __future__ import annotations

import pygame
import pytest

from amul_table.i18n import STRINGS
from amul_table.scenes.browser.scene import CardBrowserScene
from amul_table.scenes.glossary import PAGES, GlossaryOverlay
from amul_table.scenes.overlays import MenuOverlay
from amul_table.scenes.rules_summary import RulesScene
from tests.scenes.test_table import table_on
from tests.window_driver import frames, key

pytestmark = pytest.mark.window(size=(1024, 640), bot_pause=0.0)


def test_every_glossary_entry_is_written_in_both_languages():
    for lang in ("en", "fr"):
        for page, keys in PAGES.items():
            assert f"glossary.page.{page}" in STRINGS[lang], (lang, page)
            for k in keys:
                assert STRINGS[lang].get(f"glossary.{k}") and STRINGS[lang].get(f"glossary.{k}.text"), (lang, k)
    assert [k.split(".")[1] for k in PAGES["symbols"]] == ["arab", "mongol", "object", "trade", "military"]
    assert STRINGS["en"]["glossary.short.set"] == "Set 1/2/3: 3/7/13"
    assert STRINGS["en"]["glossary.short.by_copy"] == "1–2 by copy"


def test_g_on_the_table_opens_it_arrows_turn_pages_and_another_key_closes(app):
    table = table_on(app)
    key(app, pygame.K_g)
    glossary = app.top
    assert isinstance(glossary, GlossaryOverlay)
    first = glossary.lines()
    key(app, pygame.K_RIGHT)
    assert glossary.lines() != first and glossary.page == 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert glossary.page == len(PAGES) - 1  # wraps round
    key(app, pygame.K_g)
    assert app.top is table


def test_the_menu_the_rules_and_the_card_browser_open_it(app):
    table_on(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuOverlay)
    app.top.press("glossary")
    assert isinstance(app.top, GlossaryOverlay)
    key(app, pygame.K_ESCAPE)
    for scene in (RulesScene(app), CardBrowserScene(app)):
        app.push(scene)
        frames(app, 1)
        scene.press("glossary")
        assert isinstance(app.top, GlossaryOverlay)
        key(app, pygame.K_ESCAPE)
        assert app.top is scene
    assert (
        app.top.widgets["glossary"].rect.collidelist([w.rect for k, w in app.top.widgets.items() if k != "glossary"])
        == -1
    )
