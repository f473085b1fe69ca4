"""A resumed game keeps its score trail: the log's round summaries ("Your score in round N") and the score box's
last change are those of the same game never left, rebuilt from the seat's own views of the save's decisions
(issue 23, item 7, found again after Continue)."""

from __future__ import annotations

import random

import pytest

from amul_table.app.headless import make_session
from amul_table.match.replay import Replay, Stride, seat_views
from amul_table.persistence.save_format import GameSetup, SavedGame
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.seats import Seat
from amul_table.rules.setup import new_game
from amul_table.rules.state import GameState
from amul_table.scenes.replay import ReplayScene
from amul_table.scenes.routes import Route
from amul_table.scenes.table.pass_and_play import PassAndPlayTable
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.table.score_trail import ScoreTrail, summary_text
from amul_table.scenes.title import TitleScene
from tests.match.helpers import swapped_games
from tests.scenes.played import played as played_game
from tests.scenes.test_pass_and_play import lift
from tests.scenes.test_table_follows_animation import frames_of_a_game
from tests.window_driver import close_window, open_window


def shown(table: TableScene) -> tuple[list[str], object, list[str]]:
    """What the player reads of the trail: the log's lines, the score box's last change, the round summaries."""
    model = table.model
    trail = model.score_trail()
    summaries = [summary_text(m) for _, m in sorted(trail.summaries.items())] if trail else []
    return [line.text for line in model.log_lines], trail.last if trail else None, summaries


@pytest.mark.parametrize(
    ("speed", "start"),
    [("normal", 3), ("instant", 1), pytest.param("normal", 1, marks=pytest.mark.slow)],
    ids=["normal-from-round-3", "instant", "normal"],
)
def test_a_game_saved_in_round_5_and_continued_shows_the_log_and_score_box_of_the_game_never_left(
    inline_bots, speed, start
):
    """Played in the window from the deal, or (at normal speed in make test-fast) continued from a save of round 3
    and played live through rounds 3 and 4: their summaries and the box's last change are the live ones."""
    app = open_window((1024, 640), animation_speed=speed, bot_pause=0.0)
    try:
        app.push(TitleScene(app))
        if start == 1:
            table = app.go(Route.TABLE, make_session(4, 11, "easy"), intro=False)
        else:
            table = app.go(Route.RESUME, played_game(4, 11, "easy", round_number=start).saved_game())
        app.push(table)
        for _ in frames_of_a_game(app, table, 20_000, dt=1 / 4):
            view = table.model.view
            if view.round == 5 and view.legal and not table.animating:
                break
        app.step(1 / 30)
        never_left = shown(table)
        saved = table.client.match.saved_game()
        assert len(never_left[2]) == 4 and never_left[1] is not None
        resumed = app.go(Route.RESUME, saved)
        app.reset(resumed)
        app.step(1 / 30)
        log, last, summaries = shown(resumed)
        assert (log, summaries) == (never_left[0], never_left[2])
        if speed == "instant":  # the box drew each decision's jump; rebuilt, the last event's change: same score
            assert last.after == never_left[1].after
        else:
            assert last == never_left[1]
        assert all(line in never_left[0] for line in never_left[2][-2:])  # the log's newest summaries are there
    finally:
        close_window(app)


def test_a_shared_game_resumed_shows_each_human_only_their_own_trail(inline_bots):
    seats = (Seat.of_human("Ana"), Seat.of_human("Ben"), Seat.bot("Bo", "medium"))
    saved = SavedGame(GameSetup(seats, 0, bot_salt=3), played(new_game(3, 8), rounds=3, rng=random.Random(4)))
    expected = {h: ScoreTrail.rebuilt(seat_views(saved.state, h)) for h in saved.setup.humans}
    lines = {h: {summary_text(m) for m in t.summaries.values()} for h, t in expected.items()}
    assert lines[0] != lines[1] and all(len(t.summaries) == 3 for t in expected.values())
    app = open_window((1024, 640), animation_speed="fast", bot_pause=0.0)
    try:
        app.push(TitleScene(app))
        resumed = app.go(Route.RESUME, saved)
        assert isinstance(resumed, PassAndPlayTable)
        app.push(resumed)
        lifted = set()
        for _ in range(2):
            lift(app)
            seat = resumed.model.shown
            logged = {line.text for line in resumed.model.log_lines if line.note}
            assert logged == lines[seat], "the shown human's own summaries, and no one else's"
            assert resumed.model.score_trail().last == expected[seat].last
            lifted.add(seat)
            resumed.act(resumed.model.view.legal[0])
            resumed.confirm()
        assert lifted == {0, 1}
    finally:
        close_window(app)


