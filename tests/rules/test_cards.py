"""Card data: the shipped cards.yaml against the rulebooks' arithmetic, and the loader's validation."""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from amul_table.rules.cards import SHORT_MAX, CardDataError, CardSet, load_cards, parse_cards
from tests import yaml_text

FIXTURE = Path(__file__).parents[1] / "data" / "minimal_cards.yaml"
MARKET_FILL = {3: 1, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3}  # Market cards dealt each round, by player count
PLAYER_COUNTS = range(3, 9)


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards()


# --- the shipped file -----------------------------------------------------------------------------


def test_shipped_card_file_loads_every_type_and_copy(cards):
    # 139 Market + 8 Tea + 16 Palace + 9 Bazaar = 172 numbered cards (183 minus 11 auxiliary cards).
    assert len(cards.types) == 66
    assert len(cards.cards) == 172


@pytest.mark.parametrize(("players", "expected"), [(3, 51), (4, 74), (5, 97), (6, 111), (7, 125), (8, 139)])
def test_market_cards_marked_up_to_the_player_count_fill_every_deal_exactly(cards, players, expected):
    """Every Market card is dealt: 5-card hands, then 9 rounds of one card each plus the Market fill."""
    market = cards.copies_for(players, "market")
    assert len(market) == expected == 5 * players + 9 * (players + MARKET_FILL[players])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_palace_holds_two_cards_per_player(cards, players):
    assert len(cards.copies_for(players, "palace")) == 2 * players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bazaar_holds_one_trader_per_player_and_the_tea_trader_only_in_the_variant(cards, players):
    regular = cards.copies_for(players, "bazaar")
    variant = cards.copies_for(players, "bazaar", "tea")
    assert len(regular) == players
    assert all(cards.card(uid).type.variant is None for uid in regular)
    assert [cards.card(uid).id for uid in variant if uid not in regular] == ["tea_trader"]


def test_tea_cards_are_eight_in_all_and_only_in_the_variant(cards):
    tea = [c for c in cards.cards if c.id == "tea"]
    assert len(tea) == 8
    assert all(c.type.variant == "tea" and c.deck == "market" for c in tea)
    assert not any(cards.card(uid).id == "tea" for uid in cards.copies_for(8, "market"))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_as_many_tea_cards_are_marked_for_a_player_count_as_there_are_players(cards, players):
    """The recommended number of Tea cards equals the number of players; the markings give exactly that."""
    tea = [uid for uid in cards.copies_for(players, "market", "tea") if cards.card(uid).id == "tea"]
    assert len(tea) == players


def test_copy_numbers_run_from_a1_to_a172_each_used_once(cards):
    numbers = [c.number for c in cards.cards]
    assert sorted(numbers, key=lambda n: int(n[2:])) == [f"A-{i}" for i in range(1, 173)]


def test_pick_order_letters_are_unique_and_only_on_military_cards(cards):
    lettered = [c for c in cards.cards if c.letter]
    assert len({c.letter for c in lettered}) == len(lettered)
    assert all(c.symbols.get("military") for c in lettered)
    assert all(c.letter for c in cards.cards if c.symbols.get("military"))


