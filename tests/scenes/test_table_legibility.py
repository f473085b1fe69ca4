"""What playing whole games in the real window (tools/window_tour.py under Xvfb) showed was hard to read."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from amul_table.app.window import App
from amul_table.rules.phases import Phase
from amul_table.scenes.routes import Route
from amul_table.scenes.table.paint_seats import hand_title
from amul_table.scenes.title import TitleScene
from tests.scenes.played import played
from tests.scenes.test_table import table_on, until_human_acts
from tests.scenes.test_table_layout import size_sweep
from tests.window_driver import until

pytestmark = [
    pytest.mark.window(size=(1024, 640), bot_pause=0.0),
    pytest.mark.usefixtures("inline_bots"),  # the bots think inside the frame: no sleeps, same frames
]


def title_pixels(app: App, table, selected: int) -> bytes:
    table.model.selected = selected
    table.model.stale = True
    table.dirty = True
    app.step(1 / 60)
    _, where = hand_title(table.model, table.model.layout)
    return pygame.image.tobytes(app.screen.subsurface(where), "RGB")


def test_the_raised_focus_ring_of_the_first_hand_card_leaves_the_hand_title_readable(app):
    """At 1024×640 the selected (raised, ringed) first card reached up over "You — Your hand"."""
    table = table_on(app)
    until_human_acts(app, table)
    last = len(table.model.choices()) - 1
    far = title_pixels(app, table, last)
    near = title_pixels(app, table, 0)
    assert near == far


def test_opponent_names_are_written_at_full_size_the_tier_gives_way(app, monkeypatch):
    """At 1024×640 "Marco · medium" was shrunk to 8 px and "Zheng He · me…" cut: the name comes first, ≥ 10 px,
    each of a header's lines within the header."""
    from amul_table.scenes.table import paint_seats
    from amul_table.scenes.table.layout import header_px
    from amul_table.sprites.style import font

    calls: list[tuple[str, int]] = []
    real = paint_seats.text

    def spy(value, size, *args, **kwargs):
        if "serif" in args or kwargs.get("family") == "serif":
            calls.append((value, size))
        return real(value, size, *args, **kwargs)

    monkeypatch.setattr(paint_seats, "text", spy)
    table = table_on(app)
    until_human_acts(app, table)
    table.model.stale = True
    table.dirty = True
    app.step(1 / 60)
    lay = table.model.layout
    for seat in lay.seat_panel:
        lines, room = lay.seat_name[seat], lay.header[seat].w - header_px(lay.u) - 6
        assert lines.lines[0].startswith(table.model.names[seat]) and lines.px >= 10
        for line in lines.lines:
            assert (line, lines.px) in calls
            assert font(lines.px, True, "serif").size(line)[0] <= room, (line, lines.px, room)


def test_the_empty_play_area_label_is_never_under_the_reveal_slot(app):
    """In French at 1024×640 "Votre zone de jeu" peeked out from under the Reveal slot as "eu": the slot
    now waits at the end of the hand, so the whole play area (and its label) stays clear."""
    from amul_table.i18n import set_language
    from tests.window_driver import key

    set_language("fr")
    table = table_on(app)
    for _ in range(3):  # offer, pick, then the reveal
        until_human_acts(app, table)
        if table.model.view.phase == Phase.REVEAL:
            break
        phase = table.model.view.phase
        key(app, pygame.K_RETURN)
        key(app, pygame.K_RETURN)
        until(app, lambda phase=phase: table.model.view.phase != phase, what="the next phase")
    m = table.model
    assert m.view.phase == Phase.REVEAL and not m.view.play_areas[m.shown]
    for size in ((1024, 640), (2560, 1440)):
        app.resize(size)
        lay = m.layout
        assert not lay.play_rect[m.shown].colliderect(lay.reveal_slot[m.shown])


