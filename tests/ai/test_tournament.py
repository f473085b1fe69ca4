"""The tournament: a bank of deals played once per seat rotation, and its summary per tier."""

from __future__ import annotations

import json

import pytest

from amul_table.ai.tournament import deal_seed, rotation, run_tournament, tier_results, wilson
from amul_table.cli.main import main
from amul_table.rules.scoring import score_game


def test_every_tier_sits_in_every_seat_once_over_the_rotations():
    lineup = ["medium", "easy", "random", "easy"]
    seats = [rotation(lineup, shift) for shift in range(4)]
    for seat in range(4):
        assert sorted(r[seat] for r in seats) == sorted(lineup)
    assert seats[0] == lineup


def test_the_bank_of_deals_is_fixed_by_the_seed():
    assert [deal_seed(7, d) for d in range(5)] == [deal_seed(7, d) for d in range(5)]
    assert len({deal_seed(7, d) for d in range(50)}) == 50
    assert deal_seed(7, 0) != deal_seed(8, 0)


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4)
    assert hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0.0, 10)[0] == 0.0
    assert wilson(1.0, 10)[1] == pytest.approx(1.0)


def test_a_shared_victory_counts_as_a_fraction_and_ties_share_their_ranks():
    sheet = score_game([[], [], []])  # all zero, no prowess: a three-way shared victory
    results = tier_results(sheet, ["a", "b", "c"])
    assert [r.win for r in results] == pytest.approx([1 / 3] * 3)
    assert [r.rank for r in results] == [2.0, 2.0, 2.0]
    assert [r.margin for r in results] == [0, 0, 0]


def test_a_tournament_reports_games_win_rate_interval_rank_and_margin_per_tier():
    result = run_tournament(3, ["medium", "random", "random"], deals=2, seed=5)
    assert set(result) == {"tiers", "seconds"}
    medium, rnd = result["tiers"]["medium"], result["tiers"]["random"]
    assert medium["games"] == 6 and rnd["games"] == 12
    assert medium["win_rate"] + rnd["win_rate"] * 2 == pytest.approx(1.0, abs=1e-3)
    for s in (medium, rnd):
        assert set(s) == {"games", "win_rate", "ci95", "mean_rank", "mean_margin"}
        assert s["ci95"][0] <= s["win_rate"] <= s["ci95"][1]
        assert 1.0 <= s["mean_rank"] <= 3.0
    assert medium["mean_rank"] < rnd["mean_rank"]  # medium beats random bots


def test_parallel_and_serial_tournaments_agree():
    serial = run_tournament(3, ["easy", "random", "random"], deals=2, seed=9, jobs=1)
    parallel = run_tournament(3, ["easy", "random", "random"], deals=2, seed=9, jobs=2)
    assert serial["tiers"] == parallel["tiers"]


def test_the_command_prints_exactly_the_promised_json(capsys):
    code = main(["tournament", "--players", "3", "--lineup", "easy,random,random", "--deals", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert set(out) == {"tiers", "seconds"}
    assert set(out["tiers"]) == {"easy", "random"}
    assert out["tiers"]["easy"]["games"] == 3


def test_the_command_shows_progress_on_stderr_and_a_table_on_stdout(capsys):
    assert main(["tournament", "--players", "3", "--lineup", "random,random,random", "--deals", "1"]) == 0
    captured = capsys.readouterr()
    assert "3/3 games" in captured.err
    assert "random" in captured.out and "95% CI" in captured.out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "4", "--lineup", "easy,easy"], "names 2 tiers for 4 players"),
        (["--players", "3", "--lineup", "easy,easy,wizard"], "unknown bot tier 'wizard'"),
        (["--players", "9", "--lineup", "easy"], "3 to 8 players"),
        (["--players", "3", "--lineup", "easy,easy,easy", "--deals", "0"], "--deals must be at least 1"),
    ],
)
def test_bad_tournament_options_give_one_clear_line(capsys, argv, message):
    assert main(["tournament", *argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
