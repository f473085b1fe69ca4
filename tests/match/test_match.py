"""The Match: the one authority for a game. Commands are judged, refusals coded, bots and subscribers run."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from amul_table.match.bots import InlineExecutor
from amul_table.match.client import LocalClient
from amul_table.match.match import Match
from amul_table.match.protocol import (
    SPECTATOR,
    ActionData,
    Command,
    ErrorCode,
    GameOver,
    Update,
    game_events,
    seat_view,
    view_data,
)
from amul_table.match.session import GameSession
from amul_table.match.subscribers import Autosave, RecordFinished
from amul_table.persistence.records import open_records
from amul_table.persistence.save_files import load_game
from amul_table.persistence.save_format import dump_save, parse_save
from amul_table.rules.engine import pending
from amul_table.rules.scoring import score_game
from amul_table.rules.views import view_for
from tests.match.helpers import first_legal, play_with_clients, seats

V1_SAVES = Path(__file__).parents[1] / "data" / "saves_v1"


def command(match: Match, seat: int, *, turn: int | None = None, index: int = 0) -> Command:
    action = match.view(seat).legal[index]
    return Command(seat=seat, action=ActionData.of(action), turn=match.turn if turn is None else turn)


def test_a_connection_is_sent_its_seat_view_and_the_whole_log_at_once():
    match = Match.new(seats(3, 0), seed=4, bot_salt=1)
    got = []
    match.connect(1, got.append)
    (update,) = got
    assert isinstance(update, Update)
    assert update.log_from == 0 and game_events(update.events) == tuple(match.state.log)
    assert seat_view(update.view, game_events(update.events)) == view_for(match.state, 1)


def test_a_decision_is_applied_and_every_connection_hears_it():
    match = Match.new(seats(3, 0), seed=4, bot_salt=1)
    heard: dict[int, list] = {0: [], 1: [], SPECTATOR: []}
    for seat, box in heard.items():
        match.connect(seat, box.append)
    assert match.submit(command(match, 0)) is None
    assert match.turn == 1
    for seat, box in heard.items():
        update = box[-1]
        assert update.turn == 1 and update.log_from == len(box[0].events)
        assert update.view == view_data(match.view(seat))


def test_a_command_for_an_old_turn_is_refused_and_changes_nothing():
    match = Match.new(seats(3, 0), seed=4, bot_salt=1)
    match.submit(command(match, 0))
    stale = command(match, 1, turn=0)
    before = match.state.clone()
    error = match.submit(stale)
    assert error is not None and error.code == ErrorCode.STALE_TURN and error.turn == 1
    assert match.state == before


@pytest.mark.parametrize("seat", [1, 7])
def test_a_seat_the_sender_does_not_hold_is_refused(seat):
    match = Match.new(seats(3, 0), seed=4, bot_salt=1)
    action = first_legal(match, 1)
    error = match.submit(Command(seat=seat, action=ActionData.of(action), turn=0), holds=(0,))
    assert error is not None and error.code == ErrorCode.NOT_YOUR_SEAT
    assert match.turn == 0


def test_nobody_acts_for_a_bot_and_an_action_must_be_the_commands_seat():
    match = Match.new(seats(1, 2), seed=4, bot_salt=1)
    bot_move = Command(seat=1, action=ActionData.of(first_legal(match, 1)), turn=0)
    assert match.submit(bot_move).code == ErrorCode.NOT_YOUR_SEAT
    other = Command(seat=0, action=ActionData.of(first_legal(match, 1)), turn=0)
    assert match.submit(other).code == ErrorCode.NOT_YOUR_SEAT
    assert match.turn == 0


def test_an_illegal_action_is_refused_with_the_rules_reason():
    match = Match.new(seats(3, 0), seed=4, bot_salt=1)
    not_mine = next(c for c in match.state.in_game if c not in match.state.hands[0])
    error = match.submit(Command(seat=0, action=ActionData("offer", 0, not_mine), turn=0))
    assert error.code == ErrorCode.ILLEGAL and "not in their hand" in error.detail
    pick = match.submit(Command(seat=0, action=ActionData("pick", 0, match.state.market[0]), turn=0))
    assert pick.code == ErrorCode.ILLEGAL
    assert match.turn == 0


def test_a_finished_game_refuses_commands_and_sends_its_record_once():
    match = Match.new(seats(0, 3), seed=6, bot_salt=3)
    got = []
    match.connect(0, got.append)
    match.poll()
    assert match.is_over
    finals = [m for m in got if isinstance(m, GameOver)]
    assert len(finals) == 1
    assert parse_save(finals[0].save).state == match.state
    assert "bot_salt" not in finals[0].save
    assert match.submit(Command(seat=0, action=ActionData("decline", 0), turn=match.turn)).code == ErrorCode.GAME_OVER
    late = []
    match.connect(2, late.append)
    assert isinstance(late[-1], GameOver)  # a client arriving after the end gets the record too


def test_bots_move_on_poll_until_a_person_must_decide():
    match = Match.new(seats(1, 3, "easy"), seed=8, bot_salt=2)
    match.poll()
    assert pending(match.state).seats == (0,)
    assert match.submit(command(match, 0)) is None
    match.poll()
    assert 0 in match.waiting_for() or match.is_over


def test_a_failing_bot_plays_its_first_legal_action():
    match = Match.new(seats(1, 2), seed=8, bot_salt=2)
    match.cover(0, "no-such-tier")  # its job raises in the executor
    expected = first_legal(match, 0)
    match.poll()
    assert match.state.actions[0] == expected


def test_a_dropped_seat_is_covered_by_a_bot_and_handed_back():
    match = Match.new(seats(2, 1), seed=8, bot_salt=2)
    match.cover(1, "random")
    match.poll()
    assert match.waiting_for() == (0,)  # the cover played seat 1, the bot seat 2
    match.uncover(1)
    match.submit(command(match, 0))
    match.poll()
    assert 1 in match.waiting_for()


def test_bots_in_a_thread_pool_wake_the_owner_who_polls():
    woke = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as pool:
        match = Match.new(seats(0, 3, "easy"), seed=2, bot_salt=9, executor=pool, wake=woke.set)
        reference = Match.new(seats(0, 3, "easy"), seed=2, bot_salt=9)
        reference.poll()
        while not match.is_over:
            woke.clear()
            match.poll()
            if not match.is_over:
                assert woke.wait(60)
    assert match.state.actions == reference.state.actions  # one bot at a time: the executor changes nothing


def test_a_match_plays_exactly_as_the_window_session_did():
    """Same seed, salt and people's choices: the Match's bots make the GameSession's decisions."""
    match = Match.new(seats(2, 3, "easy"), seed=31, bot_salt=5)
    session = GameSession(seats(2, 3, "easy"), seed=31, bot_salt=5)
    for driver in (match, session):
        rng = random.Random(3)
        while not driver.is_over:
            people = [s for s in pending(driver.state).seats if driver.seats[s].human]
            if not people:
                driver.poll() if driver is match else driver.run_bots_now()
                continue
            action = rng.choice(view_for(driver.state, people[0]).legal)
            if driver is match:
                assert match.submit(Command(seat=action.seat, action=ActionData.of(action), turn=match.turn)) is None
            else:
                session.client.submit(action)
    assert match.state.actions == session.state.actions


