"""The window's navigation: the scene each route opens (scenes/routes.py names them).

Scenes ask the app for the next scene by route instead of importing it, so the scenes package has no
import circles; only this table knows every scene. Each factory imports its scene when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from amul_table.scenes.routes import Again, Route

if TYPE_CHECKING:
    from amul_table.app.window import App
    from amul_table.match.session import GameSession
    from amul_table.persistence.save_format import SavedGame
    from amul_table.rules.seats import Seat
    from amul_table.rules.views import SeatView
    from amul_table.scenes.table.score_trail import ScoreTrail


def title(app: App) -> Any:
    from amul_table.scenes.title import TitleScene

    return TitleScene(app)


def table(app: App, session: GameSession, intro: bool = True, trails: Mapping[int, ScoreTrail] | None = None) -> Any:
    """The table of a game of this window (autosaved, recorded when it ends): it holds the game's client."""
    from amul_table.app.local_game import play
    from amul_table.scenes.table.pass_and_play import table_scene

    return table_scene(app, play(app, session), intro, trails)


def new_game(app: App, seats: Sequence[Seat], seed: int | None = None, tea: int = 0) -> Any:
    from amul_table.match.session import GameSession

    return table(app, GameSession(seats, seed, tea))


def resume(app: App, saved: SavedGame) -> Any:
    from amul_table.match.replay import seats_views
    from amul_table.match.session import GameSession
    from amul_table.scenes.table.score_trail import ScoreTrail

    # each human's log and score box as they were: rebuilt from that seat's own views, decision by decision
    views = seats_views(saved.state, saved.setup.humans)
    trails = {seat: ScoreTrail.rebuilt(history) for seat, history in views.items()}
    return table(app, GameSession.of_saved(saved), intro=False, trails=trails)  # several humans: behind the shield


def tutorial(app: App) -> Any:
    """The tutorial's table: always the same deal, never autosaved."""
    from amul_table.app.local_game import play
    from amul_table.i18n import tr
    from amul_table.match.session import GameSession
    from amul_table.scenes.tutorial import TutorialScene

    return TutorialScene(app, play(app, GameSession.tutorial(tr("tutorial.you")), saved=False))


def score_pad(app: App, saved: SavedGame, *, over_replay: bool = False, again: Again | None = None) -> Any:
    from amul_table.scenes.score_pad import ScoringScene

    return ScoringScene(app, saved, over_replay=over_replay, again=again)


def replay(app: App, saved: SavedGame) -> None:
    from amul_table.scenes.replay import open_replay

    open_replay(app, saved)


def review(app: App, saved: SavedGame, seat: int | None = None) -> None:
    from amul_table.scenes.review import open_review

    open_review(app, saved, seat)


def cards(app: App) -> Any:
    from amul_table.scenes.browser.scene import CardBrowserScene

    return CardBrowserScene(app)


def settings(app: App) -> Any:
    from amul_table.scenes.settings import SettingsScene

    return SettingsScene(app)


def save_as(app: App, shown: SeatView) -> Any:
    from amul_table.scenes.save_as import SaveAsOverlay

    return SaveAsOverlay(app, shown)


ROUTES: dict[Route, Callable[..., Any]] = {
    Route.TITLE: title,
    Route.TABLE: table,
    Route.NEW_GAME: new_game,
    Route.RESUME: resume,
    Route.TUTORIAL: tutorial,
    Route.SCORE_PAD: score_pad,
    Route.REPLAY: replay,
    Route.REVIEW: review,
    Route.CARDS: cards,
    Route.SETTINGS: settings,
    Route.SAVE_AS: save_as,
}
