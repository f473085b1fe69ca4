"""Every window string exists in French with the same placeholders, and switching language works."""

from __future__ import annotations

import string

import pytest

from amul_table import i18n
from amul_table.i18n import STRINGS, card_name, set_language, tr
from amul_table.i18n.card_texts import card_text
from amul_table.rules.cards import load_cards


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def test_every_english_key_has_a_french_translation():
    missing = sorted(set(STRINGS["en"]) - set(STRINGS["fr"]))
    assert missing == []


def test_french_has_no_keys_that_english_lacks():
    assert sorted(set(STRINGS["fr"]) - set(STRINGS["en"])) == []


def test_french_strings_keep_the_same_placeholders():
    wrong = {
        key: (placeholders(en), placeholders(STRINGS["fr"][key]))
        for key, en in STRINGS["en"].items()
        if key in STRINGS["fr"] and placeholders(en) != placeholders(STRINGS["fr"][key])
    }
    assert wrong == {}


def test_no_french_string_is_empty():
    assert [k for k, v in STRINGS["fr"].items() if not v.strip()] == []


def test_switching_to_french_changes_the_strings_and_back():
    assert tr("title.new_game") == "New game"
    set_language("fr")
    assert i18n.language() == "fr"
    assert tr("title.new_game") == "Nouvelle partie"
    assert tr("table.round", n=3) == "Manche 3 sur 9"
    set_language("en")
    assert tr("table.round", n=3) == "Round 3 of 9"


def test_an_unknown_language_keeps_english():
    set_language("xx")
    assert i18n.language() == "en"
    assert tr("title.quit") == "Quit"


def test_card_names_and_rule_texts_follow_the_language():
    cards = load_cards()
    silver = cards.types["silver"]
    set_language("fr")
    assert card_name(silver) == "Argent"
    sample = next(c for c in cards.cards if c.id == "silver")
    french = card_text(sample)
    set_language("en")
    english = card_text(sample)
    assert french and english and french != english
