"""The table scene: hidden information, keyboard play, zoom, menu, keys help, decline, live score."""

import random

import pygame
import pytest

from amul_table.app.headless import advance_to, make_session
from amul_table.app.window import App
from amul_table.i18n import set_language, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.scoring import score_game
from amul_table.scenes.overlays import KEY_LINES, ConfirmOverlay, KeysOverlay, MenuOverlay, ZoomOverlay
from amul_table.scenes.routes import Route
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.title import TitleScene
from tests.scenes.played import played
from tests.window_driver import click, key, until

pytestmark = pytest.mark.window(bot_pause=0.0)


@pytest.fixture
def app(app, inline_bots):
    """The conftest's window, its bots deciding inside the frames."""
    return app


def table_on(app: App, players: int = 4, seed: int = 3) -> TableScene:
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, make_session(players, seed, "medium"))
    app.push(table)
    app.step(0.0)
    return table


def until_human_acts(app: App, table: TableScene, frames: int = 2000) -> None:
    until(app, lambda: table.model.view.legal and not table.animating, max_frames=frames, what="the human's turn")


@pytest.mark.parametrize("last_round", [2, pytest.param(9, marks=pytest.mark.slow)], ids=["rounds-1-2", "whole-game"])
def test_no_frame_shows_another_seats_secret_hand_cards_or_face_down_choices(window, inline_bots, last_round):
    """Every phase of a round comes in the first two; the whole game (its last round's end of hands) is slow."""
    app = window(animation_speed="fast", bot_pause=0.0)
    table = table_on(app, players=5, seed=21)
    state = table.client.match.state
    rng = random.Random(2)
    seen_public: set[int] = set()
    logged = 0  # the log's events already looked at
    frames = 0
    while not state.is_over and state.round <= last_round and frames < 20000:
        app.step(1 / 30)
        frames += 1
        for ev in state.log[logged:]:
            if ev.kind in ("market_fill", "offers_revealed", "pick", "reveals", "take", "end_hand"):
                seen_public.update(ev.cards)
        logged = len(state.log)
        faces = table.drawn_faces
        secret = {u for s in range(1, 5) for u in state.hands[s]} - seen_public
        assert not faces & secret, f"frame {frames} drew a card from another hand"
        if state.phase == Phase.OFFER:
            assert not faces & {state.offers[s] for s in range(1, 5)}, "a face-down Offer was drawn face up"
        if state.phase == Phase.REVEAL:
            assert not faces & {state.reveals[s] for s in range(1, 5)}, "a face-down Reveal was drawn face up"
        if table.model.view.legal and not table.animating:
            table.act(rng.choice(table.model.view.legal))
    assert state.is_over if last_round == 9 else state.round == last_round + 1


def test_arrows_and_enter_play_the_highlighted_card(app):
    table = table_on(app)
    until_human_acts(app, table)
    choices = table.model.choices()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # the arrows selected it; Enter confirms
    for _ in range(200):
        if any(a.seat == 0 for a in table.client.match.state.actions):
            break
        app.step(1 / 60)
    assert [a for a in table.client.match.state.actions if a.seat == 0] == [choices[1]]


def test_solo_selects_then_confirms_and_may_take_back_until_the_cards_turn_over(window, inline_bots):
    app = window(animation_speed="normal", bot_pause=5.0)
    table = table_on(app)
    until_human_acts(app, table)
    model, state = table.model, table.client.match.state
    first, second = model.view.hand[0], model.view.hand[1]
    click(app, model.layout.hand[first].center, dt=0.0)
    assert model.chosen == first and model.held is None and not state.actions  # selected only
    click(app, table.prompt_bar.rect("confirm").center, dt=0.0)
    assert model.held is not None and model.held.card == first
    assert first not in model.view.hand and model.view.my_offer == first  # face down in its slot
    assert not any(a.seat == 0 for a in state.actions), "a held Offer reached the engine"
    table.skip()
    click(app, table.prompt_bar.rect("take_back").center, dt=0.0)
    assert model.held is None and first in model.view.hand and model.view.legal
    click(app, model.layout.hand[second].center, dt=0.0)
    key(app, pygame.K_RETURN)  # Enter on the selected card confirms it
    assert model.held is not None and model.held.card == second
    app.game.bot_pause = 0.0
    for _ in range(2000):
        if any(a.seat == 0 for a in state.actions):
            break
        app.step(1 / 30)
    assert [a.card for a in state.actions if a.seat == 0] == [second]  # only the final choice


