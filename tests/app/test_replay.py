"""Replays: every step is the engine's state after that many actions; who may be shown; moving by phase and round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from amul_table.match.replay import Replay, ReplayError, Stride
from amul_table.persistence.save_files import load_game
from amul_table.persistence.save_format import snapshot
from amul_table.rules import apply, new_game
from amul_table.rules.phases import ActionKind
from amul_table.rules.views import view_for

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


@pytest.mark.parametrize(
    "name", ["finished-3p.yaml", "finished-5p-tea.yaml", "finished-8p.yaml", "midgame-4p-solo.yaml"]
)
def test_every_step_matches_the_engine(name):
    saved = load_game(SAVES / name)
    replay = Replay.of_saved(saved)
    final = saved.state
    engine = new_game(
        final.players, final.seed, tea=final.tea, deck_order=final.initial_deck, starting_player=final.starting_player
    )
    assert replay.last == len(final.actions)
    for step in range(replay.last + 1):
        replay.go(step)
        assert snapshot(replay.state) == snapshot(engine)
        seat = replay.viewer if replay.viewer is not None else step % final.players
        assert replay.view(seat) == dataclasses.replace(view_for(engine, seat), legal=())
        if step < replay.last:
            assert replay.next_action() == final.actions[step]
            assert replay.events_of_step(step) == apply(engine, final.actions[step])
    assert snapshot(replay.state) == snapshot(final)


def test_replaying_never_writes_the_save(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_bytes((SAVES / "finished-3p.yaml").read_bytes())
    before = path.read_bytes(), path.stat().st_mtime_ns
    replay = Replay.of_saved(load_game(path))
    replay.move(Stride.ROUND, 1)
    replay.go(replay.last)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]


def test_a_finished_game_shows_every_seat_s_hand():
    replay = Replay.of_saved(load_game(SAVES / "finished-3p.yaml"))
    replay.go(10)
    assert replay.viewer is None
    for seat in range(3):
        assert replay.view(seat).hand == tuple(replay.state.hands[seat])


def test_a_solo_game_under_way_shows_only_its_person_s_view_up_to_now():
    saved = load_game(SAVES / "midgame-4p-solo.yaml")
    replay = Replay.of_saved(saved)
    assert replay.viewer == saved.setup.humans[0]
    assert replay.go(10**6) == len(saved.state.actions)
    other = (replay.viewer + 1) % 4
    with pytest.raises(ReplayError):
        replay.view(other)
    offers = [i for i, a in enumerate(replay.actions) if a.kind == ActionKind.OFFER and a.seat == other]
    assert not replay.card_named(replay.actions[offers[0]])


def test_a_pass_and_play_game_under_way_cannot_be_replayed():
    with pytest.raises(ReplayError) as caught:
        Replay.of_saved(load_game(SAVES / "midgame-4p-pass-and-play.yaml"))
    assert caught.value.code == "replay.refused_unfinished"


def test_moving_by_round_and_phase_lands_on_their_first_step():
    replay = Replay.of_saved(load_game(SAVES / "finished-3p.yaml"))
    rounds = [replay.move(Stride.ROUND, 1) for _ in range(10)]
    starts = [i for i in range(1, replay.last + 1) if replay.states[i].round != replay.states[i - 1].round]
    assert rounds[: len(starts)] == starts
    assert rounds[-1] == replay.last
    replay.go(starts[2] + 3)
    assert replay.move(Stride.ROUND, -1) == starts[2]
    assert replay.move(Stride.ROUND, -1) == starts[1]
    replay.go(0)
    phase_steps = []
    while replay.step < replay.last:
        before = (replay.state.round, replay.state.phase)
        replay.move(Stride.PHASE, 1)
        assert (replay.state.round, replay.state.phase) != before or replay.step == replay.last
        phase_steps.append(replay.step)
    assert len(phase_steps) > 27  # at least offer, pick and reveal in each of nine rounds
    assert replay.move(Stride.DECISION, 1) == replay.last
    assert replay.move(Stride.DECISION, -1) == replay.last - 1
