"""Tooltips on the table's icons and tokens: a rest of the mouse shows one, inside the window, in both languages."""

from __future__ import annotations

import pygame
import pytest

from amul_table.i18n import STRINGS, set_language
from amul_table.scenes.tooltip import (
    TIP_DELAY,
    TIP_PX,
    YOU_KINDS,
    TipKind,
    Tooltip,
    draw_tip,
    place_tip,
    tip,
    tip_box,
    tip_px,
)
from tests.scenes.test_idle_redraw import draws_over
from tests.scenes.tooltip_helpers import first_of_each_kind, hover, move_to, table_app, to_reveal
from tests.window_driver import close_window

SAMPLE = {
    "name": "Marco",
    "n": 3,
    "start": 6,
    "letter": "B",
    "number": "A-12",
    "players": 4,
    "rows": "Blue 3",
    "change": "",
    "status": "ready",
}
# what a table at round 5's Offer draws, in a 5-player game with the human holding nothing special
AT_OFFER = {
    TipKind.SEAT_STATUS,
    TipKind.HAND_SIZE,
    TipKind.MILITARY,
    TipKind.LETTER,
    TipKind.ARAB,
    TipKind.MONGOL,
    TipKind.FIRST_PICK,
    TipKind.STARTING_PLAYER,
    TipKind.DECK,
    TipKind.REMOVED,
    TipKind.PALACE,
    TipKind.BAZAAR,
    TipKind.OFFER_FACE_DOWN,
    TipKind.ROUND_DONE,
    TipKind.ROUND_NOW,
    TipKind.ROUND_TO_COME,
    TipKind.PHASE_OFFER,
    TipKind.PHASE_PICK,
    TipKind.PHASE_REVEAL,
    TipKind.PHASE_EFFECTS,
    TipKind.LIVE_SCORE,
    TipKind.STACK_COPIES,
    TipKind.LOG_EARLIER,
}


@pytest.fixture
def table():
    app, scene = table_app((1024, 640))
    yield app, scene
    close_window(app)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_tip_kind_has_its_own_text_in_both_languages(lang):
    keys = [f"tip.{k.value}" for k in TipKind] + [f"tip.{k.value}.you" for k in YOU_KINDS]
    for key in keys:
        assert key in STRINGS[lang], key
        assert STRINGS[lang][key].format(**SAMPLE).strip()
    if lang == "fr":
        assert all(STRINGS["fr"][k] != STRINGS["en"][k] for k in keys)


def test_the_table_registers_a_tip_for_every_token_it_draws(table):
    _, scene = table
    assert {t.kind for t in scene.tooltip.regions} == AT_OFFER


def test_resting_on_each_kind_of_token_shows_its_tip_after_the_delay(table):
    app, scene = table
    for kind, region in first_of_each_kind(scene).items():
        move_to(app, scene, region.rect.center)
        app.step(TIP_DELAY / 2)
        assert scene.tooltip.shown is None, kind  # not while the mouse has just arrived
        app.step(TIP_DELAY / 2 + 0.05)
        shown = scene.tooltip.shown
        assert shown is not None and shown.kind == kind and shown.rect == region.rect
        move_to(app, scene, (2, scene.model.layout.prompt.centery))  # the prompt bar has no token
        assert scene.tooltip.shown is None


def test_a_moving_mouse_shows_no_tip_until_it_rests(table):
    app, scene = table
    deck = scene.model.layout.deck
    for i in range(10):  # moving over the deck for a second, a tenth at a time
        move_to(app, scene, (deck.left + 2 + i % 3, deck.centery))
        app.step(TIP_DELAY / 4)
        assert scene.tooltip.shown is None
    app.step(TIP_DELAY)
    assert scene.tooltip.shown is not None and scene.tooltip.shown.kind == TipKind.DECK


def test_a_shown_tip_stays_while_the_mouse_moves_on_its_token_and_goes_on_a_click(table):
    app, scene = table
    deck = scene.model.layout.deck
    shown = hover(app, scene, tip(TipKind.DECK, deck))
    assert shown is not None
    move_to(app, scene, (deck.centerx + 1, deck.centery + 1))
    assert scene.tooltip.shown == shown
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=deck.center, button=1))
    assert scene.tooltip.shown is None


