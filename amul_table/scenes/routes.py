"""Where a scene goes next, by name. The app's navigation (amul_table/app/navigation.py) builds the scene for
each route, so scenes reach each other through the app and never import each other in circles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class Route(StrEnum):
    """The scenes other scenes open; `App.go(route, ...)` takes each route's arguments (navigation.py)."""

    TITLE = "title"  # () -> TitleScene
    TABLE = "table"  # (session, intro=True) -> the table of this game of the window (pass and play when shared)
    NEW_GAME = "new_game"  # (seats, seed=None, tea=0) -> the table of a new game
    RESUME = "resume"  # (saved) -> the table of a saved game, where it stopped
    TUTORIAL = "tutorial"  # () -> TutorialScene, its game made and never autosaved
    SCORE_PAD = "score_pad"  # (saved, over_replay=False, again=None) -> ScoringScene of this finished game
    REPLAY = "replay"  # (saved) -> None: pushes the replay, or says why not
    REVIEW = "review"  # (saved, seat=None) -> None: pushes the review, or says why not
    CARDS = "cards"  # () -> CardBrowserScene
    SETTINGS = "settings"  # () -> SettingsScene
    SAVE_AS = "save_as"  # (the table's view) -> SaveAsOverlay, writing the window's game in play


@dataclass(frozen=True)
class Again:
    """What the score pad's Play again does after an online game (after a local one it deals a local game).

    `start(seed)`: None for a new deal, else that deal again (only when `same_deal`: the host makes tables,
    a friend who joined goes back to Join a table).
    """

    start: Callable[[int | None], None]
    same_deal: bool
