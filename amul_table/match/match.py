"""The Match: the one authority for a game. Commands in, one Update per connected seat out.

It owns the GameState, the seats, the bots' salt and the bots, and is the only caller of
`rules.engine.apply`. A connection holds one seat (or watches) and is sent only what that seat may know:
an Update built from `view_for(state, seat)` and the public events. Subscribers (autosave, the records
database) hear every decision. Bots think in an injected executor; `poll` applies their finished
decisions, on the owner's thread: the owner calls it after a submit, a cover, and whenever the
executor's `wake` callback says a job is done.
No pygame, no sockets, not thread-safe: one thread (the window's, the server's event loop) drives it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import random
from collections.abc import Callable, Collection, Iterable, Sequence
from concurrent.futures import Executor, Future

from amul_table.ai.base import bot_seed, fresh_bot_salt
from amul_table.match.bots import BotJob, InlineExecutor, think
from amul_table.match.protocol import (
    SPECTATOR,
    Command,
    Error,
    ErrorCode,
    GameOver,
    Message,
    Update,
    history_data,
    view_data,
    wire_events,
)
from amul_table.match.replay import seat_views
from amul_table.persistence.save_format import GameSetup, SavedGame, dump_save, utc_now
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.errors import RuleError
from amul_table.rules.seats import Seat
from amul_table.rules.setup import check_options, new_game
from amul_table.rules.state import NO_CARD, Action, Event, GameState
from amul_table.rules.views import SeatView, view_for, views_for

log = logging.getLogger(__name__)

Send = Callable[[Message], None]
Subscriber = Callable[["Match", Sequence[Event]], None]


@dataclasses.dataclass(eq=False)
class Connection:
    """One client's link to the Match: the seat it holds (SPECTATOR: watching) and where its messages go."""

    seat: int
    send: Send