def test_every_line_the_french_table_writes_has_its_non_breaking_spaces(app, monkeypatch):
    """The sidebar wrote "Ordre: sens horaire…": a colon glued in code escapes the strings' own check."""
    from amul_table.i18n import set_language
    from amul_table.scenes.table import paint, paint_seats, paint_sidebar
    from tests.app.test_french_typography import slips

    drawn: list[str] = []
    for module in (paint, paint_seats, paint_sidebar):
        for name in ("text", "fit_text"):
            real = getattr(module, name)

            def spy(value, *args, real=real, **kwargs):
                drawn.append(value)
                return real(value, *args, **kwargs)

            monkeypatch.setattr(module, name, spy)
    set_language("fr")
    table = table_on(app)
    until_human_acts(app, table)
    table.model.stale = True
    table.dirty = True
    app.step(1 / 60)
    assert any(line.startswith("Ordre") for line in drawn)
    assert [line for line in drawn if slips(line)] == []


def test_the_tutorial_coach_writes_each_reveal_with_french_typography():
    from amul_table.i18n import set_language
    from amul_table.rules.state import Event, EventKind
    from amul_table.scenes.tutorial_coach import Coach
    from tests.app.test_french_typography import slips

    set_language("fr")
    coach = Coach.__new__(Coach)
    coach.names = ["Vous", "Marco", "Battuta"]
    line = coach.event_line(Event(EventKind.REVEALS, -1, cards=(0, 1, 2)))
    assert line.startswith("Révélées") and slips(line) == []


@cache
def reveal_views(players: int, seed: int = 5) -> tuple:
    """Seat 0's view at every step of every Reveal of a random game, the others revealing before it (played once
    for every window size)."""
    import random

    from amul_table.rules.engine import apply, legal_actions, pending
    from amul_table.rules.setup import new_game
    from amul_table.rules.views import view_for

    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    views = []
    while not state.is_over:
        now = pending(state)
        if state.phase == Phase.REVEAL:
            views.append(view_for(state, 0))
        seat = now.seats[-1]
        apply(state, rng.choice(legal_actions(state, seat)))
    return tuple(views)


@pytest.mark.parametrize(
    ("size", "players"),
    size_sweep(
        [(1024, 640), (1600, 900), (2560, 1440)], range(3, 9), quick=lambda size, n: size == (1024, 640) or n == 8
    ),
)
def test_an_opponents_face_down_reveal_never_covers_its_strips(size, players):
    """At 1024×640 the card back of a side panel's Reveal hid the count and icons of its first strips (the fast
    suite: that size at every player count, and every size at 8 players)."""
    from amul_table.scenes.table.layout import TableLayout

    pygame.font.init()
    for view in reveal_views(players):
        lay = TableLayout(size, view, 0)
        for seat, stacks in lay.stacks.items():
            if view.revealed[seat]:
                slot = lay.reveal_slot[seat]
                assert not [st for st in stacks if st.rect.colliderect(slot)], (seat, view.round)


def test_the_round_tracker_waits_for_the_new_round_to_land(window, monkeypatch):
    """The sidebar said "Round 5 of 9 · Offer" while round 4's last take was still flying."""
    import time

    from amul_table.rules.state import EventKind
    from amul_table.scenes.table import paint_sidebar

    app = window((1024, 640), animation_speed="normal", bot_pause=0.0)
    drawn: list[str] = []
    real = paint_sidebar.text

    def spy(value, *args, **kwargs):
        drawn.append(value)
        return real(value, *args, **kwargs)

    monkeypatch.setattr(paint_sidebar, "text", spy)
    game = played(4, 15, "medium", round_number=3)  # a game played once per process, played on unseen to round 4's
    while not (game.view(0).round == 4 and game.view(0).phase == Phase.EFFECTS):  # Effects: its last take is yours
        game.client.submit(game.view(0).legal[0])
        game.run_bots_now()
    app.push(TitleScene(app))
    table = app.go(Route.TABLE, game)
    app.push(table)
    model = table.model
    seen = False
    deadline = time.monotonic() + 90
    while not seen and time.monotonic() < deadline:
        until(app, lambda: model.view.legal and not table.animating, dt=1 / 10, what="the human's turn")
        table.act(model.choices()[0] if model.choices() else model.view.legal[0])
        while table.animating and not seen:
            drawn.clear()
            app.step(1 / 30)
            held = model.view.log[len(model.view.log) - model.log_withheld :] if model.log_withheld else ()
            if any(ev.kind == EventKind.ROUND for ev in held) and drawn:
                seen = True
                assert model.tracker() == (model.latest.round - 1, Phase.EFFECTS)
                assert f"Round {model.latest.round - 1} of 9" in drawn
    assert seen
    table.skip()
    assert model.tracker() == (model.view.round, model.view.phase)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_opponents_strips_grow_into_unused_columns_rather_than_cut_names(size):
    """At 2560×1440 "Mongol M…" was cut in a top panel whose right half stood empty."""
    from amul_table.scenes.table.layout import TableLayout
    from tests.scenes.test_table_layout import seat0_views

    pygame.font.init()
    for view in seat0_views(4):
        lay = TableLayout(size, view, 0)
        col_w = max(80, int(150 * lay.u))
        for seat, stacks in lay.stacks.items():
            if not stacks or seat in lay.overflow:
                continue
            play = lay.play_rect[seat]
            right = max(st.rect.right for st in stacks)
            widest = max(st.rect.w for st in stacks)
            assert right >= play.right - 4 or widest >= 2 * col_w, (seat, view.round, right, play.right)