@pytest.mark.parametrize("name", sorted(p.name for p in V1_SAVES.glob("midgame-*.yaml")))
def test_old_saves_resume_in_a_match_and_play_on_as_recorded(name):
    """tests/data/saves_v1/played_on.txt holds what these saves became when played on in the window."""
    match = Match.resume(load_game(V1_SAVES / name))
    rng = random.Random(7)
    while not match.is_over:
        people = [s for s in pending(match.state).seats if match.seats[s].human]
        if people:
            action = rng.choice(view_for(match.state, people[0]).legal)
            assert match.submit(Command(seat=action.seat, action=ActionData.of(action), turn=match.turn)) is None
        else:
            match.poll()
    actions = " ".join(f"{a.kind}:{a.seat}:{a.card}" for a in match.state.actions)
    expected = {line.split(" ", 1)[0]: line for line in (V1_SAVES / "played_on.txt").read_text().splitlines() if line}
    assert f"{name} {actions}" == expected[name]


def test_a_resumed_match_plays_on_as_the_uninterrupted_one():
    """Cut a game at a decision, resume its save: with the same people's choices, the bots decide alike."""
    whole = Match.new(seats(1, 3, "easy"), seed=12, bot_salt=77)
    rng = random.Random(5)
    people: dict[int, Command] = {}  # turn -> the person's command
    cut = None
    while not whole.is_over:
        whole.poll()
        if cut is None and whole.turn > 40:
            cut = parse_save(dump_save(whole.saved_game()))
        if not whole.is_over:
            people[whole.turn] = command(whole, 0, index=rng.randrange(len(whole.view(0).legal)))
            assert whole.submit(people[whole.turn]) is None
    resumed = Match.resume(cut)
    while not resumed.is_over:
        resumed.poll()
        if not resumed.is_over:
            assert resumed.submit(people[resumed.turn]) is None
    assert resumed.state.actions == whole.state.actions


