"""A game played in this window: handed to the table as a client, autosaved, and recorded when it ends.

The table scene holds only the game's client. What hears the game besides its players (the Match's
subscribers: the autosave, the finished game's own save, the records database) is wired here, where the
window makes the game, never in a scene. The tutorial's game is never autosaved: it must not replace the
game Continue would resume.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from amul_table.persistence.save_format import SavedGame
from amul_table.scenes.saves_text import reason_text

if TYPE_CHECKING:
    from amul_table.app.window import App
    from amul_table.match.session import GameSession, PacedClient


@dataclass
class WindowAutosaves:
    """Where the Match's Autosave writes in the window: the saves place; a failure is a notice the player sees."""

    app: App

    def autosave(self, saved: SavedGame, *, wait: bool) -> bool:
        return self.told(self.app.saves.autosave(saved, wait=wait))

    def keep_finished(self, saved: SavedGame) -> None:
        self.told(self.app.saves.keep_finished(saved))

    def flush(self) -> bool:
        return self.app.saves.flush()

    def told(self, problem: Exception | None) -> bool:
        """Show the player why saving failed (the game goes on); whether it went well."""
        if problem is not None:
            self.app.notify(reason_text(problem))
        return problem is None


def play(app: App, session: GameSession, *, saved: bool = True) -> PacedClient:
    """Make `session` the window's game in play (Save as… and the window's last autosave reach it) and return
    the client its table holds; `saved` False: never autosaved (the tutorial)."""
    session.bot_pause = app.settings.bot_pause
    session.keep_finished(app.keep_finished_game)  # the records hear the game end, not the score pad
    app.game = session
    if saved and app.saves.can_write:
        session.autosave_to(WindowAutosaves(app))
    return session.client
