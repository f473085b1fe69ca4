"""The card browser: the catalogue per player count and Tea, its filters, and the scene itself."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from amul_table.app.window import App
from amul_table.i18n import set_language
from amul_table.rules.cards import load_cards
from amul_table.rules.setup import game_cards
from amul_table.scenes.browser.catalogue import catalogue, filter_entries, fold
from amul_table.scenes.browser.scene import CardBrowserScene
from amul_table.scenes.rules_summary import RulesScene
from amul_table.scenes.title import TitleScene
from tests.scenes.text_spy import spy_text
from tests.window_driver import click, key

pytestmark = pytest.mark.window(bot_pause=0.0)


def copies(entries, type_id: str, deck: str) -> int:
    return sum(e.copies for e in entries if e.type.id == type_id and e.deck == deck)


# --- the catalogue -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("tea", [False, True])
def test_the_catalogue_holds_exactly_the_cards_of_the_game(players, tea):
    entries = catalogue(players, tea)
    market, palace, bazaar = game_cards(players, players if tea else 0)
    assert sorted(u for e in entries for u in e.uids) == sorted(market + palace + bazaar)
    cards = load_cards().cards
    for e in entries:
        assert {(cards[u].type.id, cards[u].deck) for u in e.uids} == {(e.type.id, e.deck)}


def test_silver_and_spice_copies_follow_the_rulebook_chart():
    three, four = catalogue(3, False), catalogue(4, False)
    assert copies(three, "silver", "market") == 4 and copies(three, "silver", "palace") == 1
    assert copies(three, "spice", "market") == 4 and copies(four, "spice", "market") == 7
    assert copies(catalogue(8, False), "silver", "palace") == 2


def test_tea_adds_one_tea_card_per_player_and_the_tea_trader():
    assert copies(catalogue(5, False), "tea", "market") == 0
    assert copies(catalogue(5, False), "tea_trader", "bazaar") == 0
    assert copies(catalogue(5, True), "tea", "market") == 5
    assert copies(catalogue(5, True), "tea_trader", "bazaar") == 1


def test_filters_keep_only_the_chosen_deck_and_colour():
    entries = catalogue(8, True)
    palace = filter_entries(entries, deck="palace")
    assert palace and {e.deck for e in palace} == {"palace"}
    red = filter_entries(entries, colour="red")
    assert red and {e.colour for e in red} == {"red"}
    assert filter_entries(entries, colour="red", deck="bazaar") == []


def test_search_finds_names_in_either_language_without_accents():
    entries = catalogue(8, False)
    spices = {"spice", "spice_dealer", "spice_broker"}  # Épices, Fournisseur / Vendeur d'épices
    assert {e.type.id for e in filter_entries(entries, search="epices")} == spices
    assert {e.type.id for e in filter_entries(entries, search="spice")} == spices
    assert {e.type.id for e in filter_entries(entries, search="ebene")} == {"ebony"}
    assert {e.type.id for e in filter_entries(entries, search="  GARDE ")} >= {"arab_guard", "mongol_guard"}
    assert filter_entries(entries, search="zzz") == []
    assert fold("Épices") == "epices"


# --- the scene ---------------------------------------------------------------------------------


def browser_on(app: App, players: int = 4) -> CardBrowserScene:
    app.push(TitleScene(app))
    browser = CardBrowserScene(app, players)
    app.push(browser)
    app.step(0.0)
    return browser


def test_clicking_the_palace_filter_shows_only_palace_cards(app):
    browser = browser_on(app)
    click(app, browser.widgets["deck=palace"].rect.center)
    assert browser.deck == "palace"
    assert browser.shown and {e.deck for e in browser.shown} == {"palace"}


def test_the_player_count_buttons_change_the_copies_and_stop_at_eight(app):
    browser = browser_on(app, players=7)
    before = sum(e.copies for e in browser.shown)
    click(app, browser.widgets["players+"].rect.center)
    assert browser.players == 8
    assert sum(e.copies for e in browser.shown) > before
    browser.press("players+")
    assert browser.players == 8


def test_clicking_a_card_in_the_grid_selects_it(app):
    browser = browser_on(app)
    target = browser.cell_rect(5).center
    click(app, target)
    assert browser.selected == 5
    assert browser.current is browser.shown[5]


def test_arrow_keys_move_the_selection_and_scroll_it_into_view(app):
    browser = browser_on(app, players=8)
    key(app, pygame.K_RIGHT)
    assert browser.selected == 1
    key(app, pygame.K_DOWN)
    assert browser.selected == 1 + browser.columns
    key(app, pygame.K_END)
    assert browser.selected == len(browser.shown) - 1
    assert browser.scroll > 0
    rect = browser.cell_rect(browser.selected)
    assert browser.grid.top <= rect.top and rect.bottom <= browser.grid.bottom + browser.cell[1]


def test_typing_a_search_filters_and_an_empty_result_draws_a_message(app):
    browser = browser_on(app)
    browser.type_search("Argent")
    assert [e.type.id for e in browser.shown] == ["silver", "silver"]  # Market and Palace copies
    browser.type_search("nothing like this")
    assert browser.shown == [] and browser.current is None
    app.mark_dirty()
    app.step(1 / 60)


@pytest.mark.parametrize(
    "lang, search, said",
    [
        ("en", "chameau", "1 kind of card · 6 copies"),
        ("en", "thief", "1 kind of card · 1 copy"),
        ("fr", "voleur", "1 sorte de carte · 1 exemplaire"),
        ("en", "argent", "2 kinds of card · 6 copies"),
    ],
)
def test_the_count_of_cards_shown_is_singular_for_one(app, monkeypatch, lang, search, said):
    """A search for one card said "1 kinds of card"."""
    from amul_table.scenes.browser import scene

    drawn = spy_text(monkeypatch, scene)
    set_language(lang)
    try:
        browser = browser_on(app)
        browser.type_search(search)
        app.mark_dirty()
        app.step(1 / 60)
        assert said in [words for words, _ in drawn]
    finally:
        set_language("en")


def test_guard_copies_list_their_letters_and_points(app):
    browser = browser_on(app, players=5)
    entry = next(e for e in browser.shown if e.type.id == "mongol_guard")
    lines = browser.copy_lines(entry).splitlines()
    assert lines == ["A-25: letter A, worth 0", "A-26: letter B, worth 1", "A-91: letter F, worth 3"]


def test_the_browser_draws_in_french_at_the_smallest_window(app):
    app.settings.language = "fr"
    set_language("fr")
    app.resize((1024, 640))
    browser = browser_on(app, players=8)
    browser.select(len(browser.shown) - 1)
    app.mark_dirty()
    app.step(1 / 60)
    assert browser.widgets["deck=all"].text == "Toutes"


def test_escape_goes_back_and_rules_summary_replaces_the_browser(app):
    browser = browser_on(app)
    browser.press("rules")
    assert isinstance(app.top, RulesScene)
    app.pop()
    assert isinstance(app.top, TitleScene)
    browser = CardBrowserScene(app)
    app.push(browser)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_a_word_too_wide_for_a_card_breaks_after_its_plus_signs(app):
    from amul_table.sprites.style import font, wrap

    fnt = font(14)
    width = fnt.size("Chameau+Or : 8")[0]
    lines = wrap("Épices+Chameau+Or : 8", width, fnt)
    assert lines == ["Épices+", "Chameau+Or : 8"]
    assert all(fnt.size(line)[0] <= width for line in lines)
    assert wrap("Set 3/7/13", 1000, fnt) == ["Set 3/7/13"]
