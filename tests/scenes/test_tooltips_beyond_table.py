"""Tooltips beyond the table: a large card face's printed marks (card browser, right-click zoom), the browser's
copy counts, the score pad's final Military Prowess, and the table tokens of the replay and the tutorial."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from amul_table.app.headless import advance_to, make_session
from amul_table.app.window import App
from amul_table.persistence.save_files import load_game
from amul_table.rules.cards import load_cards
from amul_table.scenes.browser.scene import CardBrowserScene
from amul_table.scenes.face_tips import face_tips
from amul_table.scenes.overlays import ZoomOverlay
from amul_table.scenes.replay import open_replay
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.title import TitleScene
from amul_table.scenes.tooltip import TIP_DELAY, TipKind
from amul_table.sprites.cards import card_face, face_marks
from tests.scenes.test_tutorial import tutorial_app

pytestmark = pytest.mark.window(bot_pause=0.0)

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"
FACE_KINDS = {
    TipKind.SYMBOL_ARAB,
    TipKind.SYMBOL_MONGOL,
    TipKind.SYMBOL_OBJECT,
    TipKind.SYMBOL_TRADE,
    TipKind.SYMBOL_MILITARY,
    TipKind.CARD_LETTER,
    TipKind.POSITION_HAND,
    TipKind.POSITION_TABLE,
    TipKind.POSITION_BOTH,
    TipKind.CARD_NUMBER,
    TipKind.MIN_PLAYERS,
}


def rest_on(app: App, scene, pos: tuple[int, int]):
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.0)
    app.step(TIP_DELAY + 0.05)
    return scene.tooltip.shown


def test_every_face_mark_kind_occurs_and_lies_on_something_drawn():
    seen = set()
    for card in load_cards().cards:
        w, h = 220, 308
        face = card_face(card.uid, w, h)
        body = face.get_at((w // 2, h - h // 4))  # parchment, away from any mark
        for t in face_tips(card.uid, pygame.Rect(0, 0, w, h), "en", False):
            seen.add(t.kind)
            assert face.get_rect().contains(t.rect), (card.number, t.kind)
            pixels = {tuple(face.get_at((x, y))) for x in range(t.rect.left, t.rect.right) for y in (t.rect.centery,)}
            assert pixels - {tuple(body)}, (card.number, t.kind)  # the mark is drawn there
    assert seen == FACE_KINDS


def test_face_marks_follow_the_colour_blind_band_and_the_language():
    card = next(c for c in load_cards().cards if c.letter)
    for lang in ("en", "fr"):
        for cb in (False, True):
            marks = face_marks(card.uid, 140, 196, lang, cb)
            assert [m.kind for m in marks][-3:] == ["position", "number", "min_players"]


def test_the_browser_explains_the_marks_of_the_card_it_details(app):
    app.push(TitleScene(app))
    browser = CardBrowserScene(app)
    app.push(browser)
    app.step(0.0)
    index = next(i for i, e in enumerate(browser.shown) if e.first.letter)
    browser.select(index)
    app.step(0.0)
    letter = next(t for t in browser.tooltip.regions if t.kind == TipKind.CARD_LETTER)
    shown = rest_on(app, browser, letter.rect.center)
    assert shown is not None and browser.shown[index].first.letter in shown.text()
    browser.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    assert browser.tooltip.shown is None


def test_the_browser_explains_each_copy_count_it_shows(app):
    app.push(TitleScene(app))
    browser = CardBrowserScene(app, 5)
    app.push(browser)
    app.step(0.0)
    counts = [t for t in browser.tooltip.regions if t.kind == TipKind.COPIES]
    assert counts and all(browser.grid.contains(t.rect) for t in counts)
    shown = rest_on(app, browser, counts[0].rect.center)
    assert shown is not None and f"{browser.shown[0].copies} copies" in shown.text() and "5 players" in shown.text()


def test_the_right_click_zoom_explains_the_player_count(app):
    app.push(TitleScene(app))
    card = load_cards().cards[0]
    zoom = ZoomOverlay(app, card.uid)
    app.push(zoom)
    app.step(0.0)
    circle = next(t for t in zoom.tooltip.regions if t.kind == TipKind.MIN_PLAYERS)
    shown = rest_on(app, zoom, circle.rect.center)
    assert shown is not None and str(card.min_players) in shown.text()
    assert app.top is zoom  # resting the mouse does not close the zoom; a click does
    zoom.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=circle.rect.center, button=1))
    assert app.top is not zoom


def test_the_score_pad_explains_each_seat_s_final_military_prowess(app):
    finished = make_session(4, 3, "easy")
    advance_to(finished, 99)
    app.push(TitleScene(app))
    pad = ScoringScene(app, finished.saved_game())
    app.push(pad)
    app.step(0.0)
    tips = [t for t in pad.tooltip.regions if t.kind == TipKind.FINAL_MILITARY]
    assert len(tips) == 4
    shown = rest_on(app, pad, tips[1].rect.center)
    assert shown is not None and finished.names[1] in shown.text()
    assert str(pad.sheet.seats[1].military) in shown.text()
    assert tips[0].you and tips[0].text().startswith("Your") and not tips[1].you  # seat 0 is the one human


def test_the_replay_s_table_has_its_tokens_tips(window):
    app = window()
    app.push(TitleScene(app))
    open_replay(app, load_game(SAVES / "finished-3p.yaml"))
    app.step(0.0)
    app.step(0.0)
    replay = app.top
    deck = next(t for t in replay.tooltip.regions if t.kind == TipKind.DECK)
    shown = rest_on(app, replay, deck.rect.center)
    assert shown is not None and shown.kind == TipKind.DECK


def test_the_tutorial_s_coach_covers_no_token_with_a_tip(window):
    app = tutorial_app(window)
    app.step(0.0)
    app.step(0.0)
    tutorial = app.top
    coach = tutorial.coach_rect()
    assert tutorial.tooltip.regions
    assert not any(t.rect.colliderect(coach) for t in tutorial.tooltip.regions)
    deck = next(t for t in tutorial.tooltip.regions if t.kind == TipKind.DECK)
    assert rest_on(app, tutorial, deck.rect.center) is not None
