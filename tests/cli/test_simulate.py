"""`amul-table simulate`: the JSON summary, determinism, and option errors."""

from __future__ import annotations

import json

import pytest

from amul_table.ai.base import derived_bot_salt
from amul_table.ai.play import play_game
from amul_table.cli.main import game_seed, main
from amul_table.rules.scoring import score_game


def simulate(capsys, *options: str) -> tuple[int, str, str]:
    code = main(["simulate", *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_exactly_the_documented_shape(capsys):
    code, out, err = simulate(capsys, "--players", "4", "--games", "3", "--seed", "7", "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert set(summary) == {"games", "players", "seconds", "games_per_second", "results"}
    assert (summary["games"], summary["players"]) == (3, 4)
    assert summary["seconds"] > 0 and summary["games_per_second"] > 0
    assert len(summary["results"]) == 3
    for result in summary["results"]:
        assert set(result) == {"totals", "winners"}
        assert len(result["totals"]) == 4 and all(isinstance(t, int) for t in result["totals"])
        best = max(result["totals"])
        assert result["winners"] and all(result["totals"][w] == best for w in result["winners"])


def test_the_same_arguments_give_the_same_results(capsys):
    args = ("--players", "5", "--games", "3", "--seed", "11", "--tea", "5", "--json")
    first = json.loads(simulate(capsys, *args)[1])["results"]
    second = json.loads(simulate(capsys, *args)[1])["results"]
    assert first == second
    other = json.loads(simulate(capsys, "--players", "5", "--games", "3", "--seed", "12", "--tea", "5", "--json")[1])
    assert other["results"] != first


def test_results_are_the_scores_of_the_games_played(capsys):
    summary = json.loads(simulate(capsys, "--players", "3", "--games", "2", "--seed", "3", "--json")[1])
    for index, result in enumerate(summary["results"]):
        seed = game_seed(3, index)
        state = play_game(3, seed, ["random"] * 3, salt=derived_bot_salt(3, seed))
        sheet = score_game(state.play_areas)
        assert result == {"totals": [s.total for s in sheet.seats], "winners": sheet.winners}


def test_game_seeds_differ_per_game_and_per_run():
    seeds = {game_seed(s, g) for s in range(10) for g in range(10)}
    assert len(seeds) == 100


def test_the_text_summary_names_every_seat(capsys):
    code, out, _ = simulate(capsys, "--players", "3", "--games", "2", "--bots", "random")
    assert code == 0
    assert out.splitlines()[0].startswith("2 games, 3 players")
    assert sum(line.strip().startswith("seat ") for line in out.splitlines()) == 3
    assert "games per second" in out.splitlines()[-1]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--players", "9"), "3 to 8 players"),
        (("--players", "2"), "3 to 8 players"),
        (("--players", "3", "--games", "0"), "--games must be at least 1"),
        (("--players", "3", "--tea", "9"), "1 to 8 Tea"),
        (("--players", "3", "--bots", "wizard"), "unknown bot tier 'wizard'"),
        (("--players", "3", "--bots", "random,random"), "names 2 tiers for 3 players"),
    ],
)
def test_impossible_options_give_a_message_and_exit_status_two(capsys, options, message):
    code, out, err = simulate(capsys, *options)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_a_non_number_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "three"])
    assert exit_info.value.code == 2
    assert "invalid int value" in capsys.readouterr().err
