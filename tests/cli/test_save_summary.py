"""`amul-table check-save`'s account of a save: who plays, where the game stands, the scores once it is over."""

from __future__ import annotations

from amul_table.cli.save_summary import describe
from amul_table.rules.scoring import score_game
from tests.persistence.test_save_files import SETUP, saved_after


def test_the_summary_says_who_plays_and_where_the_game_stands() -> None:
    text = describe(saved_after(0))
    assert "3 players: Ana (human), Bo (human), Bot 3 (random bot); no Tea cards" in text
    assert "Round 1 of 9, offer phase, waiting for Ana and Bo and Bot 3." in text
    assert "Its 0 actions replay to exactly the recorded snapshot." in text


def test_the_summary_of_a_finished_game_gives_the_scores_and_the_winner() -> None:
    saved = saved_after(10_000)
    sheet = score_game(saved.state.play_areas)
    names = [s.name for s in SETUP.seats]
    text = describe(saved)
    assert "The game is over: " + ", ".join(f"{names[s.seat]} {s.total}" for s in sheet.seats) in text
    assert names[sheet.winners[0]] in text.split("The game is over: ")[1]
