"""The table draws what a window size needs when the size is set, and cards ahead of their flights, so that
the frames in between only blit: no frame after a resize draws a card, the cloth or the board for the first time."""

from __future__ import annotations

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.scenes.routes import Route
from amul_table.scenes.table.scene import TableScene
from amul_table.sprites import board, cards
from tests.scenes.played import played
from tests.window_driver import until

pytestmark = pytest.mark.window(animation_speed="normal", bot_pause=0.0)
STILL = pytest.mark.window(animation_speed="instant", bot_pause=0.0)  # a still table: the deal's flights not flown

DRAWINGS = (cards.card_face, cards.card_strip, cards.card_back, board.felt, board.board, board.backdrop)


def first_drawings() -> int:
    """How many cards, backs, cloths and boards have been drawn for the first time (at their size) so far."""
    return sum(fn.cache_info().misses for fn in DRAWINGS)


@pytest.fixture
def app(app, inline_bots):
    """The conftest's window, its bots deciding inside the frames, and its drawings cold: the tests' windows keep
    them from one test to the next, and a warm cache would make every "drawn ahead" check pass unseen (the fonts
    and texts stay: no check counts them)."""
    for drawing in DRAWINGS:
        drawing.cache_clear()
    return app


def table(app: App, players: int = 8) -> TableScene:
    scene = app.go(Route.TABLE, make_session(players, 3, "easy", humans=1))
    app.push(scene)
    return scene


def test_pushing_the_table_paints_its_still_frame_before_the_first_frame(app):
    scene = table(app)
    assert scene.still.surface is not None and scene.still.surface.get_size() == (1280, 800)
    assert not scene.model.stale


def test_a_resize_paints_the_still_frame_at_the_new_size_at_once(app):
    scene = table(app)
    app.resize((1600, 900))
    assert scene.still.surface is not None and scene.still.surface.get_size() == (1600, 900)
    assert not scene.model.stale


def until_the_human_chooses(app: App, scene: TableScene) -> None:
    """Frames until the deal has landed, the bots have moved and the human seat must choose."""
    until(
        app,
        lambda: scene.model.view.legal and not scene.animating and app.game.bot_to_move() is None,
        what="the human seat's choice",
    )


@STILL
def test_the_frames_after_a_resize_draw_no_card_for_the_first_time(app):
    scene = table(app)
    until_the_human_chooses(app, scene)
    app.resize((1500, 950))
    before = first_drawings()
    for _ in range(5):
        scene.dirty = True
        app.step(1 / 60)
    assert first_drawings() == before


def test_the_deal_draws_no_card_for_the_first_time_after_the_table_is_set(app):
    """The deal's flights are drawn ahead when the table is pushed: the deal itself only blits and scales."""
    scene = table(app, players=3)
    before = first_drawings()
    for _ in range(60):
        app.step(1 / 60)
    assert scene.flights  # still dealing
    assert first_drawings() == before


def test_the_still_frame_keeps_its_surface_while_the_size_stays(app):
    scene = table(app)
    kept = scene.still.surface
    scene.model.stale = True
    scene.dirty = True
    app.step(1 / 60)
    assert scene.still.surface is kept
    app.resize((1300, 820))
    assert scene.still.surface is not kept and scene.still.surface.get_size() == (1300, 820)


def test_flights_to_come_are_drawn_ahead_on_frames_that_repaint_nothing_still(app):
    scene = table(app, players=3)
    scene.skip()
    app.step(1 / 60)
    scene.act(scene.model.view.legal[0])  # the human's first choice sets the bots' choices flying
    while scene.warmer.queue and scene.flights:
        app.step(1 / 60)
    assert not scene.warmer.queue
    lang, cb = app.settings.language, app.settings.colour_blind
    for f in scene.flights:
        if f.uid is not None and (f.up_from or f.up_to):
            big = f.dst if f.dst.w >= f.src.w else f.src
            before = first_drawings()
            cards.any_face(f.uid, big.w, big.h, lang, cb)
            assert first_drawings() == before  # already drawn