class Match:
    """One game and everyone at it; see the module's docstring."""

    def __init__(
        self,
        setup: GameSetup,
        state: GameState,
        *,
        started: dt.datetime | None = None,
        executor: Executor | None = None,
        wake: Callable[[], None] | None = None,
    ) -> None:
        """A match around `state` (new or resumed) for `setup`'s seats.

        `executor` runs the bots' jobs (InlineExecutor by default: one `poll` then plays every bot until a
        human must decide);
        `wake` is called from the executor's thread when a bot's job is done, so that the owner calls
        `poll` on its own thread.
        """
        if setup.players != state.players or setup.tea != state.tea:
            raise ValueError(f"{setup.players} seats for a {state.players}-player game")
        self.setup = setup
        self.state = state
        self.started = started or utc_now()
        self.executor: Executor = executor or InlineExecutor()
        self.wake = wake
        self.covers: dict[int, str] = {}  # a human seat played by a bot of this tier while they are away
        self.stand_ins: dict[int, str] = {}  # a human's next decision made by a bot of this tier (time ran out)
        self._connections: list[Connection] = []
        self._subscribers: list[Subscriber] = []
        self._job: tuple[int, str, int, Future] | None = None  # seat, tier, turn, the bot's decision in the making
        self._closed = False

    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        tea: int = 0,
        bot_salt: int | None = None,
        executor: Executor | None = None,
        wake: Callable[[], None] | None = None,
    ) -> Match:
        """A new game for these seats (a random seed and a fresh bot salt unless given)."""
        check_options(len(seats), tea)
        seed = random.SystemRandom().randrange(1, 2**40) if seed is None else seed
        salt = fresh_bot_salt() if bot_salt is None else bot_salt
        setup = GameSetup(tuple(seats), tea, bot_salt=salt)
        return cls(setup, new_game(len(seats), seed, tea=tea), executor=executor, wake=wake)

    @classmethod
    def resume(
        cls, saved: SavedGame, *, executor: Executor | None = None, wake: Callable[[], None] | None = None
    ) -> Match:
        """A match that goes on with a saved game exactly where it stopped."""
        return cls(saved.setup, saved.state, started=saved.created, executor=executor, wake=wake)

    # --- what anyone may know ----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The decision counter: how many actions have been applied; a Command names the one it answers."""
        return len(self.state.actions)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.setup.seats

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def waiting_for(self) -> tuple[int, ...]:
        return pending(self.state).seats

    def bot_tier(self, seat: int) -> str | None:
        """The tier of the bot that plays `seat` now (its own, or one covering for its human), else None."""
        return self.seats[seat].tier or self.covers.get(seat) or self.stand_ins.get(seat)

    def view(self, seat: int) -> SeatView:
        """What `seat` may know now; SPECTATOR: what anyone watching may know."""
        return spectator_view(self.state) if seat == SPECTATOR else view_for(self.state, seat)

    def update_for(self, seat: int, events: Sequence[Event], log_from: int) -> Update:
        """The Update for `seat`: its view (without the log) and the public events from `log_from` on."""
        view = self.view(seat)
        return Update(turn=self.turn, view=view_data(view), events=wire_events(events), log_from=log_from)

    def saved_game(self) -> SavedGame:
        """The game as a save holds it (bot salt included: autosaves only), from a copy of the state."""
        return SavedGame(self.setup, self.state.clone(), created=self.started)

    def public_saved_game(self) -> SavedGame:
        """The saved game without the bot salt: what a finished game's clients and the records database get."""
        return dataclasses.replace(self.saved_game(), setup=dataclasses.replace(self.setup, bot_salt=None))

    # --- clients ---------------------------------------------------------------------------------

    def connect(self, seat: int, send: Send, *, history: bool = False) -> Connection:
        """A client for `seat` (or SPECTATOR); it is sent its first Update (the whole log) at once, and with
        `history` a seat that joins a game under way its own views so far (a History: its score trail's)."""
        if seat != SPECTATOR and not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not at this {self.players}-player table")
        connection = Connection(seat, send)
        self._connections.append(connection)
        send(self.update_for(seat, self.state.log, 0))
        if history and seat != SPECTATOR and self.turn > 0:
            send(history_data(seat, seat_views(self.state, seat)))
        if self.is_over:
            send(GameOver(save=dump_save(self.public_saved_game())))
        return connection

    def disconnect(self, connection: Connection) -> None:
        if connection in self._connections:
            self._connections.remove(connection)

    def subscribe(self, subscriber: Subscriber) -> None:
        """Call `subscriber(match, events)` after every decision (autosave, records)."""
        self._subscribers.append(subscriber)

    # --- acting ----------------------------------------------------------------------------------

    def submit(self, command: Command, *, holds: Collection[int] | None = None) -> Error | None:
        """Apply a human's decision, or say why not (nothing changes then). The bots move on `poll`.

        `holds`: the seats the sender may act for (None: any human seat, as in pass-and-play).
        """
        seat = command.seat
        if self.is_over:
            return Error(code=ErrorCode.GAME_OVER, turn=self.turn)
        if not 0 <= seat < self.players or (holds is not None and seat not in holds) or self.bot_tier(seat):
            return Error(code=ErrorCode.NOT_YOUR_SEAT, detail=f"seat {seat}", turn=self.turn)
        if command.turn != self.turn:
            return Error(code=ErrorCode.STALE_TURN, detail=f"turn {command.turn}, now {self.turn}", turn=self.turn)
        action = command.action.to_action()
        if action.seat != seat:
            return Error(code=ErrorCode.NOT_YOUR_SEAT, detail=f"an action of seat {action.seat}", turn=self.turn)
        try:
            self._apply(action)
        except RuleError as exc:
            return Error(code=ErrorCode.ILLEGAL, detail=str(exc), turn=self.turn)
        return None

    def poll(self, *, start_next: bool = True) -> int:
        """Start the bot that must decide and apply its decision once ready, until none is; how many applied.

        One bot thinks at a time, the first seat to decide in seat order (as the window's bots always
        did): each bot then sees the others' commitments, and a resumed save plays on as it would have.
        `start_next` False: after a decision is applied no bot starts (the window starts the next one when
        its table has shown this one, from the view it then has).
        """
        applied = 0
        while not self.is_over and not self._closed:
            if start_next or not applied:
                self._start_bot()
            if self._job is None or not self._job[3].done():
                break
            seat, tier, turn, job = self._job
            self._job = None
            if self.bot_tier(seat) != tier:
                continue  # its human came back (or the cover changed) while it thought
            try:
                action = job.result()
            except Exception:  # a failing bot must not take the table down: it plays its first legal action
                log.exception("the %s bot in seat %d failed; playing its first legal action", tier, seat)
                action = legal_actions(self.state, seat)[0]
            if action not in legal_actions(self.state, seat):
                if turn != self.turn:
                    continue  # the state moved on under the bot: it thinks again from the new view
                log.error(
                    "the %s bot in seat %d chose %s, which is not legal; playing its first legal action",
                    tier,
                    seat,
                    action,
                )
                action = legal_actions(self.state, seat)[0]
            self._apply(action)
            applied += 1
        return applied

    def catch_up(self, actions: Iterable[Action]) -> int:
        """Apply decisions already made (a host's journal after its last save), bots' and humans' alike,
        until one the rules refuse; how many were applied."""
        applied = 0
        for action in actions:
            try:
                self._apply(action)
            except RuleError as exc:
                log.error("decision %d does not apply (%s): the game goes on from before it", self.turn, exc)
                break
            applied += 1
        return applied

    def cover(self, seat: int, tier: str) -> None:
        """A bot of `tier` plays this human's seat until `uncover` (its human dropped out)."""
        if self.seats[seat].human:
            self.covers[seat] = tier

    def stand_in(self, seat: int, tier: str) -> None:
        """A bot of `tier` makes this human's pending decision (their time ran out); then it is theirs again."""
        if self.seats[seat].human and seat in self.waiting_for():
            self.stand_ins[seat] = tier

    def uncover(self, seat: int) -> None:
        """Hand the seat back to its human: a decision its bot is still making is dropped."""
        self.covers.pop(seat, None)
        if self._job is not None and self._job[0] == seat:
            self._job = None

    def rename(self, seat: int, name: str) -> None:
        """The human who claims a seat gives it their name (the next save and record show it)."""
        if self.seats[seat].human:
            seats = (*self.seats[:seat], Seat.of_human(name), *self.seats[seat + 1 :])
            self.setup = dataclasses.replace(self.setup, seats=seats)

    def close(self) -> None:
        """Start no bot again and forget the one thinking (the executor belongs to the owner, who shuts it down)."""
        self._closed = True
        if self._job is not None:
            self._job[3].cancel()
            self._job = None

    # --- inside ----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        log_from = len(self.state.log)
        events = apply(self.state, action)  # RuleError, changing nothing, when illegal
        self.stand_ins.pop(action.seat, None)
        updates = self._updates(events, log_from)
        for connection in list(self._connections):
            connection.send(updates[connection.seat])
        for subscriber in self._subscribers:
            subscriber(self, events)
        if self.is_over:
            final = GameOver(save=dump_save(self.public_saved_game()))
            for connection in list(self._connections):
                connection.send(final)

    def _updates(self, events: Sequence[Event], log_from: int) -> dict[int, Update]:
        """One Update for each seat connected (and one for all spectators), the public part built once."""
        seats = {connection.seat for connection in self._connections}
        views = views_for(self.state, seats - {SPECTATOR}, log=False)
        if SPECTATOR in seats:
            views[SPECTATOR] = spectator_view(self.state)
        wired = wire_events(events)
        return {
            seat: Update(turn=self.turn, view=view_data(view), events=wired, log_from=log_from)
            for seat, view in views.items()
        }

    def _start_bot(self) -> None:
        if self._job is not None:
            return
        seat = next((s for s in pending(self.state).seats if self.bot_tier(s)), None)
        if seat is None:
            return
        tier = self.bot_tier(seat) or ""
        seed = bot_seed(self.state.seed, seat, salt=self.setup.bot_salt)
        job = self.executor.submit(think, BotJob(tier, seat, seed, view_for(self.state, seat)))
        self._job = (seat, tier, self.turn, job)
        if self.wake is not None:
            wake = self.wake
            job.add_done_callback(lambda _job: wake())


def spectator_view(state: GameState) -> SeatView:
    """What anyone watching may know: a seat's view with that seat's secrets left out."""
    view = view_for(state, 0)
    return dataclasses.replace(view, seat=SPECTATOR, hand=(), my_offer=NO_CARD, my_reveal=NO_CARD, legal=())
