"""One game being played in the window: a Match (the game's one authority), its bots' thread and the
window's client of it.

The Match owns the state, the seats, the bots and their salt; this thin shell paces the bots for the eye
(a bot's decision reaches the Match only once its pause is over), holds the window's client of the game
(`PacedClient`: the table scene gets it, never the session) and, for a game the window saves, the Match's
`Autosave` subscriber. No pygame here, so tools and tests drive a session directly.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from amul_table.ai.base import Bot, derived_bot_salt
from amul_table.ai.tiers import make_bot
from amul_table.match.bots import InlineExecutor
from amul_table.match.client import LocalClient
from amul_table.match.match import Match
from amul_table.match.subscribers import Autosave, RecordFinished, SaveWriter
from amul_table.persistence.records import FinishedGame
from amul_table.persistence.save_format import GameSetup, SavedGame
from amul_table.rules.phases import ActionKind
from amul_table.rules.seats import Seat
from amul_table.rules.state import Action, GameState
from amul_table.rules.views import SeatView

TUTORIAL_SEED = 1  # the learner holds First Pick, a Mongol Merchant that takes from the Palace, and hand-only goods
COMMIT_PAUSE = 0.4  # face-down Offers and Reveals wait this share of the bot pause


class PacedBots(Executor):
    """The window's bots: they think in one worker thread (or inline), and the Match hears a decision only
    when `release` lets it through (after the bot's pause), so a bot never moves faster than the eye."""

    def __init__(self) -> None:
        self._pool: Executor | None = None
        self.inline = False  # think on the caller's thread (run_bots_now)
        self.jobs: list[tuple[Future, Future]] = []  # (the bot's thinking, what the Match waits on), unreleased

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        if self.inline:
            thinking = InlineExecutor().submit(fn, *args, **kwargs)
        else:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="amul-bot")
            thinking = self._pool.submit(fn, *args, **kwargs)
        gate: Future = Future()
        self.jobs.append((thinking, gate))
        return gate

    def ready(self) -> Action | BaseException | None:
        """The decision of the oldest job once thought (or its failure); None while it thinks or none waits."""
        self.jobs = [(t, g) for t, g in self.jobs if not g.done()]  # the Match cancelled the gate of a dropped job
        if not self.jobs or not self.jobs[0][0].done():
            return None
        thinking = self.jobs[0][0]
        return thinking.exception() or thinking.result()

    def release(self, *, wait: bool = False) -> bool:
        """Hand the oldest job's decision to the Match (`wait`: for it to be thought); False when none waits."""
        self.jobs = [(t, g) for t, g in self.jobs if not g.done()]
        if not self.jobs or not (wait or self.jobs[0][0].done()):
            return False
        thinking, gate = self.jobs.pop(0)
        error = thinking.exception()
        gate.set_exception(error) if error is not None else gate.set_result(thinking.result())
        return True

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for thinking, gate in self.jobs:
            thinking.cancel()
            gate.cancel()
        self.jobs = []
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)
            self._pool = None


