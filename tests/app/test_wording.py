"""Wording a player noticed (issue 23 #13): agreement, plurals, one term for a card that leaves, "you" in a replay."""

from __future__ import annotations

import pytest

from amul_table.i18n import STRINGS, card_name, set_language, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import Action, Event, EventKind
from amul_table.scenes.table.game_log import describe

CARDS = load_cards()


def uid_of(name: str) -> int:
    return next(c.uid for c in CARDS.cards if c.type.name["en"] == name)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_string_hedges_its_plural_with_brackets(lang):
    assert [k for k, v in STRINGS[lang].items() if "(s)" in v] == []


@pytest.mark.parametrize(
    "lang,kept,words",
    [
        ("en", 1, "Marco keeps 1 hand card in play."),
        ("en", 2, "Marco keeps 2 hand cards in play."),
        ("fr", 1, "Marco garde 1 carte de sa main en jeu."),
        ("fr", 0, "Marco garde 0 carte de sa main en jeu."),
        ("fr", 3, "Marco garde 3 cartes de sa main en jeu."),
    ],
)
def test_the_end_of_hand_line_agrees_with_its_number(lang, kept, words):
    set_language(lang)
    assert describe(Event(EventKind.END_HAND, seat=1, kept=kept), ["Li", "Marco", "Ana"]) == words
    you = describe(Event(EventKind.END_HAND, seat=1, kept=kept), ["Li", "Marco", "Ana"], you=1)
    assert ("card " in you or "carte " in you) == (kept in ((1,) if lang == "en" else (0, 1)))


@pytest.mark.parametrize(
    "lang,one,two", [("en", "take 1 card from", "take 2 cards from"), ("fr", "1 carte du", "2 cartes du")]
)
def test_a_rule_written_from_an_effect_agrees_with_its_number(lang, one, two):
    from amul_table.i18n.card_texts import _effect_text

    set_language(lang)
    assert one in _effect_text({"when": "upkeep", "take_from": "palace", "up_to": 1})
    assert two in _effect_text({"when": "upkeep", "take_from": "palace", "up_to": 2})


def test_a_selected_card_needs_no_gender_in_french():
    """ "Contrebandier choisie": the line named the card with a feminine participle whatever its gender."""
    set_language("fr")
    line = tr("table.selected", card=card_name(CARDS.types[next(iter(CARDS.types))]))
    assert "choisie" not in line and "choisi " not in line
    assert "elle" not in tr("table.reveal_warning", card="Contrebandier").split(":")[-1].split()


def test_french_says_a_card_leaves_the_game_in_the_piles_own_words():
    """The pile is "Hors jeu": cards going there are tagged "sort du jeu", never "quitte la partie"."""
    french = STRINGS["fr"]
    assert french["board.removed"] == "Hors jeu" and french["table.hand_only"] == "sort du jeu"
    assert [k for k, v in french.items() if "quitte la partie" in v] == []


def test_the_shield_does_not_say_vous_seul():
    assert "vous seul" not in STRINGS["fr"]["shield.ready"]


@pytest.mark.parametrize("lang,words", [("en", "You pick Gold."), ("fr", "Vous prenez Or.")])
def test_a_seat_named_you_is_spoken_to_even_when_another_seat_is_shown(lang, words):
    """The replay showing a bot's seat wrote "You picks Gold." about the human named "You"."""
    set_language(lang)
    names = ["Marco", tr("setup.name_human"), "Li"]
    gold = uid_of("Gold")
    assert describe(Event(EventKind.PICK, seat=1, cards=(gold,)), names, you=-1) == words.replace(
        "Or", card_name(CARDS.cards[gold].type)
    )


def test_french_never_names_a_card_with_a_pronoun_of_one_gender():
    """ "révéler Chameau : elle rapporte…": a pronoun after a card's name agreed with "carte", not the card."""
    pronouns = (": elle ", "-la ", "-la)", " la jouerez", "de la prendre")
    found = [
        k for k, v in STRINGS["fr"].items() if "{card}" in v and any(p in v.replace("\u00a0", " ") for p in pronouns)
    ]
    assert found == []


def test_the_french_review_says_vous_avez_for_the_seat_named_vous():
    from amul_table.ai.reasons import Reason
    from amul_table.ai.review import Decision
    from amul_table.scenes.review import decision_words

    set_language("fr")
    gold = Action(ActionKind.REVEAL, 0, uid_of("Gold"))
    decision = Decision(0, 1, Phase.REVEAL, gold, gold, 0.0, 0.0, 0.0, Reason.DECLINE, {}, 3)
    assert decision_words("Vous", decision).startswith("Vous avez révélé ")
    assert decision_words("Marco", decision).startswith("Marco a révélé ")