@pytest.mark.parametrize("speed", ["normal", "instant"])
def test_a_shared_game_played_live_shows_each_human_the_trail_a_resumed_one_rebuilds(inline_bots, speed):
    """Two humans and a bot pass the screen for three rounds. Each time a human holds it with a choice to make, their
    log's round summaries and score are those the same game saved and continued shows (rebuilt from their own
    views), the box's last change too at normal speed (at instant it is the jump drawn, to the same rows). A human
    handed the screen back during an animation once missed the decisions made while they looked away: a round's
    changes went into the next round's summary."""
    app = open_window((1024, 640), animation_speed=speed, bot_pause=0.0)
    try:
        app.push(TitleScene(app))
        table = app.go(Route.TABLE, make_session(3, 5, "easy", humans=2), intro=False)
        assert isinstance(table, PassAndPlayTable)
        app.push(table)
        state, rng, held = table.client.match.state, random.Random(3), []
        while len(state.actions) < 200:
            if app.top is not table:
                lift(app)
            elif table.model.view.legal and not table.animating:  # acting at once: no frame drawn since the lift
                seat, trail = table.model.shown, table.model.score_trail()
                resumed = ScoreTrail.rebuilt(seat_views(table.client.match.state, seat))
                assert (trail.summaries, trail.rows) == (resumed.summaries, resumed.rows), (seat, len(state.actions))
                assert trail.last == resumed.last or speed == "instant"  # there: the jump drawn, to the same rows
                held.append(seat)
                if table.model.view.round == 4 and [s for s in table.link.waiting_for() if s < 2] == [seat]:
                    break  # the one human a continued game hands the screen to
                table.act(rng.choice(table.model.view.legal))
                table.confirm()
            app.step(1 / 8)
        assert set(held) == {0, 1} and len(held) >= 12 and table.model.view.round == 4
        live = shown(table)
        continued = app.go(Route.RESUME, table.client.match.saved_game())
        app.reset(continued)
        lift(app)
        assert continued.model.shown == table.model.shown
        log, last, summaries = shown(continued)
        assert (log, summaries) == (live[0], live[2]) and len(summaries) == 3
        assert last == live[1] or speed == "instant"
    finally:
        close_window(app)


def played(state: GameState, *, rounds: int, rng: random.Random, avoid: tuple[int, ...] = ()) -> GameState:
    """`state` played at random through `rounds` rounds (the cards `avoid` never chosen while others may be)."""
    while state.round <= rounds and not state.is_over:
        seat = pending(state).seats[0]
        legal = legal_actions(state, seat)
        apply(state, rng.choice([a for a in legal if a.card not in avoid] or legal))
    return state


def test_the_rebuilt_trail_is_the_same_when_other_seats_hidden_cards_differ():
    """Two games identical but for a card swapped between two other seats' hands (kept hidden: never played),
    played with the same (swapped) decisions: seat 0's rebuilt summaries and last change are the same."""
    games = swapped_games(4, 31, between=(1, 2), rounds=5)
    rebuilt = [ScoreTrail.rebuilt(seat_views(state, 0)) for state in games]
    assert len(rebuilt[0].summaries) == 5 and rebuilt[0].last is not None
    assert rebuilt[0].summaries == rebuilt[1].summaries and rebuilt[0].last == rebuilt[1].last


@pytest.mark.parametrize("start", [7, pytest.param(1, marks=pytest.mark.slow)], ids=["from-round-7", "whole-game"])
def test_the_replay_of_a_finished_game_shows_the_trail_as_it_was_played(inline_bots, start):
    """The replay's log has the round summaries up to the step shown, and its score box the last change, as the
    table showed them in play (from the shown human's own views). make test-fast plays rounds 7 to 9 in the
    window (the earlier rounds' summaries rebuilt on resuming, as the test above checks), make test all of it."""
    app = open_window((1024, 640), animation_speed="normal", bot_pause=0.0)
    try:
        app.push(TitleScene(app))
        if start == 1:
            table = app.go(Route.TABLE, make_session(3, 12, "easy"), intro=False)
        else:  # continued from a save, as the player would
            table = app.go(Route.RESUME, played_game(3, 12, "easy", round_number=start).saved_game())
        app.push(table)
        for _ in frames_of_a_game(app, table, 20_000, dt=1 / 4):
            pass
        _, last, summaries = shown(table)
        assert len(summaries) == 9
        replay = Replay.of_saved(table.client.match.saved_game())
        scene = ReplayScene(app, replay, 0, replay.last)
        app.push(scene)
        app.step(1 / 30)
        notes = [line.text for line in scene.model.log_lines if line.note]
        assert len(notes) >= 3 and notes == summaries[-len(notes) :]
        assert scene.model.score_trail().last == last
        round_4 = next(i for i, state in enumerate(replay.states) if state.round == 4)
        scene.go(round_4)
        app.step(1 / 30)
        assert [line.text for line in scene.model.log_lines if line.note][-3:] == summaries[:3]
    finally:
        close_window(app)


def test_the_replay_stepped_with_its_animations_keeps_each_steps_trail_as_played(inline_bots):
    """Stepping a replay decision by decision animates each step; the table's trail is the step's own, as played
    (the animation's views, of the step before, never pass it: rows went back and the summaries were mixed up)."""
    saved = played_game(3, 12, "easy", round_number=3).saved_game()
    replay = Replay.of_saved(saved)
    played = ScoreTrail.each_decision(replay.history(0))
    app = open_window((1024, 640), animation_speed="normal", bot_pause=0.0)
    try:
        app.push(TitleScene(app))
        scene = ReplayScene(app, replay, 0, 0)
        app.push(scene)
        while replay.step < replay.last:
            scene.move(Stride.DECISION, 1)
            for _ in range(3):
                app.step(1 / 4)  # partway, then past the step's animation
            trail = scene.model.score_trail()
            assert (trail.summaries, trail.last, trail.rows) == (
                played[replay.step].summaries,
                played[replay.step].last,
                played[replay.step].rows,
            ), replay.step
        assert len(played[-1].summaries) == 2
    finally:
        close_window(app)
