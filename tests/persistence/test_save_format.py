"""Every kind of bad save is refused with a SaveError whose message names the problem."""

from __future__ import annotations

import copy
import datetime as dt
import random
from typing import Any

import pytest

from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_format import TOP_FIELDS, GameSetup, SavedGame, dump_save, parse_save, to_document
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.seats import Seat
from tests import yaml_text

SALT = 0x0123_4567_89AB_CDEF
SEATS = (Seat.of_human("Ana"), Seat.bot("Bot 2", "random"), Seat.bot("Bot 3", "random"), Seat.of_human("Dai"))
SETUP = GameSetup(SEATS, bot_salt=SALT)


def played(players: int, steps: int, seed: int = 3):
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(pending(state).seats)
        apply(state, rng.choice(legal_actions(state, seat)))
    return state


STATE = played(4, 60)


def document() -> dict[str, Any]:
    return copy.deepcopy(to_document(SavedGame(SETUP, STATE.clone())))


def refusal(data: Any) -> str:
    text = data if isinstance(data, str) else yaml_text.dump(data, sort_keys=False, allow_unicode=True)
    with pytest.raises(SaveError) as info:
        parse_save(text, tiers=["random"])
    message = str(info.value)
    assert message
    return message


def test_the_untouched_document_loads() -> None:
    assert parse_save(yaml_text.dump(document()), tiers=["random"]).state == STATE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("format: [amul-table-save\n", "not valid YAML at line"),
        ("", "holds nothing (null)"),
        ("- a\n- b\n", "holds a list of 2, not a mapping"),
        ("just some words\n", "holds the text 'just some words'"),
        ("created: 2026-13-45\n", "not valid YAML"),  # YAML's timestamp resolver fails on month 13
        ("a: " + "[" * 5000 + "]" * 5000 + "\n", "not valid YAML"),
        ("a: !!python/object:os.system {}\n", "not valid YAML"),
        ("? [1, 2]\n: x\n", "not valid YAML"),
    ],
)
def test_text_that_is_not_a_save_document_is_refused(text: str, expected: str) -> None:
    assert expected in refusal(text)


def test_a_document_of_another_format_is_refused() -> None:
    doc = document()
    doc["format"] = "amul-score-sheet"
    assert "not an amul-table save: `format` is the text 'amul-score-sheet'" in refusal(doc)
    del doc["format"]
    assert "there is no `format` field" in refusal(doc)


def test_a_newer_version_is_refused_saying_so() -> None:
    doc = document()
    doc["version"] = 3
    assert "written by a newer amul_table (save format version 3)" in refusal(doc)


@pytest.mark.parametrize(("version", "expected"), [(0, "unknown save format version 0"), ("1", "whole number")])
def test_an_unknown_version_is_refused(version: Any, expected: str) -> None:
    doc = document()
    doc["version"] = version
    assert expected in refusal(doc)


@pytest.mark.parametrize("field", [f for f in TOP_FIELDS if f != "format"])
def test_a_missing_field_is_named(field: str) -> None:
    doc = document()
    del doc[field]
    assert f"`{field}` is missing" in refusal(doc)


@pytest.mark.parametrize("field", ["round", "phase", "hands", "offers", "effects", "rng"])
def test_a_missing_snapshot_field_is_named(field: str) -> None:
    doc = document()
    del doc["snapshot"][field]
    assert f"`snapshot.{field}` is missing" in refusal(doc)


