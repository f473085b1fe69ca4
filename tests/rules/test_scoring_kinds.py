"""One test per scoring kind of cards.yaml, with its scopes, plus majorities and the winner's tie-break."""

from __future__ import annotations

from amul_table.rules.cards import SCORING_KINDS
from amul_table.rules.scoring import KINDS, majority_points, score_game, score_rows
from tests.rules_helpers import CARDS, points_of, score


def test_every_scoring_kind_in_the_data_has_an_interpreter():
    used = {t.scoring["kind"] for t in CARDS.types.values()}
    assert used <= set(KINDS) | {"trader"}
    assert set(SCORING_KINDS) == set(KINDS) | {"trader"}


def test_set_scores_full_sets_then_the_rest():
    """Silver 3 / 7 / 13: seven Silver are two full sets and one more."""
    totals = [score(["silver"] * k, [], []).seats[0].rows["yellow"] for k in range(1, 8)]
    assert totals == [3, 7, 13, 16, 20, 26, 29]


def test_set_counts_each_seat_separately():
    sheet = score(["spice"], ["spice"], ["spice"])
    assert [s.rows["yellow"] for s in sheet.seats] == [2, 2, 2]


def test_flat_scores_the_card_points():
    sheet = score(["gold", "gold", "mughal_warlord"], [], [])
    assert points_of(sheet, 0, "gold") == [4, 4]
    assert points_of(sheet, 0, "mughal_warlord") == [-3]


def test_flat_guard_points_come_from_each_copy():
    for guard in ("arab_guard", "mongol_guard"):
        for card in (c for c in CARDS.cards if c.id == guard):
            sheet = score_game([[card.uid], [], []])
            assert sheet.seats[0].cards[card.uid] == card.points
            assert sheet.seats[0].rows["red"] == card.points


def test_conditional_on_own_cards():
    assert points_of(score(["oil"], ["lamp"], []), 0, "oil") == [3]  # a neighbour's Lamp does not count
    assert points_of(score(["oil", "lamp"], [], []), 0, "oil") == [5]


def test_conditional_on_own_symbols():
    assert points_of(score(["opium"], ["A-25"], []), 0, "opium") == [6]
    assert points_of(score(["opium", "dervish"], [], []), 0, "opium") == [0]


def test_conditional_needs_the_full_count():
    assert points_of(score(["spice_dealer", "spice", "spice"], ["spice"], []), 0, "spice_dealer") == [0]
    assert points_of(score(["spice_dealer", *["spice"] * 4], [], []), 0, "spice_dealer") == [6]


def test_count_in_play_counts_every_play_area():
    for in_play, each in ((1, 1), (2, 2), (3, 3), (6, 6)):
        sheet = score(["camel"], ["camel"] * (in_play - 1), [])
        assert points_of(sheet, 0, "camel") == [each]
    assert points_of(score(["ivory"], ["ivory"], ["ivory"]), 0, "ivory") == [5]
    assert points_of(score(["jade"], [], []), 0, "jade") == [6]


def test_each_copy_per_card_scores_each_copy_and_skips_far_seats():
    """At 5 players seat 0's neighbours are seats 1 and 4; Gems at seats 2 and 3 do not count."""
    sheet = score(["gem", "gem"], ["gem"], ["gem", "gem"], ["gem"], ["silver"])
    assert points_of(sheet, 0, "gem") == [3, 3]
    assert points_of(sheet, 2, "gem") == [4, 4]


def test_per_card_with_scope_self():
    sheet = score(["courtesan", "gold", "silk"], ["gold", "silk"], [])
    assert points_of(sheet, 0, "courtesan") == [2]


def test_per_card_with_scope_neighbours_leaves_out_your_own():
    sheet = score(["jeweler", "gold", "silver"], ["gold"], ["silver"], ["silver"] * 3)
    assert points_of(sheet, 0, "jeweler") == [1 + 3]


def test_per_card_with_scope_self_and_neighbours():
    sheet = score(["camel_drivers", "camel"], ["camel"], ["camel"], ["camel"], ["camel"])
    assert points_of(sheet, 0, "camel_drivers") == [2 * 3]


