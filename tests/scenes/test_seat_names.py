"""Issue 23 #12 ("names cut to 'Zheng …', 'Xuanz…'"): every place the table draws a seat's name shows it whole at 8
players from 1024×640 up: the bots' names on one line, a name typed at Setup's limit on two (or three) lines before
it is ever cut. The one place with no room for two lines, a face-down offer's tag on a Market strip, keeps a tip with
the whole name."""

from __future__ import annotations

import random
from functools import cache

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.i18n import set_language, tr
from amul_table.match.session import GameSession
from amul_table.persistence.settings import Settings
from amul_table.rules.phases import Phase
from amul_table.rules.seats import BOT_NAMES, Seat
from amul_table.scenes.setup import NAME_LIMIT
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import paint_moving, paint_static
from amul_table.scenes.table.paint_seats import draw_seat
from amul_table.scenes.tooltip import Tip, TipKind
from tests.scenes.table_text import Drawn, recording
from tests.scenes.test_table_layout import Moment

# Names typed at Setup's limit: wide capitals, accents and a hyphen, words that wrap, and one long word
TYPED = (
    "W" * NAME_LIMIT,
    "Éléonore-Françoise",
    "Rabban Bar Sauma X",
    "M" * NAME_LIMIT,
    "Ibn Battuta Tangér",
    "Guillaume Rubrouck",
    "Zheng He de Nankin",
    "Xuanzang Chang'anW",
)
PLACES = ("draw_seat", "draw_shown_seat", "draw_turn_order", "seat_tag")  # the functions that draw a seat's name


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@cache
def decision_moments(players: int, *, typed: bool = False) -> tuple[Moment, ...]:
    """Seat 0's first Offer (the others' offers face down in the Market), Pick, Reveal and Effects, in a game of
    random moves played once for every language and size: the bots `make_session` names, or with `typed` eight
    seats of names typed at Setup's limit."""
    if typed:
        seats = [Seat.of_human(TYPED[0]), *(Seat.bot(name, "random") for name in TYPED[1:players])]
        session = GameSession(seats, 3, 0, bot_salt=1)
    else:
        session = make_session(players, 3, "random")
    rng = random.Random(4)
    out: dict[Phase, Moment] = {}
    while not session.is_over and len(out) < 4:
        session.run_bots_now()
        view = session.view(0)
        if view.legal:
            out.setdefault(view.phase, Moment.of(session))
            session.client.submit(rng.choice(view.legal))
    assert set(out) == {Phase.OFFER, Phase.PICK, Phase.REVEAL, Phase.EFFECTS}
    return tuple(out.values())


def decisions(players: int, *, typed: bool = False) -> list[TableModel]:
    """Seat 0's table at those four decisions (`decision_moments`), in the window's language."""
    return [TableModel.of(moment, 0, (1024, 640), Settings()) for moment in decision_moments(players, typed=typed)]


def drawn_names(monkeypatch, models: list[TableModel], size: tuple[int, int]) -> tuple[list[Drawn], list[Tip]]:
    """Every line of text the still frames of `models` draw at `size`, and their tips."""
    for model in models:
        model.resize(size)
    tips: list[Tip] = []
    surface = pygame.Surface(size)
    with recording(monkeypatch) as drawn:
        for model in models:
            frame: list[Tip] = []  # (a frame with the tray drops the tips under it from its list)
            paint_static(surface, model, buttons_left=None, tips=frame)
            paint_moving(surface, model, [], [], 0.0, zoom_at=None)
            tips += frame
    return drawn, tips


