"""The replay lays its table out again only when something the layout reads changed: a step that changes
nothing of it, a step back to a position already seen or a seat shown again keeps its layout."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from amul_table.match.replay import Replay
from amul_table.persistence.save_files import load_game
from amul_table.scenes import replay as replay_scene
from amul_table.scenes.table import model as table_model
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.title import TitleScene
from tests.window_driver import frames, key

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


class CountedLayout(TableLayout):
    """A TableLayout that counts how many were made."""

    made = 0

    def __init__(self, *args, **kwargs) -> None:
        CountedLayout.made += 1
        super().__init__(*args, **kwargs)


def counted_replay(window, monkeypatch, size=(1280, 800)):
    monkeypatch.setattr(table_model, "TableLayout", CountedLayout)
    app = window(size, language="fr")
    app.push(TitleScene(app))
    replay_scene.open_replay(app, load_game(SAVES / "finished-3p.yaml"))
    frames(app, 2)
    return app, app.top


def quiet_step(replay: Replay, seat: int) -> int:
    """A step after which `seat`'s view differs only in what the layout does not read."""
    for step in range(1, replay.last):
        replay.go(step)
        before = table_model.layout_inputs(replay.view(seat))
        replay.go(step + 1)
        if table_model.layout_inputs(replay.view(seat)) == before:
            return step
    raise AssertionError("no step leaves the layout's inputs alone")


def test_a_step_changing_nothing_the_layout_reads_keeps_the_layout_and_a_resize_lays_out_again(window, monkeypatch):
    app, scene = counted_replay(window, monkeypatch)
    step = quiet_step(scene.replay, scene.shown)
    scene.go(step)
    layout, made = scene.model.layout, CountedLayout.made
    key(app, pygame.K_RIGHT)
    assert scene.replay.step == step + 1
    assert CountedLayout.made == made and scene.model.layout is layout
    fresh = TableLayout(
        scene.table_size,
        scene.model.view,
        scene.shown,
        scene.model.market_slot_of,
        names=scene.model.names,
        tiers=[s.tier for s in scene.model.seats],
    )
    assert vars(layout) == vars(fresh)  # what a fresh layout of this view would be
    app.resize((1024, 640))
    assert CountedLayout.made == made + 1 and scene.model.layout.size == scene.table_size


def test_a_position_seen_again_reuses_its_layout_and_a_new_one_is_laid_out(window, monkeypatch):
    app, scene = counted_replay(window, monkeypatch)
    scene.go(20)
    seen = {scene.shown: scene.model.layout}
    for _ in range(len(scene.replay.seats) - 1):  # every hand in turn...
        key(app, pygame.K_TAB)
        seen[scene.shown] = scene.model.layout
    made = CountedLayout.made
    key(app, pygame.K_TAB)  # ...and round to the first again
    assert CountedLayout.made == made and scene.model.layout is seen[scene.shown]
    key(app, pygame.K_END)  # a new position
    assert CountedLayout.made == made + 1
    app.change_setting("language", "en")  # the layout measures words: a new language lays out again
    assert CountedLayout.made == made + 2


SMALL, LARGE = (1024, 540), (2560, 1300)


@pytest.mark.parametrize(
    ("name", "size", "steps"),
    [
        ("finished-8p.yaml", SMALL, slice(0, None, 10)),
        pytest.param("finished-8p.yaml", SMALL, slice(5, None, 10), marks=pytest.mark.slow),
        ("finished-3p.yaml", SMALL, slice(0, None, 5)),
        ("finished-3p.yaml", LARGE, slice(0, None, 5)),
        pytest.param("finished-8p.yaml", LARGE, slice(0, None, 5), marks=pytest.mark.slow),
    ],
    ids=["8p-small-tenths", "8p-small-others", "3p-small", "3p-large", "8p-large"],
)
def test_the_layout_reads_no_field_of_the_view_but_those_the_replay_keys_its_layouts_by(window, name, size, steps):
    """Were the layout to read another field, a replay would show a stale layout: the key must name it. Every fifth
    step of two finished games, each seat's view, laid out small and large (make test-fast: 8 seats small at every
    tenth step; the steps between and 8 seats large in make test)."""
    window()
    read: set[str] = set()

    class Watched:
        def __init__(self, view) -> None:
            self.view = view

        def __getattr__(self, name: str):
            read.add(name)
            return getattr(self.view, name)

    replay = Replay.of_saved(load_game(SAVES / name))
    for step in range(replay.last + 1)[steps]:
        replay.go(step)
        for seat in range(len(replay.seats)):
            TableLayout(size, Watched(replay.view(seat)), seat, {}, names=replay.names)
    assert read <= set(table_model.LAYOUT_FIELDS), read - set(table_model.LAYOUT_FIELDS)