def test_per_symbol_with_scope_self():
    assert points_of(score(["trading_house", "arab_merchant"], ["contract"], []), 0, "trading_house") == [2]


def test_per_symbol_with_scope_neighbours():
    sheet = score(["tax_collector", "contract"], ["contract"], ["silver"], ["trading_house"])
    assert points_of(sheet, 0, "tax_collector") == [2]


def test_per_symbol_with_scope_self_and_neighbours():
    sheet = score(["peddler", "lamp"], ["carpet"], ["porcelain"], ["medallion"], ["tent"])
    assert points_of(sheet, 0, "peddler") == [1 + 1 + 1]


def test_per_symbol_one_neighbour_choice_takes_the_better_and_ignores_your_own():
    sheet = score(["mongol_spy", "arab_prince"], ["A-27"], ["diplomat"], ["A-28", "arab_caravan"])
    assert points_of(sheet, 0, "mongol_spy") == [2]


def test_per_pair_counts_the_smaller_symbol_total():
    assert points_of(score(["envoy", "arab_prince"], [], []), 0, "envoy") == [2]
    assert points_of(score(["envoy", "arab_prince", "mongol_prince"], [], []), 0, "envoy") == [8]


def test_base_minus_with_a_card_count():
    sheet = score(["gold_smuggler", "gold", "gold"], ["gold"], ["silver"])
    assert points_of(sheet, 0, "gold_smuggler") == [6]


def test_base_minus_with_a_symbol_count():
    sheet = score(["fugitive", "mercenaries"], ["A-25"], ["silver"], ["silver"], ["dervish"])
    assert points_of(sheet, 0, "fugitive") == [9 - 3 - 3]


def test_trader_needs_every_good_of_its_set():
    for missing in ("spice", "camel", "gold"):
        goods = [g for g in ("spice", "camel", "gold") if g != missing]
        assert score(["babylonian_trader", *goods], [], []).seats[0].rows["bazaar"] == 0


def test_trader_allocation_is_optimal_and_disjoint():
    sheet = score(["indian_trader", "venetian_trader", "gem", "gem", "silver", "spice", "spice", "medallion"], [], [])
    assert sheet.seats[0].rows["bazaar"] == 16
    sheet = score(["indian_trader", "venetian_trader", "gem", "silver", "spice", "medallion"], [], [])
    assert sheet.seats[0].rows["bazaar"] == 8


def test_trader_repeats_identical_sets():
    sheet = score(["tea_trader", *["tea", "spice", "silver"] * 2], [], [])
    assert sheet.seats[0].rows["bazaar"] == 16


def test_two_players_tied_first_score_four_each_and_zero_symbols_rank_nowhere():
    sheet = score(["arab_caravan"], ["arab_general"], ["silver"])
    assert [s.rows["arab"] for s in sheet.seats] == [4, 4, 0]
    assert majority_points([4, 4, 2, 0]) == [4, 4, 2, 0]


def test_winner_tie_break_is_prowess_then_shared():
    prowess = score(["A-26", "A-27", "scavenger"], ["A-28", "mongol_caravan"], ["silver"])
    assert prowess.winners == [0]
    shared = score(["gold"], ["medallion"], ["lamp"])
    assert shared.winners == [0, 1] and "shared" in shared.tie_break


def test_rows_follow_the_score_pad_and_add_up_to_the_total():
    sheet = score(
        ["silver", "lamp", "camel", "contract", "diplomat", "A-25", "babylonian_trader"],
        ["spice", "camel", "gold", "arab_prince"],
        ["gem"],
    )
    for s in sheet.seats:
        assert list(s.rows) == score_rows()
        assert s.total == sum(v for k, v in s.rows.items() if k != "total")
    assert sheet.row_names == score_rows()


def test_an_empty_table_scores_zero_and_everyone_shares_the_win():
    sheet = score_game([[], [], []])
    assert [s.total for s in sheet.seats] == [0, 0, 0]
    assert sheet.winners == [0, 1, 2]
