"""What a round change shows is drawn ahead or drawn cheaply, so that its frame mostly blits: the prompt's text
fitted without loading a font at every size, and (below) the cards, plates and texts a coming change will need
drawn ahead on frames with time to spare; what is drawn ahead is only what the viewer may see."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.rules.phases import Phase
from amul_table.rules.state import NO_CARD, EventKind
from amul_table.rules.views import SeatView
from amul_table.scenes.routes import Route
from amul_table.scenes.table import model as model_module
from amul_table.scenes.table.ahead_frames import FrameWarmer
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.table.paint import paint_static
from amul_table.scenes.table.pass_and_play import PassAndPlayTable
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.table.shield import ARM_DELAY, ShieldScene
from amul_table.scenes.table.shown_view import ShownStep
from amul_table.sprites import cards, style
from tests.window_driver import key


def linear_size(value: str, max_width: int, size: int, bold: bool, family: str, min_size: int) -> int:
    """fit_text's size as it was found: one size down at a time from `size`."""
    while size > min_size and style.font(size, bold, family).size(value)[0] > max_width:
        size -= 1
    return size


@pytest.mark.parametrize("family", ["sans", "serif"])
@pytest.mark.parametrize("bold", [False, True])
def test_the_fitted_size_is_the_largest_that_fits_as_the_step_by_step_search_finds_it(bold, family):
    pygame.font.init()
    texts = ["Pick a card from the Market", "Choisissez une carte du Marché à prendre ou refusez l’effet", "W", ""]
    for value in texts:
        for max_width in (-5, 0, 10, 60, 150, 333, 720, 1400, 3000):
            for size, least in ((46, 12), (19, 7), (12, 12), (30, 29)):
                expected = linear_size(value, max_width, size, bold, family, least)
                assert style.fitting_size(value, max_width, size, bold, family, least) == expected


def test_fitting_a_long_line_loads_a_few_fonts_not_one_a_size():
    pygame.font.init()
    style.font.cache_clear()
    line = "Choisissez une carte du Bazar à prendre, ou refusez l’effet de votre carte révélée ce tour-ci"
    style.fitting_size(line, 700, 60, True, "sans", 12)
    assert style.font.cache_info().misses <= 4  # stepping down from 60 loaded over 20


# --- the coming still frames painted ahead (scenes/table/ahead_frames.py) -------------------------------------

DRAWINGS = (cards.card_face, cards.card_strip, cards.card_back, style.translucent_plate)


def first_drawings() -> int:
    """Cards, backs, strips and plates drawn for the first time (at their size) so far."""
    return sum(fn.cache_info().misses for fn in DRAWINGS)


def seen_by(view: SeatView) -> set[int]:
    """The cards a seat's view shows it: its hand, its own face-down choices and every public place."""
    public = {*view.market, *view.palace, *view.bazaar, *view.removed, *(c for a in view.play_areas for c in a)}
    return public | set(view.hand) | {c for c in (view.my_offer, view.my_reveal) if c >= 0}


def secrets(scene: TableScene) -> set[int]:
    """The cards the shown seat may not see now: the other seats' hands and face-down choices, but what was public
    (a pick from the Market or a take is named in the log)."""
    state = scene.client.match.state
    shown = scene.model.shown
    public = {c for e in scene.link.view(shown).log if e.kind in (EventKind.PICK, EventKind.TAKE) for c in e.cards}
    hidden = {c for s, hand in enumerate(state.hands) if s != shown for c in hand}
    hidden |= {c for s, c in enumerate([*state.offers]) if s != shown and c != NO_CARD and state.phase == Phase.OFFER}
    hidden |= {c for s, c in enumerate([*state.reveals]) if s != shown and c != NO_CARD and state.phase == Phase.REVEAL}
    return hidden - public


class AheadWatch:
    """Follows the table frame by frame: the still frame's first drawings on frames that show a view painted ahead,
    and every face drawn ahead checked against what the shown seat may see."""

    def __init__(self, scene: TableScene, among: str = "painted") -> None:
        self.scene = scene
        self.among = among  # the FrameWarmer's list the views shown are looked for in
        self.shown_ahead: list[tuple[SeatView, int]] = []  # (a view painted ahead, first drawings as it was shown)
        self.round_changes = 0  # of those, frames where a new round shows
        self.problems: list[str] = []
        self.known: set[int] = set()
        self.still_drawn = 0
        self.laid_out = 0  # layouts made so far
        self.reused: list[TableLayout] = []  # the layouts of views painted ahead, as they were shown
        real = scene.still.paint

        def paint(size, painter):
            before = first_drawings()
            rects = real(size, painter)
            self.still_drawn += first_drawings() - before
            return rects

        scene.still.paint = paint

    def step(self, app: App) -> None:
        scene = self.scene
        before, drawn, laid_out = scene.model.view, self.still_drawn, self.laid_out
        app.step(1 / 60)
        view = scene.model.view
        if view is not before and any(v is view for v in getattr(scene.frames_ahead, self.among)):
            self.shown_ahead.append((view, self.still_drawn - drawn))
            if self.laid_out == laid_out:
                self.reused.append(scene.model.layout)
            self.round_changes += view.round > before.round
        new = scene.frames_ahead.faces - self.known
        self.known |= new
        if not new:  # no face drawn ahead on this frame: none to check
            return
        model = scene.model
        may_see = set().union(*(seen_by(v) for v in (model.view, model.latest, *(s.view for s in model.steps))))
        wrong = (new - may_see) | (new & secrets(scene))
        if wrong:
            self.problems.append(f"cards {sorted(wrong)} drawn ahead for seat {model.shown}")


