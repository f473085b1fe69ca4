"""What each bot was collecting: the card kinds of a final play area that scored most, in one line."""

from __future__ import annotations

from itertools import pairwise

from amul_table.i18n import set_language
from amul_table.rules.cards import load_cards
from amul_table.rules.scoring import score_game
from amul_table.scenes.seat_collections import collecting_line, collections


def uids(*numbers: str) -> list[int]:
    return [load_cards().by_number[n].uid for n in numbers]


AREAS = [
    uids("A-1", "A-2", "A-3", "A-46", "A-39"),  # three Silver (13), a Camel, an Arab Merchant
    uids("A-9", "A-11", "A-47"),  # two Carpets (9) and a Camel
    uids("A-5"),  # one Gold (4)
]


def test_the_kinds_that_scored_most_come_first_with_their_copies():
    sheet = score_game(AREAS)
    found = collections(sheet, AREAS, 0)
    assert found[0].type_id == "silver" and found[0].copies == 3 and found[0].points == 13
    assert all(a.points >= b.points for a, b in pairwise(found))
    assert sum(c.points for c in collections(sheet, AREAS, 1, top=10)) == sum(sheet.seats[1].cards.values())


def test_kinds_that_scored_nothing_are_left_out():
    sheet = score_game(AREAS)
    assert all(c.points > 0 for c in collections(sheet, AREAS, 0, top=10))


def test_the_line_names_the_cards_and_the_majorities_in_the_current_language():
    sheet = score_game(AREAS)
    line = collecting_line(sheet, AREAS, 0, "Marco")
    assert line.startswith("Marco was collecting Silver ×3: 13")
    if sheet.seats[0].rows["arab"]:
        assert "Arab majority" in line
    set_language("fr")
    try:
        assert collecting_line(sheet, AREAS, 0, "Marco").startswith("Marco collectionnait Argent ×3\u00a0: 13")
    finally:
        set_language("en")


def test_an_empty_play_area_says_so():
    areas = [[], *AREAS[1:]]
    assert collecting_line(score_game(areas), areas, 0, "Rabban") == "Rabban was collecting nothing that scored"
