"""A finished game stays reachable after Play again (issue 23 #10): it is kept as its own save, which Load lists as
finished and opens in the replay, the review and the score pad; Enter on the score pad never leaves it."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from amul_table.app.headless import advance_to, make_session
from amul_table.app.window import App
from amul_table.persistence.save_files import AUTOSAVE, is_finished_save, load_game
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.scenes.load import LoadScene
from amul_table.scenes.replay import ReplayScene
from amul_table.scenes.review import ReviewScene
from amul_table.scenes.routes import Route
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.title import TitleScene
from tests.scenes.played import played
from tests.scenes.test_saves_in_window import click, human_plays, key

pytestmark = [
    pytest.mark.window(bot_pause=0.0),
    pytest.mark.usefixtures("inline_bots"),  # the bots think inside the frame: no sleeps, same frames
]


@pytest.fixture
def app(app, tmp_path: Path):
    """The conftest's window, saving in the test's folder."""
    app.saves = SavesFolder(tmp_path)
    app.push(TitleScene(app))
    return app


def finish_a_game(app: App) -> ScoringScene:
    """A 3-player game from its last round (played there once per test process), played to the score pad in the
    window."""
    table = app.go(Route.TABLE, played(3, 8, "easy", round_number=9))
    app.push(table)
    human_plays(app, table, random.Random(1), lambda: isinstance(app.top, ScoringScene))
    return app.top


def test_play_again_keeps_the_finished_game_as_a_save_that_load_lists_as_finished(app, tmp_path):
    pad = finish_a_game(app)
    finished = pad.game.state.actions
    app.saves.flush()
    click(app, pad.widgets["play_again"].rect.center)
    assert isinstance(app.top, TableScene) and not app.top.link.is_over
    app.autosave()
    app.saves.flush()
    assert not load_game(tmp_path / AUTOSAVE).state.is_over  # the autosave is the new game now
    kept = [p for p in tmp_path.iterdir() if is_finished_save(p)]
    assert len(kept) == 1 and load_game(kept[0]).state.actions == finished

    load = LoadScene(app)
    app.push(load)
    app.step(1 / 60)
    row = next(i for i, s in enumerate(load.saves) if s.path == kept[0])
    assert load.saves[row].over and load.title_of(load.saves[row]).startswith("Finished game, ")
    load.select(row)
    load.replay_selected()
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.replay.finished
    key(app, pygame.K_r)
    assert isinstance(app.top, ReviewScene)


def test_a_game_opened_already_finished_is_not_kept_again(app, tmp_path):
    pad = finish_a_game(app)
    app.saves.flush()
    kept = [p for p in tmp_path.iterdir() if is_finished_save(p)]
    before = kept[0].stat().st_mtime_ns
    from amul_table.scenes.load import play_saved_game

    play_saved_game(app, load_game(kept[0]))  # looking at it again: its score pad
    for _ in range(20):  # two seconds: the pad written in whole, in frames of 0.1 s
        app.step(0.1)
    assert isinstance(app.top, ScoringScene) and app.top is not pad
    assert [p for p in tmp_path.iterdir() if is_finished_save(p)] == kept and kept[0].stat().st_mtime_ns == before


def test_enter_on_the_score_pad_fills_it_in_and_never_leaves_it(app):
    pad = finish_a_game(app)
    pad.clock, pad.row_delay = 0.0, 1.0  # the rows are still being written in, one a second
    for _ in range(3):
        key(app, pygame.K_RETURN)
        key(app, pygame.K_KP_ENTER)
    assert app.top is pad and pad.filled


def test_the_title_makes_continue_the_default_when_a_game_can_be_continued(app, tmp_path):
    session = make_session(3, 4, "easy")
    advance_to(session, 2)
    app.saves.autosave(session.saved_game())
    app.top.enter()  # the title reads the saves folder again
    title = app.top
    assert "continue" in title.widgets
    assert title.widgets["continue"].object_ids[-1] == "#primary"
    assert title.widgets["new_game"].object_ids[-1] != "#primary"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene) and app.top.client.match.state.actions == session.state.actions
