"""Saves in the window: autosaves, Continue, Save as…, the Load scene, an unwritable saves folder."""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.start import window_app
from amul_table.app.window import App
from amul_table.persistence.save_files import load_game
from amul_table.persistence.save_format import dump_save
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.rules.phases import Phase
from amul_table.scenes.load import LoadScene
from amul_table.scenes.overlays import ConfirmOverlay, MenuOverlay
from amul_table.scenes.routes import Route
from amul_table.scenes.save_as import SaveAsOverlay
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.title import TitleScene
from tests.scenes.played import played
from tests.scenes.text_spy import spy_text
from tests.window_driver import click, close_window, key

pytestmark = pytest.mark.usefixtures("inline_bots")  # the bots think inside the frame: no sleeps, same frames


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    saves = tmp_path / "saves"
    monkeypatch.setenv("AMUL_TABLE_SAVES", str(saves))
    return saves


def saving_window(window: Callable[..., App], speed: str = "instant") -> App:
    """A window (from the `window` fixture) saving where AMUL_TABLE_SAVES says, as `amul-table` opens it."""
    app = window(animation_speed=speed, bot_pause=0.0)
    app.saves = SavesFolder.open()
    app.push(TitleScene(app))
    return app


@pytest.fixture
def app(folder: Path, window):
    return saving_window(window)


def start_table(app: App, players: int = 3, seed: int = 5, *, from_round: int = 1) -> TableScene:
    """A table of a new game, or of that game continued at the start of round `from_round` (played there once per
    test process: the tests that save a game under way need it under way, not played to there in the window)."""
    session = (
        make_session(players, seed, "medium")
        if from_round == 1
        else played(players, seed, "medium", round_number=from_round)
    )
    table = app.go(Route.TABLE, session)
    app.push(table)
    app.step(0.0)
    return table


def human_plays(app: App, table: TableScene, rng: random.Random, until, frames: int = 5000) -> None:
    """Step the window, the human choosing at random, until `until()` holds."""
    for _ in range(frames):
        if until():
            return
        app.step(1 / 60)
        if until():
            return
        if table.model.view.legal and not table.animating and app.top is table:
            table.act(rng.choice(table.model.view.legal))
    raise AssertionError("the game never got there")


def labels(scene) -> list[str]:
    return scene.ui.labels()


def write_save(path: Path, players: int, seed: int, steps: int, updated: dt.datetime) -> None:
    """A save of a game `steps` actions in, last saved at `updated`."""
    path.write_text(save_text(players, seed, steps, updated), encoding="utf-8")


@cache
def save_text(players: int, seed: int, steps: int, updated: dt.datetime) -> str:
    """The save's text, played once a module: the bots' game is the same on every run (its seed). Random bots: the
    Load scene lists a save whatever its bots thought (the medium ones' thinking was most of these tests' time)."""
    session = make_session(players, seed, "random")
    rng = random.Random(seed)
    for _ in range(steps):
        session.run_bots_now()
        view = session.view(session.shown_seat())
        if session.is_over or not view.legal:
            break
        session.client.submit(rng.choice(view.legal))
    return dump_save(dataclasses.replace(session.saved_game(), updated=updated))


# --- autosave -------------------------------------------------------------------------------------


def test_a_new_game_is_autosaved_at_once_and_again_at_the_start_of_the_next_round(app, folder):
    table = start_table(app)
    state = table.client.match.state
    assert load_game(folder / "autosave.yaml").state == state  # round 1, nothing played yet
    human_plays(app, table, random.Random(1), lambda: state.round == 2)
    saved = load_game(folder / "autosave.yaml").state
    assert saved.round == 2 and saved.phase == Phase.OFFER and saved.actions == state.actions


def test_closing_the_window_mid_animation_autosaves_the_game_as_it_stands(window, folder):
    app = saving_window(window, speed="slow")
    table = start_table(app, seed=8)
    rng = random.Random(3)
    human_plays(app, table, rng, lambda: table.model.view.legal and not table.animating)
    table.act(rng.choice(table.model.view.legal))
    assert table.animating
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert load_game(folder / "autosave.yaml").state == table.client.match.state
    assert isinstance(app.top, ConfirmOverlay)  # a game in progress: quitting still asks
    key(app, pygame.K_y, unicode="y")
    assert not app.running
    assert load_game(folder / "autosave.yaml").state == table.client.match.state


