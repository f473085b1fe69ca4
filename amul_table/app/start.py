"""Window start-up: `amul-table` on the title scene, and `amul-table play` straight into a game."""

from __future__ import annotations

import argparse
import logging

from amul_table.app.recording import open_records_for
from amul_table.app.window import App
from amul_table.i18n import tr_error
from amul_table.persistence.errors import SettingsError
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.persistence.settings import Settings

log = logging.getLogger(__name__)


def run_app(args: argparse.Namespace | None = None) -> int:
    """`amul-table` with no command: the window on the title scene."""
    app = window_app(args)
    return app.run()


def window_app(args: argparse.Namespace | None = None) -> App:
    """The window on the title scene, saving to `--saves DIR`, $AMUL_TABLE_SAVES or saves/."""
    return title_window(getattr(args, "saves", None))


def title_window(saves: str | None) -> App:
    """The window on the title scene, its settings, saves folder and records opened (and any problem said)."""
    from amul_table.scenes.title import TitleScene

    settings, problem = saved_settings()
    app = App(settings)
    app.saves = SavesFolder.open(saves)
    app.push(TitleScene(app))
    warn_at_start(app, problem)
    open_records_for(app)
    return app


def play_game(
    players: int, seed: int | None, bots: str, *, humans: int = 1, tea: int = 0, saves: str | None = None
) -> int:
    """`amul-table play`: a game on the table at once, over the title scene it returns to."""
    from amul_table.ai.base import fresh_bot_salt
    from amul_table.app.headless import make_session
    from amul_table.scenes.routes import Route

    app = title_window(saves)
    app.catch_sigterm()  # from the game's first autosave on: a SIGTERM before the loop runs still saves and leaves
    session = make_session(players, seed, bots, humans=humans, tea=tea, bot_salt=fresh_bot_salt())
    app.push(app.go(Route.TABLE, session))
    return app.run()


def join_window(url: str, code: str, name: str) -> int:
    """`amul-table join URL CODE --name NAME` (no --auto): the window at that table, over the title scene."""
    from amul_table.scenes.online_join import open_table

    app = title_window(None)
    open_table(app, url, code, name)
    return app.run()


def saved_settings() -> tuple[Settings, SettingsError | None]:
    """The settings file's settings; a damaged file gives the defaults and a warning, never a crash."""
    from amul_table.persistence.settings_file import load_settings

    settings, problem = load_settings()
    if problem is not None:
        log.warning("%s", problem)
    return settings, problem


def warn_at_start(app: App, settings_problem: SettingsError | None) -> None:
    """What the player must know as the window opens: damaged settings, saving off."""
    if settings_problem is not None:
        app.notify(tr_error(settings_problem))
    if app.saves.problem:
        app.notify(tr_error(app.saves.problem))