@pytest.mark.parametrize("size", [(1024, 640), (1600, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tutorials_log_ends_above_the_coach_so_its_newest_line_shows(window, size):
    """The coach panel covered the lower sidebar, and with it the newest log lines ("Trading" cut from "House.")."""
    from tests.scenes.test_tutorial import TutorialScene, tutorial_app

    app = tutorial_app(window, size)
    tutorial = app.top if isinstance(app.top, TutorialScene) else None
    if tutorial is None:
        tutorial = app.go(Route.TUTORIAL)
        app.push(tutorial)
    app.step(1 / 60)
    tutorial.resize((size[0] + 10, size[1] + 10))  # a refresh or resize keeps the room for the coach
    assert tutorial.model.layout.log_rect.bottom <= tutorial.coach_rect().top


def test_the_tray_title_stays_readable_over_a_raised_selected_card(window):
    """In Learn to play at 1600×900 the first Market card, raised and ringed, covered "MAR" of MARKET."""
    from amul_table.scenes.table.paint import tray_title
    from tests.scenes.test_tutorial import TutorialScene, step, tutorial_app

    app = tutorial_app(window, (1600, 900))
    tutorial = app.top
    assert isinstance(tutorial, TutorialScene)
    for _ in range(2000):
        if tutorial.model.view.phase == Phase.PICK and tutorial.model.view.legal and not tutorial.animating:
            break
        step(app, tutorial)
    assert tutorial.model.layout.tray
    pixels = []
    for selected in (0, len(tutorial.model.choices()) - 1):
        tutorial.model.selected = selected
        tutorial.model.stale = True
        tutorial.dirty = True
        app.step(1 / 60)
        _, where = tray_title(tutorial.model, tutorial.model.layout)
        pixels.append(pygame.image.tobytes(app.screen.subsurface(where), "RGB"))
    assert pixels[0] == pixels[1]


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1600, 900), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_out_of_the_game_label_covers_no_palace_or_bazaar_strip(size, players):
    """At 8 players and 1024×640 "Out of the game" lay over the Egyptian and Russian Traders."""
    from amul_table.scenes.table.layout import TableLayout
    from amul_table.scenes.table.paint import removed_label
    from tests.scenes.test_table_layout import seat0_views

    pygame.font.init()
    for view in seat0_views(players)[:3]:  # the staircases are longest at the start
        lay = TableLayout(size, view, 0)
        _, plate = removed_label(lay)
        strips = [*lay.palace.values(), *lay.bazaar.values()]
        assert plate.collidelist(strips) == -1, (view.round, plate)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [5, 8])
def test_the_out_of_the_game_label_is_never_cut(players, lang):
    """Kept inside the staircases, the label must still show whole ("Out of th…" at 8 players, 1024×640)."""
    from amul_table.i18n import set_language, tr
    from amul_table.scenes.table.layout import TableLayout
    from amul_table.scenes.table.paint import removed_label
    from amul_table.sprites.style import font
    from tests.scenes.test_table_layout import seat0_views

    pygame.font.init()
    set_language(lang)
    for size in [(1024, 640), (1366, 768), (1600, 900), (2560, 1440)]:
        lay = TableLayout(size, seat0_views(players)[0], 0)
        img, _ = removed_label(lay)
        assert img.get_width() >= font(9, True).size(tr("board.removed"))[0], size  # whole, at 9 px or more


def test_the_round_banner_is_on_top_of_the_palace_bands_none_show_through():
    """Issue 23 #14: at 8 players the round banner stood over the Palace bands, which showed through its plate."""
    from amul_table.rules.setup import new_game
    from amul_table.rules.views import view_for
    from amul_table.scenes.table.layout import TableLayout
    from amul_table.scenes.table.paint import draw_banners
    from amul_table.sprites.tween import Banner

    pygame.font.init()
    lay = TableLayout((1600, 900), view_for(new_game(8, seed=1), 0), 0)
    banner = Banner(text="Round 2 of 9", start=0.0, duration=1.0)
    frames = []
    for colour in ((0, 0, 0), (255, 255, 255)):
        s = pygame.Surface(lay.size)
        s.fill(colour)
        draw_banners(s, lay, [banner], 0.5)  # at its full strength
        frames.append(s)
    y = lay.board_area.top + int(lay.board_area.h * 0.42)  # across the banner's middle
    drawn = [x for x in range(lay.size[0]) if frames[0].get_at((x, y))[:3] != (0, 0, 0)]
    assert len(drawn) > 100
    assert all(frames[0].get_at((x, y)) == frames[1].get_at((x, y)) for x in drawn), "the table shows through"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [3, 8])
