"""The expert tier is a tier like the others: the command line takes it and a save with it loads."""

from __future__ import annotations

from pathlib import Path

from amul_table.cli.main import main, parse_tiers


def test_the_command_line_takes_expert_for_any_seat():
    assert parse_tiers("expert", 3) == ["expert"] * 3
    assert parse_tiers("hard,expert,medium", 3) == ["hard", "expert", "medium"]


def test_a_save_with_an_expert_seat_loads(tmp_path: Path, capsys):
    assert main(["simulate", "--players", "3", "--games", "1", "--seed", "4", "--save-dir", str(tmp_path)]) == 0
    (saved,) = tmp_path.glob("*.yaml")
    text = saved.read_text(encoding="utf-8")
    assert "tier: random" in text
    expert = tmp_path / "expert.yaml"
    expert.write_text(text.replace("tier: random", "tier: expert", 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["check-save", str(expert)]) == 0, capsys.readouterr()
    wizard = tmp_path / "wizard.yaml"
    wizard.write_text(text.replace("tier: random", "tier: wizard", 1), encoding="utf-8")
    assert main(["check-save", str(wizard)]) == 2  # the tier check is real