class GameSession:
    """A game in the window: its Match, the bots' pacing and the window's client (the human seats)."""

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
        """A new game for these seats (a random seed and a fresh bot salt unless given), or `state` when
        resuming one with its save's `bot_salt` (None: a version-1 save's legacy seeds).

        `started`: when the game began (a resumed save keeps its creation time); now by default.
        """
        self.bot_thread = PacedBots()
        if state is None:
            match = Match.new(seats, seed=seed, tea=tea, bot_salt=bot_salt, executor=self.bot_thread)
        else:
            setup = GameSetup(tuple(seats), state.tea, bot_salt=bot_salt)
            match = Match(setup, state, started=started, executor=self.bot_thread)
        if started is not None:
            match.started = started
        self.match = match
        self.bot_pause = 0.0
        self._since: float | None = None  # when the oldest bot's pause began (the first poll that saw it)
        self.autosave: Autosave | None = None  # a game the window saves: the Match's subscriber (autosave_to)
        self.closed = False
        # A table of bots is watched from seat 0; the bots start at the first poll, as the table appears.
        self.client = PacedClient(self, self.human_seats or [0])

    @classmethod
    def resume(
        cls, seats: Sequence[Seat], state: GameState, *, bot_salt: int | None, started: dt.datetime | None = None
    ) -> GameSession:
        """A session around a game already under way, with its bot salt (None: a version-1 save's legacy seeds)."""
        return cls(seats, state=state, started=started, bot_salt=bot_salt)

    @classmethod
    def of_saved(cls, saved: SavedGame) -> GameSession:
        """A session that goes on with a saved game exactly where it stopped."""
        setup = saved.setup
        return cls.resume(setup.seats, saved.state, bot_salt=setup.bot_salt, started=saved.created)

    @classmethod
    def tutorial(cls, name: str) -> GameSession:
        """The tutorial's game: the learner (`name`) in seat 0 against two easy bots, always the same deal and
        the same bots' play."""
        seats = [Seat.of_human(name), Seat.bot("Marco", "easy"), Seat.bot("Li", "easy")]
        return cls(seats, seed=TUTORIAL_SEED, bot_salt=derived_bot_salt(TUTORIAL_SEED, TUTORIAL_SEED))

    # --- what hears the game besides its players ------------------------------------------------

    def autosave_to(self, writer: SaveWriter) -> None:
        """Autosave the game through `writer` now, after every decision and as it closes (a Match subscriber)."""
        self.autosave = Autosave.of(self.match, writer)
        self.match.subscribe(self.autosave)
        self.autosave.save(self.match)

    def save(self) -> None:
        """Autosave now and wait for the disk (the window going away); nothing when the game is not saved."""
        if self.autosave is not None and not self.closed:
            self.autosave.save(self.match)

    # --- the game, for the window's own glue (saves, records, tools; scenes use `client`) ------------

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def seats(self) -> list[Seat]:
        return list(self.match.seats)

    @property
    def seed(self) -> int:
        return self.match.state.seed

    @property
    def tea(self) -> int:
        return self.match.state.tea

    @property
    def started(self) -> dt.datetime:
        return self.match.started

    @property
    def bot_salt(self) -> int | None:
        return self.match.setup.bot_salt  # never shown, logged or recorded anywhere but in the save

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots as the Match seeds them (each decision reseeds a bot, so these choose as the Match's)."""
        return {i: make_bot(s.tier, i, self.seed, salt=self.bot_salt) for i, s in enumerate(self.seats) if s.tier}

    def keep_finished(self, keep: Callable[[FinishedGame], object]) -> None:
        """Hand the game, as the records database keeps it, to `keep` once it is over (a subscriber of the Match)."""
        self.match.subscribe(RecordFinished(keep))

    def saved_game(self) -> SavedGame:
        """The game as a save holds it, from a copy of its state taken between two decisions."""
        return self.match.saved_game()

    # --- what the table may know --------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.match.players

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seats) if s.human]

    @property
    def is_over(self) -> bool:
        return self.client.is_over

    def view(self, seat: int) -> SeatView:
        """Exactly what `seat` may know now: the window's client's view of a seat it holds (the table shows
        no other), the Match's for tools that look at any seat."""
        return self.client.view(seat) if seat in self.client.seats else self.match.view(seat)

    def shown_seat(self) -> int:
        """The seat whose view the table shows: the human to act, else the first human, else seat 0."""
        humans = self.human_seats
        if not humans:
            return 0
        return next((seat for seat in self.waiting_for() if seat in humans), humans[0])

    def waiting_for(self) -> tuple[int, ...]:
        return self.client.view().pending.seats

    # --- acting -------------------------------------------------------------------------------

    def bot_to_move(self) -> int | None:
        return next((seat for seat in self.waiting_for() if self.match.bot_tier(seat)), None)

    def pace(self, now: float) -> bool:
        """Start a bot thinking if one is to act; let its decision through once ready and its pause is over
        (the client hears it); whether a decision went through."""
        self.match.poll()  # starts the bot that must decide
        choice = self.bot_thread.ready()
        if not self.bot_thread.jobs:
            self._since = None
            return False
        if self._since is None:  # it started thinking now: its decision is let through at a later poll
            self._since = now
            return False
        if choice is None:
            return False
        committing = isinstance(choice, Action) and choice.kind in (ActionKind.OFFER, ActionKind.REVEAL)
        if now - self._since < self.bot_pause * (COMMIT_PAUSE if committing else 1.0):
            return False
        self._since = None
        self.bot_thread.release()
        return self.match.poll(start_next=False) > 0  # applies it; the next bot starts thinking at the next poll

    def run_bots_now(self) -> None:
        """Let every bot act without pauses until a human must decide (tests, headless renders)."""
        self.bot_thread.inline = True
        try:
            self.match.poll()
            while self.bot_thread.release(wait=True):
                self.match.poll()
        finally:
            self.bot_thread.inline = False
        self._since = None

    def close(self) -> None:
        """The last autosave (waiting for the disk), then no bot thinks again."""
        if self.closed:
            return
        self.save()
        self.closed = True
        self.client.close()
        self.match.close()
        self.bot_thread.shutdown(wait=False, cancel_futures=True)


class PacedClient(LocalClient):
    """The window's client of its own game (the table scene holds it): `poll` lets a bot's decision through
    once its pause is over, and closing it closes the game (its last autosave, its bots)."""

    def __init__(self, session: GameSession, seats: Sequence[int]) -> None:
        super().__init__(session.match, seats, start_bots=False)
        self.session = session

    def poll(self, now: float = 0.0) -> bool:
        return self.session.pace(now)

    def close(self) -> None:
        super().close()
        self.session.close()
