"""Pass and play: two humans and a bot share one screen; no hand or face-down choice leaks between them."""

from __future__ import annotations

import random

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import NO_CARD, EventKind
from amul_table.scenes.routes import Route
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.table.pass_and_play import PassAndPlayTable
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.table.shield import ARM_DELAY, ShieldScene
from amul_table.scenes.title import TitleScene
from tests.window_driver import click, close_window, key

pytestmark = pytest.mark.window(animation_speed="fast", bot_pause=0.0, title=True)


def lift(app: App) -> None:
    if not isinstance(app.top, ShieldScene):
        app.step(1 / 60)  # the table raises the shield on its next update
    assert isinstance(app.top, ShieldScene)
    app.step(ARM_DELAY + 0.01)
    key(app, pygame.K_SPACE)
    assert not isinstance(app.top, ShieldScene)


class Watch:
    """Checks every frame the table draws against the true game state."""

    def __init__(self, table: PassAndPlayTable) -> None:
        self.table = table
        self.frames = 0
        self.problems: list[str] = []
        original = table.draw

        def draw(surface: pygame.Surface) -> None:
            original(surface)
            self.check()

        table.draw = draw

    def check(self) -> None:
        table = self.table
        state = table.client.match.state
        humans = table.link.human_seats
        drawn = set(table.drawn_faces)
        shown = table.model.shown
        self.frames += 1
        to_act = [s for s in table.link.waiting_for() if s in humans]
        if table.app.top is not table and isinstance(table.app.top, ShieldScene):
            self.problems.append("the table drew while the shield was up")
        if to_act and shown not in to_act:
            self.problems.append(f"{shown}'s screen drawn while human {to_act} must act")
        # a card picked from the face-up Market or taken from the Palace or Bazaar is public (the log names it)
        public = {c for e in table.link.view(shown).log if e.kind in (EventKind.PICK, EventKind.TAKE) for c in e.cards}
        for seat in humans:
            if seat != shown and drawn & (set(state.hands[seat]) - public):
                self.problems.append(f"human {seat}'s hand drawn on {shown}'s screen")
        if state.phase == Phase.OFFER:
            hidden = {c for s, c in enumerate(state.offers) if c != NO_CARD and s != shown}
            if drawn & hidden:
                self.problems.append("a face-down offer drawn face up before all were committed")
        if state.phase == Phase.REVEAL:
            hidden = {c for s, c in enumerate(state.reveals) if c != NO_CARD and s != shown}
            if drawn & hidden:
                self.problems.append("a face-down reveal drawn face up before all were committed")


@pytest.fixture
def app(app, inline_bots):
    """The conftest's window, its bots deciding inside the frames."""
    return app


def two_humans_and_a_bot(app: App, seed: int = 5) -> PassAndPlayTable:
    table = app.go(Route.TABLE, make_session(3, seed, "medium", humans=2))
    assert isinstance(table, PassAndPlayTable)
    app.push(table)
    return table


@pytest.mark.parametrize("last_round", [3, pytest.param(9, marks=pytest.mark.slow)], ids=["rounds-1-3", "whole-game"])
def test_two_humans_and_a_bot_play_without_seeing_each_other(app, last_round):
    """Every phase and hand-over of a round comes in the first three; the whole game to the score pad is slow."""
    table = two_humans_and_a_bot(app)
    watch = Watch(table)
    state = table.client.match.state
    rng = random.Random(9)
    shields: list[str] = []
    for _ in range(20000):
        if isinstance(app.top, ScoringScene) or state.round > last_round:
            break
        top = app.top
        if isinstance(top, ShieldScene):
            owner = table.owner_needed()
            assert top.name == table.link.names[owner]
            shields.append(top.name)
            lift(app)
            assert table.model.shown == owner and app.top is table
            continue
        if top is table and table.model.view.legal and not table.animating:
            legal = table.model.view.legal
            if any(a.kind == ActionKind.DECLINE for a in legal) and rng.random() < 0.3:
                table.decline()
                app.step(1 / 60)
                continue
            cards = [a for a in legal if a.kind != ActionKind.DECLINE]
            first, final = rng.choice(cards), rng.choice(cards)
            for action in (first, final):  # choose, then change one's mind
                rect = table.model.layout.rest(action.card)
                if rect is not None:
                    click(app, rect.center)
                if table.model.chosen != action.card:
                    table.act(action)
            before = len(state.actions)
            key(app, pygame.K_RETURN)
            assert len(state.actions) == before + 1 and state.actions[-1] == final
            continue
        app.step(1 / 20)
    if last_round == 9:
        assert isinstance(app.top, ScoringScene), "the game did not finish"
        assert state.is_over
    else:
        assert state.round == last_round + 1, "the game stalled"
    assert watch.problems == []
    assert watch.frames > 100 * last_round // 9, watch.frames  # 100 over the whole game, as before
    assert len(set(shields)) == 2 and len(shields) >= 2 * last_round  # every round hands the screen over many times


def test_a_changed_choice_sends_only_the_last_card_and_confirmed_is_final(app):
    table = two_humans_and_a_bot(app)
    lift(app)
    seat = table.model.shown
    state = table.client.match.state
    first, second = [a for a in table.model.view.legal][:2]
    table.act(first)
    table.act(second)
    assert state.offers[seat] == NO_CARD  # nothing sent before Confirm
    app.step(1 / 60)
    click(app, table.prompt_bar.rect("confirm").center)
    assert state.offers[seat] == second.card
    assert isinstance(app.top, ShieldScene)  # the other human offers next, behind the shield
    table.act(first)
    assert state.offers[seat] == second.card