def test_the_deck_tip_names_the_cards_left(table):
    app, scene = table
    deck = first_of_each_kind(scene)[TipKind.DECK]
    shown = hover(app, scene, deck)
    assert str(scene.model.view.deck_size) in shown.text()


def test_the_shown_seat_is_told_you(table):
    _, scene = table
    mine = [t for t in scene.tooltip.regions if t.kind == TipKind.MILITARY and t.you]
    assert mine and "your" in mine[0].text()
    assert not any(t.you for t in scene.tooltip.regions if t.kind == TipKind.DECK)


def test_a_tip_appearing_and_going_redraws_once_each_and_an_idle_tip_not_at_all(table):
    app, scene = table
    region = first_of_each_kind(scene)[TipKind.MILITARY]
    move_to(app, scene, region.rect.center)
    app.step(1 / 60)
    draws = draws_over(app, scene, int(TIP_DELAY * 60) + 5)
    assert scene.tooltip.shown is not None
    assert draws == 1
    assert draws_over(app, scene, 120) == 0
    away = (2, scene.model.layout.prompt.centery)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
    assert draws_over(app, scene, 30) == 1


@pytest.mark.parametrize("size", [(1024, 640), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_tip_fits_inside_the_window_clear_of_the_pointer(size, lang):
    app, scene = table_app(size, lang)
    try:
        window = pygame.Rect((0, 0), size)
        assert tip_px(size) >= TIP_PX
        for region in scene.tooltip.regions:
            for mouse in (region.rect.center, region.rect.topleft, region.rect.bottomright):
                lines, px, box = tip_box(region, size)
                placed = place_tip(box, mouse, window)
                assert window.contains(placed), (region.kind, mouse)
                assert not placed.collidepoint(mouse), (region.kind, mouse)
                assert px >= TIP_PX and len(lines) <= 6
    finally:
        close_window(app)
        set_language("en")


def test_the_drawn_tip_stays_inside_the_window_in_a_corner():
    tooltip = Tooltip([tip(TipKind.DECK, pygame.Rect(1000, 620, 24, 20), n=40)])
    surface = pygame.Surface((1024, 640))
    tooltip.move((1020, 636))
    tooltip.tick(TIP_DELAY)
    box = draw_tip(surface, tooltip)
    assert box is not None and surface.get_rect().contains(box) and not box.collidepoint((1020, 636))


def test_a_tip_follows_its_token_when_the_value_changes_and_goes_when_the_token_goes():
    rect = pygame.Rect(10, 10, 20, 20)
    tooltip = Tooltip([tip(TipKind.DECK, rect, n=40)])
    tooltip.move((15, 15))
    assert not tooltip.tick(TIP_DELAY / 2)
    assert tooltip.tick(TIP_DELAY / 2)
    assert tooltip.set_regions([tip(TipKind.DECK, rect, n=35)])
    assert dict(tooltip.shown.values)["n"] == 35
    assert tooltip.set_regions([])
    assert tooltip.shown is None


def test_a_rival_reveal_face_down_has_a_tip():
    app, scene = table_app((1024, 640))
    try:
        to_reveal(app, scene)
        reveals = [t for t in scene.tooltip.regions if t.kind == TipKind.REVEAL_FACE_DOWN]
        assert len(reveals) == scene.model.view.players - 1
        shown = hover(app, scene, reveals[0])
        assert shown is not None and shown.kind == TipKind.REVEAL_FACE_DOWN
    finally:
        close_window(app)


def test_resting_on_a_stack_s_copy_count_shows_its_tip_not_the_card_zoom(table):
    app, scene = table
    count = first_of_each_kind(scene)[TipKind.STACK_COPIES]
    shown = hover(app, scene, count)
    app.step(0.5)
    assert shown is not None and shown.kind == TipKind.STACK_COPIES
    assert scene.model.hover_uid is not None and not scene.zoom_shown  # the strip is hovered, its zoom waits
    stacks = [st for seat_stacks in scene.model.layout.stacks.values() for st in seat_stacks]
    stack = next(st for st in stacks if st.rect.contains(count.rect))
    move_to(app, scene, (stack.rect.left + 3, stack.rect.centery))  # onto the strip itself: the zoom comes
    app.step(0.5)
    assert scene.zoom_shown and scene.tooltip.shown is None