def cuts(name: str, drawn: list[Drawn]) -> list[str]:
    """The lines drawn that show `name` shortened ("Zheng …", "Xuanz…")."""
    return [d.value for d in drawn if any(f"{name[:k]}\u2026" in d.value for k in range(1, len(name)))]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_bot_name_is_drawn_whole_in_every_place_at_eight_players_1024(lang, monkeypatch):
    """The bots' names (the longest of them, Xuanzang and Zheng He, with their tier) in the opponents' headers, your
    own seat, the turn order and the face-down offers' tags: each drawn whole, none shortened anywhere."""
    set_language(lang)
    models = decisions(8)
    names = models[0].names
    assert names[1:] == list(BOT_NAMES[:7])
    drawn, _ = drawn_names(monkeypatch, models, (1024, 640))
    for name in names:
        assert not cuts(name, drawn), name
    for place in PLACES:
        whole = {n for n in names if any(n in d.value and place in d.within for d in drawn)}
        shown = {"draw_shown_seat": {names[0]}, "draw_turn_order": set(names)}.get(place, set(names[1:]))
        assert whole == shown, place


@pytest.mark.parametrize("size", [(1024, 640), (1600, 900)])
@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_opponents_header_says_name_and_tier_wherever_they_fit(lang, players, size, monkeypatch):
    """ "Battuta" beside "Marco · easy", "Xuanzang ✓" with no tier (3 players at 1600×900, 5 at 1024×640): a status in
    words took the room of one seat's tier and not another's. At every decision, whatever the statuses, each header
    says "name · tier", on two lines where one is too narrow."""
    set_language(lang)
    models = decisions(players)  # the widest tier: "au hasard"
    surface = pygame.Surface(size)
    for model in models:
        model.resize(size)
        for seat in model.layout.seat_panel:
            with recording(monkeypatch) as drawn:  # its caches emptied: every line of this header is drawn again
                draw_seat(surface, model, model.layout, set(), seat)
            said = " ".join(d.value for d in drawn if d.by == "draw_seat")
            assert f"{model.names[seat]} · {tr('tier.random')}" in said, (model.view.phase, said)


@pytest.mark.parametrize(
    ("lang", "size"),
    [  # the fast suite: the smallest window in both languages, the largest in French; make test: every pair
        pytest.param(
            lang, size, marks=() if i == 0 or (i == 2 and lang == "fr") else pytest.mark.slow, id=f"{lang}-size{i}"
        )
        for lang in ("en", "fr")
        for i, size in enumerate([(1024, 640), (1600, 900), (2560, 1440)])
    ],
)
def test_names_typed_at_the_limit_wrap_before_they_are_cut_and_a_cut_tag_has_a_tip(lang, size, monkeypatch):
    """Names of Setup's 18 characters ("WWWWWWWWWWWWWWWWWW", "Éléonore-Françoise") at 8 players: an opponent's header
    and the turn order show each whole, on more lines where one is too narrow; your own seat on one line. A
    face-down offer's tag on a Market strip has room for one line only: where it cuts a name, the strip's tip says
    the name whole."""
    set_language(lang)
    assert all(len(name) == NAME_LIMIT for name in TYPED)
    models = decisions(8, typed=True)
    drawn, tips = drawn_names(monkeypatch, models, size)
    lay = models[0].layout
    for seat, name in enumerate(TYPED):
        in_header = [d.value for d in drawn if "draw_seat" in d.within or "draw_shown_seat" in d.within]
        in_order = [d.value for d in drawn if "draw_turn_order" in d.within]
        lines = lay.seat_name[seat].lines if seat in lay.seat_name else (f"{name} \u2014",)
        order = lay.order_names[seat].lines
        for shown, where in ((lines, in_header), (order, in_order)):
            assert "".join(shown).replace(" ", "").startswith(name.replace(" ", "")), (name, shown)
            assert all(any(line in value for value in where) for line in shown), (name, shown)
        tags = [d.value for d in drawn if "seat_tag" in d.within and name[:4] in d.value]
        if seat and any(value != name for value in tags):  # the offer's tag cut: its tip says the name
            assert any(t.kind is TipKind.OFFER_FACE_DOWN and name in t.text() for t in tips), name
        assert not [c for c in cuts(name, drawn) if c not in tags], name