def test_leaving_for_the_main_menu_autosaves_and_offers_to_continue(app, folder):
    table = start_table(app)
    human_plays(app, table, random.Random(2), lambda: len(table.client.match.state.actions) >= 7)
    key(app, pygame.K_ESCAPE)
    app.top._main_menu()
    app.top._yes()
    assert isinstance(app.top, TitleScene)
    assert load_game(folder / "autosave.yaml").state == table.client.match.state
    assert labels(app.top)[0] == "Continue"


def test_a_refused_autosave_file_is_left_alone_and_the_game_saves_beside_it(app, folder):
    folder.joinpath("autosave.yaml").write_text("format: something else\n", encoding="utf-8")
    table = start_table(app)
    assert folder.joinpath("autosave.yaml").read_text(encoding="utf-8") == "format: something else\n"
    assert load_game(folder / "autosave-2.yaml").state == table.client.match.state


# --- Continue -----------------------------------------------------------------------------------


def title_rows(*, resume: bool, load: bool) -> list[str]:
    """The title's buttons, top to bottom: Continue only with an unfinished autosave, Load only with saves."""
    rows = ["Continue"] * resume + ["New game"] + ["Load game"] * load
    return [*rows, "Host a table", "Join a table", "Learn to play", "Rules & cards", "Records", "Settings", "Quit"]


def test_continue_resumes_the_autosaved_game_exactly_where_it_was(window, folder):
    first = saving_window(window)
    table = start_table(first, players=4, seed=13, from_round=3)
    human_plays(first, table, random.Random(5), lambda: len(table.client.match.state.actions) % 5 == 2)
    before = table.client.match.state.clone()
    names = table.link.names
    close_window(first)  # closing the window autosaves
    app = saving_window(window)
    title = app.top
    assert labels(title) == title_rows(resume=True, load=True)
    title.press(title.ui.key_of("Continue"))
    resumed = app.top
    assert isinstance(resumed, TableScene)
    assert resumed.client.match.state == before
    assert resumed.link.names == names and resumed.link.human_seats == [0]
    assert app.game.started == load_game(folder / "autosave.yaml").created


def test_there_is_no_continue_without_an_unfinished_autosave(app, folder):
    assert labels(app.top) == title_rows(resume=False, load=False)
    write_save(folder / "autosave.yaml", 3, 4, 10_000, dt.datetime.now(dt.UTC))  # a finished game
    assert load_game(folder / "autosave.yaml").state.is_over
    app.push(TitleScene(app))
    assert labels(app.top) == title_rows(resume=False, load=True)


# --- Save as… -----------------------------------------------------------------------------------


def open_save_as(app: App) -> SaveAsOverlay:
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuOverlay)
    menu.press("save_as")
    assert isinstance(app.top, SaveAsOverlay)
    return app.top


def type_name(app: App, name: str) -> None:
    box = app.top
    box.entry.set_text("")
    for ch in name:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(1 / 60)
    assert box.entry.get_text() == name


def test_save_as_writes_a_save_that_loads_back_to_the_same_game(app, folder):
    table = start_table(app, players=5, seed=3, from_round=2)
    open_save_as(app)
    type_name(app, "Tuesday: Ana/Bo")
    key(app, pygame.K_RETURN)
    app.step(1 / 60)  # the text box reports Enter as an event of its own
    assert isinstance(app.top, MenuOverlay)  # the box closed
    record = load_game(folder / "Tuesday- Ana-Bo.yaml")
    assert record.state == table.client.match.state
    assert [s.name for s in record.setup.seats] == table.link.names