def test_right_click_zooms_a_card_and_any_click_closes_the_zoom(app):
    table = table_on(app)
    until_human_acts(app, table)
    uid = table.model.view.hand[0]
    pos = table.model.layout.hand[uid].move(3, 3).topleft
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    app.step(1 / 60)
    assert isinstance(app.top, ZoomOverlay) and app.top.uid == uid
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    app.step(1 / 60)
    assert app.top is table


def test_hovering_a_card_shows_its_full_rule_after_a_moment(app):
    table = table_on(app)
    until_human_acts(app, table)
    uid = table.model.view.hand[0]
    pos = table.model.layout.hand[uid].move(3, 3).topleft
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert table.model.hover_uid == uid and not table.zoom_shown
    for _ in range(40):
        app.step(1 / 60)
    assert table.zoom_shown


def test_escape_opens_the_menu_and_leaving_for_the_main_menu_asks_first(app):
    table = table_on(app)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuOverlay)
    menu._main_menu()
    assert isinstance(app.top, ConfirmOverlay)
    app.top._yes()
    assert isinstance(app.top, TitleScene) and table not in app.stack


def test_question_mark_lists_the_keys_and_any_key_closes_it(app):
    table = table_on(app)
    key(app, pygame.K_SLASH, unicode="?", mod=pygame.KMOD_SHIFT)
    assert isinstance(app.top, KeysOverlay)
    key(app, pygame.K_a, unicode="a")
    assert app.top is table


def table_at_a_decline(app: App) -> TableScene:
    """A table where the human may take a card or decline an effect."""
    rng = random.Random(0)
    for seed in range(1, 60):
        session = make_session(3, seed, "medium")
        while not session.is_over:
            session.run_bots_now()
            view = session.view(0)
            if any(a.kind == ActionKind.DECLINE for a in view.legal) and any(
                a.kind != ActionKind.DECLINE for a in view.legal
            ):
                break
            if view.legal:
                session.client.submit(rng.choice(view.legal))
        else:
            continue
        break
    else:
        pytest.skip("no seed gave the human an effect")
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, session, intro=False)
    app.push(table)
    app.step(0.0)
    return table


def release_click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)
    app.step(1 / 60)  # a pygame_gui button acts on the event it posts at the release


def test_decline_stands_apart_from_confirm_and_a_click_on_it_only_selects_taking_nothing(app):
    """Issue 23 #5: Decline sat exactly where Confirm usually is, drawn as the main button, and acted at once: a
    click meant for Confirm threw away a Palace take. It is now a secondary button at the bar's other end, and a
    click on it selects "take nothing", which Confirm (in its usual place) sends."""
    table = table_at_a_decline(app)
    session = app.game
    assert table.model.can_decline()
    decline = table.prompt_bar.rect("decline")
    assert "#primary" not in table.prompt_bar.ui.elements["decline"].object_ids
    table.choose(table.model.choices()[0])
    app.step(1 / 60)
    confirm = table.prompt_bar.rect("confirm")
    assert decline.right < table.model.layout.prompt.centerx < confirm.left, "Decline is at the far end from Confirm"
    assert table.prompt_bar.rect("decline") == decline, "Decline does not move when a card is selected"
    before = len(session.state.actions)
    release_click(app, decline.center)
    assert len(session.state.actions) == before, "one click on Decline sent nothing"
    assert table.model.declining and table.model.chosen is None
    assert table.model.prompt_text() == tr("table.declining", source=tr("source." + table.model.view.pending.source))
    release_click(app, table.prompt_bar.rect("confirm").center)
    assert session.state.actions[before].kind == ActionKind.DECLINE