def pad_names(window, monkeypatch, lang: str, size: tuple[int, int], seats: list[Seat] | None = None):
    """The score pad of a finished 8-player game (its seats renamed to `seats`), filled in: the names it drew, by
    the place that drew them, and the tips of its names."""
    import dataclasses

    from amul_table.scenes import score_pad
    from amul_table.scenes.score_pad import ScoringScene
    from tests.scenes.played import played
    from tests.scenes.text_spy import spy_text
    from tests.window_driver import frames

    app = window(size, language=lang, bot_pause=0.0)
    saved = played(8, 5, "easy").saved_game()
    if seats is not None:
        saved = dataclasses.replace(saved, setup=dataclasses.replace(saved.setup, seats=tuple(seats)))
    drawn = spy_text(monkeypatch, score_pad)
    app.push(ScoringScene(app, saved))
    app.top.clock = 1e9  # the pad filled in
    frames(app, 2)
    return app.top, drawn


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_score_pad_writes_every_bots_name_whole_and_readable_at_eight_players_1024(window, lang, monkeypatch):
    """At 1024×640 the pad's eight columns shrank "Zheng He" and "Xuanzang" to 6-7 px over their column and under
    their bar: every other name now goes a line lower, as wide as two columns, each whole at 12 px at least."""
    from amul_table.sprites.style import LEAST_PX, font

    pad, drawn = pad_names(window, monkeypatch, lang, (1024, 640))
    least = min(font(LEAST_PX, True).get_height(), font(LEAST_PX, True, "serif").get_height())
    for name in pad.names:
        images = [img for words, img in drawn if words == name]
        assert len(images) >= 2, name  # over its column and under its bar
        assert min(img.get_height() for img in images) >= least, name
        assert not [w for w, _ in drawn if w != name and any(f"{name[:k]}\u2026" in w for k in range(1, len(name)))]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_name_at_the_limit_the_pad_has_to_cut_keeps_a_tip_with_the_whole_name(window, lang, monkeypatch):
    """Eight names of 18 characters cannot fit eight columns at 1024×640 even staggered: each cut one (over its
    column, under its bar) has a tip that says it whole."""
    seats = [Seat.of_human(TYPED[0]), *(Seat.bot(name, "easy") for name in TYPED[1:])]
    pad, drawn = pad_names(window, monkeypatch, lang, (1024, 640), seats)
    said = {dict(t.values)["name"] for t in pad.tooltip.regions if t.kind is TipKind.SEAT_NAME}
    for name in TYPED:
        cut = [w for w, _ in drawn if any(f"{name[:k]}\u2026" == w for k in range(1, len(name)))]
        assert (name in said) == bool(cut), name
    assert said  # (the test would pass with no cut at all)


def test_a_tab_too_narrow_for_its_name_ends_in_an_ellipsis_and_its_tip_says_the_name_whole(window, monkeypatch):
    """The pad's seat tabs (pygame_gui buttons) clipped a name at the limit mid-letter ("WWWWWWWWWWW", "Rabban Bar
    Sauma" without its X), with no way to read the rest: the label now ends in "…", and resting the pointer on the
    tab shows the whole name."""
    from tests.window_driver import frames

    seats = [Seat.of_human(TYPED[0]), *(Seat.bot(name, "easy") for name in TYPED[1:])]
    pad, _ = pad_names(window, monkeypatch, "en", (1024, 640), seats)
    tabs = [pad.widgets[f"seat{i}"] for i in range(8)]
    assert [b.text == name for b, name in zip(tabs, TYPED, strict=True)].count(False) >= 4
    for tab, name in zip(tabs, TYPED, strict=True):
        assert tab.text == name or (tab.text.endswith("\u2026") and name.startswith(tab.text[:-1])), tab.text
    tab = tabs[2]
    assert tab.text != TYPED[2]  # "Rabban Bar Sau…"
    pygame.mouse.set_pos(tab.rect.center)  # pygame_gui reads the pointer from pygame, not from the event
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tab.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(pad.app, 20, dt=0.1)  # two seconds, in frames of 0.1 s: past pygame_gui's tip delay
    assert tab.tool_tip is not None and tab.tool_tip.text_block.html_text == TYPED[2]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", [TYPED[0], TYPED[1]])
