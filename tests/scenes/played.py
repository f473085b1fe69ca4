"""Games played once per test process and handed out as new sessions resumed from a copy of their state: tests
and their parametrisations asked for the same game and played it from the deal each time (`advance_to`)."""

from __future__ import annotations

import dataclasses
from functools import cache

from amul_table.app.headless import advance_to, make_session
from amul_table.i18n import is_you_name, tr
from amul_table.match.session import GameSession


def played(players: int, seed: int, bots: str, *, tea: int = 0, round_number: int = 99) -> GameSession:
    """`make_session(players, seed, bots, tea=tea)` played on by `advance_to(…, round_number)` (99: to the end), as
    a new session around a copy of its state, as Continue resumes a game: the test may play it on. The human is
    named as `make_session` names it in the window's language ("You", "Vous")."""
    game = _played(players, seed, bots, tea, round_number)
    seats = [dataclasses.replace(s, name=tr("setup.name_human")) if is_you_name(s.name) else s for s in game.seats]
    return GameSession.resume(seats, game.state.clone(), bot_salt=game.bot_salt, started=game.started)


@cache
def _played(players: int, seed: int, bots: str, tea: int, round_number: int) -> GameSession:
    """The game played once for every language (no bot reads a seat's name)."""
    session = make_session(players, seed, bots, tea=tea)
    advance_to(session, round_number)
    session.close()  # no bot of it thinks again
    return session
