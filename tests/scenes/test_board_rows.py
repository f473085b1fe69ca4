"""The board's rows of Palace and Bazaar strips (scenes/table/board_rows.py): the narrowest block is searched on the
strips' widths alone, and must be the one `flow` itself would place them in."""

from __future__ import annotations

import random

import pygame

from amul_table.rules.cards import load_cards
from amul_table.scenes.table.board_rows import GAP, TITLE_W, _least_width, rows_taken
from amul_table.scenes.table.stacks import chip_width, flow, letter_lead
from amul_table.sprites.cards import card_name


def flow_least_width(
    labelled: list[tuple[tuple[int, ...], str]], sh: int, rows: int, letters: str | None
) -> int | None:
    """The narrowest width from the widest strip (or the title) up at which `flow` places every strip in `rows` rows."""
    widths = [chip_width(label, sh, len(g), lead=letter_lead(g, label, sh, letters)) for g, label in labelled]
    least, most = max([TITLE_W, *widths]), sum(widths) + GAP * len(widths)  # all in one row: the widest needed

    def placed(w: int) -> bool:
        return flow(labelled, pygame.Rect(0, 0, w, rows * (sh + 2) - 2), sh, None, letters=letters) is not None

    return next(w for w in range(least, max(least, most) + 1) if placed(w)) if placed(most) else None


def test_the_narrowest_block_counted_on_widths_is_the_one_flow_places():
    pygame.font.init()
    cards = load_cards().cards
    rng = random.Random(24)
    found = 0
    for _ in range(60):
        uids = rng.sample(range(len(cards)), rng.randint(0, 12))
        lang = rng.choice(["en", "fr"])
        labelled = [((u,) * rng.randint(1, 3), card_name(cards[u].type, lang)) for u in uids]
        sh, rows, letters = rng.randint(14, 30), rng.randint(1, 6), rng.choice([None, lang])
        least = _least_width(labelled, sh, rows, letters)
        assert least == flow_least_width(labelled, sh, rows, letters), (labelled, sh, rows, letters)
        found += least is not None
    assert found > 20


def test_rows_are_counted_as_flow_breaks_them():
    assert rows_taken([], 100) == 1
    assert rows_taken([50, 46], 100) == 1  # 50 + 4 + 46
    assert rows_taken([50, 47], 100) == 2
    assert rows_taken([100, 100, 100], 100) == 3
