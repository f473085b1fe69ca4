"""Nothing on the table runs ahead of the animation: what is drawn follows the cards as they move (issue 23,
item 11). A whole game is played at normal speed; every frame is checked against the flights in the air."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.rules.phases import Phase
from amul_table.rules.state import Event, EventKind
from amul_table.scenes.routes import Route
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.title import TitleScene
from amul_table.sprites.tween import Flight
from tests.window_driver import close_window, open_window


@dataclass
class Step:
    """One event as the scene planned it, with the shown seat's view just before its batch."""

    event: Event
    flights: list[Flight]
    round: int
    first_pick: int
    hand: tuple[int, ...]


def shown_at(f: Flight, now: float) -> bool:
    """Whether the flight draws its card at `now` (Flight.draw)."""
    return (f.start <= now or f.wait_visible) and now < f.end


def in_air(step: Step, now: float) -> bool:
    return any(f.start <= now < f.end for f in step.flights)


@pytest.fixture
def played(request, monkeypatch, inline_bots):
    """A four-seat game (you and three bots, the deal's seed the test's `seed`) played to the end; yields the frames'
    checks' findings."""
    app = open_window((1024, 640), animation_speed="normal", bot_pause=0.0)
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(4, request.getfixturevalue("seed"), "easy"), intro=False)
    app.push(table)
    steps: list[Step] = []
    before = [table.model.view]  # the view drawn as the batch came
    real_on_step, real_show_events = table.cues.on_step, table.show_events

    def show_events(events: list[Event]) -> None:
        before[0] = table.model.view
        real_show_events(events)

    def on_step(ev: Event, start: float, flights: list[Flight], banners: list) -> None:
        view = before[0]
        steps.append(Step(ev, flights, view.round, view.first_pick, view.hand))
        real_on_step(ev, start, flights, banners)

    monkeypatch.setattr(table, "show_events", show_events)
    monkeypatch.setattr(table.cues, "on_step", on_step)
    yield app, table, steps
    close_window(app)


def frames_of_a_game(app: App, table: TableScene, most: int, last_round: int = 9, dt: float = 1 / 30) -> Iterator[None]:
    """Step the app a frame (of `dt` seconds) at a time to the score pad, or to the table drawing the round after
    `last_round` (at most `most` frames), the human taking its first choice."""
    model = table.model
    for _ in range(most):
        if isinstance(app.top, ScoringScene) or model.view.round > last_round:
            return
        if model.view.legal and not table.animating:
            choices = model.choices()
            table.act(choices[0] if choices else model.view.legal[0])
        app.step(dt)
        yield


@pytest.mark.parametrize(
    ("seed", "last_round"), [(10, 2), pytest.param(11, 9, marks=pytest.mark.slow)], ids=["rounds-1-2", "whole-game"]
)
def test_what_the_table_draws_never_runs_ahead_of_the_cards_in_the_air(played, seed, last_round):
    """Rounds 1-2 of deal 10 see picks, effects, two new rounds and takes from the Palace and the Bazaar (deal 11
    took from the Bazaar first in round 3); the whole game (deal 11) is slow."""
    app, table, steps = played
    model = table.model
    seen: set[str] = set()
    landed = 0  # steps before this one have every flight landed: the clock only goes forward
    for _ in frames_of_a_game(app, table, 60_000, last_round):
        now = table.clock
        drawn = Counter(f.uid for f in table.flights if f.uid is not None and shown_at(f, now))
        assert not [uid for uid, n in drawn.items() if n > 1], "a copy of a card waits where it is flying to"
        while landed < len(steps) and all(f.end <= now for f in steps[landed].flights):
            landed += 1
        flying = [s for s in steps[landed:] if in_air(s, now)]
        for step in flying:
            ev = step.event
            if ev.kind == EventKind.PICK:
                seen.add("pick")
                assert model.tracker()[1] == Phase.PICK, "the phase tab moved on while a pick still flies"
                assert model.view.phase != Phase.REVEAL
            if ev.kind in (EventKind.TAKE, EventKind.REVEALS, EventKind.MARKET_EMPTIED):
                seen.add("effects")
                assert model.view.round == step.round, "the next round shows during the Effects"
                assert model.view.first_pick == step.first_pick, "First Pick passed during the Effects"
                assert model.view.phase in (Phase.REVEAL, Phase.EFFECTS, Phase.GAME_END)
                assert set(model.view.hand) <= set(step.hand), "a new hand card arrived during the Effects"
                assert model.layout.tray_rect is None, "a choice tray is drawn over cards still flying"
                assert not model.view.legal
            if ev.kind == EventKind.TAKE and ev.source in ("palace", "bazaar"):
                seen.add(ev.source)
                source = model.layout.source(ev.source)
                assert ev.cards[0] not in source, "a take's source band stays while the card flies"
    if last_round == 9:
        assert isinstance(app.top, ScoringScene), "the game did not end"
    else:
        assert model.view.round == last_round + 1, "the game stalled"
    assert {"pick", "effects", "palace", "bazaar"} <= seen, seen
