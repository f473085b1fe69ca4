"""The score pad: places, majority counts, a note behind each cell, and leaving only when asked twice."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

from amul_table.app.headless import advance_to, make_session
from amul_table.i18n import set_language
from amul_table.match.session import GameSession
from amul_table.rules.cards import load_cards
from amul_table.rules.score_details import cell_detail
from amul_table.rules.scoring import score_game
from amul_table.rules.seats import Seat
from amul_table.scenes.overlays import ConfirmOverlay
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.title import TitleScene
from tests.scenes.played import played
from tests.scenes.text_spy import spy_text
from tests.window_driver import click, close_window, frames, key, open_window


@pytest.fixture(scope="module")
def finished_game() -> GameSession:
    """One finished game for every pad of this module (played once: the pads only show it)."""
    finished = make_session(4, 3, "easy,medium", tea=0)
    advance_to(finished, 99)
    return finished


@pytest.fixture
def pad(finished_game: GameSession):
    app = open_window((1024, 640), bot_pause=0.0)
    game = finished_game
    finished = GameSession.resume(game.seats, game.state.clone(), bot_salt=game.bot_salt, started=game.started)
    app.push(TitleScene(app))
    app.push(ScoringScene(app, finished.saved_game()))
    frames(app, 2)
    yield app
    set_language("en")
    close_window(app)


def test_escape_asks_before_leaving_and_no_keeps_the_pad(pad):
    key(pad, pygame.K_ESCAPE)
    assert isinstance(pad.top, ConfirmOverlay)
    key(pad, pygame.K_ESCAPE)  # No
    assert isinstance(pad.top, ScoringScene)
    key(pad, pygame.K_ESCAPE)
    key(pad, pygame.K_RETURN)  # Yes
    assert isinstance(pad.top, TitleScene)


def test_main_menu_button_asks_first(pad):
    click(pad, pad.top.widgets["main_menu"].rect.center)
    assert isinstance(pad.top, ConfirmOverlay)
    click(pad, pad.top.widgets["yes"].rect.center)
    assert isinstance(pad.top, TitleScene)


def test_hovering_a_cell_explains_it_in_words(pad):
    scene = pad.top
    seat, row, rect = next(c for c in scene.cell_rects if c[1] == "yellow" and scene.sheet.seats[c[0]].rows["yellow"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(pad, 1)
    assert scene.hover_cell == (seat, row)
    detail = cell_detail(scene.sheet, scene.areas, seat, row)
    lines = scene.cell_lines(detail)
    assert lines[0].endswith(f": {detail.points}")
    assert len(lines) == 1 + len(detail.cards)
    assert sum(c.points for c in detail.cards) == detail.points
    set_language("fr")
    arab = scene.cell_lines(cell_detail(scene.sheet, scene.areas, seat, "arab"))
    assert arab[1].startswith("Symboles Arabe\u00a0: ")


def test_every_seat_has_a_place_and_the_winner_is_first(pad):
    scene = pad.top
    assert all(scene.ranks[w] == 1 for w in scene.sheet.winners)
    assert sorted(scene.ranks)[-1] <= len(scene.ranks)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_eight_seats_each_get_a_written_place_that_fits_its_column(window, lang, size, monkeypatch):
    """Issue 23 #3: 7th and 8th showed as `scoring.rank.7`/`.8`, wider than their column, over the winner's 1st."""
    from amul_table.i18n import tr
    from amul_table.rules.cards import MAX_PLAYERS
    from amul_table.scenes import score_pad

    drawn = spy_text(monkeypatch, score_pad)
    app = window(size, language=lang, bot_pause=0.0)
    finished = played(8, 5, "easy")
    app.push(TitleScene(app))
    app.push(ScoringScene(app, finished.saved_game()))
    scene = app.top
    scene.clock = 1e9  # the pad filled in
    frames(app, 2)
    places = {tr(f"scoring.rank.{n}") for n in range(1, MAX_PLAYERS + 1)}  # in the window's language
    wanted = {tr(f"scoring.rank.{r}") for r in scene.ranks}
    assert len(set(scene.ranks)) >= 7 and all("." not in w for w in wanted)
    shown = {words: img for words, img in drawn if words in places}
    assert wanted <= set(shown)
    column = (scene.pad.w - int(scene.pad.w * 0.26)) / 8
    assert all(img.get_width() < column / 2 for img in shown.values())  # beside the name, not over the next column


