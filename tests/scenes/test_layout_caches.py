"""The table's layout keeps the parts it computed last (the opponents' panels: scenes/table/opponents.py; the
board's sides: board_sides.py): a part taken from what was kept must be the one computed afresh, whatever changed in
between (a language switch, a name, a bot's tier, a resize, the colour-blind letters, a Reveal going down). A part
kept under too small a key would draw the last table's names, sizes or strips."""

from __future__ import annotations

import random

import pygame
import pytest

from amul_table.i18n import set_language
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.phases import Phase
from amul_table.rules.setup import new_game
from amul_table.rules.views import SeatView, view_for
from amul_table.scenes.table import board_sides, layout, opponents
from amul_table.scenes.table.layout import TableLayout

PLACES = (
    "header",
    "stats",
    "pile",
    "reveal_slot",
    "play_rect",
    "play",
    "marker_row",
    "seat_name",
    "stacks",
    "overflow",
)


@pytest.fixture(autouse=True)
def english():
    pygame.font.init()
    yield
    set_language("en")


def views(players: int, seed: int = 7) -> list[SeatView]:
    """Seat 0's views over a game of random moves: a few from each round, Reveals half down among them."""
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        now = pending(state)
        if 0 in now.seats or now.phase == Phase.REVEAL:
            out.append(view_for(state, 0))
        apply(state, rng.choice(legal_actions(state, now.seats[0])))
    return out[::10]


def places(lay: TableLayout) -> tuple:
    return (
        *(getattr(lay, name) for name in (*PLACES, *board_sides.SIDES)),
        lay.overflow,
        lay.text_px,
        lay.seat_panel,
        lay.board_area,
        lay.market,
    )


def test_a_kept_part_of_the_layout_is_the_one_made_afresh_whatever_changed_between():
    tables = []  # (language, size, names, tiers, colour-blind letters) one after another, each differing a little
    for players in (3, 8):
        names = [f"Seat {i}" for i in range(players)]
        tiers = [None, *["medium"] * (players - 1)]
        for lang, size, who, tier, aid in (
            ("en", (1024, 640), names, [None] * players, False),
            ("fr", (1024, 640), names, [None] * players, False),  # the strips' names in French
            ("fr", (1024, 640), names, tiers, False),  # the tiers' words
            ("fr", (1024, 640), ["Éléonore-Françoise", *names[1:]][::-1], tiers, False),  # other names
            ("fr", (1024, 640), names, [None, *["hard"] * (players - 1)], False),  # another tier
            ("fr", (1024, 640), names, tiers, True),  # the colour-blind letters widen the strips
            ("fr", (1600, 900), names, tiers, True),
            ("en", (1600, 900), names, tiers, True),
        ):
            tables += [(lang, size, who, tier, aid, view) for view in views(players)]
    revealing = sum(v.phase == Phase.REVEAL and any(v.revealed[1:]) for *_, v in tables)
    assert revealing > 5  # face-down Reveals in panels: their strips keep clear of the card back

    def laid_out(tables: list[tuple]) -> list[tuple]:
        out = []
        for lang, size, who, tier, aid, view in tables:
            set_language(lang)
            out.append(places(TableLayout(size, view, 0, names=who, tiers=tier, colour_blind=aid)))
        return out

    with pytest.MonkeyPatch.context() as patch:  # every part made afresh
        patch.setattr(layout, "opponents", opponents.opponents.__wrapped__)
        patch.setattr(layout, "board_sides", board_sides.board_sides.__wrapped__)
        fresh = laid_out(tables)
    opponents.opponents.cache_clear()
    board_sides.board_sides.cache_clear()
    kept = laid_out(tables)  # each table after the one before it: the same views were kept with other names, sizes...
    again = laid_out(tables[-20:])  # the last tables again, their parts kept
    assert again == kept[-20:]
    assert opponents.opponents.cache_info().hits >= 20 and board_sides.board_sides.cache_info().hits >= 20
    for made, was, (lang, size, who, tier, aid, view) in zip(kept, fresh, tables, strict=True):
        assert made == was, (lang, size, who[0], tier[1], aid, view.round, view.phase)
