"""The Records scene: reached from the title, drawn with 0 and many games in both languages at any size."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame
import pytest

from amul_table.app.recording import RecordsLink
from amul_table.app.window import App
from amul_table.persistence.records import open_records
from amul_table.persistence.records_sample import sample_game
from amul_table.scenes.records import RecordsScene
from amul_table.scenes.setup import SetupScene
from amul_table.scenes.title import TitleScene
from tests.scenes.text_spy import spy_text
from tests.window_driver import click, close_window, frames, key

SIZES = [(1024, 640), (1920, 1080)]
SHOTS = os.environ.get("AMUL_TABLE_SHOTS")  # a folder to keep the PNGs in, to look at them


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Callable[[int], Path]:
    """A records file of n sample games, written once for the module: every game added is a commit to disk."""
    folder = tmp_path_factory.mktemp("records")

    @cache
    def write(games: int) -> Path:
        records = open_records(folder / f"records-{games}.sqlite3")
        for i in range(games):
            records.add_game(sample_game(i, 3, humans=2 if i % 9 == 0 else 1))
        return folder / f"records-{games}.sqlite3"

    return write


def records_app(
    window: Callable[..., App], written: Path, tmp_path: Path, size: tuple[int, int], lang: str = "en"
) -> App:
    """A window on the title screen whose records are a copy of the `written` file, in the test's folder."""
    path = Path(shutil.copy(written, tmp_path / written.name))
    app = window(size, language=lang)
    app.records = RecordsLink(open_records(path))
    app.push(TitleScene(app))
    return app


def shown(app: App, name: str) -> pygame.Surface:
    """The scene drawn, and kept as a PNG called `name` when AMUL_TABLE_SHOTS names a folder (a PNG no one looks at
    cost 30 ms a window)."""
    frames(app, 2)
    app.mark_dirty()
    frames(app)
    if SHOTS:
        pygame.image.save(app.screen, str(Path(SHOTS) / name))
    return app.screen


def test_the_title_s_records_button_opens_the_scene_and_escape_comes_back(window, written, tmp_path):
    app = records_app(window, written(3), tmp_path, (1280, 800))
    frames(app, 2)
    click(app, app.top.widgets["records"].rect.center)
    assert isinstance(app.top, RecordsScene)
    assert app.top.summary.games == 3
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("games", [0, 150])
def test_the_scene_fits_the_window_with_no_or_many_games(window, written, tmp_path, size, lang, games):
    app = records_app(window, written(games), tmp_path, size, lang)
    scene = RecordsScene(app)
    app.push(scene)
    screen = shown(app, f"records-{games}-{lang}-{size[0]}x{size[1]}.png")
    area = pygame.Rect((0, 0), size)
    assert scene.empty == (games == 0)
    boxes = [scene.empty_box] if scene.empty else [*scene.tiles, scene.chart, scene.colours, scene.tiers]
    boxes += [] if scene.empty else [scene.players]
    for i, box in enumerate(boxes):
        assert area.contains(box)
        assert box.collidelist(boxes[i + 1 :]) == -1
        assert all(not box.colliderect(b.rect) for b in scene.widgets.values())
    labels = scene.ui.labels()
    back = "Back" if lang == "en" else "Retour"
    assert labels == ([back, "New game" if lang == "en" else "Nouvelle partie"] if games == 0 else [back])
    grid = {screen.get_at((x, y))[:3] for x in range(0, size[0], 9) for y in range(0, size[1], 9)}
    assert len(grid) > 30  # pictures and words, not a blank screen


def test_the_figures_are_the_database_s(window, written, tmp_path):
    app = records_app(window, written(40), tmp_path, (1600, 900))
    scene = RecordsScene(app)
    assert scene.summary == app.records.records.summary()
    assert scene.summary.games == 40


def test_the_empty_state_starts_a_new_game(window, written, tmp_path):
    app = records_app(window, written(0), tmp_path, (1280, 800))
    app.push(RecordsScene(app))
    frames(app, 2)
    click(app, app.top.widgets["new_game"].rect.center)
    assert isinstance(app.top, SetupScene)
    assert [type(s) for s in app.stack] == [TitleScene, SetupScene]


def test_records_that_are_off_say_why_in_the_empty_state(window, tmp_path):
    app = window()
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    app.records = RecordsLink.open(blocker / "records.sqlite3")
    scene = RecordsScene(app)
    app.push(scene)
    shown(app, "records-off.png")
    assert scene.empty
    assert scene.problem.startswith("Records are off")


@pytest.mark.parametrize(
    "lang,games,words",
    [
        ("en", 1, "your latest score"),
        ("en", 2, "your latest 2 scores"),
        ("fr", 1, "votre dernier score"),
        ("fr", 2, "vos 2 derniers scores"),
    ],
)
def test_the_chart_counts_its_scores_in_words_that_agree(window, tmp_path, monkeypatch, lang, games, words):
    """Issue 23 #14: one game read "your latest 1 scores"."""
    from amul_table.scenes import records as records_scene

    rendered = spy_text(monkeypatch, records_scene)
    records = open_records(tmp_path / "records.sqlite3")
    for i in range(games):
        records.add_game(sample_game(i, 3, humans=1))  # one score per game
    app = window(language=lang)
    app.records = RecordsLink(records)
    app.push(TitleScene(app))
    try:
        app.push(RecordsScene(app))
        shown(app, f"records-{lang}-{games}.png")
        assert words in [line for line, _ in rendered]
    finally:
        close_window(app)


def test_the_latest_recorded_game_opens_in_the_replay_and_the_review(window, tmp_path):
    """Issue 23 #10: Records listed no game, so a game gone from the saves folder could not be replayed."""
    from amul_table.app.headless import advance_to, make_session
    from amul_table.app.recording import finished_game_of
    from amul_table.scenes.replay import ReplayScene
    from amul_table.scenes.review import ReviewScene

    records = open_records(tmp_path / "records.sqlite3")
    records.add_game(sample_game(0, 3, humans=1))  # an older game, recorded without its save
    session = make_session(3, 6, "easy", tea=0)
    advance_to(session, 99)
    records.add_game(finished_game_of(session))
    app = window((1024, 640))
    app.records = RecordsLink(records)
    app.push(TitleScene(app))
    try:
        app.push(RecordsScene(app))
        frames(app, 2)
        scene = app.top
        assert scene.latest.state.actions == session.state.actions
        click(app, scene.widgets["replay_latest"].rect.center)
        assert isinstance(app.top, ReplayScene) and app.top.replay.finished
        key(app, pygame.K_ESCAPE)
        click(app, scene.widgets["review_latest"].rect.center)
        assert isinstance(app.top, ReviewScene)
    finally:
        close_window(app)


def test_no_latest_game_buttons_when_the_newest_game_kept_no_save(window, written, tmp_path):
    app = records_app(window, written(2), tmp_path, (1024, 640))
    app.push(RecordsScene(app))
    frames(app, 2)
    assert "replay_latest" not in app.top.widgets and "review_latest" not in app.top.widgets
