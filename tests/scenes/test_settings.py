"""The settings scene: every change applies at once, reaches every scene and is saved to the file."""

from __future__ import annotations

import pygame
import pytest

from amul_table.app.window import App
from amul_table.i18n import set_language, tr
from amul_table.persistence.settings import Settings
from amul_table.persistence.settings_file import ENV_VAR, load_settings
from amul_table.scenes.base import Scene
from amul_table.scenes.routes import Route
from amul_table.scenes.settings import BOT_PAUSES, SettingsScene
from tests.window_driver import click, key


class Below(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.changes = 0

    def settings_changed(self) -> None:
        super().settings_changed()
        self.changes += 1


@pytest.fixture
def app(tmp_path, monkeypatch, window):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "settings.yaml"))
    return window(animation_speed="normal", bot_pause=0.6)


def settings_on(app: App) -> tuple[Below, SettingsScene]:
    below = Below(app)
    app.push(below)
    scene = SettingsScene(app)
    app.push(scene)
    app.step(0.0)
    return below, scene


def test_clicking_french_switches_every_string_at_once_and_saves_it(app):
    below, scene = settings_on(app)
    click(app, scene.widgets["language=fr"].rect.center)
    assert app.settings.language == "fr"
    assert tr("title.new_game") == "Nouvelle partie"
    assert scene.widgets["back"].text == "Retour"
    assert below.changes == 1
    assert load_settings()[0].language == "fr"


def test_choosing_the_current_value_changes_nothing(app):
    below, scene = settings_on(app)
    scene.press("language=en")
    assert below.changes == 0
    assert load_settings()[0] == Settings()  # nothing written yet: the defaults


def test_animation_speed_colour_blind_aid_and_live_score_are_applied_and_saved(app):
    below, scene = settings_on(app)
    scene.press("animation_speed=fast")
    scene.press("colour_blind=True")
    scene.press("live_score=False")
    assert (app.settings.animation_speed, app.settings.colour_blind, app.settings.live_score) == ("fast", True, False)
    assert app.settings.speed_factor < 1
    assert below.changes == 3
    saved = load_settings()[0]
    assert (saved.animation_speed, saved.colour_blind, saved.live_score) == ("fast", True, False)


def test_the_bot_pause_steps_through_its_values_and_stops_at_both_ends(app):
    _, scene = settings_on(app)
    scene.press("pause+")
    assert app.settings.bot_pause == BOT_PAUSES[BOT_PAUSES.index(0.6) + 1]
    for _ in range(len(BOT_PAUSES)):
        scene.press("pause+")
    assert app.settings.bot_pause == BOT_PAUSES[-1]
    for _ in range(len(BOT_PAUSES) + 2):
        scene.press("pause-")
    assert app.settings.bot_pause == 0.0
    assert load_settings()[0].bot_pause == 0.0


def test_full_screen_follows_the_setting(app):
    _, scene = settings_on(app)
    scene.press("fullscreen=True")
    assert app.settings.fullscreen is True
    scene = app.top
    scene.press("fullscreen=False")
    assert app.fullscreen is False and app.settings.fullscreen is False


def unwritable(tmp_path, monkeypatch) -> None:
    """Settings saved to a path that is a folder: every save fails."""
    (tmp_path / "a-folder").mkdir()
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "a-folder"))


def test_a_failed_save_is_shown_and_the_setting_still_applies(app, tmp_path, monkeypatch):
    unwritable(tmp_path, monkeypatch)
    below = Below(app)
    app.push(below)
    scene = SettingsScene(app)
    app.push(scene)
    app.step(0.0)
    scene.press("colour_blind=True")
    app.step(1 / 60)
    assert app.settings.colour_blind is True
    assert "could not be saved" in scene.message
    assert [n.text for n in app.notices.items] == [scene.message]


@pytest.mark.parametrize("change", ["menu", "key_l", "f11"])
def test_every_way_of_changing_a_setting_reports_a_failed_save_the_same_way(app, tmp_path, monkeypatch, change):
    from amul_table.app.headless import make_session
    from amul_table.scenes.overlays import MenuOverlay

    unwritable(tmp_path, monkeypatch)
    set_language("fr")
    table = app.go(Route.TABLE, make_session(3, 5, "medium"), intro=False)
    app.push(table)
    app.step(0.0)
    before = app.settings.live_score, app.settings.fullscreen
    if change == "menu":
        menu = MenuOverlay(app, app.pop, save_as=table.save_as_view())
        app.push(menu)
        menu.press("score")
    else:
        key(app, pygame.K_l if change == "key_l" else pygame.K_F11)
    assert (app.settings.live_score, app.settings.fullscreen) != before  # applied all the same
    texts = [n.text for n in app.notices.items]
    assert len(texts) == 1 and texts[0].startswith("Les réglages n'ont pas pu être enregistrés")


