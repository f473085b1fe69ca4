"""The Review scene: progress while the coach works, the figures, and every decision a click from the replay."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from amul_table.app.window import App
from amul_table.persistence.save_files import load_game
from amul_table.scenes import review as review_scene
from amul_table.scenes import review_job
from amul_table.scenes.replay import ReplayScene
from amul_table.scenes.review import ReviewScene, open_review
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.title import TitleScene
from tests.scenes.text_spy import spy_text
from tests.window_driver import click, close_window, frames, key, open_window

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


@pytest.fixture(autouse=True)
def little_work(monkeypatch):
    """Few samples, and no review finished before the test: its worker runs."""
    monkeypatch.setattr(review_scene, "SAMPLES", 16)
    monkeypatch.setattr(review_job, "_DONE", {})


_REVIEWED: dict = {}  # the reviews the tests below finished, shared: a review is seeded, the same whoever makes it


@pytest.fixture
def reviewed(little_work, monkeypatch):
    """The reviews finished by earlier tests of this process are kept, for tests of what the finished review shows
    (the worker, its progress and its failures are the other tests')."""
    monkeypatch.setattr(review_job, "_DONE", _REVIEWED)


def review_app(size=(1280, 800), lang="en", name="finished-3p.yaml") -> App:
    app = open_window(size, language=lang)
    app.push(TitleScene(app))
    open_review(app, load_game(SAVES / name))
    return app


def test_the_score_pad_opens_the_review_of_the_first_human(window, reviewed):
    app = window()
    app.push(TitleScene(app))
    app.push(ScoringScene(app, load_game(SAVES / "finished-3p.yaml")))
    frames(app, 2)
    assert app.top.widgets["review"].text == "Review"
    app.top.press("review")
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0
    review = scene.wait(120)
    assert review is not None and review.decisions


def test_the_progress_bar_is_drawn_while_the_coach_works(monkeypatch):
    monkeypatch.setattr(review_scene, "SAMPLES", 64)
    app = review_app()
    try:
        scene = app.top
        frames(app, 2)
        if scene.review is None:  # the worker may already be done on a fast machine
            assert scene.progress[1] >= 1
        scene.wait(120)
        frames(app, 2)
        done, total = scene.progress
        assert done == total > 20
    finally:
        close_window(app)


def test_each_costly_decision_opens_the_replay_at_that_moment(reviewed):
    app = review_app()
    try:
        scene = app.top
        review = scene.wait(120)
        frames(app, 2)
        costly = review.costliest()
        assert len(costly) == 3 and costly[0].loss >= costly[1].loss >= costly[2].loss > 0
        rect, decision = scene.rows[0]
        assert decision == costly[0]
        click(app, rect.center)
        replay = app.top
        assert isinstance(replay, ReplayScene)
        assert replay.replay.step == costly[0].index and replay.shown == 0
        assert replay.replay.next_action() == costly[0].chosen
        key(app, pygame.K_ESCAPE)
        assert app.top is scene
        key(app, pygame.K_2)
        assert app.top.replay.step == costly[1].index
    finally:
        close_window(app)


def test_the_seat_button_reviews_the_next_seat(reviewed):
    app = review_app()
    try:
        scene = app.top
        scene.wait(120)
        frames(app)
        click(app, scene.widgets["seat"].rect.center)
        assert scene.seat == 1
        assert scene.wait(120).seat == 1
    finally:
        close_window(app)


def test_an_unfinished_game_is_not_reviewed():
    app = review_app(name="midgame-4p-solo.yaml")
    try:
        assert isinstance(app.top, TitleScene)
        assert any("finished" in n.text for n in app.notices.items)
    finally:
        close_window(app)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_review_draws_at_the_smallest_and_a_large_window(size, lang, monkeypatch, reviewed):
    rendered = spy_text(monkeypatch, review_scene)
    app = review_app(size, lang)
    try:
        scene = app.top
        scene.wait(120)
        frames(app, 3)
        for name, widget in scene.widgets.items():
            assert widget.rect.bottom <= size[1] and widget.rect.right <= size[0], name
        assert scene.rows and all(r.bottom <= size[1] for r, _ in scene.rows)
        minus = [words for words, _ in rendered if re.search(r"(?<![\w-])-\d", words)]
        assert not minus  # a negative margin with a minus sign, as the costliest decisions have (−53, not -53)
    finally:
        close_window(app)


# --- issue 23 #2: the first review stayed at "4 of 30" / "0 of 1" until an input woke the window -------------


@pytest.fixture
def drawn(monkeypatch) -> list[tuple]:
    """Every frame any review scene draws, from its very first, as (progress, review in) at that moment."""
    frames: list[tuple] = []
    draw = ReviewScene.draw

    def drawing(scene: ReviewScene, surface: pygame.Surface) -> None:
        frames.append((scene.progress, scene.review is not None))
        draw(scene, surface)

    monkeypatch.setattr(ReviewScene, "draw", drawing)
    return frames


def finish_without_input(app: App, scene: ReviewScene, drawn: list[tuple]) -> tuple:
    """The worker finishes while nobody touches mouse or keyboard: the next frame must show the review.
    Returns the last frame drawn."""
    frames(app, 2)
    assert scene.wait(120) is not None
    pygame.event.clear()  # no input at all from here on
    frames(app)
    return drawn[-1]


def test_the_review_is_drawn_as_soon_as_the_worker_delivers_it_with_no_input(drawn):
    app = review_app()
    try:
        (done, total), review_in = finish_without_input(app, app.top, drawn)
        assert review_in, "the finished review was never drawn"
        assert done == total
    finally:
        close_window(app)


def test_the_review_from_the_score_pad_and_from_the_replay_after_tab_finishes_on_screen(window, drawn):
    app = window()
    app.push(TitleScene(app))
    app.push(ScoringScene(app, load_game(SAVES / "finished-3p.yaml")))
    frames(app, 2)
    app.top.press("review")
    assert finish_without_input(app, app.top, drawn)[1]
    key(app, pygame.K_ESCAPE)
    app.top.press("replay")
    frames(app, 2)
    key(app, pygame.K_TAB)
    key(app, pygame.K_r)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 1
    assert finish_without_input(app, scene, drawn)[1]


def test_a_review_whose_worker_fails_says_so_instead_of_a_bar_that_never_moves(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the coach")

    monkeypatch.setattr(review_job, "review_game", broken)
    rendered = spy_text(monkeypatch, review_scene)
    app = review_app()
    try:
        scene = app.top
        assert scene.wait(120) is None and scene.job.failed  # a hang bound: the worker fails at once
        pygame.event.clear()
        frames(app, 2)
        assert rendered[-1][0] == "The coach could not finish this review; Back, then Review, tries again."
    finally:
        close_window(app)
