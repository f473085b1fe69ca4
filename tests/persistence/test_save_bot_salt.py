"""Save format 2's `bot_salt`: kept exactly, required, checked; format-1 saves keep their bots' legacy seeds."""

from __future__ import annotations

import copy
import functools
import logging
from pathlib import Path
from typing import Any

import pytest

from amul_table.ai.base import bot_seed
from amul_table.i18n import tr_error
from amul_table.match.session import GameSession
from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_files import load_game
from amul_table.persistence.save_format import (
    LEGACY_VERSION,
    VERSION,
    GameSetup,
    SavedGame,
    dump_save,
    parse_save,
    to_document,
)
from amul_table.rules.seats import Seat
from amul_table.rules.state import GameState
from tests import yaml_text
from tests.app.test_french_typography import slips

FIXTURES = Path(__file__).parents[1] / "data" / "saves_v1"
SEATS = (Seat.of_human("Ana"), Seat.bot("Marco", "medium"), Seat.bot("Li", "easy"), Seat.bot("Zoe", "random"))
SALT = 0xFEED_FACE_CAFE_BEEF


def bots_only(players: int = 4) -> list[Seat]:
    tiers = ("medium", "easy", "random", "medium")
    return [Seat.bot(f"Bot {i + 1}", tiers[i % 4]) for i in range(players)]


def played(session: GameSession, actions: int) -> GameSession:
    while len(session.state.actions) < actions and not session.is_over:
        seat = session.bot_to_move()
        if seat is None:  # a person: the first legal choice
            session.client.submit(session.view(session.shown_seat()).legal[0])
        else:  # the bot's decision, made here as the Match's bot would
            assert session.match.catch_up([session.bots[seat].choose(session.view(seat))]) == 1
    return session


def document(salt: int | None = SALT) -> dict[str, Any]:
    """A save's document of a game 30 decisions in, for each test to change (the game played once a salt)."""
    return copy.deepcopy(_document(salt))


@functools.cache
def _document(salt: int | None) -> dict[str, Any]:
    session = played(GameSession(bots_only(), seed=91, bot_salt=salt or 1), 30)
    setup = GameSetup(tuple(session.seats), 0, bot_salt=salt)
    return to_document(SavedGame(setup, session.state.clone()))


@functools.cache
def whole_game() -> GameSession:
    """The bots' whole game of seed 2024 under SALT, played once a test process (the tests only read it)."""
    return played(GameSession(bots_only(), seed=2024, bot_salt=SALT), 10_000)


def refusal(data: dict[str, Any]) -> SaveError:
    with pytest.raises(SaveError) as info:
        parse_save(yaml_text.dump(data, sort_keys=False))
    return info.value


# --- format 2 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("salt", [0, 1, SALT, 2**64 - 1])
def test_a_version_2_save_keeps_its_bot_salt_exactly(salt: int) -> None:
    doc = document(salt)
    assert doc["version"] == VERSION == 2
    assert doc["bot_salt"] == salt
    assert list(doc)[list(doc).index("seed") + 1] == "bot_salt"  # after the seed; every other field as before
    loaded = parse_save(dump_save(parse_save(yaml_text.dump(doc))))
    assert loaded.setup.bot_salt == salt


def test_a_session_saved_and_loaded_keeps_its_salt_and_its_bots_seeds() -> None:
    session = played(GameSession(list(SEATS), seed=12), 10)
    resumed = GameSession.of_saved(parse_save(dump_save(session.saved_game())))
    assert resumed.bot_salt == session.bot_salt is not None
    assert {s: b.seed for s, b in resumed.bots.items()} == {s: b.seed for s, b in session.bots.items()}


@pytest.mark.parametrize("stop_at", [1, 23, 57, 140])
def test_a_version_2_save_resumed_mid_game_plays_on_exactly_as_the_uninterrupted_game(stop_at: int) -> None:
    whole = whole_game()
    assert whole.is_over
    first = GameSession(bots_only(), seed=2024, bot_salt=SALT)
    decided = whole.state.actions[:stop_at]  # the bots' decisions up to the save (140: the whole game)
    assert first.match.catch_up(decided) == len(decided)
    text = dump_save(first.saved_game())
    first.close()
    resumed = played(GameSession.of_saved(parse_save(text)), 10_000)
    assert resumed.state.actions == whole.state.actions
    assert resumed.state == whole.state


def test_the_same_game_with_another_salt_is_the_same_deal_played_otherwise() -> None:
    a = whole_game()
    b = played(GameSession(bots_only(), seed=2024, bot_salt=SALT ^ 1), 10_000)
    assert a.state.initial_deck == b.state.initial_deck
    assert a.state.actions != b.state.actions