def test_escape_and_back_return_to_the_scene_below(app):
    below, scene = settings_on(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is below
    scene = SettingsScene(app)
    app.push(scene)
    app.step(0.0)
    click(app, scene.widgets["back"].rect.center)
    assert app.top is below


@pytest.mark.parametrize(("lang", "shown"), [("en", "Bot pause: 0.15 s"), ("fr", "Pause des robots\u00a0: 0,15 s")])
def test_the_menu_writes_a_pause_of_a_settings_file_as_it_is_in_the_languages_decimal_mark(app, lang, shown):
    """A settings file may hold 0.15 s: the Esc menu said "0.1 s" (one decimal) and "0.6" in French."""
    from amul_table.scenes.overlays import MenuOverlay

    app.settings.language, app.settings.bot_pause = lang, 0.15
    set_language(lang)
    menu = MenuOverlay(app, on_main_menu=lambda: None)
    app.push(menu)
    app.step(0.0)
    assert shown in menu.ui.labels()
    app.settings.bot_pause = 2.0
    menu.build_buttons()
    assert shown.replace("0.15", "2").replace("0,15", "2") in menu.ui.labels()


def test_the_title_opens_the_settings_and_turns_french_at_once(app):
    from amul_table.scenes.title import TitleScene

    title = TitleScene(app)
    app.push(title)
    app.step(0.0)
    click(app, title.widgets["settings"].rect.center)
    assert isinstance(app.top, SettingsScene)
    app.top.press("language=fr")
    french = [
        "Nouvelle partie",
        "Héberger une table",
        "Rejoindre une table",
        "Apprendre à jouer",
        "Règles et cartes",
        "Palmarès",
        "Réglages",
        "Quitter",
    ]
    assert title.ui.labels() == french


def test_the_in_game_menu_reaches_the_settings_and_the_cards(app):
    from amul_table.app.headless import make_session
    from amul_table.scenes.browser.scene import CardBrowserScene
    from amul_table.scenes.overlays import MenuOverlay

    table = app.go(Route.TABLE, make_session(3, 2, "medium"), intro=False)
    app.push(table)
    menu = MenuOverlay(app, lambda: None)
    app.push(menu)
    app.step(0.0)
    click(app, menu.widgets[menu.ui.key_of("Rules & cards")].rect.center)
    assert isinstance(app.top, CardBrowserScene)
    app.pop()
    menu.press(menu.ui.key_of("Settings"))
    assert isinstance(app.top, SettingsScene)
    app.top.press("live_score=False")
    app.top.press("language=fr")
    assert "Reprendre" in menu.ui.labels()
    assert "Conseil" in [b.label for b in table.prompt_buttons()]
    assert app.settings.live_score is False


def test_f11_changes_the_full_screen_setting_saves_it_and_the_settings_scene_shows_it(app):
    below, scene = settings_on(app)
    assert scene.widgets["fullscreen=False"].is_selected
    key(app, pygame.K_F11)
    assert app.fullscreen is True and app.settings.fullscreen is True
    assert load_settings()[0].fullscreen is True
    assert scene.widgets["fullscreen=True"].is_selected and not scene.widgets["fullscreen=False"].is_selected
    assert below.changes == 1
    key(app, pygame.K_F11)
    assert app.fullscreen is False and app.settings.fullscreen is False
    assert load_settings()[0].fullscreen is False
    assert scene.widgets["fullscreen=False"].is_selected and not scene.widgets["fullscreen=True"].is_selected


def test_f11_at_the_title_is_saved_for_the_next_start(app):
    from amul_table.scenes.title import TitleScene

    app.push(TitleScene(app))
    app.step(0.0)
    key(app, pygame.K_F11)
    assert isinstance(app.top, TitleScene) and load_settings()[0].fullscreen is True


def test_a_saved_full_screen_setting_opens_the_window_full_screen(window):
    app = window(fullscreen=True)
    assert app.fullscreen is True and app.stack == []