def count_layouts(monkeypatch, watch: AheadWatch) -> None:
    """Count the layouts the table's model makes."""

    class Counted(TableLayout):
        def __init__(self, *args, **kwargs) -> None:
            watch.laid_out += 1
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(model_module, "TableLayout", Counted)


def play(app: App, scene: TableScene, watch: AheadWatch, *, rounds: int, frames: int = 6000) -> None:
    """Frames until round `rounds` + 1 has started; the human seat plays its first legal card. The drawings start
    cold (the tests' windows keep them from one to the next; the fonts and texts stay: no check counts them)."""
    for drawing in DRAWINGS:
        drawing.cache_clear()
    for _ in range(frames):
        if scene.model.view.round > rounds:
            return
        if scene.model.view.legal and not scene.animating:
            scene.act(scene.model.view.legal[0])
        watch.step(app)
    raise AssertionError("the rounds did not end")


@pytest.mark.window(animation_speed="normal", bot_pause=0.0)
def test_the_frames_that_show_a_view_painted_ahead_draw_no_card_or_plate_anew(app, inline_bots, monkeypatch):
    """Round changes included; nor do they lay the view out again (its layout made ahead equals a fresh one); the
    still frame they leave is a full repaint's, and nothing drawn ahead is a card the seat may not see."""
    scene = app.go(Route.TABLE, make_session(4, 7, "easy", humans=1))
    app.push(scene)
    watch = AheadWatch(scene)
    count_layouts(monkeypatch, watch)
    play(app, scene, watch, rounds=1)
    assert watch.problems == []
    assert len(watch.shown_ahead) >= 10 and watch.round_changes >= 1
    assert [n for _, n in watch.shown_ahead] == [0] * len(watch.shown_ahead)
    assert len(watch.reused) == len(watch.shown_ahead)
    model = scene.model
    fresh = TableLayout(
        app.size,
        model.view,
        model.shown,
        model.market_slot_of,
        live_score=model.shows_live_score(),
        names=model.names,
        tiers=[s.tier for s in model.seats],
    )
    assert vars(model.layout) == vars(fresh)
    whole = pygame.Surface(app.size)
    paint_static(whole, scene.model, buttons_left=scene.prompt_bar.left, text_left=scene.prompt_bar.text_left)
    assert pygame.image.tobytes(scene.still.surface, "RGB") == pygame.image.tobytes(whole, "RGB")


@pytest.mark.window(animation_speed="normal", bot_pause=0.0)
def test_without_painting_ahead_the_same_frames_draw_cards_anew(app, inline_bots, monkeypatch):
    """The check above can fail: the same game, nothing painted ahead, draws cards where its views change."""
    monkeypatch.setattr(FrameWarmer, "run", lambda self, budget: None)
    scene = app.go(Route.TABLE, make_session(4, 7, "easy", humans=1))
    app.push(scene)
    watch = AheadWatch(scene, among="planned")
    play(app, scene, watch, rounds=1)
    assert len(watch.shown_ahead) >= 10 and watch.round_changes >= 1
    assert sum(n for _, n in watch.shown_ahead) > 0


@pytest.mark.window(animation_speed="normal", bot_pause=0.0, title=True)
def test_pass_and_play_paints_ahead_only_the_cards_of_the_seat_holding_the_screen(app, inline_bots):
    """Two humans share the screen: what is queued to paint ahead for one is dropped when the other lifts the
    shield (each shield here finds a view of the seat before still queued)."""
    scene = app.go(Route.TABLE, make_session(3, 5, "easy", humans=2))
    assert isinstance(scene, PassAndPlayTable)
    app.push(scene)
    watch = AheadWatch(scene)
    shown = set()
    for _ in range(4000):
        if scene.model.view.round > 1:
            break
        if isinstance(app.top, ShieldScene):
            model = scene.model
            model.follow([ShownStep(float("inf"), dataclasses.replace(model.view))], scene.clock)
            scene.frames_ahead.plan(model, scene.prompt_buttons)
            assert scene.frames_ahead.jobs
            app.step(ARM_DELAY + 0.01)
            key(app, pygame.K_SPACE)
            shown.add(scene.model.shown)
            scene.frames_ahead.faces, watch.known = set(), set()  # the seat before's own faces count again
            scene.frames_ahead.run(budget=1.0)  # all that is queued, for the seat now holding the screen
            watch.step(app)
            continue
        if app.top is scene and scene.model.view.legal and not scene.animating:
            scene.send(scene.model.view.legal[0])
        watch.step(app)
    assert len(shown) == 2 and watch.known
    assert watch.problems == []
