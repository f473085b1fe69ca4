"""The window never dies of one bad frame: the failure is logged, the game saved, the player asked."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.cli.main import main
from amul_table.persistence.save_files import autosave_path, load_game
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.scenes.overlays import ConfirmOverlay
from amul_table.scenes.routes import Route
from amul_table.scenes.title import TitleScene
from tests.window_driver import close_window, open_window


@pytest.fixture
def table_app(tmp_path: Path):
    app = open_window(bot_pause=0.0)
    app.saves = SavesFolder.open(tmp_path / "saves")
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(3, 5, "medium"))
    app.push(table)
    app.guarded_step(0.0)
    yield app, table
    close_window(app)


def test_an_injected_failure_is_logged_saved_and_asked_about(table_app, tmp_path: Path) -> None:
    app, table = table_app
    table.act(table.model.view.legal[0])
    original = table.update
    calls = {"n": 0}

    def broken(dt: float) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("injected failure")
        original(dt)

    table.update = broken
    app.guarded_step(1 / 60)  # raises inside: caught
    assert app.running and app.failures == 1
    log = tmp_path / "data" / "crash.log"  # AMUL_TABLE_DATA is tmp_path/data (tests/conftest.py)
    assert "injected failure" in log.read_text(encoding="utf-8")
    assert isinstance(app.top, ConfirmOverlay) and str(log) in app.top.question
    saved = load_game(autosave_path(app.saves.folder))
    assert len(saved.state.actions) == len(table.client.match.state.actions)
    app.top._no()  # go on playing
    for _ in range(5):
        app.guarded_step(1 / 60)
    assert app.running and app.top is table and app.failures == 0


def test_a_failure_every_frame_saves_and_closes_instead_of_looping(table_app) -> None:
    app, table = table_app

    def always(surface) -> None:
        raise RuntimeError("broken draw")

    table.draw = always
    table.dirty = True
    for _ in range(10):
        if not app.running:
            break
        app.mark_dirty()
        app.guarded_step(1 / 60)
    assert not app.running and app.exit_code == 1


def test_a_sigterm_before_the_played_windows_loop_saves_and_leaves_with_status_0(tmp_path: Path, monkeypatch) -> None:
    """`amul-table play` writes its game's first autosave as the table opens, then opens the sound and starts its loop:
    a SIGTERM in between (a loaded machine) met the command's handler (status 143), not the window's."""
    run, close = App.run, App.close

    def signalled_first(app: App) -> int:
        os.kill(os.getpid(), signal.SIGTERM)
        return run(app)

    monkeypatch.setattr(App, "run", signalled_first)
    monkeypatch.setattr(App, "close", lambda app: close(app, quit_pygame=False))  # pygame kept for the next windows
    saves = tmp_path / "saves"
    assert main(["--saves", str(saves), "play", "--players", "3", "--seed", "4"]) == 0
    assert load_game(saves / "autosave.yaml").state.actions == []


def test_sigterm_flag_saves_and_leaves_without_asking(table_app) -> None:
    """The signal itself, to this process, through the window's own handler (as `App.run` installs it)."""
    app, table = table_app
    table.act(table.model.view.legal[0])
    previous = signal.getsignal(signal.SIGTERM)
    try:
        app.catch_sigterm()
        assert signal.getsignal(signal.SIGTERM) is not previous, "the window caught no SIGTERM: this one would kill"
        os.kill(os.getpid(), signal.SIGTERM)
        assert app.terminating
    finally:
        signal.signal(signal.SIGTERM, previous)
    app.guarded_step(1 / 60)
    assert not app.running
    assert not any(isinstance(s, ConfirmOverlay) for s in app.stack)
    saved = load_game(autosave_path(app.saves.folder))
    assert len(saved.state.actions) == len(table.client.match.state.actions)
