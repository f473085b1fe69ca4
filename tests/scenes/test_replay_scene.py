"""The replay viewer in the window: keys and buttons step the real table; hidden hands stay hidden."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from amul_table.app.window import App
from amul_table.i18n import tr
from amul_table.match.replay import Replay
from amul_table.persistence.save_files import load_game
from amul_table.rules.phases import Phase
from amul_table.scenes.load import LoadScene
from amul_table.scenes.replay import ReplayScene, open_replay
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.title import TitleScene
from tests.window_driver import click, close_window, frames, key, until

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


def replay_app(window: Callable[..., App], name: str, size=(1280, 800), lang: str = "en") -> App:
    app = window(size, language=lang)
    app.push(TitleScene(app))
    open_replay(app, load_game(SAVES / name))
    frames(app, 2)
    return app


def test_keys_step_by_decision_phase_and_round(window):
    app = replay_app(window, "finished-3p.yaml")
    scene = app.top
    assert isinstance(scene, ReplayScene)
    replay = scene.replay
    key(app, pygame.K_RIGHT)
    assert replay.step == 1
    key(app, pygame.K_LEFT)
    assert replay.step == 0
    key(app, pygame.K_PAGEDOWN)
    assert replay.state.phase == Phase.PICK and replay.states[replay.step - 1].phase == Phase.OFFER
    key(app, pygame.K_DOWN)
    assert replay.state.round == 2 and replay.states[replay.step - 1].round == 1
    key(app, pygame.K_END)
    assert replay.step == replay.last
    key(app, pygame.K_HOME)
    assert replay.step == 0
    assert scene.model.view == replay.view(scene.shown)


def test_the_buttons_move_the_table_and_the_timeline_seeks(window):
    app = replay_app(window, "finished-3p.yaml")
    scene = app.top
    click(app, scene.widgets["step+"].rect.center)
    click(app, scene.widgets["step+"].rect.center)
    assert scene.replay.step == 2
    click(app, scene.widgets["round+"].rect.center)
    assert scene.replay.state.round == 2
    click(app, scene.timeline.midright)
    assert scene.replay.step == scene.replay.last
    assert "Round 9" in scene.caption() or scene.replay.state.is_over


def test_playing_steps_on_by_itself_until_the_end(window):
    app = replay_app(window, "finished-3p.yaml")
    scene = app.top
    scene.speed = 3
    key(app, pygame.K_SPACE)
    assert scene.playing
    until(app, lambda: scene.replay.step > 20, max_frames=60, dt=0.5, what="twenty steps played")


def test_a_finished_game_shows_every_hand_in_turn_and_its_score_pad(window):
    app = replay_app(window, "finished-3p.yaml")
    scene = app.top
    key(app, pygame.K_RIGHT)
    seen = set()
    for _ in range(3):
        frames(app)
        hand = set(scene.replay.state.hands[scene.shown])
        assert hand <= scene.drawn_faces
        seen.add(scene.shown)
        key(app, pygame.K_TAB)
    assert seen == {0, 1, 2}
    key(app, pygame.K_s)
    assert isinstance(app.top, ScoringScene)


def test_the_score_pad_opened_from_the_replay_leads_back_to_it(window):
    """S opens the pad over the replay; its Back and Esc return to the replay (Esc asked to leave for the
    main menu, and its Replay button stacked another replay on top: found by tools/explore.py)."""
    app = replay_app(window, "finished-3p.yaml")
    scene = app.top
    key(app, pygame.K_s)
    pad = app.top
    assert isinstance(pad, ScoringScene) and "replay" not in pad.widgets
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    key(app, pygame.K_s)
    click(app, app.top.widgets["back"].rect.center)
    assert app.top is scene and len(app.stack) == 2


def test_a_solo_game_under_way_never_draws_a_rival_s_hidden_card(window):
    app = replay_app(window, "midgame-4p-solo.yaml")
    scene = app.top
    viewer = scene.replay.viewer
    key(app, pygame.K_TAB)  # no other seat may be shown
    assert scene.shown == viewer
    while scene.replay.step < scene.replay.last:
        key(app, pygame.K_RIGHT)
        state = scene.replay.state
        public = {c for e in state.log for c in e.cards}
        hidden = {c for s in range(4) if s != viewer for c in state.hands[s] if c not in public}
        hidden |= {c for s, c in enumerate(state.offers) if s != viewer and c >= 0 and c not in public}
        hidden |= set(state.deck)
        assert not (scene.drawn_faces & hidden)
    assert "now" in scene.caption()


def test_a_pass_and_play_game_under_way_is_refused_with_a_notice(window):
    app = replay_app(window, "midgame-4p-pass-and-play.yaml")
    assert isinstance(app.top, TitleScene)
    assert any("one person" in n.text for n in app.notices.items)


def test_the_load_list_opens_a_finished_game_in_the_replay(window, tmp_path):
    from amul_table.persistence.saves_folder import SavesFolder

    (tmp_path / "done.yaml").write_bytes((SAVES / "finished-3p.yaml").read_bytes())
    app = window()
    app.saves = SavesFolder(tmp_path)
    try:
        app.push(TitleScene(app))
        app.push(LoadScene(app))
        frames(app, 2)
        load = app.top
        assert load.widgets["replay"].is_enabled
        load.press("replay")
        assert isinstance(app.top, ReplayScene)
        assert (tmp_path / "done.yaml").read_bytes() == (SAVES / "finished-3p.yaml").read_bytes()
    finally:
        close_window(app)


@pytest.mark.parametrize(
    ("lang", "size"),
    [
        ("fr", (1024, 640)),
        ("en", (1920, 1080)),
        pytest.param("en", (1024, 640), marks=pytest.mark.slow),
        pytest.param("fr", (1920, 1080), marks=pytest.mark.slow),
    ],
)
def test_the_viewer_draws_at_the_smallest_and_a_large_window(window, size, lang):
    """French at the smallest window and English at a large one in make test-fast, the other two in make test."""
    app = replay_app(window, "finished-8p.yaml", size, lang)
    scene = app.top
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    frames(app, 3)
    bar_top = scene.table_size[1]
    for k, widget in scene.widgets.items():
        assert widget.rect.top >= bar_top and widget.rect.right <= size[0], k
    assert isinstance(scene.replay, Replay)


def buttons_as_drawn(scene: ReplayScene) -> dict[str, tuple]:
    return {k: (w.text, w.font.get_point_size(), tuple(w.rect), w.is_enabled) for k, w in scene.widgets.items()}


@pytest.mark.parametrize(("size", "lang"), [((1024, 640), "fr"), ((1280, 800), "en")])
def test_a_new_seat_speed_or_play_relabels_the_same_buttons_as_a_fresh_build_would(window, size, lang):
    app = replay_app(window, "finished-3p.yaml", size, lang)
    scene = app.top
    widgets = dict(scene.widgets)
    key(app, pygame.K_TAB)
    assert scene.widgets["seat"].text == scene.replay.names[scene.shown]
    key(app, pygame.K_SPACE)
    assert scene.playing and scene.widgets["play"].text == tr("replay.pause")
    for _ in range(5):
        key(app, pygame.K_PLUS, unicode="+")
    key(app, pygame.K_END)
    frames(app, 2, dt=1.0)
    assert not scene.playing  # it reached the end and stopped: the play button says so again
    assert scene.widgets == widgets and all(scene.widgets[k] is w for k, w in widgets.items())
    relabelled = buttons_as_drawn(scene)
    scene.build()
    assert buttons_as_drawn(scene) == relabelled
