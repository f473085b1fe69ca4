"""Saves written before the restructure (format v1) keep loading and play on exactly as they did then."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from amul_table.match.session import GameSession
from amul_table.persistence.save_files import load_game
from amul_table.rules.engine import legal_actions, pending

FIXTURES = Path(__file__).parents[1] / "data" / "saves_v1"
# For each fixture: the final totals after playing on with people choosing by random.Random(7).
PLAYED_ON = FIXTURES / "played_on.txt"


def _play_on(path: Path) -> str:
    session = GameSession.of_saved(load_game(path))
    rng = random.Random(7)
    while not session.is_over:
        people = [s for s in pending(session.state).seats if session.seats[s].human]
        if people:
            session.client.submit(rng.choice(legal_actions(session.state, people[0])))
        else:
            session.run_bots_now()
    actions = " ".join(f"{a.kind}:{a.seat}:{a.card}" for a in session.state.actions)
    return f"{path.name} {actions}"


def _expected() -> dict[str, str]:
    lines = PLAYED_ON.read_text(encoding="utf-8").splitlines()
    return {line.split(" ", 1)[0]: line for line in lines if line}


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.yaml")))
def test_v1_fixture_loads(name: str) -> None:
    saved = load_game(FIXTURES / name)
    assert saved.players == len(saved.setup.seats)


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("midgame-*.yaml")))
def test_v1_fixture_plays_on_identically(name: str) -> None:
    assert _play_on(FIXTURES / name) == _expected()[name]
