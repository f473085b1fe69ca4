"""Issue 23 #6 and #12 at 8 players: the Palace and Bazaar lists at 1024×640 shared the board's width out in
columns too narrow for their names ("Arg…", "Épi…", "Médaill…", "Dervic…", "Négociant byza…" in French in rounds
5 to 8, "Babylonian Tra…" in English). Where the columns cut a name, the bands flow in rows as wide as their names,
shortened by syllables where whole ones do not fit ("Négociant byz."), as the play areas' strips do."""

from __future__ import annotations

import random
from functools import cache

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.i18n import set_language
from amul_table.persistence.settings import Settings
from amul_table.rules.cards import load_cards
from amul_table.scenes.replay import BAR
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import draw_board_stack
from amul_table.scenes.table.stacks import chip_width, letter_lead, shortened
from amul_table.sprites.cards import card_name
from tests.scenes.test_table_layout import CAP_PX, PLAYERS, SIZES, Moment, seat0_views, text_of_parts


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@cache
def round_moments(players: int, seed: int = 5) -> tuple[Moment, ...]:
    """Seat 0's first decision of each round of a game of random moves, played once for every language and aid
    (the seats' and views' words are the window's: `shown_name`, the table's own)."""
    session = make_session(players, seed, "random")
    rng = random.Random(seed)
    out: dict[int, Moment] = {}
    while not session.is_over:
        session.run_bots_now()
        view = session.view(0)
        if view.legal:
            out.setdefault(view.round, Moment.of(session))
            session.client.submit(rng.choice(view.legal))
    return tuple(out.values())


def round_tables(players: int, lang: str, *, colour_blind: bool = False) -> list[TableModel]:
    """Seat 0's table at its first decision of each round, in `lang` (with the colour-blind aid's letters before
    the names with `colour_blind`)."""
    settings = Settings(language=lang, colour_blind=colour_blind)
    return [TableModel.of(moment, 0, (1024, 640), settings) for moment in round_moments(players)]


def names_of(name: str) -> set[str]:
    """What a band may say for a card: its name whole or shortened by syllables ("Négociant byz.", "Nég. byz.", and
    "Med." for the colour-blind aid's letters at 1024×640)."""
    return {shortened(name, level) for level in range(4)}


@pytest.mark.parametrize("aid", [False, True], ids=["letters-off", "letters-on"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_palace_and_bazaar_band_at_8_players_1024_says_its_name_whole_or_shortened(lang, aid, monkeypatch):
    """Read through the drawn text, at the table and in the replay (over its control bar): each band of every round's
    board says its card's name whole or shortened by syllables, never cut with "…", at the legibility minimum; with
    the colour-blind aid's letter before each name too (the widths did not count it: "O…", "Médail…", "Négociant
    babylon…")."""
    set_language(lang)
    cards = load_cards().cards
    checked = 0
    for model in round_tables(8, lang, colour_blind=aid):
        for size in ((1024, 640), replay_table((1024, 640))):
            drawn = text_of_parts(monkeypatch, model, size, (draw_board_stack,))
            bands = [st for name in ("palace", "bazaar") for st in model.layout.board_stacks[name]]
            names = [d for d in drawn if "fit_text" in d.within]  # (not its count "×2", nor its short rule)
            assert len(names) == len(bands), (size, model.view.round, [d.value for d in drawn])
            for d, st in zip(names, bands, strict=True):
                said = (size, model.view.round, d.value, d.cap)
                assert d.value in names_of(card_name(cards[st.uids[0]].type, lang)) and d.cap >= CAP_PX, said
                checked += 1
    assert checked > 200


def replay_table(size: tuple[int, int]) -> tuple[int, int]:
    """The table's size in the replay's window of `size`: above its control bar (ReplayScene.resize)."""
    u = min(size[0] / 1600, size[1] / 900)
    return size[0], size[1] - max(96, int(BAR * u))


EDGES = ((1024, 640), (3840, 2160))  # the smallest window and the largest: the sizes between them are slow


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [pytest.param(n, marks=pytest.mark.slow) if n < 8 else n for n in PLAYERS])
@pytest.mark.parametrize(
    "table_size", [pytest.param(s, marks=() if s in EDGES else pytest.mark.slow, id=f"{s[0]}x{s[1]}") for s in SIZES]
)
def test_every_band_is_wide_enough_for_what_it_says_at_every_size_in_the_table_and_the_replay(
    table_size, lang, players
):
    """From 1024×640 to 3840×2160 at 3 to 8 players, every view of a game, at the table and in the replay (less
    high, over its control bar), with the colour-blind aid off and on: each Palace and Bazaar band is as wide as its
    name (whole or shortened), count and letter need, lies on the board above the Market, and on no band of the other
    side (the replay's Bazaar lay over the Palace's "Dervish", "Tent" and "Yurt" at 1024×640)."""
    set_language(lang)
    cards = load_cards().cards
    for view, aid in ((v, aid) for v in seat0_views(players) for aid in (False, True)):
        for size in (table_size, replay_table(table_size)):
            lay, letters = TableLayout(size, view, 0, colour_blind=aid), lang if aid else None
            market_top = min(r.top for r in lay.market_slots)
            for st in (st for sts in lay.board_stacks.values() for st in sts):
                label = st.label or card_name(cards[st.uids[0]].type, lang)
                assert label in names_of(card_name(cards[st.uids[0]].type, lang)), label
                need = chip_width(label, st.rect.h, len(st.uids), lead=letter_lead(st.uids, label, st.rect.h, letters))
                assert st.rect.w >= need, (size, view.round, aid, label, st.rect)
                assert st.rect.bottom < market_top and lay.board_area.contains(st.rect), (size, view.round, label)
            bazaar = [st.rect for st in lay.board_stacks["bazaar"]]
            assert all(st.rect.collidelist(bazaar) == -1 for st in lay.board_stacks["palace"]), (size, view.round)


def test_a_one_word_name_is_shortened_only_at_the_boards_last_level():
    """The colour-blind letters can leave the board's rows no other way (8 players, 1024×544 in the replay)."""
    assert shortened("Medallion", 2) == "Medallion" and shortened("Medallion", 3) == "Med."
    assert shortened("Mongol Merchant", 3) == shortened("Mongol Merchant", 2) == "Mong. Merch."
    assert shortened("Gold", 3) == "Gold"