def test_autosave_hears_every_decision_and_skips_a_game_opened_finished():
    written = []

    class Writer:
        def autosave(self, record, *, wait):
            written.append(len(record.state.actions))
            return True

        def keep_finished(self, record):
            written.append("finished")

        def flush(self):
            return True

    match = Match.new(seats(1, 2), seed=3, bot_salt=4)
    match.subscribe(Autosave.of(match, Writer()))
    match.poll()
    match.submit(command(match, 0))
    match.poll()
    assert written == list(range(1, match.turn + 1))
    finished = Match.new(seats(0, 3), seed=3, bot_salt=4)
    finished.poll()
    again = Match.resume(finished.saved_game())
    saver = Autosave.of(again, Writer())
    saver(again, again.state.log[-1:])
    assert len(written) == match.turn


class FailingOnceWriter:
    """A writer whose autosaves fail until `mend`; it notes what it was asked for."""

    def __init__(self) -> None:
        self.failing = True
        self.asked: list[tuple[int, bool]] = []  # (decisions in the record, wait)
        self.written: list[int] = []
        self.finished: list[int] = []
        self.flushes = 0

    def autosave(self, record, *, wait):
        self.asked.append((len(record.state.actions), wait))
        if not self.failing:
            self.written.append(len(record.state.actions))
        return not self.failing

    def keep_finished(self, record):
        self.finished.append(len(record.state.actions))

    def flush(self):
        self.flushes += 1
        return True


def test_autosave_waits_at_each_round_keeps_the_finished_game_once_and_retries_a_failed_write():
    writer = FailingOnceWriter()
    match = Match.new(seats(0, 3), seed=11, bot_salt=12)
    saver = Autosave.of(match, writer)
    match.subscribe(saver)
    saver.save(match)  # the game opening: written at once, waiting for the disk
    assert writer.asked == [(0, True)] and writer.written == []
    saver.save(match)  # it failed: the same decision is asked for again, not skipped
    assert writer.asked[-1] == (0, True)
    writer.failing = False
    match.poll()  # the bots play the whole game
    assert writer.written == list(range(1, match.turn + 1))
    waited = [n for n, wait in writer.asked[2:] if wait]
    assert len(waited) == 8  # rounds 2 to 9 each begin with a decision
    assert writer.finished == [match.turn]
    saver.save(match)  # nothing happened since: only waits for the disk
    assert writer.asked[-1][0] == match.turn and writer.flushes == 1


def test_the_records_database_gets_the_finished_game_once_without_the_salt(tmp_path):
    records = open_records(tmp_path / "records.sqlite3")
    match = Match.new(seats(1, 2), seed=19, bot_salt=0x5EC2E7)
    match.subscribe(RecordFinished(records.add_game))
    client = LocalClient(match, [0])
    play_with_clients(match, [client], random.Random(2))
    assert records.count() == 1
    (game,) = records.games()
    assert str(0x5EC2E7) not in game.save_text
    assert [s.total for s in game.seats] == [s.total for s in score_game(match.state.play_areas).seats]


def test_catching_up_applies_recorded_decisions_until_one_does_not_apply():
    whole = Match.new(seats(0, 3), seed=14, bot_salt=2)
    whole.poll()
    cut = Match.resume(parse_save(dump_save(Match.new(seats(0, 3), seed=14, bot_salt=2).saved_game())))
    heard = []
    cut.subscribe(lambda match, events: heard.append(match.turn))
    assert cut.catch_up(whole.state.actions[:10]) == 10
    assert heard == list(range(1, 11))
    assert cut.catch_up([whole.state.actions[9], *whole.state.actions[10:]]) == 0  # decision 9 again: refused
    assert cut.turn == 10
    assert cut.catch_up(whole.state.actions[10:]) == whole.turn - 10
    assert cut.state == whole.state


def test_a_closed_match_starts_no_bot():
    submitted = []

    class Recorder(InlineExecutor):
        def submit(self, fn, /, *args, **kwargs):
            submitted.append(args)
            return super().submit(fn, *args, **kwargs)

    match = Match.new(seats(0, 3), seed=3, bot_salt=3, executor=Recorder())
    match.close()
    assert match.poll() == 0 and submitted == [] and match.turn == 0