def test_the_first_human_is_asked_to_take_the_screen_before_anything_is_drawn(app):
    table = two_humans_and_a_bot(app)
    watch = Watch(table)
    app.step(1 / 60)
    assert isinstance(app.top, ShieldScene)
    assert watch.frames == 0
    lift(app)
    assert watch.frames >= 1 and table.handed_to == table.model.shown


def test_escape_behind_the_shield_opens_the_menu_without_showing_the_table(app):
    table = two_humans_and_a_bot(app)
    watch = Watch(table)
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "MenuOverlay"
    app.mark_dirty()
    app.step(1 / 60)
    assert watch.frames == 0


def test_a_solo_game_never_raises_the_shield(app):
    table = app.go(Route.TABLE, make_session(3, 4, "medium", humans=1))
    assert type(table) is TableScene
    app.push(table)
    state = table.client.match.state
    for _ in range(5000):
        if state.round >= 3:  # two whole rounds
            break
        app.step(1 / 20)
        if table.model.view.legal and not table.animating:
            key(app, pygame.K_RETURN)
        assert not any(isinstance(s, ShieldScene) for s in app.stack)
    assert state.round >= 3, "the solo game stalled"


KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_d,
    pygame.K_l,
    pygame.K_F11,
    pygame.K_a,
)


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """A click, a release, a move, a key or a resize anywhere in the window."""
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    roll = rng.random()
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.75:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.97:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
    return pygame.event.Event(pygame.VIDEORESIZE, size=(rng.randrange(900, 2200), rng.randrange(560, 1300)))


@pytest.mark.slow
def test_random_clicks_keys_and_resizes_in_a_shared_game_raise_nothing_and_leak_nothing(window, inline_bots):
    rng = random.Random(11)
    app = window(animation_speed="fast", bot_pause=0.0)
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(4, 12, "medium", humans=3))
    app.push(table)
    watch = Watch(table)
    for i in range(2500):
        if not app.running or table not in app.stack:
            break
        event = random_event(rng, app.size)
        if event.type == pygame.MOUSEBUTTONDOWN and app.top is table and rng.random() < 0.5:
            targets = [table.model.layout.rest(a.card) for a in table.model.view.legal if a.kind != ActionKind.DECLINE]
            targets = [r for r in targets if r is not None]
            if table.model.confirming():
                targets.append(table.prompt_bar.rect("confirm"))
            if targets:
                pos = rng.choice(targets).center
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        pygame.event.post(event)
        if i % 3 == 0:
            app.step(rng.choice((0.0, 1 / 60, 0.7)))  # 0.7 s arms the shield now and then
    assert watch.problems == []
    assert table.shields > 5 and len(table.client.match.state.actions) > 30


def test_continue_resumes_a_shared_game_behind_the_shield(window, tmp_path, monkeypatch):
    from amul_table.persistence.saves_folder import SavesFolder

    monkeypatch.setenv("AMUL_TABLE_SAVES", str(tmp_path / "saves"))
    first = window(bot_pause=0.0)
    try:
        first.saves = SavesFolder.open()
        first.push(TitleScene(first))
        table = two_humans_and_a_bot(first, seed=8)
        lift(first)
        state = table.client.match.state
        table.act(table.model.view.legal[0])
        table.confirm()
        first.step(1 / 60)
        before = state.clone()
    finally:
        close_window(first)  # closing the window autosaves
    app = window(bot_pause=0.0)
    app.saves = SavesFolder.open()
    title = TitleScene(app)
    app.push(title)
    app.step(0.0)
    title.press("continue")
    assert isinstance(app.top, ShieldScene)  # up as the table appears, before any frame
    resumed = app.stack[-2]
    assert isinstance(resumed, PassAndPlayTable)
    assert resumed.client.match.state == before
    watch = Watch(resumed)
    app.step(1 / 60)
    assert isinstance(app.top, ShieldScene) and watch.frames == 0
    assert app.top.name == resumed.link.names[resumed.owner_needed()]


def market_rects(table: PassAndPlayTable) -> dict[int, tuple[int, int, int, int]]:
    return {uid: tuple(rect) for uid, rect in table.model.layout.market.items()}


def test_market_cards_keep_their_slots_when_the_shield_lifts_during_the_pick(app):
    table = two_humans_and_a_bot(app, seed=5)
    state = table.client.match.state
    lifts_in_pick = 0
    for _ in range(20000):
        if state.round >= 4:
            break
        top = app.top
        if isinstance(top, ShieldScene):
            in_pick = state.phase == Phase.PICK
            before = market_rects(table)
            lift(app)
            if in_pick:
                lifts_in_pick += 1
                assert market_rects(table) == before, "the Market moved when the shield lifted"
            continue
        if top is table and table.model.view.legal and not table.animating:
            before = market_rects(table)
            cards = [a for a in table.model.view.legal if a.kind != ActionKind.DECLINE]
            action = min(cards, key=lambda a: table.model.layout.rest(a.card).x) if cards else table.model.view.legal[0]
            table.act(action)
            table.confirm()
            after = market_rects(table)
            assert {u: r for u, r in after.items() if u in before} == {u: before[u] for u in after if u in before}
            continue
        app.step(1 / 20)
    assert state.round >= 4, "the game stalled"
    assert lifts_in_pick >= 3