@pytest.mark.parametrize("lang,words", [("en", "You win!"), ("fr", "Vous gagnez\u00a0!")])
def test_a_seat_named_you_that_wins_is_spoken_to(window, finished_game, lang, words, monkeypatch):
    """The pad said "You wins!" ("Vous gagne !") when the seat with the default name won alone."""
    from amul_table.i18n import STRINGS
    from amul_table.scenes import score_pad

    drawn = spy_text(monkeypatch, score_pad)
    game = finished_game
    (winner,) = score_game(game.state.play_areas).winners
    seats = [Seat.of_human(STRINGS[lang]["setup.name_human"]) if i == winner else s for i, s in enumerate(game.seats)]
    app = window((1024, 640), language=lang, bot_pause=0.0)
    finished = GameSession.resume(seats, game.state.clone(), bot_salt=game.bot_salt, started=game.started)
    app.push(TitleScene(app))
    app.push(ScoringScene(app, finished.saved_game()))
    app.top.clock = 1e9  # the pad filled in
    frames(app, 2)
    assert words in [w for w, _ in drawn]


def test_points_below_zero_are_written_with_a_minus_sign(window, finished_game, monkeypatch):
    """A Thief's −1 was "-1" on the pad and its card badge, where the log and the score box write "−1"."""
    from amul_table.scenes import score_pad

    drawn = spy_text(monkeypatch, score_pad)
    game = finished_game
    state = game.state.clone()
    thief = next(c.uid for c in load_cards().cards if c.type.name["en"] == "Thief")
    for area in state.play_areas:
        if thief in area:
            area.remove(thief)
    state.play_areas[0] = [u for u in state.play_areas[0] if load_cards().cards[u].type.colour != "purple"] + [thief]
    assert any(v < 0 for v in score_game(state.play_areas).seats[0].rows.values())
    app = window((1024, 640), bot_pause=0.0)
    finished = GameSession.resume(game.seats, state, bot_salt=game.bot_salt, started=game.started)
    app.push(TitleScene(app))
    app.push(ScoringScene(app, finished.saved_game()))
    app.top.clock = 1e9  # the pad filled in
    frames(app, 2)
    words = [w for w, _ in drawn]
    assert "\u22121" in words and not [w for w in words if re.search(r"(?<![\w-])-\d", w)]


def test_the_keyboard_on_the_tabs_shows_the_tab_it_is_on_so_one_tab_looks_chosen(pad):
    """Issue 23 #14: the focus ring on one tab and the shown seat's tab on another looked like two chosen."""
    scene = pad.top
    for _ in range(3):
        key(pad, pygame.K_RIGHT)
        tabs = [k for k in scene.widgets if k.startswith("seat")]
        chosen = {k for k in tabs if scene.widgets[k].is_selected} | ({scene.ui.focused()} & set(tabs))
        assert chosen == {f"seat{scene.viewed}"}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_the_bottom_buttons_share_one_font_and_show_their_whole_labels(window, lang, size):
    """Issue 23 #14: "Play this deal again" was fitted in a smaller font than its neighbours."""
    app = window(size, language=lang, bot_pause=0.0)
    finished = played(3, 3, "easy")
    app.push(TitleScene(app))
    app.push(ScoringScene(app, finished.saved_game()))
    frames(app, 2)
    buttons = [app.top.widgets[k] for k in ("play_again", "play_deal_again", "replay", "review", "main_menu")]
    assert len({b.font.get_point_size() for b in buttons}) == 1
    assert all(b.font.size(b.text)[0] < b.rect.w for b in buttons)
    assert all(a.rect.right < b.rect.left for a, b in itertools.pairwise(buttons))