def test_every_card_a_scoring_rule_names_is_in_the_game_wherever_the_rule_is(cards):
    """E.g. the Chinese Trader (5+ players) needs Jade, which is first used with 5 players."""
    for ctype in cards.types.values():
        sc = ctype.scoring
        named = [*sc.get("requires", []), *sc.get("count", {}).get("cards", [])]
        named += list(sc.get("condition", {}).get("own_cards", {}))
        first = min(c.min_players for c in cards.cards if c.id == ctype.id)
        for cid in named:
            available = min(c.min_players for c in cards.cards if c.id == cid)
            assert available <= first, (ctype.id, cid)
            assert cards.types[cid].variant in (None, ctype.variant), (ctype.id, cid)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_card_has_a_rule_text_and_a_short_summary_that_fits(cards, lang):
    for ctype in cards.types.values():
        assert ctype.text[lang].strip(), ctype.id
        assert ctype.short[lang].strip(), ctype.id
        assert len(ctype.short[lang]) <= SHORT_MAX, (ctype.id, ctype.short[lang])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rule_texts_state_the_points_of_the_scoring_data(cards, lang):
    """Text and data agree: every point value the scoring data holds is written in the card's text."""
    for ctype in cards.types.values():
        text = ctype.text[lang]
        for value in _point_values(cards, ctype.id):
            assert re.search(rf"(?<!\d){abs(value)}(?!\d)", text), (ctype.id, lang, value, text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_trader_texts_name_the_goods_of_their_set(cards, lang):
    for ctype in cards.types.values():
        if ctype.scoring["kind"] == "trader":
            goods = [cards.types[r].name[lang] for r in ctype.scoring["requires"]]
            assert all(g in ctype.text[lang] and g in ctype.short[lang] for g in goods), ctype.id


def test_effect_texts_name_where_the_card_is_taken_from(cards):
    where = {
        "en": {"palace": "Palace", "bazaar": "Bazaar", "market": "Market"},
        "fr": {"palace": "palais", "bazaar": "bazar", "market": "marché"},
    }
    effects = [t for t in cards.types.values() if t.effect]
    assert len(effects) == 6
    for ctype in effects:
        for lang, words in where.items():
            assert words[ctype.effect["take_from"]] in ctype.text[lang], (ctype.id, lang)


def test_guard_texts_say_that_the_points_depend_on_the_copy(cards):
    for cid in ("arab_guard", "mongol_guard"):
        assert "depending on the copy" in cards.types[cid].text["en"]
        assert "selon l'exemplaire" in cards.types[cid].text["fr"]


def _point_values(cards: CardSet, cid: str) -> list[int]:
    sc = cards.types[cid].scoring
    kind = sc["kind"]
    if kind == "flat" and "points" not in sc:  # Guards: the lowest and highest copy
        points = [c.points for c in cards.cards if c.id == cid]
        return [min(points), max(points)]
    if kind == "set":
        return list(sc["table"])
    if kind == "count_in_play":
        return list(sc["table"].values())
    return [sc[k] for k in ("points", "base", "bonus", "minus_per", "points_per") if k in sc]


# --- validation: a bad entry fails with a message naming the card and the field -----------------


def _fixture() -> dict:
    """A copy for each test to change of the fixture, parsed once (40 ms a parse, 60 tests)."""
    return copy.deepcopy(_fixture_data())


@functools.cache
def _fixture_data() -> dict:
    return yaml_text.load(FIXTURE.read_text(encoding="utf-8"))


def _card(data: dict, cid: str) -> dict:
    return next(c for c in data["cards"] if c["id"] == cid)


def test_minimal_fixture_is_valid_so_each_failure_below_comes_from_its_one_change():
    cs = parse_cards(FIXTURE.read_text(encoding="utf-8"))
    assert len(cs.types) == 11
    assert cs.by_number["A-7"].points == 3
    assert cs.types["trader"].short["fr"] == "Or+Épices : 8"


def _set(cid: str, key: str, value: object) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        _card(data, cid)[key] = value

    return change


def _drop(cid: str, key: str) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        del _card(data, cid)[key]

    return change


def _edit(cid: str, path: tuple, value: object) -> Callable[[dict], None]:
    """Set a nested value (`path` of keys / list indexes under the card)."""

    def change(data: dict) -> None:
        node = _card(data, cid)
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value

    return change


def _duplicate_id(data: dict) -> None:
    _card(data, "spice")["id"] = "gold"


BAD_ENTRIES: list[tuple[str, Callable[[dict], None], str, str]] = [
    # (what is wrong, change to the fixture, card named in the message, field named in the message)
    ("misspelt card key", lambda d: _card(d, "gold").update(scorring={}), "'gold'", "`scorring`"),
    ("missing id", _drop("gold", "id"), "card #1", "`id`"),
    ("id with capitals", _set("gold", "id", "Gold"), "'Gold'", "`id`"),
    ("id used twice", _duplicate_id, "'gold'", "`id`"),
    ("missing name", _drop("gold", "name"), "'gold'", "`name`"),
    ("empty French name", _edit("gold", ("name", "fr"), " "), "'gold'", "`name`"),
    ("missing text", _drop("spice", "text"), "'spice'", "`text`"),
    ("empty English text", _edit("spice", ("text", "en"), ""), "'spice'", "`text`"),
    ("text that is not a language map", _set("spice", "text", "Two for one"), "'spice'", "`text`"),
    ("text in an unknown language", _edit("spice", ("text", "de"), "Zwei"), "'spice'", "text: unknown key `de`"),
    ("missing short", _drop("oil", "short"), "'oil'", "`short`"),
    ("missing French short", _set("oil", "short", {"en": "3"}), "'oil'", "`short`"),
    ("short too long for a card", _edit("oil", ("short", "en"), "x" * (SHORT_MAX + 1)), "'oil'", "`short`"),
    ("unknown deck", _set("gold", "deck", "harbour"), "'gold'", "`deck`"),
    ("unknown position", _set("gold", "position", "pocket"), "'gold'", "`position`"),
    ("Palace card kept in hand", _set("tent", "position", "both"), "'tent'", "`position`"),
    ("unknown variant", _set("gold", "variant", "coffee"), "'gold'", "`variant`"),
    ("colour without a score pad row", _set("gold", "colour", "pink"), "'gold'", "`colour`"),
    ("unknown symbol", _set("spy", "symbols", {"persian": 1}), "'spy'", "`symbols`"),
    ("negative symbol count", _set("spy", "symbols", {"mongol": -1}), "'spy'", "`symbols`"),
    ("missing scoring", _drop("gold", "scoring"), "'gold'", "`scoring`"),
    ("unknown scoring kind", _edit("gold", ("scoring", "kind"), "bonus"), "'gold'", "`kind`"),
    ("misspelt scoring key", _set("gold", "scoring", {"kind": "flat", "point": 4}), "'gold'", "`point`"),
    ("scoring key missing for its kind", _set("camel", "scoring", {"kind": "count_in_play"}), "'camel'", "`table`"),
    ("points that are not a number", _edit("gold", ("scoring", "points"), "four"), "'gold'", "`points`"),
    ("set table that is not a list", _edit("spice", ("scoring", "table"), {1: 2}), "'spice'", "`table`"),
    ("count-in-play table with a gap", _edit("camel", ("scoring", "table"), {1: 1, 3: 3}), "'camel'", "`table`"),
    ("unknown scope", _edit("collector", ("scoring", "scope"), "street"), "'collector'", "`scope`"),
    (
        "neighbour choice on a card count",
        _edit("collector", ("scoring", "scope"), "one_neighbour_choice"),
        "'collector'",
        "`scope`",
    ),
    ("per-symbol with an unknown symbol", _edit("spy", ("scoring", "symbol"), "persian"), "'spy'", "`symbol`"),
    ("count of both cards and a symbol", _edit("collector", ("scoring", "count"), {}), "'collector'", "`count`"),
    (
        "count of an unknown card",
        _edit("collector", ("scoring", "count"), {"cards": ["ruby"]}),
        "'collector'",
        "`count`",
    ),
    ("condition of an unknown kind", _edit("oil", ("scoring", "condition"), {"own_hand": {}}), "'oil'", "`condition`"),
    (
        "condition on an unknown card",
        _edit("oil", ("scoring", "condition", "own_cards"), {"lamp": 1}),
        "'oil'",
        "`condition`",
    ),
    (
        "condition needing zero cards",
        _edit("oil", ("scoring", "condition", "own_cards"), {"gold": 0}),
        "'oil'",
        "`condition`",
    ),
    (
        "Trader requiring an unknown card",
        _edit("trader", ("scoring", "requires"), ["gold", "tea"]),
        "'trader'",
        "`requires`",
    ),
    (
        "Trader scoring on a Market card",
        _set("gold", "scoring", {"kind": "trader", "requires": ["spice"], "points": 8}),
        "'gold'",
        "`kind`",
    ),
    ("Bazaar card that is no Trader", _set("trader", "scoring", {"kind": "flat", "points": 8}), "'trader'", "`kind`"),
    (
        "effect from an unknown place",
        _edit("merchant", ("effect", "take_from"), "harbour"),
        "'merchant'",
        "`take_from`",
    ),
    ("effect taking no card", _edit("merchant", ("effect", "up_to"), 0), "'merchant'", "`up_to`"),
    ("effect at an unknown time", _edit("merchant", ("effect", "when"), "dawn"), "'merchant'", "`when`"),
    ("misspelt effect key", _edit("merchant", ("effect", "upto"), 1), "'merchant'", "`upto`"),
    ("upkeep effect on a hand-only card", _set("merchant", "position", "hand"), "'merchant'", "`when`"),
    ("game-end effect on a table-only card", _set("thief", "position", "table"), "'thief'", "`when`"),
    ("no copies", _set("gold", "copies", []), "'gold'", "`copies`"),
    ("misspelt copy key", _edit("gold", ("copies", 0, "min_player"), 3), "'gold' copy A-1", "`min_player`"),
    ("copy number in the wrong form", _edit("gold", ("copies", 0, "number"), "27"), "'gold'", "`number`"),
    ("copy number used twice", _edit("spice", ("copies", 0, "number"), "A-1"), "'spice'", "`number`"),
    ("copy for two players", _edit("gold", ("copies", 0, "min_players"), 2), "'gold' copy A-1", "`min_players`"),
    ("copy for nine players", _edit("gold", ("copies", 0, "min_players"), 9), "'gold' copy A-1", "`min_players`"),
    (
        "copy without a player count",
        _edit("gold", ("copies", 0), {"number": "A-1"}),
        "'gold' copy A-1",
        "`min_players`",
    ),
    (
        "military copy without a letter",
        _edit("guard", ("copies", 0), {"number": "A-6", "min_players": 3, "points": 0}),
        "'guard' copy A-6",
        "`letter`",
    ),
    (
        "letter on a card without a military symbol",
        _edit("gold", ("copies", 0, "letter"), "C"),
        "'gold' copy A-1",
        "`letter`",
    ),
    ("pick-order letter used twice", _edit("guard", ("copies", 1, "letter"), "A"), "'guard'", "`letter`"),
    (
        "flat card without points",
        _edit("guard", ("copies", 1), {"number": "A-7", "min_players": 3, "letter": "B"}),
        "'guard' copy A-7",
        "`points`",
    ),
    (
        "copy points on a card with card points",
        _edit("gold", ("copies", 0, "points"), 5),
        "'gold' copy A-1",
        "`points`",
    ),
    ("Bazaar copy of a Market card", _edit("gold", ("copies", 0, "deck"), "bazaar"), "'gold' copy A-1", "`deck`"),
    ("reconstructed that is not a list", _set("trader", "reconstructed", "requires"), "'trader'", "`reconstructed`"),
]


@pytest.mark.parametrize(("change", "card", "field"), [b[1:] for b in BAD_ENTRIES], ids=[b[0] for b in BAD_ENTRIES])
def test_bad_card_entry_is_rejected_with_a_message_naming_the_card_and_field(change, card, field):
    data = copy.deepcopy(_fixture())
    change(data)
    with pytest.raises(CardDataError) as failure:
        parse_cards(yaml_text.dump(data, allow_unicode=True, sort_keys=False))
    message = str(failure.value)
    assert card in message and field in message, message


def test_text_that_is_not_yaml_is_rejected_with_the_parser_position():
    with pytest.raises(CardDataError, match=r"(?s)not valid YAML.*line 2"):
        parse_cards("cards:\n  - id: [gold\n")


def test_a_file_without_a_cards_list_is_rejected():
    with pytest.raises(CardDataError, match="`cards` list"):
        parse_cards("edition: empty\n")


def test_a_misspelt_top_level_key_is_rejected_naming_the_key():
    text = FIXTURE.read_text(encoding="utf-8").replace("score_pad_colours:", "score_pad_colors:")
    with pytest.raises(CardDataError, match="unknown key `score_pad_colors`"):
        parse_cards(text)


def test_a_score_pad_colour_listed_twice_is_rejected():
    data = _fixture()
    data["score_pad_colours"].append("red")
    with pytest.raises(CardDataError, match="`score_pad_colours` names a colour twice"):
        parse_cards(yaml_text.dump(data, allow_unicode=True))


def test_a_card_that_is_not_a_mapping_is_rejected_naming_its_position():
    data = _fixture()
    data["cards"].insert(1, "spice")
    with pytest.raises(CardDataError, match="card #2: must be a mapping"):
        parse_cards(yaml_text.dump(data, allow_unicode=True))
