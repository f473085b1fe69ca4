"""The table's autosaves: when the game opens, at the start of every round, when the window closes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from amul_table.rules.state import Event, EventKind
from amul_table.scenes.saves_text import reason_text

if TYPE_CHECKING:
    from amul_table.app.window import App
    from amul_table.match.session import GameSession
    from amul_table.scenes.table.link import TableLink


class TableSaver:
    """Autosaves of the game on the table: when it opens, after every decision, when it closes.

    The state is copied on the main thread, between two actions (the bots only think in their thread;
    their actions are applied here); the writing happens in the saves folder's one background writer, so
    a decision costs the frame a state clone only. A game that was already over when opened is never
    autosaved: looking at a finished save must not replace the game that Continue would resume.
    """

    def __init__(self, app: App, session: GameSession) -> None:
        self.app = app
        self.session = session
        self.opened_over = session.client.is_over
        self.saved_actions = -1  # how many actions the last autosave held

    def after(self, events: Sequence[Event]) -> None:
        """Save after every decision (a crash then loses at most the one being made), off the frame;
        at the start of a round, wait for the disk as before (once a round, the cost is not felt)."""
        if events:
            self.save(wait=any(e.kind == "round" for e in events))
        if any(e.kind == EventKind.GAME_OVER for e in events) and not self.opened_over and self.app.saves.can_write:
            problem = self.app.saves.keep_finished(self.session)  # Play again's autosave must not lose it
            if problem:
                self.app.notify(reason_text(problem))

    def save(self, *, wait: bool = True) -> None:
        """Save now, unless nothing happened since the last save; `wait` until it is on disk."""
        done = self.session.client.turn
        if self.opened_over or not self.app.saves.can_write:
            return
        if done == self.saved_actions:
            if wait:
                self.app.saves.flush()
            return
        problem = self.app.saves.autosave(self.session, wait=wait)
        if problem:
            self.app.notify(reason_text(problem))
        else:
            self.saved_actions = done

    def flush(self) -> None:
        """Wait until the autosaves handed over are on disk (tests; the window's close does it too)."""
        self.app.saves.flush()


class NoSaver:
    """The table of a game that is not saved here: the tutorial's, or one a host keeps."""

    def __init__(self, app: App, session: TableLink) -> None:
        self.session = session

    def after(self, events: Sequence[Event]) -> None:
        return None

    def save(self) -> None:
        return None
