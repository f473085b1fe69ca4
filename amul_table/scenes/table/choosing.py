"""The table's choosing: a click, a key or Decline selects, Confirm sends; a solo player's Offer or Reveal is held
face down in the scene for a change of mind until every other seat has chosen; a refused decision is said.
TableScene (scene.py) takes these from here."""

from __future__ import annotations

from amul_table.i18n import tr
from amul_table.match.protocol import Error
from amul_table.rules.phases import ActionKind
from amul_table.rules.state import Action, Event, EventKind
from amul_table.scenes.table.link import TableLink
from amul_table.scenes.table.model import TableModel

TAKE_BACK_GRACE = 1.2  # seconds (at normal speed) a held Offer or Reveal waits for a change of mind


class Choosing:
    """Selecting, confirming, holding and sending one seat's decisions, for TableScene (its link, model and clock;
    its refresh, skip, say, animate and show_events)."""

    link: TableLink
    model: TableModel
    clock: float
    held_at: float

    # --- acting ---------------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        if self.link.seats[action.seat].human is False:
            return
        self.skip()
        events = self.link.submit(action)
        if not self.say_refusals():
            self.model.message = ""
            self.show_events(events)

    def say_refusals(self) -> bool:
        """Say the newest decision the table refused since the last look; whether it refused one."""
        refusals, self.link.refusals = self.link.refusals, []
        if refusals:
            self.say(self.refusal_text(refusals[-1]))
        return bool(refusals)

    def refusal_text(self, error: Error) -> str:
        return error.detail or tr(f"online.error.{error.code}")  # the rules' own words

    def decline(self) -> None:
        """Decline (button or D) selects taking nothing; again, or Confirm, sends it."""
        action = self.model.decline_action()
        if action is None:
            return
        if self.model.declining:
            self.confirm()
        else:
            self.choose(action)

    # --- select, confirm, take back --------------------------------------------------------------

    def choose(self, action: Action) -> None:
        """A click or Enter on a card, or Decline, selects it; only Confirm sends it (a decline is sent at once only
        when it is the one thing left to do: then no choice can be lost)."""
        model = self.model
        if action.kind == ActionKind.DECLINE:
            if not model.legal_cards():
                self.send(action)
                return
            model.chosen = None
            model.declining = True
            model.message = ""
            model.stale = True
            self.dirty = True
            return
        if action.card not in model.legal_cards():
            return
        model.declining = False
        model.chosen = action.card
        cards = [a.card for a in model.choices()]
        if action.card in cards:
            model.selected = cards.index(action.card)
        model.message = ""
        model.stale = True
        self.dirty = True

    def confirm(self) -> None:
        chosen = self.model.chosen
        action = self.model.legal_cards().get(chosen) if chosen is not None else None
        if self.model.declining:
            action = self.model.decline_action()
        if action is not None:
            self.model.chosen = None
            self.model.declining = False
            self.send(action)

    def send(self, action: Action) -> None:
        """A confirmed choice: an Offer or Reveal waits in the scene while others still choose, else it goes."""
        others = [s for s in self.link.waiting_for() if s != action.seat]
        if action.kind in (ActionKind.OFFER, ActionKind.REVEAL) and others and len(self.link.human_seats) == 1:
            self.hold(action)
        else:
            self.act(action)

    def hold(self, action: Action) -> None:
        """Show the card face down in its slot; the engine (and so every save) sees it only when sent."""
        model = self.model
        before, lay0 = model.view, model.layout
        model.held = action
        self.held_at = self.clock
        self.refresh()
        kind = EventKind.OFFER_COMMITTED if action.kind == ActionKind.OFFER else EventKind.REVEAL_COMMITTED
        self.animate([Event(kind, action.seat)], before, lay0, logged=False)

    def take_back(self) -> None:
        if self.model.held is not None:
            self.model.held = None
            self.model.message = ""
            self.refresh()

    def send_held(self) -> bool:
        """Send the held choice once every other seat has chosen and the grace has passed."""
        held = self.model.held
        if held is None or any(s != held.seat for s in self.link.waiting_for()):
            return False
        if self.clock - self.held_at < TAKE_BACK_GRACE * self.app.settings.speed_factor:
            return False
        self.model.held = None
        self.act(held)
        return True
