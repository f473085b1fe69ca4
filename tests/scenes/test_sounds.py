"""Which sounds the window plays and when: with the table's animation steps, on the score pad, from the menus."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.persistence.settings_file import load_settings
from amul_table.rules.state import Event, EventKind
from amul_table.scenes.overlays import MENU_VOLUMES, MenuOverlay
from amul_table.scenes.routes import Route
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.settings import SettingsScene
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.title import TitleScene
from amul_table.sound.cues import SoundCues, loudest
from amul_table.sprites.tween import Flight


class Recorder:
    """Stands in for the SoundBoard: remembers each sound with the table clock (or app time) it started at."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.played: list[tuple[str, float]] = []
        self.clock = lambda: app.time

    def play(self, name: str) -> None:
        self.played.append((name, self.clock()))

    def play_all(self, names) -> None:
        for name in names:
            self.play(name)

    def close(self) -> None:
        pass

    @property
    def names(self) -> list[str]:
        return [n for n, _ in self.played]


pytestmark = pytest.mark.usefixtures("inline_bots")  # the bots think inside the frame: no sleeps, same frames


def sounding_window(window: Callable[..., App], speed: str, bot_pause: float = 0.0) -> tuple[App, Recorder]:
    """A window (from the `window` fixture) whose sounds are recorded, not played."""
    app = window((1024, 640), animation_speed=speed, bot_pause=bot_pause)
    app.sound = Recorder(app)
    return app, app.sound


def play_rounds(app: App, table: TableScene, rounds: int, frames: int = 20000) -> None:
    """Frames of 1/30 s (a window at 30 fps: each sound still starts in the frame its step is due); the human plays
    its first legal card; stop when round `rounds + 1` waits on it."""
    for _ in range(frames):
        app.step(1 / 30)
        view = table.model.view
        if view.legal and not table.animating:
            if view.round > rounds:
                return
            table.act(view.legal[0])
    raise AssertionError("the game did not reach the next round")


def first(names: list[str], name: str) -> int:
    return names.index(name)


def test_a_round_of_real_events_plays_its_card_sounds_in_order(window):
    app, sounds = sounding_window(window, "normal")
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(4, 7, "medium"))
    app.push(table)
    sounds.clock = lambda: table.clock
    play_rounds(app, table, rounds=1)
    names = sounds.names
    assert {"round", "deal", "slide", "flip", "pick", "reveal"} <= set(names)
    assert set(names) <= {"round", "deal", "slide", "flip", "pick", "take", "reveal"}  # no game end yet
    # the intro (round 1, the deal, the Market), the Offer, its flip, the picks, the Reveal, round 2
    assert first(names, "round") < first(names, "deal") < first(names, "slide") < first(names, "flip")
    assert first(names, "flip") < first(names, "pick") < first(names, "reveal")
    assert names.count("round") == 2
    assert names.count("pick") >= 3  # every seat picks from the Market (some picks share a frame)
    assert names[-1] in ("slide", "deal")  # round 2's deal and Market are the last things heard


def test_each_sound_starts_with_its_animation_step_not_with_the_engine(window):
    app, sounds = sounding_window(window, "normal")
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(3, 5, "medium"))
    app.push(table)
    sounds.clock = lambda: table.clock
    app.step(1 / 60)
    assert sounds.names == ["round"]  # the first frame: the round's banner; the deal follows it
    deal_at = min(f.start for f in table.flights)
    while table.clock < deal_at - 1 / 60:
        app.step(1 / 60)
    assert sounds.names == ["round"]
    app.step(1 / 60)
    app.step(1 / 60)
    assert sounds.names == ["round", "deal"]
    market = list(table.model.layout.market.values())
    market_at = min(f.start for f in table.flights if f.dst in market)
    while table.clock < market_at - 1 / 60:
        app.step(1 / 60)
    assert "slide" not in sounds.names  # the Market fills only when its cards start to fly
    for _ in range(3):
        app.step(1 / 60)
    assert "slide" in sounds.names


def test_skipping_the_animation_drops_its_waiting_sounds(window):
    app, sounds = sounding_window(window, "slow", bot_pause=5.0)  # no bot moves during the test
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(3, 5, "medium"))
    app.push(table)
    app.step(1 / 60)
    assert table.cues.pending
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.step(1 / 60)
    heard = len(sounds.played)
    for _ in range(120):
        app.step(1 / 60)
    assert not table.cues.pending
    assert len(sounds.played) == heard


