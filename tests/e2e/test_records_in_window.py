"""Games finished in the window are recorded exactly once: played to the end by clicks, resumed, reopened."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from amul_table.app.headless import advance_to, make_session
from amul_table.app.recording import RecordsLink, finished_game_of, record_finished_game
from amul_table.app.window import App
from amul_table.match.session import GameSession
from amul_table.persistence.records import open_records
from amul_table.persistence.save_format import dump_save, parse_save
from amul_table.rules.phases import ActionKind
from amul_table.rules.scoring import score_game
from amul_table.scenes.routes import Route
from amul_table.scenes.score_pad import ScoringScene
from tests.window_driver import click, close_window, frames, open_window

pytestmark = pytest.mark.usefixtures("inline_bots")  # the bots think inside the frame: no sleeps, same frames


@pytest.fixture
def records_file(tmp_path) -> Path:
    return tmp_path / "data" / "records.sqlite3"


def recording_window(records_file: Path) -> App:
    app = open_window(bot_pause=0.0)
    app.records = RecordsLink.open(records_file)
    return app


def finish_by_clicks(app: App, session: GameSession) -> ScoringScene:
    """Put the table up and click random legal cards, each then confirmed, until the score pad shows."""
    table = app.go(Route.TABLE, session, intro=False)
    app.push(table)
    rng = random.Random(5)
    for _ in range(5000):
        if isinstance(app.top, ScoringScene):
            break
        frames(app)
        cards = [a.card for a in table.model.view.legal if a.kind != ActionKind.DECLINE]
        if not cards or table.animating:
            continue
        rect = table.model.layout.rest(rng.choice(cards))
        click(app, (rect.left + 3, rect.top + 3))  # selects it
        click(app, table.prompt_bar.rect("confirm").center)  # sends it
    assert isinstance(app.top, ScoringScene), "the game did not finish"
    frames(app, 2)
    return app.top


def test_a_game_finished_in_the_window_is_recorded_once_with_its_save(records_file):
    session = make_session(3, 2024, "easy")
    advance_to(session, 9)  # the last round's Offer waits on the human
    app = recording_window(records_file)
    try:
        pad = finish_by_clicks(app, session)
        records = app.records.records
        assert records.count() == 1
        ScoringScene(app, session.saved_game())  # the score pad of the same game again: nothing new
        assert records.count() == 1
        summary = records.summary()
        assert summary.games == 1
        assert summary.best_score == pad.shown_totals()[0]
        assert summary.by_tier.keys() == {"easy"}
        key = finished_game_of(session).key
        saved = parse_save(records.save_text(key))
        assert saved.state.is_over and saved.state.actions == session.state.actions
    finally:
        close_window(app)


def test_a_saved_game_finished_twice_is_recorded_once(records_file):
    session = make_session(3, 77, "easy")
    advance_to(session, 9)  # its last round left to play, twice
    save_text = dump_save(session.saved_game())
    first = recording_window(records_file)
    try:
        finish_by_clicks(first, session)
    finally:
        close_window(first)
    again = recording_window(records_file)  # another run of the window resumes the save and finishes it again
    try:
        finish_by_clicks(again, GameSession.of_saved(parse_save(save_text)))
    finally:
        close_window(again)
    assert open_records(records_file).count() == 1


def test_pass_and_play_records_every_person_at_the_table(records_file):
    session = make_session(4, 31, "medium", humans=2)
    advance_to(session, 99)
    app = recording_window(records_file)
    try:
        assert record_finished_game(app, session)
        game = finished_game_of(session)
        assert [s.human for s in game.seats] == [True, True, False, False]
        assert all(s.rows for s in game.seats[:2]) and not any(s.rows for s in game.seats[2:])
        sheet = score_game(session.state.play_areas)
        assert [s.total for s in game.seats] == [s.total for s in sheet.seats]
        assert sum(s.win for s in game.seats) == pytest.approx(1.0)
        assert {s.rank for s in game.seats if s.win} == {1}
        assert app.records.records.summary().scores == [(s.total, s.win > 0) for s in game.seats[:2]]
    finally:
        close_window(app)


def test_an_unfinished_game_or_a_window_without_records_records_nothing(window, records_file):
    session = make_session(3, 5, "easy")
    app = window((1024, 640))
    advance_to(session, 99)
    assert not record_finished_game(app, session)  # records off: renders, autoplay, tests
    app.records = RecordsLink.open(records_file)
    assert not record_finished_game(app, make_session(3, 6, "easy"))  # not over
    assert app.records.records.count() == 0


def test_a_records_file_that_fails_later_is_said_once_and_play_goes_on(records_file):
    app = recording_window(records_file)
    try:
        records_file.unlink()  # gone under the window's feet: it is not silently started again
        for seed in (1, 2):
            session = make_session(3, seed, "easy")
            advance_to(session, 99)
            assert not record_finished_game(app, session)
        assert [n.text for n in app.notices.items if "could not be recorded" in n.text] != []
        assert len(app.notices.items) == 1
    finally:
        close_window(app)