def test_d_selects_taking_nothing_and_d_again_declines(app):
    table = table_at_a_decline(app)
    session = app.game
    before = len(session.state.actions)
    key(app, pygame.K_d)
    assert table.model.declining and len(session.state.actions) == before
    key(app, pygame.K_RIGHT)  # a change of mind: a card
    assert not table.model.declining
    key(app, pygame.K_d)
    key(app, pygame.K_d)
    assert session.state.actions[before].kind == ActionKind.DECLINE


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_keys_help_says_d_only_selects_taking_nothing_and_what_sends_it(app, lang):
    """The help still said "D: decline an effect" once D only selected "take nothing": its line now names what
    sends the choice (D again, Enter, the Confirm button), and D then Enter do what it says."""
    set_language(lang)
    line = tr("keys.decline")
    enter = tr("keys.enter").split(":")[0].strip()  # the key's name as the Enter line writes it
    assert line.startswith("D") and line.count("D") >= 2 and enter in line and tr("table.confirm") in line
    table = table_at_a_decline(app)
    session = app.game
    before = len(session.state.actions)
    key(app, pygame.K_d)
    assert table.model.declining and len(session.state.actions) == before
    key(app, pygame.K_RETURN)
    assert session.state.actions[before].kind == ActionKind.DECLINE


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_keys_help_says_enter_selects_and_confirm_sends_in_every_game(lang):
    """It said "Enter: play the highlighted card", and only pass and play selected first: every table selects a
    card with Enter or a click and sends it with Enter again or Confirm (see choosing.py)."""
    set_language(lang)
    try:
        enter = tr("keys.enter")
        assert tr("table.confirm") in enter and enter.count(enter.split(":")[0].split("\u00a0")[0]) >= 2
        assert "keys.confirm" not in KEY_LINES  # no line keeps selecting then confirming to pass and play
    finally:
        set_language("en")


def test_the_live_score_is_the_engines_score_of_the_table_as_it_stands(app):
    table = table_on(app)
    until_human_acts(app, table)
    view = table.model.view
    cards = load_cards().cards
    areas = [list(a) for a in view.play_areas]
    areas[0] += [u for u in view.hand if cards[u].keeps_in_hand]
    assert table.model.live_score() == score_game(areas).seats[0].total


def test_every_resize_keeps_the_table_drawable(app):
    table = table_on(app, players=8)
    for size in ((1024, 640), (3840, 2160), (1600, 900), (800, 480)):
        app.resize(size)
        app.step(1 / 60)
        assert table.model.layout.size == app.size
    assert app.size == (1024, 640)


def test_the_log_speaks_to_the_human_in_the_second_person():
    from amul_table.rules.state import Event
    from amul_table.scenes.table.game_log import describe

    names = ["Aisha", "Marco", "Battuta"]
    gold = next(c.uid for c in load_cards().cards if c.id == "gold")
    assert describe(Event("pick", 0, (gold,)), names, you=0) == "You pick Gold."
    assert describe(Event("pick", 1, (gold,)), names, you=0) == "Marco picks Gold."
    assert describe(Event("pick", 0, (gold,)), names) == "Aisha picks Gold."


def test_the_menu_changes_animation_speed_bot_pause_and_live_score_at_once(app):
    table_on(app)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    speed, pause, live = app.settings.animation_speed, app.settings.bot_pause, app.settings.live_score
    menu.press("speed")
    menu.press("pause")
    menu.press("score")
    assert app.settings.animation_speed != speed
    assert app.settings.bot_pause != pause and app.game.bot_pause == app.settings.bot_pause
    assert app.settings.live_score is not live


def test_market_cards_keep_their_place_while_others_are_picked():
    from amul_table.scenes.table.layout import keep_market_slots

    slot_of = keep_market_slots({}, [10, 11, 12, 13])
    assert slot_of == {10: 0, 11: 1, 12: 2, 13: 3}
    assert keep_market_slots(slot_of, [10, 12, 13]) == {10: 0, 12: 2, 13: 3}
    assert keep_market_slots({10: 0, 12: 2}, [10, 12, 20]) == {10: 0, 12: 2, 20: 1}
    assert keep_market_slots(slot_of, [30, 31]) == {30: 0, 31: 1}


