"""The window's autosave is its game's Match subscriber (app/local_game.py), not the table scene's: a failed write
is a notice the player sees while the game goes on (at the frame after it failed, not at a next decision), the next
decision writes again, and leaving the table writes the last decision."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from amul_table.app.headless import advance_to, make_session
from amul_table.persistence import save_files
from amul_table.persistence.save_files import AUTOSAVE, load_game
from amul_table.persistence.save_format import SavedGame
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.scenes.routes import Route
from amul_table.scenes.title import TitleScene
from tests.scenes.test_saves_in_window import human_plays

pytestmark = [pytest.mark.window(bot_pause=0.0), pytest.mark.usefixtures("inline_bots")]


def notices(app) -> list[str]:
    return [n.text for n in app.notices.items]


def held_writes(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The autosave writer's thread waits for the event before each write (set it to let them through)."""
    go = threading.Event()
    write = save_files.autosave

    def held(folder: Path, saved: SavedGame) -> tuple[Path, SavedGame]:
        go.wait(60)  # a hang guard only: the test sets it
        return write(folder, saved)

    monkeypatch.setattr(save_files, "autosave", held)
    return go


def test_a_failed_autosave_is_told_the_game_goes_on_and_the_next_decision_writes_it(
    app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    folder = tmp_path / "saves"
    app.saves = SavesFolder(folder)  # the folder went away after the window opened: every write fails
    app.push(TitleScene(app))
    session = make_session(3, 5, "medium")
    advance_to(session, 2)
    table = app.go(Route.TABLE, session)
    app.push(table)
    assert any(text.startswith("Autosave failed") for text in notices(app))  # the write when the table opened
    app.notices.items.clear()
    written = held_writes(monkeypatch)  # a loaded machine: the decisions are all made before the writer writes
    done = len(session.match.state.actions)
    human_plays(app, table, random.Random(3), lambda: len(session.match.state.actions) > done + 3)
    assert not notices(app)  # no write has failed yet
    written.set()
    app.saves.flush()
    app.step(1 / 60)  # no decision since: the frame after the failed write tells it
    assert not (folder / AUTOSAVE).exists() and any(text.startswith("Autosave failed") for text in notices(app))
    folder.mkdir()
    done = len(session.match.state.actions)
    human_plays(app, table, random.Random(4), lambda: len(session.match.state.actions) > done)
    app.saves.flush()
    assert load_game(folder / AUTOSAVE).state.actions == session.match.state.actions


def test_leaving_the_table_writes_the_last_decision_and_the_window_saves_it_no_more(app, tmp_path: Path):
    app.saves = SavesFolder(tmp_path)
    app.push(TitleScene(app))
    session = make_session(3, 6, "medium")
    table = app.go(Route.TABLE, session)
    app.push(table)
    human_plays(app, table, random.Random(5), lambda: len(session.match.state.actions) > 6)
    app.reset(TitleScene(app))  # Main menu
    kept = session.match.state.actions
    assert load_game(tmp_path / AUTOSAVE).state.actions == kept
    (tmp_path / AUTOSAVE).unlink()
    app.autosave()  # SIGTERM on the title: the closed game is not written again
    app.saves.flush()
    assert not (tmp_path / AUTOSAVE).exists() and session.closed


def test_leaving_the_table_writes_again_a_last_decision_whose_write_failed_off_the_frame(
    app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    folder = tmp_path / "saves"
    app.saves = SavesFolder(folder)  # gone: the writes fail
    app.push(TitleScene(app))
    session = make_session(3, 6, "medium")
    table = app.go(Route.TABLE, session)
    app.push(table)
    written = held_writes(monkeypatch)  # handed over without waiting, failed after the decisions
    human_plays(app, table, random.Random(6), lambda: len(session.match.state.actions) > 3)
    written.set()
    app.saves.flush()
    folder.mkdir()  # back before the player leaves
    app.reset(TitleScene(app))  # Main menu
    assert load_game(folder / AUTOSAVE).state.actions == session.match.state.actions