def test_without_animation_each_batch_of_events_plays_the_one_sound_that_says_most(window):
    app, sounds = sounding_window(window, "instant")
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(3, 5, "medium"))
    app.push(table)
    play_rounds(app, table, rounds=1)
    names = sounds.names
    assert first(names, "flip") < first(names, "pick") < first(names, "reveal") < first(names, "round")
    # the Market fills in the same batch as the next round begins: the round's chime says more
    assert "slide" not in names


def test_the_loudest_of_a_batch_and_the_gap_between_equal_sounds():
    round_events = [Event(EventKind.REVEALS, 0), Event(EventKind.ROUND, 0, round=2), Event(EventKind.DEAL, 0)]
    assert loudest(round_events) == ["round"]
    assert loudest([Event(EventKind.PHASE, 0)]) == []
    cues = SoundCues()
    rect = pygame.Rect(0, 0, 10, 10)

    def flight(start: float) -> Flight:
        return Flight(
            uid=None, deck="market", start=start, duration=0.3, src=rect, dst=rect, up_from=False, up_to=False
        )

    cues.on_step(Event(EventKind.DEAL, 0), 1.0, [flight(1.0), flight(1.01), flight(1.1)], [])
    assert cues.due(0.99) == []
    assert cues.due(1.05) == ["deal"]  # 1.01 is too close to 1.0 to be heard apart
    assert cues.due(2.0) == ["deal"]
    assert cues.pending == []


def test_the_score_pad_ticks_as_its_rows_fill_in(window):
    app, sounds = sounding_window(window, "normal")
    session = make_session(3, 4, "easy", humans=0)
    session.run_bots_now()
    app.push(TitleScene(app))
    pad = ScoringScene(app, session.saved_game())
    app.push(pad)
    while not pad.filled:
        app.step(1 / 30)
    ticks = sounds.names.count("tally")
    assert sounds.names == ["tally"] * ticks
    assert len(pad.rows) - 2 <= ticks <= len(pad.rows)  # a tick per row (two rows may share a frame)
    for _ in range(30):
        app.step(1 / 30)
    assert sounds.names.count("tally") == ticks  # a filled pad is quiet


def test_the_settings_scene_steps_the_volume_and_switches_the_sound(window, tmp_path):
    app, sounds = sounding_window(window, "normal")
    app.push(TitleScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    app.step(0.0)
    scene.press("volume+")
    assert app.settings.volume == 0.7
    assert sounds.names == ["pick"]  # heard at the new volume
    for _ in range(6):
        scene.press("volume+")
    assert app.settings.volume == 1.0
    for _ in range(12):
        scene.press("volume-")
    assert app.settings.volume == 0.0
    scene.press("mute=True")
    assert app.settings.mute is True
    assert scene.widgets["mute=True"].is_selected
    saved = load_settings()[0]
    assert (saved.volume, saved.mute) == (0.0, True)


def test_the_esc_menu_cycles_the_volume_and_switches_the_sound(window):
    app, sounds = sounding_window(window, "instant")
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(3, 5, "medium"))
    app.push(table)
    menu = MenuOverlay(app, lambda: None, save_as=table.save_as_view())
    app.push(menu)
    assert menu.widgets["volume"].text == "Volume: 60%"
    assert menu.widgets["sound"].text == "Sound: on"
    menu.press("volume")
    assert app.settings.volume == MENU_VOLUMES[MENU_VOLUMES.index(0.6) + 1]
    assert app.top.widgets["volume"].text == "Volume: 80%"  # the labels follow the change
    app.top.press("volume")
    app.top.press("volume")
    assert app.settings.volume == MENU_VOLUMES[0]  # after the loudest, the softest
    app.top.press("sound")
    assert app.settings.mute is True
    assert app.top.widgets["sound"].text == "Sound: off"
    assert load_settings()[0].mute is True
    assert sounds.names == ["pick"] * 3  # each new volume is heard


@pytest.mark.parametrize("size", [(1024, 640), (1600, 900)])
def test_the_esc_menu_with_the_sound_rows_fits_the_window(window, size):
    app, _ = sounding_window(window, "instant")
    app.resize(size)
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(3, 5, "medium"))
    app.push(table)
    menu = MenuOverlay(app, lambda: None, save_as=table.save_as_view())
    app.push(menu)
    screen = pygame.Rect((0, 0), app.size)
    assert screen.contains(menu.box)
    assert all(menu.box.contains(b.rect) for b in menu.widgets.values())