@pytest.mark.parametrize(
    ("value", "described"),
    [
        (-1, "-1"),
        (2**64, str(2**64)),
        ("12", "'12'"),
        (1.5, "1.5"),
        (True, "true"),
        (None, "null"),
        ([1], "list"),
    ],
)
def test_a_bad_bot_salt_is_refused_in_english_and_french(value: Any, described: str) -> None:
    doc = document()
    doc["bot_salt"] = value
    error = refusal(doc)
    assert error.code == "error.save.bot_salt"
    assert str(error).startswith("`bot_salt` must be a whole number from 0 to 2**64 - 1, not ")
    assert described in str(error)
    french = tr_error(error, lang="fr")
    assert french.startswith("`bot_salt` doit être un nombre entier de 0 à 2**64 - 1, pas ")
    assert not slips(french)


def test_a_version_2_save_without_a_bot_salt_is_refused_in_english_and_french() -> None:
    doc = document()
    del doc["bot_salt"]
    error = refusal(doc)
    assert error.code == "error.save.bot_salt_missing"
    assert str(error) == "the field `bot_salt` is missing (a version 2 save keeps its bots' salt)"
    french = tr_error(error, lang="fr")
    assert french == "le champ `bot_salt` manque (une sauvegarde de version 2 garde le sel de ses robots)"
    assert not slips(french)


def test_a_version_1_save_with_a_bot_salt_is_refused_as_an_unknown_field() -> None:
    doc = document()
    doc["version"] = 1
    assert "unknown field `bot_salt` (a version 1 save has no such field)" in str(refusal(doc))


def test_a_setup_never_writes_a_salt_it_could_not_read_back() -> None:
    session = played(GameSession(bots_only(), seed=5, bot_salt=3), 4)
    for salt in (-1, 2**64, True):
        setup = GameSetup(tuple(session.seats), 0, bot_salt=salt)  # type: ignore[arg-type]
        with pytest.raises(SaveError, match="bot_salt"):
            dump_save(SavedGame(setup, session.state.clone()))


# --- format 1: legacy seeds -------------------------------------------------------------------------


def legacy_formula(game_seed: int, seat: int) -> int:
    """The bot seed as every save of format 1 was played with (written out, so no refactor can move it)."""
    return (game_seed * 1_000_003 + seat * 7_919 + 17) & 0xFFFF_FFFF_FFFF


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.yaml")))
def test_a_version_1_fixture_resumes_with_the_bot_seeds_it_was_played_with(name: str) -> None:
    saved = load_game(FIXTURES / name)
    assert saved.setup.bot_salt is None
    session = GameSession.of_saved(saved)
    assert session.bot_salt is None
    assert session.bots and {s: b.seed for s, b in session.bots.items()} == {
        s: legacy_formula(saved.state.seed, s) for s in session.bots
    }
    assert all(bot_seed(saved.state.seed, s, salt=None) == b.seed for s, b in session.bots.items())


def test_a_version_1_game_saved_again_stays_a_version_1_save_so_its_bots_keep_their_seeds() -> None:
    saved = load_game(FIXTURES / "midgame-4p-solo.yaml")
    session = GameSession.of_saved(saved)
    doc = to_document(session.saved_game())
    assert doc["version"] == LEGACY_VERSION == 1
    assert "bot_salt" not in doc
    again = GameSession.of_saved(parse_save(dump_save(session.saved_game())))
    assert again.bot_salt is None
    assert {s: b.seed for s, b in again.bots.items()} == {s: b.seed for s, b in session.bots.items()}


# --- the salt is shown nowhere ----------------------------------------------------------------------


def secret_in(value: Any, salt: int) -> bool:
    return str(salt) in repr(value) or format(salt, "x") in repr(value).lower()


def test_the_salt_is_in_no_view_repr_or_log(caplog) -> None:
    salt = 0x7A1E_5EC2_E7AB_CDEF
    caplog.set_level(logging.DEBUG)
    session = GameSession(list(SEATS), seed=8, bot_salt=salt)
    session.run_bots_now()
    for seat in range(session.players):
        assert not secret_in(session.view(seat), salt)
    saved = session.saved_game()
    assert not secret_in(saved, salt) and not secret_in(saved.setup, salt)
    assert not secret_in(caplog.text, salt)
    assert str(salt) in dump_save(saved)  # the save is where it lives


def test_the_records_keep_a_finished_game_without_its_salt() -> None:
    from amul_table.app.recording import finished_game_of

    salt = 0x7A1E_5EC2_E7AB_CDEF
    session = played(GameSession(bots_only(), seed=8, bot_salt=salt), 10_000)
    game = finished_game_of(session)
    assert str(salt) not in game.save_text and "bot_salt" not in game.save_text
    assert not secret_in(game, salt)
    kept: GameState = parse_save(game.save_text).state
    assert kept == session.state  # it still replays and reviews
