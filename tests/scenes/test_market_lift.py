"""The Pick's raised Market card and the MARKET title over its row: at 2560×1440 the title, drawn last over the
tray, hid the top half of the raised card's name; on the board (3 players) the raised card covered the title."""

from __future__ import annotations

import random
from functools import cache

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.i18n import set_language
from amul_table.persistence.settings import Settings
from amul_table.rules.phases import Phase
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import paint_static, tray_title_plate, under_market_label
from amul_table.scenes.table.paint_cards import RING_REACH, face, raised
from amul_table.sprites.cards import name_band_bottom
from amul_table.sprites.style import font
from tests.scenes.test_table_layout import Moment


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    set_language("en")


def pick_table(players: int, size: tuple[int, int], lang: str) -> TableModel:
    """Seat 0's table at its first Pick of a game of random moves."""
    return TableModel.of(first_pick(players), 0, size, Settings(language=lang))


@cache
def first_pick(players: int, seed: int = 5) -> Moment:
    """Seat 0's first Pick of a game of random moves, played once for every size and language."""
    session = make_session(players, seed, "random")
    rng = random.Random(seed)
    for _ in range(200):
        session.run_bots_now()
        view = session.view(0)
        if view.phase == Phase.PICK and view.legal:
            return Moment.of(session)
        if view.legal:
            session.client.submit(rng.choice(view.legal))
    raise AssertionError("no Pick for seat 0")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_raised_top_row_market_card_shows_its_whole_name_and_leaves_the_title_whole(players, size, lang):
    """Hovered or selected (the first choice is selected from the start), each top-row card under the title is raised
    no higher than the title's foot: its name band is drawn whole, and on the board its focus ring stays off the
    title's letters."""
    set_language(lang)
    m = pick_table(players, size, lang)
    lay = m.layout
    zone = lay.tray or lay.market
    if lay.tray:
        title = tray_title_plate(m, lay)  # drawn last on its plate, over the rings raised up to it
        ceiling, letters_foot = title.bottom, title.top
    else:
        title, px = lay.board_labels()["market"]  # drawn first, under anything raised into it
        ceiling, letters_foot = under_market_label(lay), title.top + font(px, True, "serif").get_ascent()
    cards = [c.card for c in m.choices()]
    top = min(zone[u].top for u in cards)
    under = [u for u in cards if zone[u].top == top and title.left < zone[u].right and zone[u].left < title.right]
    assert under, "no card under the title"
    for uid in under:
        for how in ("hovered", "selected"):
            m.hover_uid = uid if how == "hovered" else None
            m.selected = (cards.index(uid) + (how == "hovered")) % len(cards)
            s = pygame.Surface(size)
            paint_static(s, m, buttons_left=None)
            r = raised(zone[uid], ceiling)
            band = pygame.Rect(r.x, r.y, r.w, name_band_bottom(uid, r.w, r.h, lang))
            assert not band.colliderect(title), f"{how}: the name {band} runs under the title {title}"
            assert r.inflate(2 * RING_REACH, 2 * RING_REACH).top >= letters_foot, f"{how}: the ring on the title"
            # as drawn: the name band shows as the face has it (a face blitted again there changes nothing)
            m16 = max(3, r.w // 16)
            inner = pygame.Rect(r.x + r.w // 8, r.y + m16 + 2, r.w * 3 // 4, band.h - m16 - 4)
            whole = pygame.Surface(r.size)  # the frame under the card, the face over it
            whole.blit(s, (0, 0), r)
            whole.blit(face(m, set(), uid, r.w, r.h), (0, 0))
            drawn = pygame.image.tobytes(s.subsurface(inner), "RGB")
            expected = pygame.image.tobytes(whole.subsurface(inner.move(-r.x, -r.y)), "RGB")
            assert drawn == expected, f"{how}: the name is covered or drawn elsewhere"