def test_an_unknown_field_is_refused() -> None:
    doc = document()
    doc["cheats"] = True
    assert "unknown field `cheats`" in refusal(doc)


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("options", "players"), "four", "`options.players` must be a whole number from 3 to 8, not the text 'four'"),
        (("options", "players"), 9, "`options.players` must be a whole number from 3 to 8, not the number 9"),
        (("options", "tea"), True, "`options.tea` must be a whole number from 0 to 8, not the truth value true"),
        (("seed",), 1.5, "`seed` must be a whole number, not the decimal number 1.5"),
        (("seats",), {"name": "Ana"}, "`seats` must be a list, not a mapping"),
        (("seats", 1, "name"), 5, "`seats[1].name` must be text, not the number 5"),
        (("seats", 1, "name"), "  ", "`seats[1].name` must be 1 to 60 printable characters"),
        (("seats", 0, "kind"), "ghost", "`seats[0].kind` must be human or bot"),
        (("chance", "starting_player"), 4, "`chance.starting_player` must be a whole number from 0 to 3"),
        (("actions",), "offer offer", "`actions` must be a list, not the text"),
        (("actions", 2), ["offer", 0], "`actions[2]` must be [kind, seat, card number or null]"),
        (("actions", 2, 0), "steal", "`actions[2]` has an unknown kind the text 'steal'"),
        (("actions", 2, 1), None, "`actions[2] seat` must be a whole number from 0 to 3, not nothing (null)"),
        (("snapshot",), [], "`snapshot` must be a mapping of fields, not a list of 0"),
        (("snapshot", "hands", 0), "A-1", "`snapshot.hands[0]` must be a list, not the text 'A-1'"),
        (("snapshot", "hands"), [[], []], "`snapshot.hands` must have one entry per seat (4), not 2"),
        (("snapshot", "phase"), "lunch", "`snapshot.phase` must be one of offer, pick, reveal"),
        (("snapshot", "round"), 10, "`snapshot.round` must be a whole number from 1 to 9"),
        (("created",), "yesterday", "`created` must be a time such as 2026-01-31T18:05:00Z, not 'yesterday'"),
        (("updated",), 1700000000, "`updated` must be a time such as 2026-01-31T18:05:00Z, not the number"),
        (("app_version",), 1.0, "`app_version` must be text, not the decimal number 1.0"),
    ],
)
def test_a_field_of_the_wrong_type_or_range_is_named(path: tuple, value: Any, expected: str) -> None:
    doc = document()
    where = doc
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    assert expected in refusal(doc)


def test_a_seat_list_that_does_not_match_the_player_count_is_refused() -> None:
    doc = document()
    doc["seats"].pop()
    assert "`seats` lists 3 seats but `options.players` is 4" in refusal(doc)


def test_a_human_seat_with_a_bot_tier_and_a_bot_without_one_are_refused() -> None:
    doc = document()
    doc["seats"][0]["tier"] = "random"
    assert "`seats[0]` is a human seat but has a bot `tier`" in refusal(doc)
    doc = document()
    del doc["seats"][1]["tier"]
    assert "`seats[1].tier` is missing" in refusal(doc)


def test_a_bot_tier_this_version_does_not_have_is_refused() -> None:
    doc = document()
    doc["seats"][1]["tier"] = "grandmaster"
    assert "`seats[1].tier` is 'grandmaster', a bot tier this version does not have" in refusal(doc)


@pytest.mark.parametrize(
    ("path", "where"),
    [
        (("actions", 0, 2), "`actions[0] card`"),
        (("chance", "market_deck", 5), "`chance.market_deck[5]`"),
        (("snapshot", "market", 0), "`snapshot.market[0]`"),
        (("snapshot", "hands", 2, 1), "`snapshot.hands[2][1]`"),
    ],
)
def test_an_unknown_card_number_is_named_with_its_field(path: tuple, where: str) -> None:
    doc = document()
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = "A-999"
    assert f"{where} must be a card number of this edition such as 'A-27', not the text 'A-999'" in refusal(doc)


def test_card_uids_instead_of_numbers_are_refused() -> None:
    doc = document()
    doc["actions"][0][2] = 12
    assert "`actions[0] card` must be a card number of this edition such as 'A-27', not the number 12" in refusal(doc)


