"""`amul-table check-save`'s account of a good save, in English: who plays, where the game stands, how its
bots are seeded. The command line's own words, so persistence writes no prose for it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from amul_table.persistence.save_format import GameSetup, SavedGame
from amul_table.rules.engine import pending
from amul_table.rules.phases import Phase
from amul_table.rules.scoring import score_game
from amul_table.rules.state import ROUNDS, GameState


def describe(saved: SavedGame) -> str:
    """A one-paragraph account of a good save, for `amul-table check-save`."""
    state, setup = saved.state, saved.setup
    names = [seat.name for seat in setup.seats]
    seats = ", ".join(f"{s.name} ({'human' if s.human else f'{s.tier} bot'})" for s in setup.seats)
    options = f"{setup.tea} Tea cards" if setup.tea else "no Tea cards"
    when = f"begun {_time_words(saved.created)}, last saved {_time_words(saved.updated or saved.created)}"
    if state.is_over:
        sheet = score_game(state.play_areas)
        totals = ", ".join(f"{names[s.seat]} {s.total}" for s in sheet.seats)
        winners = " and ".join(names[w] for w in sheet.winners)
        where = f"The game is over: {totals}; {winners} {'wins' if len(sheet.winners) == 1 else 'share the win'}."
    else:
        where = f"Round {state.round} of {ROUNDS}, {_waiting(state, names)}."
    written = f"written by amul_table {saved.app_version}" if saved.app_version else "written by amul_table"
    return (
        f"A valid amul-table save ({written}), {when}. {state.players} players: {seats}; {options}, "
        f"seed {state.seed}. {where} Its {len(state.actions)} actions replay to exactly the recorded snapshot. "
        f"{_bot_seeds_words(setup)}"
    )


def _bot_seeds_words(setup: GameSetup) -> str:
    """How the save's bots are seeded; the salt itself is never shown."""
    if setup.bot_salt is None:
        return "Save format 1: its bots keep the legacy seeds of games saved before format 2."
    return "Save format 2: its bots' seeds are keyed by the game's secret salt (not shown)."


def _waiting(state: GameState, names: Sequence[str]) -> str:
    now = pending(state)
    who = " and ".join(names[s] for s in now.seats)
    if now.phase in (Phase.OFFER, Phase.REVEAL):
        return f"{now.phase} phase, waiting for {who}"
    if now.phase == Phase.PICK:
        return f"pick phase, {who} to pick from the Market"
    return f"{who} may take {'a card' if now.remaining == 1 else f'up to {now.remaining} cards'} from the {now.source}"


def _time_words(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
