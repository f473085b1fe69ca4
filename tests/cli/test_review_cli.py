"""`amul-table review`: the JSON contract, progress on stderr only, and one-line refusals with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amul_table.ai import review
from amul_table.cli.main import main

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"


@pytest.fixture(autouse=True)
def little_work(monkeypatch):
    """The command's output and refusals are the subject, not the review's values (tests/ai/test_review's): a
    few playouts a decision, as the explorer's walks review with."""
    monkeypatch.setattr(review, "SAMPLES", 8)


def test_json_has_exactly_the_contract_s_shape(capsys):
    assert main(["review", str(SAVES / "finished-3p.yaml"), "--json"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)  # stdout holds the JSON and nothing else
    assert list(out) == ["seat", "name", "decisions", "mean_loss", "accuracy"]
    assert out["seat"] == 0 and out["name"] == "Ana"  # the first human by default
    assert out["decisions"]
    for d in out["decisions"]:
        assert list(d) == ["round", "phase", "chosen", "best", "loss", "reason"]
        assert isinstance(d["round"], int) and 1 <= d["round"] <= 9
        assert d["phase"] in ("offer", "pick", "reveal", "effects", "game_end")
        assert isinstance(d["chosen"], str) and isinstance(d["best"], str) and isinstance(d["reason"], str)
        assert isinstance(d["loss"], float) and d["loss"] >= 0
        if d["chosen"] == d["best"]:
            assert d["loss"] == 0
    losses = [d["loss"] for d in out["decisions"]]
    assert out["mean_loss"] == pytest.approx(sum(losses) / len(losses), abs=1e-3)
    assert out["accuracy"] == pytest.approx(sum(x <= 0.5 for x in losses) / len(losses), abs=1e-3)
    assert "reviewing [" in captured.err and captured.err.endswith("\n")


def test_cards_are_named_as_in_score_files(capsys):
    main(["review", str(SAVES / "finished-3p.yaml"), "--json", "--seat", "2"])
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 2 and out["name"] == "Li"
    names = {d["chosen"] for d in out["decisions"]} | {d["best"] for d in out["decisions"]}
    for name in names:
        assert name == "decline" or name.islower() or name.startswith("A-"), name


def test_the_default_seat_of_a_game_without_people_is_0(capsys):
    assert main(["review", str(SAVES / "finished-8p.yaml"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == 0


def test_the_text_report_names_the_costliest_decisions(capsys):
    assert main(["review", str(SAVES / "finished-3p.yaml")]) == 0
    out = capsys.readouterr().out
    assert "accuracy" in out and "costliest decisions:" in out and "was worth" in out
    costly = out.split("costliest decisions:")[1].split("every decision")[0].strip().splitlines()
    for line in costly:  # in words, as the window says them ("Arab Sword; Mongol Guard"), not "arab_sword; A-26"
        said = line.split(": ", 1)[1].split(" was worth")[0]
        assert all(part == "decline" or (part[0].isupper() and "_" not in part) for part in said.split("; ")), line


@pytest.mark.parametrize(
    "name, reason",
    [("midgame-4p-solo.yaml", "not finished"), ("midgame-4p-pass-and-play.yaml", "not finished")],
)
def test_an_unfinished_game_is_refused_in_one_line(name, reason, capsys):
    assert main(["review", str(SAVES / name), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert reason in captured.err and captured.err.count("\n") == 1


def test_a_damaged_save_is_refused_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text((SAVES / "finished-3p.yaml").read_text().replace("seed: 11", "seed: 12"))
    assert main(["review", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("amul-table: ") and err.count("\n") == 1


def test_a_seat_not_at_the_table_is_refused(capsys):
    assert main(["review", str(SAVES / "finished-3p.yaml"), "--seat", "5"]) == 2
    assert "not at this 3-player table" in capsys.readouterr().err


@pytest.mark.slow
def test_the_real_command_prints_only_json_on_stdout_with_the_default_work(tmp_path):
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    args = [sys.executable, "-m", "amul_table", "review", str(SAVES / "finished-3p.yaml"), "--json"]
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["seat"] == 0 and len(out["decisions"]) >= 20
    assert "reviewing [" in done.stderr
