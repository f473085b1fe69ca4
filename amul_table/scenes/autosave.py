"""The table's autosaves: when the game opens, at the start of every round, when the window closes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from amul_table.rules.state import Event
from amul_table.scenes.saves_text import reason_text
from amul_table.session import GameSession

if TYPE_CHECKING:
    from amul_table.app import App


class TableSaver:
    """Autosaves of the game on the table: when it opens, at the start of every round, when it closes.

    Runs on the main thread, between two actions (the bots only think in their thread; their actions
    are applied here). A game that was already over when opened is never autosaved: looking at a
    finished save must not replace the game that Continue would resume.
    """

    def __init__(self, app: App, session: GameSession) -> None:
        self.app = app
        self.session = session
        self.opened_over = session.is_over
        self.saved_actions = -1  # how many actions the last autosave held

    def after(self, events: Sequence[Event]) -> None:
        """Save when the engine has just started a round."""
        if any(e.kind == "round" for e in events):
            self.save()

    def save(self) -> None:
        """Save now, unless nothing happened since the last save."""
        done = len(self.session.state.actions)
        if self.opened_over or done == self.saved_actions or not self.app.saves.can_write:
            return
        problem = self.app.saves.autosave(self.session)
        if problem:
            self.app.notify(reason_text(problem))
        else:
            self.saved_actions = done
