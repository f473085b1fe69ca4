"""Humans sharing a screen get "Player 1", "Player 2"… by default (never "You"); the log reads right."""

from __future__ import annotations

from amul_table.i18n import set_language
from amul_table.rules.seats import Seat
from amul_table.rules.state import Event, EventKind
from amul_table.scenes.setup import default_names
from amul_table.scenes.table.game_log import describe


def test_two_humans_become_player_1_and_player_2_and_a_typed_name_stays():
    seats = [Seat.of_human("You"), Seat.bot("Marco", "medium"), Seat.of_human("Battuta"), Seat.of_human("Ada")]
    assert [s.name for s in default_names(seats)] == ["Player 1", "Marco", "Player 2", "Ada"]


def test_a_lone_human_is_you_again_and_french_says_joueur():
    assert [s.name for s in default_names([Seat.of_human("Player 1"), Seat.bot("Marco", "easy")])] == ["You", "Marco"]
    set_language("fr")
    try:
        names = [
            s.name for s in default_names([Seat.of_human("Vous"), Seat.of_human("Player 2"), Seat.bot("Marco", "easy")])
        ]
        assert names == ["Joueur 1", "Joueur 2", "Marco"]
        assert describe(Event(EventKind.PICK, 1, cards=(0,)), names, you=0).startswith("Joueur 2 prend ")
    finally:
        set_language("en")


def test_the_log_names_the_other_player_in_the_third_person():
    names = [s.name for s in default_names([Seat.of_human("You"), Seat.of_human("You"), Seat.bot("Marco", "easy")])]
    assert describe(Event(EventKind.PICK, 1, cards=(0,)), names, you=0).startswith("Player 2 picks ")
    assert describe(Event(EventKind.PICK, 0, cards=(0,)), names, you=0).startswith("You pick ")


def test_a_seat_turned_back_into_a_bot_gets_a_travellers_name_not_player_2():
    """Cycling seat 2 through Human back to a bot left a bot called "Player 2" (under Xvfb, New game)."""
    seats = [Seat.of_human("You"), Seat.bot("Player 2", "easy"), Seat.bot("Battuta", "medium")]
    names = [s.name for s in default_names(seats)]
    assert names[0] == "You" and names[2] == "Battuta"
    assert names[1] not in {"Player 2", "You", "Battuta"} and names[1]
    typed = [Seat.of_human("You"), Seat.bot("Ada", "easy"), Seat.bot("Battuta", "medium")]
    assert [s.name for s in default_names(typed)] == ["You", "Ada", "Battuta"]
