"""What the table shows: one seat's view, where its cards sit, the log, and what animations hide.

Everything shown is derived in one place, `TableModel.refresh`, from the link's view of the
shown seat; the painter reads the model and never the link. While events animate, `view` is the
shown view (shown_view.py), which catches up with `latest` step by step as the cards move. `stale`
says the drawn frame must be painted again: refresh, resize, hide and each animation step raise it,
and the scene when it changes what is hovered, selected or said.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from amul_table.i18n import card_name, is_you_name, language, shown_name, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.scoring import TOTAL
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView
from amul_table.scenes.table.animation import Hidden, LandingSpot, card
from amul_table.scenes.table.game_log import LogLine, public_log
from amul_table.scenes.table.layout import TableLayout, keep_market_slots
from amul_table.scenes.table.log_view import log_rows
from amul_table.scenes.table.score_trail import ScoreTrail, projected_rows, summary_text
from amul_table.scenes.table.shown_view import ShownStep, committed_view
from amul_table.sprites.style import HIGHLIGHT, MUTED
from amul_table.sprites.tween import Flight

if TYPE_CHECKING:  # the model reads the table's game (or a replay) and the settings; it keeps neither's state
    from amul_table.persistence.settings import Settings
    from amul_table.scenes.table.link import Shown

# The view's fields TableLayout reads (tests/scenes/test_replay_layouts.py checks it reads no other).
LAYOUT_FIELDS = (
    "players",
    "phase",
    "hand",
    "my_reveal",
    "market",
    "palace",
    "bazaar",
    "play_areas",
    "revealed",
    "legal",
    "first_pick",
    "starting_player",
    "military_order",
)
LAYOUTS_KEPT = 16  # views painted ahead, or a replay stepped back and forth and shown seat by seat, find theirs again


@dataclass(frozen=True)
class SeatLabel:
    """A seat as the table names it: who sits there and, for a bot, its tier."""

    name: str
    human: bool
    tier: str


@dataclass
class TableModel:
    """One frame's worth of what the table shows; the scene changes it, the painter reads it."""

    shown: int
    view: SeatView  # what the table draws: `latest` once the animation has caught up
    layout: TableLayout = field(init=False)  # laid out by the first `show` (`of`): none before
    seats: list[SeatLabel]
    settings: Settings
    market_slot_of: dict[int, int] = field(default_factory=dict)
    log_lines: list[LogLine] = field(default_factory=list)
    log_scroll: int = 0  # rows scrolled up from the newest
    log_withheld: int = 0  # the newest events still being animated: their lines appear when they land
    settling: bool = False  # cards still moving: the prompt tells what happens, the next instruction waits
    watching: bool = False  # no human at the table: the prompt says so
    hidden: frozenset[Hidden] = frozenset()
    hover_uid: int | None = None
    selected: int = 0  # index into `choices()` (keyboard)
    chosen: int | None = None  # the card selected but not yet confirmed
    declining: bool = False  # "take nothing" selected but not yet confirmed (Decline is chosen, then confirmed)
    held: Action | None = None  # solo: a confirmed Offer or Reveal kept in the scene until the cards turn over
    message: str = ""  # a rule error to show instead of the prompt
    log_stop: float = 1.0  # the share of the sidebar's height the log may reach (the tutorial's coach takes the rest)
    log_rows: int = 2  # the rows the log keeps however far down a panel under it starts (the online panel's: more)
    stale: bool = True
    steps: list[ShownStep] = field(default_factory=list)  # the views still to show as the animation goes on
    _latest: SeatView | None = None
    _slots_before: dict[int, int] = field(default_factory=dict)  # the Market slots before the last refresh
    trails: dict[int, ScoreTrail] = field(default_factory=dict)  # each human seat's score as drawn (track_score)
    follows_score: bool = True  # False: the trails are set from outside, as they were at a replay's step
    _layouts: dict[tuple, TableLayout] = field(default_factory=dict, compare=False, repr=False)  # by layout_key

    @classmethod
    def of(cls, game: Shown, shown: int, size: tuple[int, int], settings: Settings) -> TableModel:
        view = game.view(shown)
        model = cls(shown, view, [], settings, keep_market_slots({}, view.market))
        model.refresh(game, shown, size)
        return model

    @property
    def latest(self) -> SeatView:
        """The link's view of the shown seat (with a held choice), whatever the animation still shows."""
        return self.view if self._latest is None else self._latest

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def you(self) -> int:
        """The shown seat when a human sits there (the log then says "you"), else -1."""
        return self.shown if self.human_at(self.shown) else -1

    def human_at(self, seat: int) -> bool:
        """Whether a human sits in `seat` (none does in a watching window's: SPECTATOR, -1, is not the last seat)."""
        return 0 <= seat < len(self.seats) and self.seats[seat].human

    def refresh(self, game: Shown, shown: int, size: tuple[int, int]) -> None:
        """Derive everything shown from the game's view of `shown`; the one place the frame goes stale.

        The Market slots carry over from the previous refresh whoever is shown, so a card stays in
        its slot when the screen changes hands. The latest view is drawn at once; an animation then
        steps from the view before it (`follow`).
        """
        view = game.view(shown)
        if self.held is not None:
            if self.held.seat == shown and self.held in view.legal:
                view = committed_view(view, self.held)
            else:
                self.held = None
        self.seats = [SeatLabel(shown_name(s.name), s.human, s.tier) for s in game.seats]  # "You" in English
        self.watching = not any(s.human for s in game.seats)
        self.track(self.steps)  # cut short: the trail still steps through what it did not show
        self.steps = []  # an animation that follows starts again from this view (`follow`)
        self.handed_back(shown, view)
        self._latest = None
        self._slots_before = dict(self.market_slot_of)
        self.show(view, size)

    def show(self, view: SeatView, size: tuple[int, int] | None = None) -> None:
        """Draw `view` from now on: its Market slots, layout, log and choices; the card selected stays selected
        (the first view: the first choice in screen order)."""
        kept = self.selected_card() if "layout" in vars(self) else None
        self.shown = view.seat
        self.view = view
        self.market_slot_of = keep_market_slots(self.market_slot_of, view.market)
        self.layout = self.lay_out(size or self.layout.size)
        self.log_lines = self.logged(self.log_withheld)
        if self.chosen not in self.legal_cards():
            self.chosen = None
        self.declining = self.declining and self.can_decline()
        choices = [a.card for a in self.choices()]
        self.selected = choices.index(kept) if kept in choices else 0
        self.stale = True

    def follow(self, steps: list[ShownStep], now: float) -> None:
        """Draw an animation's `steps` (shown_view.py), each as its time comes, then the latest view."""
        if steps:
            self._latest = self.latest
            self.steps = steps
            self.market_slot_of = self._slots_before  # the cards still to move keep their slots
            self.advance(now)

    def advance(self, now: float) -> None:
        """Show the newest step whose time has come; the latest view once the last one has."""
        due = [step for step in self.steps if step.at <= now]
        if due:
            self.steps = self.steps[len(due) :]
            self.track(due)  # every step passes the score trail, drawn or not: its summaries cannot hang on frames
            self.show(due[-1].view)
        if not self.steps and self._latest is not None:
            if self._latest is not self.view:
                self.show(self._latest)
            self._latest = None

    def catch_up(self) -> None:
        """Every animation finished at once: draw the latest view."""
        self.track(self.steps)
        self.steps = []
        self.advance(float("inf"))

    def ahead(self, view: SeatView) -> TableModel:
        """A copy that draws `view` (a step still to come, or the latest view: this seat's own), with nothing
        hidden by flights, to draw ahead what it will show; this model is left as it is."""
        ghost = copy.copy(self)
        ghost.steps, ghost._latest, ghost.hidden = [], None, frozenset()
        ghost.show(view)
        return ghost

    def resize(self, size: tuple[int, int]) -> None:
        if self.layout.size != size:
            self.layout = self.lay_out(size)
            self.stale = True

    def lay_out(self, size: tuple[int, int]) -> TableLayout:
        """The layout of the view drawn, at `size`: one of the last few made with the same inputs (a view painted
        ahead was laid out then, by a copy of this model sharing them: 1 ms at 4K; a replay's position seen again),
        or anew."""
        key = self.layout_key(size)
        layout = self._layouts.pop(key, None)
        if layout is None:
            layout = TableLayout(
                size,
                self.view,
                self.shown,
                self.market_slot_of,
                live_score=self.shows_live_score(),
                log_stop=self.log_stop,
                log_rows=self.log_rows,
                names=self.names,
                tiers=[s.tier for s in self.seats],
                colour_blind=self.settings.colour_blind,
            )
        self._layouts[key] = layout  # the newest last: the oldest goes first
        if len(self._layouts) > LAYOUTS_KEPT:
            del self._layouts[next(iter(self._layouts))]
        return layout

    def layout_key(self, size: tuple[int, int]) -> tuple:
        """What a layout of the view at `size` depends on: equal keys, equal layouts."""
        slots = tuple(sorted(self.market_slot_of.items()))
        live, seats, log = self.shows_live_score(), tuple(self.seats), (self.log_stop, self.log_rows)  # names, tiers
        aids = (language(), self.settings.colour_blind)  # the strips' names and letters: their widths
        return (size, self.shown, live, log, seats, slots, aids, layout_inputs(self.view))

    def shows_live_score(self) -> bool:
        """The live score is shown for a human's seat when the setting is on (a bot's total is nobody's aid)."""
        return self.settings.live_score and self.human_at(self.shown)

    def withhold(self, events: int) -> None:
        """Leave the newest `events` out of the log until their animation lands."""
        if events != self.log_withheld:
            self.log_withheld = events
            self.log_lines = self.logged(events)
            self.stale = True

    def logged(self, withheld: int) -> list[LogLine]:
        """The log as drawn: the public events but the newest `withheld`, and with the live score on, how the
        shown human's score moved each round (its own view's, so no one else's)."""
        trail = self.trails.get(self.shown) if self.settings.live_score else None
        notes = {at: summary_text(m) for at, m in trail.summaries.items()} if trail else {}
        return public_log(self.view, self.names, self.you, withheld, notes)

    def track_score(self) -> None:
        """Follow the drawn view's score for the shown human: why it last moved, and each round's summary in the log.

        The scene calls it as it draws; an animation's steps pass the trail as they come (`track`), so the score
        moves with the cards. A view drawn with no animation before it: the trail steps the events itself."""
        if self._latest is None and not self.steps:
            self.track([ShownStep(0.0, self.view)], at_once=True)

    def track(self, steps: Sequence[ShownStep], *, at_once: bool = False) -> None:
        trail = self.trails.get(self.shown) if self.follows_score and self.human_at(self.shown) else None
        if trail is not None and trail.passes([step.view for step in steps], at_once=at_once):
            self.log_lines = self.logged(self.log_withheld)  # a round's summary more
            self.stale = True

    def handed_back(self, shown: int, view: SeatView) -> None:
        """The table shows a human seat's `view`: its trail starts, or, when the screen comes back to it (pass and
        play), steps through the decisions made while it looked away, as a resumed game's trail has them."""
        trail = self.trails.get(shown) if self.follows_score else None
        if trail is None and self.follows_score and self.human_at(shown):
            self.trails[shown] = ScoreTrail.start(view)
        elif trail is not None and shown != self.shown:
            trail.catch_up(view)

    def resume_trails(self, trails: Mapping[int, ScoreTrail]) -> None:
        """A resumed game: each human seat's trail as the table would have kept it (ScoreTrail.rebuilt), so its
        log and score box are those of a game never left."""
        self.trails = dict(trails)
        self.log_lines = self.logged(self.log_withheld)
        self.stale = True

    def score_trail(self) -> ScoreTrail | None:
        return self.trails.get(self.shown)

    def tracker(self) -> tuple[int, str]:
        """The round and phase the sidebar shows: the drawn view's, so the last round's Effects until the new
        round's start lands."""
        return self.view.round, self.view.phase

    def settle(self, moving: bool) -> None:
        if moving != self.settling:
            self.settling = moving
            self.stale = True

    def scroll_log(self, rows: int) -> None:
        _, most = log_rows(self.log_lines, self.layout.log_rect, self.layout.log_px, self.log_scroll + max(0, rows))
        scroll = min(max(0, self.log_scroll + rows), most)
        if scroll != self.log_scroll:
            self.log_scroll = scroll
            self.stale = True

    def hide(self, flights: Iterable[Flight]) -> None:
        """The resting places still hidden by running flights."""
        hidden = frozenset(h for f in flights for h in f.hides if isinstance(h, Hidden))
        if hidden != self.hidden:
            self.hidden = hidden
            self.stale = True

    def shows(self, uid: int) -> bool:
        return card(uid) not in self.hidden

    def slot_shown(self, spot: LandingSpot, seat: int) -> bool:
        return Hidden(spot, seat) not in self.hidden

    # --- questions about the shown seat's choices -----------------------------------------------

    def legal_cards(self) -> dict[int, Action]:
        return {a.card: a for a in self.view.legal if a.kind != ActionKind.DECLINE}

    def choices(self) -> list[Action]:
        """The shown seat's card choices (decline is a button), in screen order."""
        lay = self.layout

        def where(a: Action) -> tuple[int, int]:
            r = lay.rest(a.card)
            return (r.centery // 40, r.x) if r else (0, 0)

        return sorted((a for a in self.view.legal if a.kind != ActionKind.DECLINE), key=where)

    def selected_card(self) -> int | None:
        """The card Enter plays (none while taking nothing is selected: Enter confirms that)."""
        choices = self.choices()
        if self.declining:
            return None
        return choices[self.selected % len(choices)].card if choices else None

    def can_decline(self) -> bool:
        return any(a.kind == ActionKind.DECLINE for a in self.view.legal)

    def can_hint(self) -> bool:
        return bool(self.view.legal) and self.human_at(self.shown)

    def confirming(self) -> bool:
        """A card, or taking nothing, is selected and waits for Confirm."""
        return (self.chosen is not None and self.chosen in self.legal_cards()) or self.declining

    def decline_action(self) -> Action | None:
        return next((a for a in self.view.legal if a.kind == ActionKind.DECLINE), None)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The face-up card under the mouse (the topmost one)."""
        lay = self.layout
        zones = (lay.tray, lay.hand, lay.market, lay.palace, lay.bazaar, *lay.play.values())
        if lay.tray_rect is not None and lay.tray_rect.collidepoint(pos):
            zones = (lay.tray,)  # the tray covers what lies under it
        for zone in zones:
            hit = None
            for uid, rect in zone.items():
                if rect.collidepoint(pos) and self.shows(uid):
                    hit = uid  # later cards are drawn on top
            if hit is not None:
                return hit
        view = self.view
        if lay.log_rect.collidepoint(pos):
            rows, _ = log_rows(self.log_lines, lay.log_rect, lay.log_px, self.log_scroll)
            for row in rows:
                for rect, uid in row.names:
                    if rect.collidepoint(pos):
                        return uid
        rect = lay.offer_slot.get(self.shown)
        if rect and view.my_offer >= 0 and view.phase == Phase.OFFER and rect.collidepoint(pos):
            return view.my_offer
        rect = lay.reveal_slot.get(self.shown)
        if rect and view.my_reveal >= 0 and view.phase == Phase.REVEAL and rect.collidepoint(pos):
            return view.my_reveal
        return None

    # --- words and numbers shown ----------------------------------------------------------------

    def status(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        view = self.view
        if view.phase in (Phase.OFFER, Phase.REVEAL):
            done = view.offered[seat] if view.phase == Phase.OFFER else view.revealed[seat]
            return (tr("table.ready"), MUTED) if done else (tr("table.choosing"), HIGHLIGHT)
        if seat in view.pending.seats:
            return tr("table.to_play"), HIGHLIGHT
        return None

    def status_sign(self, seat: int) -> str:
        """The status as one sign, where a panel has no room for its words: ✓ ready, ◷ choosing (a clock: "…" read
        as words cut), ▸ to play; the panel's tip says it in words."""
        view = self.view
        if view.phase in (Phase.OFFER, Phase.REVEAL):
            return "✓" if (view.offered if view.phase == Phase.OFFER else view.revealed)[seat] else "\u25f7"
        return "▸"

    def effect_card(self) -> int | None:
        """The shown seat's card whose effect is being resolved: this round's reveal, or at the end of
        the game its card with an end-of-game effect."""
        view = self.view
        cards = load_cards().cards
        if view.phase == Phase.EFFECTS:
            return view.my_reveal if view.my_reveal >= 0 else None
        for uid in view.play_areas[self.shown]:
            effect = cards[uid].type.effect
            if effect and effect["when"] == "game_end":
                return uid
        return None

    def leaves_on_reveal(self, uid: int) -> bool:
        """A hand card that, revealed now, would leave the game (it counts only in a hand)."""
        card = load_cards().cards[uid]
        return self.view.phase == Phase.REVEAL and bool(self.view.legal) and not card.keeps_in_play

    def warns(self) -> bool:
        """The prompt is a warning: the selected Reveal would leave the game."""
        return self.confirming() and self.chosen is not None and self.leaves_on_reveal(self.chosen)

    def prompt_text(self) -> str:
        view = self.view
        if self.warns():
            return tr("table.reveal_warning", card=card_name(load_cards().cards[self.chosen].type))
        if self.declining:
            return tr("table.declining", source=tr(f"source.{view.pending.source}"))
        if self.confirming():
            return tr("table.selected", card=card_name(load_cards().cards[self.chosen].type))
        if self.held is not None:
            return tr("table.committed", card=card_name(load_cards().cards[self.held.card].type))
        if self.settling and self.log_lines and not self.log_lines[-1].header:
            return self.log_lines[-1].text  # what is happening now; the next instruction once it has landed
        if view.phase == Phase.OVER:
            return tr("table.prompt.over")
        if view.legal:
            if view.phase in (Phase.EFFECTS, Phase.GAME_END):
                source = tr(f"source.{view.pending.source}")
                what = tr(f"table.phase.{view.phase.word}")
                uid = self.effect_card()
                if uid is not None:
                    what = card_name(load_cards().cards[uid].type)
                key = "table.prompt.take_up_to" if view.pending.remaining > 1 else "table.prompt.take"
                return tr(key, card=what, source=source, n=view.pending.remaining)
            return tr(f"table.prompt.{view.phase.word}")
        if self.watching:
            return tr("table.prompt.watch")
        names = (tr("log.you") if is_you_name(self.names[s]) else self.names[s] for s in view.pending.seats)
        return tr("table.prompt.wait", names=", ".join(names))  # "Waiting for you…" to a seat named You

    def live_score(self) -> int:
        """The shown seat's total if the game ended now (own hand cards with the hand icon included)."""
        return projected_rows(self.view, self.shown)[TOTAL]


def layout_inputs(view: SeatView) -> tuple:
    """What of `view` the table's layout depends on."""
    return tuple(getattr(view, name) for name in LAYOUT_FIELDS)