def test_a_name_typed_at_once_replaces_the_suggested_one_and_enter_keeps_it(app, folder):
    """The suggested name ("Round 2 of 9 – …") was not selected, so a typed "mine" made "Round 2 of 9 – …mine"."""
    start_table(app)
    box = open_save_as(app)
    suggested = box.entry.get_text()
    assert suggested == box.suggested and suggested
    for ch in "mine":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(1 / 60)
    assert box.entry.get_text() == "mine"
    key(app, pygame.K_RETURN)
    app.step(1 / 60)
    assert (folder / "mine.yaml").is_file() and isinstance(app.top, MenuOverlay)
    app.top.press("save_as")  # again, from the menu still open: Enter alone keeps the suggestion
    box = app.top
    key(app, pygame.K_RETURN)
    app.step(1 / 60)
    assert app.top is not box and (folder / f"{box.suggested}.yaml").is_file()


def test_save_as_over_an_existing_save_asks_first(app, folder):
    table = start_table(app)
    write_save(folder / "mine.yaml", 4, 9, 12, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    old = (folder / "mine.yaml").read_bytes()
    box = open_save_as(app)
    type_name(app, "mine")
    box.save()
    assert isinstance(app.top, ConfirmOverlay)
    key(app, pygame.K_ESCAPE)  # No
    assert app.top is box and (folder / "mine.yaml").read_bytes() == old
    box.save()
    key(app, pygame.K_y, unicode="y")
    assert load_game(folder / "mine.yaml").state == table.client.match.state
    assert app.top is not box


def test_save_as_never_replaces_a_refused_file_and_says_why(app, folder):
    start_table(app)
    folder.joinpath("notes.yaml").write_text("[1, 2, 3]\n", encoding="utf-8")
    box = open_save_as(app)
    type_name(app, "notes")
    box.save()
    assert app.top is box
    assert "notes.yaml is never replaced" in box.message and "not an amul-table save" in box.message
    assert folder.joinpath("notes.yaml").read_text(encoding="utf-8") == "[1, 2, 3]\n"


def test_save_as_refuses_an_empty_name_with_a_message(app, folder):
    start_table(app)
    box = open_save_as(app)
    type_name(app, "  ")
    box.save()
    assert app.top is box and box.message.startswith("Give the save a name")


# --- the Load scene -------------------------------------------------------------------------------


@pytest.fixture
def three_saves(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    write_save(folder / "oldest.yaml", 3, 1, 5, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    write_save(folder / "newest.yaml", 6, 2, 40, dt.datetime(2026, 3, 1, tzinfo=dt.UTC))
    write_save(folder / "middle.yaml", 4, 3, 20, dt.datetime(2026, 2, 1, tzinfo=dt.UTC))
    broken = folder / "broken.yaml"
    broken.write_text("format: amul-table-save\nversion: 99\n", encoding="utf-8")
    old = dt.datetime(2025, 6, 1, tzinfo=dt.UTC).timestamp()
    os.utime(broken, (old, old))
    return folder


def open_load(app: App) -> LoadScene:
    title = app.top
    title.press("load")
    assert isinstance(app.top, LoadScene)
    app.step(0.0)
    return app.top


def test_a_save_begun_in_french_lists_its_default_you_in_english(window, folder, monkeypatch):
    """A game saved in French listed "Vous · Marco (medium bot) · …" in the English Load scene."""
    from amul_table.scenes import load

    folder.mkdir(parents=True, exist_ok=True)
    text = save_text(3, 1, 5, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    assert "{name: You, kind: human}" in text
    (folder / "partie.yaml").write_text(text.replace("{name: You,", "{name: Vous,"), encoding="utf-8")
    drawn = spy_text(monkeypatch, load)
    app = saving_window(window)
    scene = open_load(app)
    assert [s.seats[0].name for s in scene.saves] == ["Vous"]
    app.mark_dirty()
    app.step(1 / 60)
    words = [w for w, _ in drawn]
    assert "You" in words and "Vous" not in words


def test_the_load_scene_lists_saves_newest_first_with_players_and_round(window, three_saves, folder):
    broken = folder / "broken.yaml"
    os.utime(broken)  # the newest file, but refused: the newest loadable save is chosen first

    app = saving_window(window)
    scene = open_load(app)
    assert [s.name for s in scene.saves] == ["broken", "newest", "middle", "oldest"]
    newest = scene.saves[1]
    assert (newest.players, newest.round) == (6, load_game(folder / "newest.yaml").state.round)
    assert [s.name for s in newest.seats][:2] == ["You", "Marco"]
    assert scene.facts_of(newest)[1] == "6 players"
    assert scene.current is newest and scene.widgets["load"].is_enabled


def test_a_refused_file_is_listed_with_its_reason_and_cannot_be_loaded(window, three_saves, folder):
    app = saving_window(window)
    scene = open_load(app)
    key(app, pygame.K_END)
    broken = scene.current
    assert broken.name == "broken" and not broken.ok and "newer amul_table" in str(broken.reason)
    assert not scene.widgets["load"].is_enabled
    key(app, pygame.K_RETURN)
    assert app.top is scene
    assert folder.joinpath("broken.yaml").read_text(encoding="utf-8").endswith("version: 99\n")


def test_the_french_load_scene_gives_a_refused_save_its_reason_in_french(window, three_saves, folder, monkeypatch):
    import amul_table.scenes.load as load_module
    from amul_table.i18n import set_language

    drawn: list[str] = []
    real = load_module.draw_wrapped
    monkeypatch.setattr(
        load_module, "draw_wrapped", lambda s, line, *a, **k: drawn.append(line) or real(s, line, *a, **k)
    )
    app = saving_window(window)
    try:
        scene = open_load(app)
        set_language("fr")  # as the Settings scene switches it (window() starts in the settings' English)
        key(app, pygame.K_END)
        assert scene.current.name == "broken"
        drawn.clear()
        app.mark_dirty()
        app.step(0.0)
        assert "Cette sauvegarde a été écrite par une version plus récente d'amul_table " in " ".join(drawn)
        assert not any("newer" in line for line in drawn)
    finally:
        close_window(app)
        set_language("en")


def test_load_opens_the_chosen_save_where_it_stopped(window, three_saves, folder):
    app = saving_window(window)
    scene = open_load(app)
    key(app, pygame.K_DOWN)
    assert scene.current.name == "middle"
    click(app, scene.widgets["load"].rect.center)
    table = app.top
    assert isinstance(table, TableScene) and app.stack[0].__class__ is TitleScene and len(app.stack) == 2
    assert table.client.match.state == load_game(folder / "middle.yaml").state


def test_delete_asks_first_and_then_removes_the_file(window, three_saves, folder):
    app = saving_window(window)
    scene = open_load(app)
    click(app, scene.widgets["delete"].rect.center)
    assert isinstance(app.top, ConfirmOverlay) and "newest" in app.top.question
    key(app, pygame.K_ESCAPE)
    assert folder.joinpath("newest.yaml").exists() and app.top is scene
    click(app, scene.widgets["delete"].rect.center)
    key(app, pygame.K_y, unicode="y")
    assert not folder.joinpath("newest.yaml").exists()
    assert [s.name for s in scene.saves] == ["middle", "oldest", "broken"]


# --- the saves folder -----------------------------------------------------------------------------


def test_an_unwritable_saves_folder_is_reported_on_screen_and_the_game_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("AMUL_TABLE_SAVES", str(blocker / "saves"))
    app = window_app(None)
    app.settings.animation_speed, app.settings.bot_pause = "instant", 0.0
    try:
        assert not app.saves.can_write
        assert any("Saving is off: cannot create the saves folder" in n.text for n in app.notices.items)
        table = start_table(app)
        human_plays(app, table, random.Random(7), lambda: table.client.match.state.round == 2)
        assert blocker.read_text(encoding="utf-8") == "not a folder"
        box = open_save_as(app)
        assert box.message.startswith("Saving is off") and not box.widgets["save"].is_enabled
    finally:
        close_window(app)


def test_the_saves_option_on_the_command_line_wins_over_the_environment(tmp_path, monkeypatch):
    import argparse

    monkeypatch.setenv("AMUL_TABLE_SAVES", str(tmp_path / "env"))
    app = window_app(argparse.Namespace(saves=str(tmp_path / "cli")))
    try:
        assert app.saves.folder == (tmp_path / "cli").absolute()
        assert not app.notices.items
    finally:
        close_window(app)


def test_render_draws_the_load_scene_from_sample_saves(tmp_path):
    from amul_table.cli.main import main

    out = tmp_path / "load.png"
    assert main(["render", "--scene", "load", "--bots", "random", "--out", str(out), "--size", "1024x640"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 640)
