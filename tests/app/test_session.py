import time

import pytest

from amul_table.app.headless import make_session
from amul_table.match.protocol import ErrorCode
from amul_table.match.session import GameSession
from amul_table.rules.errors import RuleError
from amul_table.rules.scoring import score_game
from amul_table.rules.seats import Seat


def seats(humans: int, bots: int) -> list[Seat]:
    return [Seat.of_human(f"H{i}") for i in range(humans)] + [Seat.bot(f"B{i}", "medium") for i in range(bots)]


def test_bots_play_a_whole_game_through_the_worker_thread():
    session = GameSession(seats(0, 4), seed=11)
    deadline = time.monotonic() + 60
    while not session.is_over and time.monotonic() < deadline:
        session.client.poll(time.monotonic())  # what the table does every frame
        time.sleep(0)
    session.close()
    assert session.is_over
    assert len(score_game(session.state.play_areas).seats) == 4


def test_a_bot_waits_for_its_pause_before_acting(inline_bots):
    session = GameSession(seats(0, 3), seed=5)
    session.bot_pause = 10.0
    assert not session.client.poll(0.0)  # starts thinking (and, inline, has thought)
    assert not session.client.poll(1.0) and not session.state.actions  # thought, but the pause is not over
    assert session.client.poll(20.0)  # now it acts
    assert len(session.state.actions) == 1
    session.close()


def test_inline_bots_think_on_the_callers_thread(inline_bots):
    """The fixture that keeps the window tests free of sleeps reaches the session's bots."""
    session = GameSession(seats(0, 3), seed=5)
    assert not session.client.poll(0.0)
    assert session.bot_thread.ready() is not None  # thought before poll returned: no thread to wait for
    assert session.client.poll(0.0)


def test_an_illegal_human_action_is_refused_and_changes_nothing():
    session = GameSession(seats(1, 2), seed=3)
    view = session.view(0)
    before = len(session.state.actions)
    not_mine = next(c for c in session.state.in_game if c not in view.hand)
    session.client.submit(view.legal[0]._replace(card=not_mine))
    assert [e.code for e in session.client.errors()] == [ErrorCode.ILLEGAL]
    assert len(session.state.actions) == before


def test_the_table_shows_the_human_to_act_and_bots_never_move_for_a_human():
    session = GameSession(seats(1, 3), seed=9)
    assert session.shown_seat() == 0
    session.run_bots_now()
    assert session.waiting_for() == (0,)
    assert session.bot_to_move() is None


def test_the_same_seed_and_bot_salt_give_the_same_game():
    a = GameSession(seats(0, 4), seed=77, bot_salt=5)
    b = GameSession(seats(0, 4), seed=77, bot_salt=5)
    a.run_bots_now()
    b.run_bots_now()
    assert a.state.actions == b.state.actions


def test_each_new_game_draws_its_own_bot_salt_and_the_same_seed_still_deals_the_same_cards():
    a = GameSession(seats(0, 4), seed=77)
    b = GameSession(seats(0, 4), seed=77)
    assert a.bot_salt is not None and b.bot_salt is not None and a.bot_salt != b.bot_salt
    assert a.state.hands == b.state.hands and a.state.deck == b.state.deck
    assert [bot.seed for bot in a.bots.values()] != [bot.seed for bot in b.bots.values()]


def test_a_bot_that_fails_plays_its_first_legal_action_instead_of_crashing_the_table(inline_bots, monkeypatch):
    from amul_table.match import match as match_module

    thought = match_module.think

    def think(job):
        if job.seat == 0:
            raise RuntimeError("bug in a bot")
        return thought(job)

    monkeypatch.setattr(match_module, "think", think)
    session = GameSession(seats(0, 3), seed=8)
    first = session.view(0).legal[0]
    for _ in range(6):  # three seats, two polls each: start thinking, then act
        session.client.poll(0.0)
    session.close()
    assert next(a for a in session.state.actions if a.seat == 0) == first


def test_a_session_resumes_a_game_under_way_and_finishes_it_like_the_original():
    original = GameSession(seats(0, 4), seed=31)
    for _ in range(20):
        seat = original.bot_to_move()
        assert original.match.catch_up([original.bots[seat].choose(original.view(seat))]) == 1
    resumed = GameSession.resume(seats(0, 4), original.state.clone(), bot_salt=original.bot_salt)
    assert resumed.view(2) == original.view(2)
    resumed.run_bots_now()
    assert resumed.is_over


def test_a_seat_is_one_frozen_keyword_only_type() -> None:
    import dataclasses

    assert Seat.of_human("Ana") == Seat(name="Ana") and Seat.of_human("Ana").human
    bot = Seat.bot("Marco", "easy")
    assert bot == Seat(name="Marco", tier="easy") and not bot.human and not bot.human
    with pytest.raises(TypeError):
        Seat("Ana")  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        bot.name = "Li"  # type: ignore[misc]


def test_sample_sessions_replay_from_their_seed_with_a_derived_salt():
    """render, autoplay and the tests replay from --seed: their salt follows from it, one-way."""
    from amul_table.ai.base import derived_bot_salt
    from amul_table.app.headless import make_session

    a = make_session(3, 5, "medium", humans=0)
    b = make_session(3, 5, "medium", humans=0)
    assert a.bot_salt == b.bot_salt == derived_bot_salt(5, 5)
    a.run_bots_now()
    b.run_bots_now()
    assert a.state.actions == b.state.actions
    assert make_session(3, None, "medium").bot_salt != make_session(3, None, "medium").bot_salt


def test_a_headless_game_stops_at_a_refused_action_instead_of_choosing_again(monkeypatch):
    """advance_to (render, the sample saves) sends the human's choice through the window's client: a refusal is a
    bug, raised at once, never a loop that chooses again."""
    from amul_table.app.headless import advance_to, make_session

    session = make_session(3, 5, "easy")
    submit = session.client.submit
    rival_card = session.state.hands[1][0]
    monkeypatch.setattr(session.client, "submit", lambda action: submit(action._replace(card=rival_card)))
    with pytest.raises(RuleError):
        advance_to(session, 3)
    assert not session.state.actions or all(a.seat != 0 for a in session.state.actions)


def test_eight_bots_have_eight_names():
    """A game of bots only at 8 players (autoplay, a hosted table's empty seats) named two of them Marco."""
    names = [seat.name for seat in make_session(8, 1, "random", humans=0).seats]
    assert len(set(names)) == 8