def test_a_market_deck_that_is_not_this_games_cards_is_refused() -> None:
    doc = document()
    deck = doc["chance"]["market_deck"]
    deck[1] = deck[0]
    assert f"`chance.market_deck` holds {deck[0]} twice" in refusal(doc)
    doc = document()
    doc["chance"]["market_deck"].pop()
    assert "`chance.market_deck` is missing" in refusal(doc)
    doc = document()
    doc["chance"]["market_deck"][3] = "A-126"  # an 8-player copy in a 4-player game
    assert "holds A-126, which is not a Market card of this game" in refusal(doc)


def test_an_illegal_action_in_the_log_is_refused_with_its_position() -> None:
    doc = document()
    first_offer = doc["actions"][0]
    doc["actions"].insert(1, list(first_offer))  # the same seat offers twice
    message = refusal(doc)
    assert f"`actions[1]` [offer, {first_offer[1]}, a hidden card (not shown)] is not legal at that point" in message
    assert "has already chosen its offer card this round" in message


def test_a_decline_naming_a_card_is_refused() -> None:
    doc = document()
    doc["actions"][0] = ["decline", 0, "A-1"]
    assert "`actions[0]` is a decline, which names no card (null)" in refusal(doc)


def test_a_snapshot_that_does_not_match_the_replay_is_refused() -> None:
    doc = document()
    doc["snapshot"]["hands"][0], doc["snapshot"]["hands"][1] = doc["snapshot"]["hands"][1], doc["snapshot"]["hands"][0]
    message = refusal(doc)
    assert "the snapshot does not match the replayed game: `snapshot.hands` differs" in message
    assert "secret" in message


def test_an_action_removed_from_the_log_is_caught_by_the_snapshot() -> None:
    doc = document()
    doc["actions"].pop()
    assert "the snapshot does not match the replayed game" in refusal(doc)


def test_a_changed_seed_is_caught_by_the_generator_state_in_the_snapshot() -> None:
    doc = document()
    doc["seed"] += 1
    assert "`snapshot.rng`" in refusal(doc)


def test_an_unquoted_yaml_time_and_a_time_zone_offset_are_read_as_utc() -> None:
    text = dump_save(SavedGame(SETUP, STATE.clone(), created=dt.datetime(2026, 1, 31, 18, 5, tzinfo=dt.UTC)))
    text = text.replace("created: '2026-01-31T18:05:00Z'", "created: 2026-01-31 19:05:00+01:00")
    assert parse_save(text).created == dt.datetime(2026, 1, 31, 18, 5, tzinfo=dt.UTC)


def test_a_time_beyond_the_calendar_is_refused() -> None:
    doc = document()
    doc["created"] = "9999-12-31T23:59:59-05:00"
    assert "`created` is out of range" in refusal(doc)


def test_a_log_entry_that_aliases_a_billion_items_is_refused_with_a_short_message() -> None:
    bomb: list = ["x"] * 10
    for _ in range(9):
        bomb = [bomb] * 10  # YAML writes each level once, with an anchor, and then aliases it
    doc = document()
    doc["snapshot"]["round"] = bomb  # defined here, before the log (snapshot is checked after the log)
    doc = {**{k: v for k, v in doc.items() if k != "actions"}, "actions": [bomb, *doc["actions"]]}
    text = yaml_text.dump(doc, sort_keys=False)
    assert len(text) < 20_000
    message = refusal(text)
    assert message in (
        "the YAML nests more than 8 levels deep",
        "the YAML uses aliases (*name), which this file never needs",
    )
    assert len(message) < 300


def test_a_record_whose_setup_does_not_fit_its_game_is_not_written() -> None:
    with pytest.raises(SaveError, match="the setup has 3 seats but the game has 4 players"):
        dump_save(SavedGame(GameSetup(SETUP.seats[:3], bot_salt=SALT), STATE))
    with pytest.raises(SaveError, match=r"`seats\[0\].name` must be 1 to 60 printable characters"):
        dump_save(SavedGame(GameSetup((Seat.of_human("\n"), *SETUP.seats[1:]), bot_salt=SALT), STATE))
