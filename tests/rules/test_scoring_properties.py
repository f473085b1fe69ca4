"""Properties of scoring over generated tables: seating symmetry, majority points and the Trader allocation."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from amul_table.rules.scoring import majority_points, score_game, trader_sets
from tests.budget import examples
from tests.rules_helpers import CARDS

ALL_UIDS = [c.uid for c in CARDS.cards]
TRADERS = [c for c in CARDS.cards if c.type.scoring["kind"] == "trader"]
GOODS = sorted({g for t in TRADERS for g in t.type.scoring["requires"]})


@st.composite
def tables(draw) -> list[list[int]]:
    """3 to 8 play areas dealt from distinct cards of the whole edition."""
    players = draw(st.integers(3, 8))
    cards = draw(st.lists(st.sampled_from(ALL_UIDS), unique=True, min_size=0, max_size=60))
    seats = draw(st.lists(st.integers(0, players - 1), min_size=len(cards), max_size=len(cards)))
    areas: list[list[int]] = [[] for _ in range(players)]
    for card, seat in zip(cards, seats, strict=True):
        areas[seat].append(card)
    return areas


@settings(max_examples=examples(150, fast=30), deadline=None, derandomize=True)
@given(tables(), st.integers(0, 7))
def test_rotating_the_seating_rotates_the_scores(areas, shift):
    shift %= len(areas)
    base = score_game(areas)
    turned = score_game(areas[shift:] + areas[:shift])
    n = len(areas)
    for seat in range(n):
        assert turned.seats[seat].rows == base.seats[(seat + shift) % n].rows


@settings(max_examples=examples(150, fast=30), deadline=None, derandomize=True)
@given(tables())
def test_reversing_the_seating_changes_no_score(areas):
    """Left and right never matter: every neighbour rule is symmetric, and Spies take the better side."""
    base = score_game(areas)
    mirrored = score_game(areas[::-1])
    n = len(areas)
    for seat in range(n):
        assert mirrored.seats[seat].rows == base.seats[n - 1 - seat].rows


@settings(max_examples=examples(150, fast=30), deadline=None, derandomize=True)
@given(tables())
def test_rows_add_up_and_winners_have_the_top_total(areas):
    sheet = score_game(areas)
    top = max(s.total for s in sheet.seats)
    for s in sheet.seats:
        assert s.total == sum(v for k, v in s.rows.items() if k != "total")
    assert sheet.winners and all(sheet.seats[w].total == top for w in sheet.winners)
    strongest = max(sheet.seats[w].military for w in sheet.winners)
    assert all(sheet.seats[w].military == strongest for w in sheet.winners)


@settings(max_examples=examples(300, fast=60), deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 6), min_size=3, max_size=8))
def test_majority_points_follow_the_ranks(counts):
    points = majority_points(counts)
    for seat, c in enumerate(counts):
        better = sum(1 for x in counts if x > c)
        tied = counts.count(c)
        lowest_shared = better + tied
        expected = 0 if c == 0 or lowest_shared > 3 else (8, 4, 2)[lowest_shared - 1]
        assert points[seat] == expected
    assert sum(points) <= 8 + 4 + 2


@settings(max_examples=examples(200, fast=40), deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(TRADERS), unique_by=lambda c: c.uid, min_size=1, max_size=4),
    st.dictionaries(st.sampled_from(GOODS), st.integers(0, 4)),
)
def test_the_trader_allocation_is_feasible_and_best(traders, goods):
    counts = Counter(goods)
    sets = trader_sets(traders, counts)
    used = Counter()
    for trader, k in zip(traders, sets, strict=True):
        for good in trader.type.scoring["requires"]:
            used[good] += k
    assert all(used[g] <= counts[g] for g in used)
    best = 0
    ranges = [range(min(counts[g] for g in t.type.scoring["requires"]) + 1) for t in traders]
    for choice in itertools.product(*ranges):
        need = Counter()
        for trader, k in zip(traders, choice, strict=True):
            for good in trader.type.scoring["requires"]:
                need[good] += k
        if all(need[g] <= counts[g] for g in need):
            best = max(best, sum(k * t.type.scoring["points"] for t, k in zip(traders, choice, strict=True)))
    assert sum(k * t.type.scoring["points"] for t, k in zip(traders, sets, strict=True)) == best
