"""The log's rows on screen: every line while the log is shorter than its box, the newest at the bottom once longer."""

from __future__ import annotations

import pygame
import pytest

from amul_table.scenes.table.game_log import LogLine
from amul_table.scenes.table.log_view import log_rows
from amul_table.sprites.style import font

PX = 12


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    yield


def box(rows: int) -> pygame.Rect:
    return pygame.Rect(0, 0, 400, rows * font(PX).get_linesize())


@pytest.mark.parametrize("lines", [1, 5, 6, 9, 10])
def test_a_log_shorter_than_its_box_shows_every_line_from_the_top(lines):
    """A log more than half as long as its box showed only its newest few lines (a negative slice), with space
    below, no ▲ and a dead wheel, until it outgrew the box."""
    log = [LogLine(f"line {i}") for i in range(lines)]
    rows, most = log_rows(log, box(10), PX, 0)
    assert [r.text for r in rows] == [line.text for line in log]
    assert [r.at[1] for r in rows] == [i * font(PX).get_linesize() for i in range(lines)]
    assert most == 0


def test_a_log_longer_than_its_box_fills_it_newest_last_and_scrolls():
    log = [LogLine(f"line {i}") for i in range(25)]
    rows, most = log_rows(log, box(10), PX, 0)
    assert [r.text for r in rows] == [f"line {i}" for i in range(15, 25)]
    assert most > 0  # known only as far as the rows asked for: there is more above
    rows, _ = log_rows(log, box(10), PX, 99)
    assert [r.text for r in rows] == [f"line {i}" for i in range(10)]


def test_the_card_names_kept_on_a_row_are_where_they_are_measured_afresh_in_either_language():
    """name_spans keeps each row's name places: in English and in French (the names differ), at two sizes, on a header
    and a plain row, every place equals measuring afresh, moved to where the row is drawn."""
    from amul_table.i18n import card_name, set_language
    from amul_table.rules.cards import load_cards
    from amul_table.scenes.table.log_view import name_places, name_spans

    cards = load_cards().cards
    uids = (cards[3].uid, cards[40].uid, cards[3].uid)
    seen = {}
    for lang in ("en", "fr"):
        set_language(lang)
        words = " and ".join(card_name(cards[uid].type) for uid in uids)
        for px, header, at in ((12, False, (5, 30)), (16, True, (0, 0))):
            spans = name_spans(words, LogLine(words, uids, header), *at, px)
            fresh = name_places.__wrapped__(words, uids, px, lang, header=header)
            assert len(spans) == 3 and name_spans(words, LogLine(words, uids, header), *at, px) == spans
            assert [(r.x - at[0], r.w, r.h, uid) for r, uid in spans] == list(fresh)
            assert all(r.y == at[1] for r, _ in spans) and spans[0][0].right <= spans[1][0].left
            seen[lang, px] = words
    set_language("en")
    assert seen["en", 12] != seen["fr", 12]  # a place kept for one language is not given for the other


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_name_is_never_cut_between_two_rows_and_stays_a_link(lang):
    """ "…, Spice" ended one row and "Dealer." began the next: neither half was underlined or zoomed on hover."""
    from amul_table.i18n import card_name, set_language
    from amul_table.rules.cards import load_cards
    from amul_table.sprites.style import wrap

    cards = load_cards().cards
    spice, dealer = (next(c.uid for c in cards if c.type.name["en"] == name) for name in ("Spice", "Spice Dealer"))
    set_language(lang)
    try:
        names = [card_name(cards[uid].type) for uid in (spice, dealer)]
        text = f"Offers turn over: {names[0]}, {names[1]}."
        line = LogLine(text, (spice, dealer))
        first, second = names[1].split(" ", 1)[0], names[1].rsplit(" ", 1)[-1]
        cut = next(  # a width at which plain words would end a row inside the name
            w for w in range(60, 400) if any(r.endswith(first) for r in wrap(text, w, font(PX)))
        )
        rows, _ = log_rows([line], pygame.Rect(0, 0, cut, 10 * font(PX).get_linesize()), PX, 0)
        assert not any(r.text.endswith(first) and not r.text.endswith(names[1]) for r in rows)
        assert any(second in r.text for r in rows)
        assert sorted(uid for r in rows for _, uid in r.names) == sorted((spice, dealer))
    finally:
        set_language("en")