def test_an_opponents_status_is_its_words_or_a_sign_and_its_tip_says_name_and_status_whole(lang, players, monkeypatch):
    """Re-check of issue 23 #12: in the replay at 1024×640 an opponent's "choosing…" shrank to "…", which reads as
    words cut. Where the words have no room the status is a sign (✓ ◷ ▸), and the panel's tip names the seat and
    its status whole at every size."""
    import random

    from amul_table.i18n import set_language, tr
    from amul_table.match.replay import Replay
    from amul_table.persistence.save_format import GameSetup, SavedGame
    from amul_table.persistence.settings import Settings
    from amul_table.rules.seats import Seat
    from amul_table.rules.setup import new_game
    from amul_table.scenes.table import paint_seats
    from amul_table.scenes.table.model import TableModel
    from amul_table.scenes.table.paint import static_parts
    from amul_table.scenes.table.paint_seats import draw_seat, draw_shown_seat
    from amul_table.scenes.tooltip import TipKind
    from tests.scenes.test_resumed_trail import played

    set_language(lang)
    names = ["Rabban Bar Sauma", "Ibn Battuta", "Xuanzang", "Marco Polo", "Zheng He", "Odoric", "Faxian"]
    seats = (Seat.of_human("Ana"), *(Seat.bot(n, "medium") for n in names[: players - 1]))
    replay = Replay.of_saved(
        SavedGame(GameSetup(seats, 0, bot_salt=1), played(new_game(players, 7), rounds=9, rng=random.Random(3)))
    )
    replay.go(2)  # round 1's Offer, two seats ready, the others choosing
    drawn: list[str] = []
    real = paint_seats.text
    monkeypatch.setattr(paint_seats, "text", lambda value, *a, **k: drawn.append(value) or real(value, *a, **k))
    signs = {"\u2713", "\u25f7", "\u25b8"}
    for size in [(1024, 640), (1600, 900), (2560, 1440), (3840, 2160)]:
        model = TableModel.of(replay, 0, size, Settings())
        statuses = {seat: model.status(seat)[0] for seat in model.layout.seat_panel}
        assert set(statuses.values()) == {tr("table.ready"), tr("table.choosing")}
        tips: list = []
        drawn.clear()
        surface = pygame.Surface(size)
        for part in static_parts(model, set(), tips, buttons_left=None, text_left=None):
            if part.func in (draw_seat, draw_shown_seat):  # the seats: the rest of the frame says no status
                part(surface)
        shown = [v for v in drawn if v in signs or v in statuses.values() or (v.endswith("\u2026") and len(v) <= 2)]
        assert len(shown) == players and "\u2026" not in shown, (size, shown)  # the opponents' and your own
        said = {t.text() for t in tips if t.kind is TipKind.SEAT_STATUS}
        for seat, status in statuses.items():
            whole = f"{model.names[seat]} · {tr('tier.medium')}"
            assert tr("tip.seat_status", name=whole, status=status) in said
