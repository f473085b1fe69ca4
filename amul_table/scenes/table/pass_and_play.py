"""The table shared by two or more humans: each hand is shown only to its owner, behind a shield.

Whenever the next decision belongs to a different human than the one holding the screen, the shield
goes up at once (before anything else is drawn) and the table waits until the named player lifts it.
A human first selects a card, may change it, then confirms: only a confirmed choice reaches the
engine, and it is final. Solo games use the plain TableScene and never see a shield.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from amul_table.match.client import TableClient
from amul_table.rules.state import Action
from amul_table.scenes.overlays import MenuOverlay
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.table.score_trail import ScoreTrail
from amul_table.scenes.table.shield import ShieldScene


def table_scene(
    app, client: TableClient, intro: bool = True, trails: Mapping[int, ScoreTrail] | None = None
) -> TableScene:
    """The right table for this client: shared by several humans, or the plain one (`trails`: a resumed game's
    score trails, each shown only on its own seat's screen)."""
    humans = [info for seat, info in enumerate(client.table) if seat in client.seats and info.tier is None]
    if len(humans) >= 2:
        return PassAndPlayTable(app, client, intro, trails)
    return TableScene(app, client, intro, trails)


class PassAndPlayTable(TableScene):
    """Select, then confirm; the screen changes hands behind the shield. The model's `chosen` is the
    card selected but not yet confirmed."""

    handed_to: int | None = None  # the human who lifted the last shield (None: nobody yet)

    def __init__(
        self, app, client: TableClient, intro: bool = True, trails: Mapping[int, ScoreTrail] | None = None
    ) -> None:
        super().__init__(app, client, intro, trails)
        self.shields = 0  # how many times the screen changed hands (tests, statistics)

    # --- who holds the screen -----------------------------------------------------------------

    def next_human(self) -> int | None:
        """The human who must hold the screen now; None while no human has a decision to make."""
        if self.link.is_over:
            return None
        humans = set(self.link.human_seats)
        waiting = [s for s in self.link.waiting_for() if s in humans]
        if not waiting:
            return None
        return self.handed_to if self.handed_to in waiting else waiting[0]

    def seat_to_show(self) -> int:
        if self.handed_to is not None:
            return self.handed_to
        nxt = self.next_human()
        return nxt if nxt is not None else self.link.shown_seat()

    def owner_needed(self) -> int | None:
        """The human to pass the screen to now, or None when the screen stays where it is."""
        if self.link.is_over:
            return None
        nxt = self.next_human()
        if self.handed_to is None:  # a new or resumed game: nobody has taken the screen yet
            return nxt if nxt is not None else self.model.shown
        return nxt if nxt is not None and nxt != self.handed_to else None

    def raise_shield(self) -> bool:
        seat = self.owner_needed()
        if seat is None or self.app.top is not self:
            return False
        self.skip()  # nothing of the previous player's turn stays on screen for the next
        self.model.chosen = None
        self.model.declining = False
        view = self.link.view(seat)
        self.shields += 1
        self.app.push(
            ShieldScene(
                self.app,
                self.link.names[seat],
                seat,
                lambda: self.hand_to(seat),
                view.round,
                view.phase,
                on_menu=lambda: self.app.push(MenuOverlay(self.app, self.main_menu, save_as=self.save_as_view())),
            )
        )
        return True

    def hand_to(self, seat: int) -> None:
        """The shield is lifted: from now on the table shows `seat`'s view (through the model's one refresh)."""
        self.handed_to = seat
        model = self.model
        model.chosen = None
        model.declining = False
        model.hover_uid = None
        model.message = ""
        self.zoom_shown = False
        self.refresh()
        model.selected = 0

    def enter(self) -> None:
        """The shield goes up as the table appears (or comes back to the top), before any draw or input."""
        super().enter()
        self.raise_shield()

    def handle_event(self, event: pygame.event.Event) -> None:
        """An event that arrives while the screen must change hands is swallowed: the shield goes up instead."""
        if self.raise_shield():
            return
        super().handle_event(event)
        self.raise_shield()

    def update(self, dt: float) -> None:
        if self.raise_shield():
            return
        super().update(dt)
        self.raise_shield()

    # --- select, then confirm (the scene's own; here every call to act only selects) ----------

    def act(self, action: Action) -> None:
        """A click or Enter on a card, or Decline, selects it; only Confirm sends it."""
        self.choose(action)

    def send(self, action: Action) -> None:
        """A confirmed choice goes to the engine at once: the next human takes the screen after it."""
        super().act(action)