def test_the_shield_says_a_long_name_whole_at_its_own_size_on_two_lines(window, lang, name, monkeypatch):
    """Pass and play's shield shrank "WWWWWWWWWWWWWWWWWW, press Space or click when only you can see the screen." to
    about 9 px at 1024×640 to keep it on one line; it now goes on two lines at the shield's 13 px."""
    from amul_table.i18n import tr
    from amul_table.scenes.table import shield
    from amul_table.sprites.style import font
    from tests.scenes.text_spy import spy_text

    app = window((1024, 640), language=lang)
    drawn = spy_text(monkeypatch, shield)
    scene = shield.ShieldScene(app, name, 1, lambda: None, round_number=1, phase=Phase.OFFER)
    scene.draw(app.screen)
    said = tr("shield.ready", name=name)
    lines = [(words, img) for words, img in drawn if words in said and len(words) > 3]
    assert " ".join(words for words, _ in lines) == said
    assert len(lines) == 2 and all(img.get_height() >= font(13).get_height() for _, img in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_reviews_seat_button_says_review_of_a_name_at_the_limit_whole_at_1024(window, lang, monkeypatch):
    """The review's seat button was as wide as Back: "Review of: WWWWWWWWWWWWWWWWWW" did not fit even at 60 % of its
    font. It is twice as wide now, and says the whole name."""
    import dataclasses

    from amul_table.i18n import tr
    from amul_table.scenes import review, review_job
    from amul_table.scenes.review_job import Reviewed
    from tests.scenes.played import played

    monkeypatch.setattr(review, "SAMPLES", 16)
    monkeypatch.setattr(review_job, "_DONE", {})
    app = window((1024, 640), language=lang)
    saved = played(8, 5, "easy").saved_game()
    seats = (Seat.of_human(TYPED[0]), *(Seat.bot(name, "easy") for name in TYPED[1:]))
    saved = dataclasses.replace(saved, setup=dataclasses.replace(saved.setup, seats=seats))
    scene = review.ReviewScene(app, Reviewed.of_saved(saved), 0)
    app.push(scene)
    app.step(1 / 60)
    assert scene.widgets["seat"].text == tr("review.seat", name=TYPED[0])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_load_list_names_all_eight_seats_of_a_save_at_1024(window, lang, tmp_path, monkeypatch):
    """Load listed an 8-player save as "You, Marco (medium bot), Battuta (medium bot), Zheng He (medium bot),
    Xuanzang (medium bot) …": three seats were never named. Where the tiers leave no room, the seats are named
    without them, every one whole."""
    from amul_table.i18n import shown_name
    from amul_table.persistence.save_format import dump_save
    from amul_table.persistence.saves_folder import SavesFolder
    from amul_table.scenes import load
    from tests.scenes.played import played
    from tests.scenes.text_spy import spy_text

    saved = played(8, 5, "medium", round_number=3).saved_game()
    (tmp_path / "eight.yaml").write_text(dump_save(saved), encoding="utf-8")
    app = window((1024, 640), language=lang)
    app.saves = SavesFolder(tmp_path)
    drawn = spy_text(monkeypatch, load)
    app.push(load.LoadScene(app))
    app.step(1 / 60)
    words = [w for w, _ in drawn]
    assert all(shown_name(seat.name) in words for seat in saved.setup.seats), words  # "Vous" for "You" in French
    assert "\u2026" not in words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_prompt_waiting_for_seven_long_names_goes_on_two_lines_before_it_cuts_one(lang, monkeypatch):
    """The prompt "Waiting for Éléonore-Françoise, Rabban Bar Sauma X, …" (seven names at Setup's limit) was cut
    at 1024×640 ("…, Xuanzang Cha…"): it goes on two lines at 12 px, which hold it whole."""
    from amul_table.i18n import tr
    from amul_table.scenes.table.paint import draw_prompt

    set_language(lang)
    seats = [Seat.of_human(TYPED[0]), *(Seat.bot(name, "random") for name in TYPED[1:])]
    session = GameSession(seats, 3, 0, bot_salt=1)
    session.client.submit(session.view(0).legal[0])  # your offer made; the seven bots not yet asked
    model = TableModel.of(session, 0, (1024, 640), Settings())
    said = tr("table.prompt.wait", names=", ".join(TYPED[1:]))
    assert model.prompt_text() == said
    with recording(monkeypatch) as drawn:
        draw_prompt(pygame.Surface((1024, 640)), model, model.layout, buttons_left=None)
    assert " ".join(d.value for d in drawn) == said and len(drawn) == 2


def test_a_name_breaks_between_words_after_a_hyphen_or_evenly_inside_one_long_word():
    """How `seat_name_lines` breaks: one line whenever it fits at the least size; between words and after a hyphen; a
    single long word into lines of about equal length (the turn order drew "MMMMMMMMMMMMMMMMM" over a lone "M");
    cut, flagged, only where the lines allowed hold too little."""
    from amul_table.sprites.seat_names import seat_name_lines
    from amul_table.sprites.style import font

    wide = font(12, True).size("M" * 18)[0]
    assert seat_name_lines("M" * 18, wide, 14).lines == ("M" * 18,)
    assert seat_name_lines("Éléonore-Françoise", 90, 12).lines == ("Éléonore-", "Françoise")
    assert seat_name_lines("Rabban Bar Sauma X", 90, 12).lines == ("Rabban Bar", "Sauma X")
    even = seat_name_lines("M" * 18, wide - 10, 12).lines
    assert "".join(even) == "M" * 18 and len(even) == 2 and abs(len(even[0]) - len(even[1])) <= 2
    cut = seat_name_lines("W" * 18, 60, 12)
    assert cut.cut and len(cut.lines) == 2 and cut.lines[-1].endswith("\u2026")


def test_a_layout_made_before_the_names_came_keeps_a_row_for_every_place_of_the_turn_order():
    """The score box starts below the turn order: a layout given no names yet still counts a row for each place."""
    from amul_table.rules.setup import new_game
    from amul_table.rules.views import view_for
    from amul_table.scenes.table.layout import TableLayout

    view = view_for(new_game(8, seed=1), 0)
    named = TableLayout((1024, 640), view, 0, names=["You", *BOT_NAMES])
    assert TableLayout((1024, 640), view, 0).side_tops["score"] == named.side_tops["score"]


@pytest.mark.parametrize("aid", [False, True], ids=["letters-off", "letters-on"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_eight_players_1024_your_own_strips_show_whole_or_shortened_names_never_cut(lang, aid, monkeypatch):
    """The last stop's note: your own play area at 8 players showed "Caravane mong…" in French, where the opponents'
    strips already flowed in rows as wide as their names ("Mong. Caravan"). Yours flow the same way now, and the
    opponents' and yours keep doing so with the colour-blind aid's letter before each name ("Marchand mon…",
    "Mong. Gu…": the widths did not count it)."""
    from amul_table.scenes.table.paint_seats import draw_shown_seat
    from tests.scenes.test_table_layout import table_moments, text_of_parts

    set_language(lang)
    strips = 0
    for model in table_moments(8):
        monkeypatch.setattr(model.settings, "language", lang)
        monkeypatch.setattr(model.settings, "colour_blind", aid)
        # laid out again in this language, with or without the letters (the shared model's own layout kept)
        monkeypatch.setattr(model, "layout", model.lay_out((1024, 640)))
        drawn = text_of_parts(monkeypatch, model, (1024, 640), (draw_seat, draw_shown_seat))
        yours = [d.value for d in drawn if "draw_play_area" in d.within]
        assert not [v for v in yours if "\u2026" in v or v.startswith("+")], (model.view.round, yours)
        theirs = [d.value for d in drawn if "draw_seat" in d.within and "draw_stacks" in d.within]
        assert not [v for v in theirs if "\u2026" in v], (model.view.round, theirs)
        strips += len(theirs)
    assert strips > 100