def test_the_zoom_stays_up_while_cards_move_and_needs_the_mouse_to_move(app):
    table = table_on(app)
    until_human_acts(app, table)
    uid = table.model.view.hand[0]
    pos = table.model.layout.hand[uid].move(3, 3).topleft
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(40):
        app.step(1 / 60)
    assert table.zoom_shown
    app.settings.animation_speed = "normal"
    table.play_intro()  # cards fly: the zoom stays
    app.step(1 / 60)
    assert table.animating and table.zoom_shown and uid in table.drawn_faces
    table.skip()
    app.step(0.0)
    table.model.hover_uid = None  # the hand reflows under a resting mouse: no zoom pops up
    table.track_hover()
    assert table.model.hover_uid == uid
    for _ in range(40):
        app.step(1 / 60)
    assert not table.zoom_shown


def test_the_log_has_round_headers_scrolls_and_its_card_names_zoom(app):
    app.push(TitleScene(app))
    table = app.go(Route.RESUME, played(4, 3, "medium", round_number=4).saved_game())  # the log outgrew its box
    app.push(table)
    until_human_acts(app, table)
    model = table.model
    assert any(line.header and line.text == "Round 2" for line in model.log_lines)
    from amul_table.scenes.table.log_view import log_rows

    rows, most = log_rows(model.log_lines, model.layout.log_rect, model.layout.log_px, 0)
    assert most > 0
    named = [(rect, uid) for row in rows for rect, uid in row.names]
    rect, uid = named[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert model.hover_uid == uid
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.step(1 / 60)
    assert 0 < model.log_scroll <= 6
    first_rows, _ = log_rows(model.log_lines, model.layout.log_rect, model.layout.log_px, model.log_scroll)
    assert first_rows[0].text != rows[0].text


def test_a_log_line_waits_for_its_animation_to_land(app):
    from amul_table.scenes.table.game_log import public_log

    app.settings.animation_speed = "normal"
    table = table_on(app)
    table.skip()
    until_human_acts(app, table)
    table.act(table.model.view.legal[0])
    model = table.model
    waited = False
    for _ in range(2000):
        if waited:
            break
        app.step(1 / 60)
        full = public_log(model.view, model.names, model.you)
        if table.animating and len(full) > len(model.log_lines):
            waited = True  # the newest line is not shown while its cards still move
            assert model.prompt_text() == model.log_lines[-1].text or model.log_lines[-1].header
    assert waited
    for _ in range(30):
        app.step(1 / 60)
        assert model.log_withheld == len(table.landings)
        assert model.log_lines == public_log(model.view, model.names, model.you, model.log_withheld)
    table.skip()
    assert model.log_lines == public_log(model.view, model.names, model.you)


@pytest.mark.window(size=(1600, 900), bot_pause=0.0)
def test_the_empty_reveal_slot_in_the_hand_says_what_it_is_for(app, monkeypatch):
    """At the Reveal, a bare frame stood at the end of the hand with no word and no tip."""
    from amul_table.scenes.table import paint_seats

    table = table_on(app, players=3)
    for _ in range(3):  # the Offer and the Pick played, to the Reveal
        until_human_acts(app, table)
        if table.model.view.phase == Phase.REVEAL:
            break
        table.act(table.model.view.legal[0])
    assert table.model.view.phase == Phase.REVEAL
    slot = table.model.layout.reveal_slot[table.model.shown]
    assert not any(slot.colliderect(r) for r in table.model.layout.hand.values())  # the hand leaves room for it
    drawn: list[str] = []
    real = paint_seats.draw_wrapped
    monkeypatch.setattr(
        paint_seats, "draw_wrapped", lambda s, words, *a, **k: drawn.append(words) or real(s, words, *a, **k)
    )
    table.model.stale = True
    table.draw(pygame.Surface(app.screen.get_size()))
    assert tr("table.reveal_goes_here") in drawn


def test_a_game_begun_in_french_shows_its_default_you_in_english(app):
    """Saved in French and loaded in English, the table read "Vous — Your hand", "5. Vous"; the pad said "Vous"."""
    set_language("fr")
    try:
        session, finished = make_session(3, 3, "easy"), make_session(3, 4, "easy")
    finally:
        set_language("en")
    assert session.seats[0].name == finished.seats[0].name == "Vous"
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, session)
    app.push(table)
    app.step(0.0)
    assert table.model.names[0] == table.model.seats[0].name == "You"  # the order, the log, the hand's title
    assert table.model.names[1:] == [s.name for s in session.seats[1:]]
    advance_to(finished, 99)
    assert ScoringScene(app, finished.saved_game()).names[0] == "You"
