"""One game being played in the window: the state, who sits where, the bots and their worker thread.

Scenes never touch the GameState: they ask the session for a seat's view and send it actions.
No pygame here, so a save can serialise a session and tests can drive one directly.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from amul_table.ai.base import Bot, fresh_bot_salt
from amul_table.ai.tiers import make_bot
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.setup import check_options, new_game
from amul_table.rules.state import Action, Event, GameState
from amul_table.rules.views import SeatView, view_for

log = logging.getLogger(__name__)

BOT_TIERS_SHOWN = ("easy", "medium", "hard", "expert")
COMMIT_PAUSE = 0.4  # face-down Offers and Reveals wait this share of the bot pause


MAX_NAME = 60  # the longest seat name, in characters (the setup box allows fewer; a save may hold up to this)


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One chair at the table: a person (`tier` None) or a bot of a tier (see amul_table.ai.BOT_TIERS)."""

    name: str
    tier: str | None = None

    @classmethod
    def person(cls, name: str) -> Seat:
        return cls(name=name)

    @classmethod
    def bot(cls, name: str, tier: str) -> Seat:
        return cls(name=name, tier=tier)

    @property
    def is_bot(self) -> bool:
        return self.tier is not None

    @property
    def human(self) -> bool:
        return self.tier is None


class GameSession:
    """The game, its seats and bots; bots think in one worker thread, actions apply on the caller's."""

    def __init__(
        self,
        seats: Sequence[Seat],
        seed: int | None = None,
        tea: int = 0,
        state: GameState | None = None,
        started: dt.datetime | None = None,
        *,
        bot_salt: int | None = None,
    ) -> None:
        """A new game for these seats (a random seed unless given), or `state` when resuming one.

        `started`: when the game began (a resumed save keeps its creation time); now by default.
        `bot_salt`: the secret that keys the bots' seeds (ai.base.bot_seed). A new game draws a fresh one
        unless given (runs that replay from a seed pass one); a resumed game passes its save's, where
        None means a version-1 save's legacy seeds.
        """
        if state is None:
            check_options(len(seats), tea)
            seed = random.SystemRandom().randrange(1, 2**40) if seed is None else seed
            state = new_game(len(seats), seed, tea=tea)
            bot_salt = fresh_bot_salt() if bot_salt is None else bot_salt
        elif len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for a {state.players}-player game")
        self.seats = list(seats)
        self.seed = state.seed
        self.tea = state.tea
        self.state: GameState = state
        self.started = started or dt.datetime.now(dt.UTC).replace(microsecond=0)
        self.bot_salt = bot_salt  # never shown, logged or recorded anywhere but in the save
        self.bots: dict[int, Bot] = {
            i: make_bot(s.tier, i, self.seed, salt=bot_salt) for i, s in enumerate(self.seats) if s.tier
        }
        self.bot_pause = 0.0
        self._executor: ThreadPoolExecutor | None = None
        self._thinking: tuple[int, int, Future[Action], float] | None = None  # seat, step, future, started

    @classmethod
    def resume(
        cls, seats: Sequence[Seat], state: GameState, *, bot_salt: int | None, started: dt.datetime | None = None
    ) -> GameSession:
        """A session around a game already under way (a loaded save), with the save's bot salt
        (None: a version-1 save, whose bots keep their legacy seeds)."""
        return cls(seats, state=state, started=started, bot_salt=bot_salt)

    # --- what the table may know --------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def view(self, seat: int) -> SeatView:
        """Exactly what `seat` may know now."""
        return view_for(self.state, seat)

    def shown_seat(self) -> int:
        """The seat whose view the table shows: the human to act, else the first human, else seat 0."""
        humans = self.human_seats
        if not humans:
            return 0
        for seat in pending(self.state).seats:
            if seat in humans:
                return seat
        return humans[0]

    def waiting_for(self) -> tuple[int, ...]:
        return pending(self.state).seats

    def snapshot(self) -> GameState:
        """A copy of the state between two actions (saves take it: never half-way through an `apply`)."""
        return self.state.clone()  # actions apply on the caller's thread, so no action is half applied

    def final_play_areas(self) -> list[list[int]]:
        """Play areas are public; the score pad reads them once the game is over."""
        return [list(a) for a in self.state.play_areas]

    # --- acting -------------------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Apply a human's action (RuleError, changing nothing, if it is not legal now)."""
        return apply(self.state, action)

    def bot_to_move(self) -> int | None:
        for seat in pending(self.state).seats:
            if seat in self.bots:
                return seat
        return None

    def poll_bots(self, now: float) -> list[Event]:
        """Start a bot thinking if one is to act; apply its choice once ready and its pause is over."""
        if self.state.is_over:
            return []
        if self._thinking is None:
            seat = self.bot_to_move()
            if seat is None:
                return []
            view = self.view(seat)
            bot = self.bots[seat]
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="amul-bot")
            self._thinking = (seat, len(self.state.actions), self._executor.submit(bot.choose, view), now)
            return []
        seat, _step, future, started = self._thinking
        if not future.done():
            return []
        try:
            action = future.result()
        except Exception:  # a failing bot must not take the table down: it plays its first legal action
            log.exception("the %s bot in seat %d failed; playing its first legal action", self.seats[seat].tier, seat)
            action = legal_actions(self.state, seat)[0]
        pause = self.bot_pause * (COMMIT_PAUSE if action.kind in ("offer", "reveal") else 1.0)
        if now - started < pause:
            return []
        self._thinking = None
        if action not in legal_actions(self.state, seat):
            # Only possible if the state moved on under the bot; it thinks again from the new view.
            return []
        return apply(self.state, action)

    def run_bots_now(self) -> list[Event]:
        """Let every bot act without threads or pauses until a human must decide (tests, headless renders)."""
        events: list[Event] = []
        while not self.state.is_over:
            seat = self.bot_to_move()
            if seat is None:
                break
            events += apply(self.state, self.bots[seat].choose(self.view(seat)))
        return events

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._thinking = None
