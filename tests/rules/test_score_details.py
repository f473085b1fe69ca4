"""The story behind each score pad cell: which cards made it, why one scored 0, and the places."""

from __future__ import annotations

from amul_table.rules.score_details import ZeroReason, cell_detail, ranks
from amul_table.rules.scoring import ARAB, BAZAAR, score_game

SILVER_A, SILVER_B, ARAB_SWORD, OPIUM, BABYLONIAN_TRADER, ARAB_GUARD = 0, 1, 99, 48, 163, 128


def test_a_cell_lists_its_cards_with_the_reason_each_zero_scored_nothing():
    areas = [[SILVER_A, SILVER_B, ARAB_SWORD, BABYLONIAN_TRADER], [OPIUM, ARAB_GUARD], []]
    sheet = score_game(areas)
    yellow = cell_detail(sheet, areas, 0, "yellow")
    assert [(c.uid, c.points, c.zero_reason) for c in yellow.cards] == [
        (SILVER_A, 7, None),
        (SILVER_B, 0, ZeroReason.SET_COPY),
    ]
    assert yellow.points == 7
    blue = cell_detail(sheet, areas, 0, "light_blue")
    assert [(c.uid, c.zero_reason) for c in blue.cards] == [(ARAB_SWORD, ZeroReason.CONDITION)]
    bazaar = cell_detail(sheet, areas, 0, BAZAAR)
    assert [(c.uid, c.zero_reason) for c in bazaar.cards] == [(BABYLONIAN_TRADER, ZeroReason.NO_SET)]
    opium = cell_detail(sheet, areas, 1, "yellow")
    assert [(c.uid, c.zero_reason) for c in opium.cards] == [(OPIUM, ZeroReason.CONDITION_CANCELS)]


def test_a_majority_cell_carries_the_symbol_count_behind_it():
    areas = [[ARAB_SWORD], [ARAB_GUARD, 129], []]
    sheet = score_game(areas)
    assert (cell_detail(sheet, areas, 1, ARAB).symbols, cell_detail(sheet, areas, 1, ARAB).points) == (2, 8)
    assert (cell_detail(sheet, areas, 0, ARAB).symbols, cell_detail(sheet, areas, 0, ARAB).points) == (1, 4)
    assert cell_detail(sheet, areas, 2, ARAB).symbols == 0


def test_places_share_ties_and_follow_the_military_tie_break():
    sheet = score_game([[SILVER_A], [SILVER_B], [], [ARAB_GUARD]])
    totals = [s.total for s in sheet.seats]
    places = ranks(sheet)
    assert places[sheet.winners[0]] == 1
    for a in range(4):
        for b in range(4):
            key_a = (totals[a], sheet.seats[a].military)
            key_b = (totals[b], sheet.seats[b].military)
            assert (places[a] < places[b]) == (key_a > key_b)
    assert sorted(places)[0] == 1
    assert places[0] == places[1]  # the two single Silvers tie on points and Military Prowess