@STILL
@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_cloth_left_out_under_the_opaque_panels_changes_no_pixel(app, monkeypatch, size, players):
    """The repaint copies the cloth only where it shows; the frame is the one a whole cloth gives."""
    from amul_table.scenes.table import paint

    app.resize(size)
    scene = table(app, players)
    until_the_human_chooses(app, scene)
    assert paint.cloth_areas(scene.model.layout, size) != [pygame.Rect((0, 0), size)]
    framed = pygame.Surface(size)
    paint.paint_static(framed, scene.model, buttons_left=None)
    monkeypatch.setattr(paint, "cloth_areas", lambda lay, size: [pygame.Rect((0, 0), size)])
    whole = pygame.Surface(size)
    paint.paint_static(whole, scene.model, buttons_left=None)
    assert pygame.image.tobytes(framed, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_the_cloth_areas_cover_the_main_area_but_the_insides_of_the_panels_once():
    from amul_table.scenes.table.cloth import subtract

    area = pygame.Rect(0, 0, 100, 80)
    holes = [pygame.Rect(10, 10, 20, 20), pygame.Rect(25, 20, 30, 30), pygame.Rect(90, -5, 20, 20)]
    pieces = subtract(area, holes)
    covered = {(x, y) for p in pieces for x in range(p.left, p.right) for y in range(p.top, p.bottom)}
    expected = {(x, y) for x in range(100) for y in range(80) if not any(h.collidepoint(x, y) for h in holes)}
    assert covered == expected
    assert sum(p.w * p.h for p in pieces) == len(expected)  # no overlap


@STILL
def test_a_repaint_of_an_unchanged_table_renders_no_text_and_draws_no_card(app, monkeypatch):
    """The log's rows were rendered again at every repaint; they come from the text cache now."""
    from amul_table.scenes.table import paint, paint_sidebar
    from amul_table.sprites import style

    scene = table(app)
    until_the_human_chooses(app, scene)
    assert scene.model.log_lines
    rendered: list[str] = []
    real = style.safe_render

    def spy(fnt, value, colour):
        rendered.append(value)
        return real(fnt, value, colour)

    monkeypatch.setattr(style, "safe_render", spy)
    monkeypatch.setattr(paint_sidebar, "safe_render", spy, raising=False)
    before = first_drawings()
    paint.paint_static(scene.still.surface, scene.model, buttons_left=None)
    assert rendered == []
    assert first_drawings() == before


def test_bazaar_faces_at_new_sizes_scale_one_drawing_of_the_parchment(app):
    """The parchment's flecks were drawn again for every card size (milliseconds a size at 4K)."""
    from amul_table.rules.cards import load_cards

    uid = next(u for u, c in enumerate(load_cards().cards) if c.deck == "bazaar")
    cards._flecks.cache_clear()
    for w in (90, 140, 260, 340):
        cards.card_face(uid, w, int(w * cards.CARD_RATIO))
    assert cards._flecks.cache_info().misses == 2  # the frame's and the body's, once each


def test_the_play_area_is_drawn_ahead_at_the_size_its_next_card_gives_it(app):
    """One more card in the shown seat's play area shrinks every face there: those faces are drawn ahead."""
    from amul_table.scenes.table.ahead import next_play_faces

    app.resize((2560, 1440))
    scene = app.go(Route.RESUME, played(3, 3, "easy", round_number=3).saved_game())  # cards in play
    app.push(scene)
    until_the_human_chooses(app, scene)
    assert scene.model.layout.play.get(scene.model.shown)
    ahead = list(next_play_faces(scene.model))
    assert ahead  # some colour would shrink the faces
    for _ in range(120):
        app.step(1 / 60)
    lang, cb = app.settings.language, app.settings.colour_blind
    before = first_drawings()
    for uid, w, h in ahead:
        cards.any_face(uid, w, h, lang, cb)
    assert first_drawings() == before
