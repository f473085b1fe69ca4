"""A saved game stepped through: the action log applied by the engine, one state per step.

Step i is the game after its first i actions. A finished game may be shown from any seat, hands
open; a solo game still under way only up to now and only from its one human's view; a
pass-and-play game under way not at all (hidden hands stay hidden). The save is only read.
No pygame here: the replay scene and the review read it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from amul_table.persistence.save_format import SavedGame
from amul_table.rules.engine import apply
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.seats import Seat
from amul_table.rules.setup import new_game
from amul_table.rules.state import Action, Event, GameState
from amul_table.rules.views import SeatView, view_for


class ReplayError(ValueError):
    """This game may not be replayed; `code` is the i18n key of the reason."""

    def __init__(self, code: str, english: str) -> None:
        self.code = code
        super().__init__(english)


class Stride(StrEnum):
    """How far one step of the viewer goes."""

    DECISION = "decision"
    PHASE = "phase"
    ROUND = "round"


@dataclass
class Replay:
    """Every state of one game, and whose views may be shown (`viewer` None: any seat's, hands open)."""

    seats: list[Seat]
    actions: list[Action]
    states: list[GameState]  # states[i]: after the first i actions
    viewer: int | None = None
    step: int = 0
    bot_salt: int | None = field(default=None, kw_only=True, repr=False)  # the save's (None: format 1)

    @classmethod
    def of_saved(cls, saved: SavedGame) -> Replay:
        """The replay of a save, refused (ReplayError) for a pass-and-play game under way."""
        state = saved.state
        viewer: int | None = None
        if not state.is_over:
            humans = saved.setup.humans
            if len(humans) != 1:
                raise ReplayError(
                    "replay.refused_unfinished",
                    "a game under way can be replayed only when one human plays it against bots",
                )
            viewer = humans[0]
        states = replayed_states(state)
        return cls(list(saved.setup.seats), list(state.actions), states, viewer, bot_salt=saved.setup.bot_salt)

    # --- what the table may show (TableModel reads a replay as it reads a session) --------------

    @property
    def last(self) -> int:
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.states[-1].is_over

    @property
    def state(self) -> GameState:
        return self.states[self.step]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def may_show(self, seat: int) -> bool:
        return self.viewer is None or seat == self.viewer

    def view(self, seat: int) -> SeatView:
        """The seat's view at this step, with nothing to choose (a replay only looks)."""
        if not self.may_show(seat):
            raise ReplayError("replay.refused_seat", f"only seat {self.viewer}'s view of this game may be shown")
        return dataclasses.replace(view_for(self.states[self.step], seat), legal=())

    def history(self, seat: int) -> list[SeatView]:
        """The seat's view after each decision, from the start ([i] after the first i): its own views only."""
        if not self.may_show(seat):
            raise ReplayError("replay.refused_seat", f"only seat {self.viewer}'s view of this game may be shown")
        return [view_for(state, seat) for state in self.states]

    def next_action(self) -> Action | None:
        """The action taken at this step (None at the end)."""
        return self.actions[self.step] if self.step < self.last else None

    def events_of_step(self, step: int) -> list[Event]:
        """The public events the action of `step` caused (the viewer animates them)."""
        return apply(self.states[step].clone(), self.actions[step])

    def card_named(self, action: Action) -> bool:
        """Whether the caption may name the card of `action`: face-down choices of other seats stay unnamed
        while the game is under way."""
        if action.card < 0 or self.viewer is None or action.seat == self.viewer:
            return action.card >= 0
        return action.kind not in (ActionKind.OFFER, ActionKind.REVEAL)

    # --- moving -------------------------------------------------------------------------------

    def go(self, step: int) -> int:
        self.step = max(0, min(self.last, step))
        return self.step

    def move(self, stride: Stride, direction: int) -> int:
        """One decision, or to the start of the next (previous) phase or round."""
        if stride is Stride.DECISION:
            return self.go(self.step + direction)
        key = _round_key if stride is Stride.ROUND else _phase_key
        here = key(self.states[self.step])
        if direction > 0:
            step = next((i for i in range(self.step + 1, self.last + 1) if key(self.states[i]) != here), self.last)
            return self.go(step)
        # back: to the start of this stretch, or of the one before when already at its start
        start = self.stretch_start(self.step, key)
        if start == self.step and start > 0:
            start = self.stretch_start(start - 1, key)
        return self.go(start)

    def stretch_start(self, step: int, key) -> int:
        here = key(self.states[step])
        while step > 0 and key(self.states[step - 1]) == here:
            step -= 1
        return step


def replayed_states(state: GameState) -> list[GameState]:
    """Every state of the game `state` is at, from its seed and recorded actions: [i] after the first i actions."""
    return [replay.clone() for replay in replaying(state)]


def seat_views(state: GameState, seat: int) -> list[SeatView]:
    """What `seat` saw after each decision of the game `state` is at, its own views only: [i] after the first i
    actions (a host's History for a seat that comes back)."""
    return seats_views(state, [seat])[seat]


def seats_views(state: GameState, seats: Iterable[int]) -> dict[int, list[SeatView]]:
    """What each of `seats` saw after each decision, its own views only, from one replay of the game: [i] after
    the first i actions (a continued save's table rebuilds each human's score trail from them)."""
    views: dict[int, list[SeatView]] = {seat: [] for seat in seats}
    for replay in replaying(state):
        for seat, seen in views.items():
            seen.append(view_for(replay, seat))
    return views


def replaying(state: GameState) -> Iterator[GameState]:
    """The game `state` is at, replayed from its deal: yielded as dealt and after each recorded action (one
    state, changed in place between yields)."""
    replay = dealt(state)
    yield replay
    for action in state.actions:
        apply(replay, action)
        yield replay


def dealt(state: GameState) -> GameState:
    """The game `state` is at, as it was dealt."""
    return new_game(
        state.players,
        state.seed,
        tea=state.tea,
        deck_order=state.initial_deck,
        starting_player=state.starting_player,
    )


def _round_key(state: GameState) -> int:
    return state.round


def _phase_key(state: GameState) -> tuple[int, Phase]:
    return state.round, state.phase
