"""Card data: load and validate cards.yaml into immutable card types and numbered copies.

Every physical copy gets a stable integer uid (its position in the file), so that states, views and
saves can name a card with one small number; `number` ("A-27") is the printed name of that copy.
Loading checks every field, so a bad data edit fails at start-up with a message naming the card and
the field, never later in the middle of a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import yaml

SYMBOLS = ("arab", "mongol", "object", "trade", "military")
DECKS = ("market", "palace", "bazaar")
POSITIONS = ("hand", "table", "both")
SCOPES = ("self", "neighbours", "self_and_neighbours", "one_neighbour_choice", "all")
LANGUAGES = ("en", "fr")
VARIANTS = ("tea",)
# libyaml when PyYAML has it: every process parses cards.yaml at start, 4× faster than the pure-Python loader.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SHORT_MAX = 40  # characters of a `short` summary: what fits on a card drawn at table size
# Which keys each scoring kind takes (beyond `kind`); the interpreter lives in scoring.py.
SCORING_KINDS: dict[str, tuple[str, ...]] = {
    "flat": ("points",),
    "set": ("table",),
    "conditional": ("base", "bonus", "condition"),
    "count_in_play": ("table",),
    "each_copy_per_card": ("count", "scope", "points_per"),
    "per_card": ("count", "scope", "points_per"),
    "per_symbol": ("symbol", "scope", "points_per"),
    "per_pair": ("symbols", "scope", "points_per"),
    "base_minus": ("base", "minus_per", "count", "scope"),
    "trader": ("requires", "points"),
}
EFFECT_TIMES = ("upkeep", "game_end")
FILE_KEYS = ("edition", "score_pad_colours", "cards")
CARD_KEYS = (
    "id",
    "name",
    "text",
    "short",
    "deck",
    "variant",
    "colour",
    "position",
    "symbols",
    "scoring",
    "effect",
    "copies",
    "reconstructed",
)
COPY_KEYS = ("number", "min_players", "deck", "letter", "points")
EFFECT_KEYS = ("when", "take_from", "up_to")
MIN_PLAYERS, MAX_PLAYERS = 3, 8
_ID = re.compile(r"[a-z][a-z0-9_]*")
_NUMBER = re.compile(r"A-[1-9][0-9]*")


class CardDataError(ValueError):
    """cards.yaml is malformed; the message names the card and field."""


@dataclass(frozen=True)
class CardType:
    id: str
    name: dict[str, str]
    text: dict[str, str]  # the full rule text, per language
    short: dict[str, str]  # a summary that fits on a card drawn at table size, per language
    deck: str
    variant: str | None
    colour: str
    position: str
    symbols: dict[str, int]
    scoring: dict[str, Any]
    effect: dict[str, Any] | None
    reconstructed: tuple[str, ...] = ()

    @property
    def in_hand(self) -> bool:
        """A card with the hand icon may stay in hand to the end (and is then scored)."""
        return self.position in ("hand", "both")


@dataclass(frozen=True)
class Card:
    """One physical copy."""

    uid: int
    type: CardType
    number: str
    min_players: int
    deck: str
    letter: str | None
    points: int | None  # per-copy points (Guards), else None
    symbols: dict[str, int] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.type.id

    @property
    def keeps_in_play(self) -> bool:
        """Palace and Bazaar copies always stay in the play area; Market copies need the icon."""
        return self.deck != "market" or self.type.position in ("table", "both")

    @property
    def keeps_in_hand(self) -> bool:
        return self.deck == "market" and self.type.in_hand

    def name(self, lang: str = "en") -> str:
        return self.type.name[lang]


@dataclass(frozen=True)
class CardSet:
    """Every card type and copy of the edition."""

    edition: str
    score_pad_colours: tuple[str, ...]
    types: dict[str, CardType]
    cards: tuple[Card, ...]
    by_number: dict[str, Card]

    def card(self, uid: int) -> Card:
        return self.cards[uid]

    def copies_for(self, players: int, deck: str, variant: str | None = None) -> list[int]:
        """Uids of the copies of one deck used at this player count (variant cards only if asked)."""
        return [
            c.uid
            for c in self.cards
            if c.deck == deck and c.min_players <= players and c.type.variant in (None, variant)
        ]

    def resolve(self, ref: str) -> list[Card]:
        """Cards a user-facing reference names: a copy number (`A-27`) or a card id (`silver`)."""
        ref = ref.strip()
        if ref.upper() in self.by_number:
            return [self.by_number[ref.upper()]]
        if ref in self.types:
            return [c for c in self.cards if c.id == ref]
        return []


@cache
def load_cards() -> CardSet:
    """The shipped card data (loaded once)."""
    text = resources.files("amul_table.rules").joinpath("cards.yaml").read_text(encoding="utf-8")
    return parse_cards(text)


def parse_cards(text: str) -> CardSet:
    """Parse and validate card data; any bad entry raises CardDataError naming the card and field."""
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise CardDataError(f"cards.yaml is not valid YAML: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardDataError("cards.yaml must be a mapping with a `cards` list")
    _no_unknown_keys(data, FILE_KEYS, "cards.yaml")
    colours = data.get("score_pad_colours")
    if not isinstance(colours, list) or not colours or not all(isinstance(x, str) and x for x in colours):
        raise CardDataError("cards.yaml: `score_pad_colours` must be a list of colour names")
    if len(set(colours)) != len(colours):
        raise CardDataError("cards.yaml: `score_pad_colours` names a colour twice")
    types: dict[str, CardType] = {}
    cards: list[Card] = []
    for i, raw in enumerate(data["cards"]):
        where = f"card #{i + 1}"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            where = f"card '{raw['id']}'"
        ctype = _parse_type(raw, where)
        if ctype.id in types:
            raise CardDataError(f"{where}: `id` is used twice")
        if ctype.deck != "bazaar" and ctype.colour not in colours:
            raise CardDataError(f"{where}: `colour` {ctype.colour!r} has no score pad row (rows: {colours})")
        types[ctype.id] = ctype
        copies = raw.get("copies")
        if not isinstance(copies, list) or not copies:
            raise CardDataError(f"{where}: `copies` must be a non-empty list")
        for j, cp in enumerate(copies):
            label = f"copy {cp['number']}" if isinstance(cp, dict) and isinstance(cp.get("number"), str) else ""
            cards.append(_parse_copy(cp, ctype, len(cards), f"{where} {label or f'copy #{j + 1}'}"))
    for ctype in types.values():
        _check_references(ctype, types)
    by_number: dict[str, Card] = {}
    letters: dict[str, str] = {}
    for c in cards:
        if c.number in by_number:
            raise CardDataError(f"card '{c.id}': `number` {c.number} is also on '{by_number[c.number].id}'")
        by_number[c.number] = c
        if c.letter:
            if c.letter in letters:
                raise CardDataError(f"card '{c.id}': `letter` {c.letter} is also on {letters[c.letter]}")
            letters[c.letter] = c.number
    return CardSet(str(data.get("edition", "")), tuple(colours), types, tuple(cards), by_number)


# --- one card type ------------------------------------------------------------------------------


def _parse_type(raw: Any, where: str) -> CardType:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a mapping")
    _no_unknown_keys(raw, CARD_KEYS, where)
    cid = _need(raw, "id", str, where)
    if not _ID.fullmatch(cid):
        raise CardDataError(f"{where}: `id` must be lower_case_with_underscores")
    deck = _one_of(raw, "deck", DECKS, where)
    position = _one_of(raw, "position", POSITIONS, where)
    if deck != "market" and position != "table":
        raise CardDataError(f"{where}: `position` of a {deck} card must be 'table' (it never enters a hand)")
    variant = raw.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise CardDataError(f"{where}: `variant` must be one of {VARIANTS} or absent, got {variant!r}")
    colour = _need(raw, "colour", str, where)
    scoring = _need(raw, "scoring", dict, where)
    _check_scoring(scoring, f"{where} scoring")
    if (scoring["kind"] == "trader") != (deck == "bazaar"):
        raise CardDataError(f"{where}: scoring `kind` trader is for Bazaar cards, and Bazaar cards are Traders")
    effect = raw.get("effect")
    if effect is not None:
        _check_effect(effect, position, f"{where} effect")
    reconstructed = raw.get("reconstructed") or []
    if not isinstance(reconstructed, list) or not all(isinstance(x, str) for x in reconstructed):
        raise CardDataError(f"{where}: `reconstructed` must be a list of field names")
    return CardType(
        id=cid,
        name=_lang_map(raw, "name", where),
        text=_lang_map(raw, "text", where),
        short=_lang_map(raw, "short", where, max_len=SHORT_MAX),
        deck=deck,
        variant=variant,
        colour=colour,
        position=position,
        symbols=_symbols(raw.get("symbols"), where),
        scoring=scoring,
        effect=effect,
        reconstructed=tuple(reconstructed),
    )


def _lang_map(raw: dict, key: str, where: str, max_len: int | None = None) -> dict[str, str]:
    """A required {en, fr} map of non-empty texts."""
    value = _need(raw, key, dict, where)
    _no_unknown_keys(value, LANGUAGES, f"{where} {key}")
    for lang in LANGUAGES:
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise CardDataError(f"{where}: `{key}` needs a non-empty {lang!r} text")
        if max_len is not None and len(text) > max_len:
            raise CardDataError(f"{where}: `{key}` {lang!r} has {len(text)} characters, at most {max_len} fit")
    return {lang: value[lang] for lang in LANGUAGES}


def _symbols(symbols: Any, where: str) -> dict[str, int]:
    symbols = symbols or {}
    if not isinstance(symbols, dict):
        raise CardDataError(f"{where}: `symbols` must be a mapping")
    for k, v in symbols.items():
        if k not in SYMBOLS or not _is_int(v) or v < 0:
            raise CardDataError(f"{where}: `symbols` has a bad entry {k}: {v!r} (symbols are {SYMBOLS})")
    return {k: v for k, v in symbols.items() if v}


def _check_scoring(sc: dict, where: str) -> None:
    kind = sc.get("kind")
    if kind not in SCORING_KINDS:
        raise CardDataError(f"{where}: unknown `kind` {kind!r} (kinds: {', '.join(SCORING_KINDS)})")
    _no_unknown_keys(sc, ("kind", *SCORING_KINDS[kind]), f"{where} ({kind})")
    for key in SCORING_KINDS[kind]:
        if key == "points" and kind == "flat":
            continue  # may instead be given per copy
        if key not in sc:
            raise CardDataError(f"{where}: kind {kind} needs `{key}`")
    for key in ("points", "base", "bonus", "minus_per", "points_per"):
        if key in sc and not _is_int(sc[key]):
            raise CardDataError(f"{where}: `{key}` must be a whole number, got {sc[key]!r}")
    if "scope" in sc:
        if sc["scope"] not in SCOPES:
            raise CardDataError(f"{where}: `scope` must be one of {SCOPES}, got {sc['scope']!r}")
        if sc["scope"] == "one_neighbour_choice" and kind != "per_symbol":
            raise CardDataError(f"{where}: `scope` one_neighbour_choice works only with kind per_symbol")
    if kind == "set":
        table = sc["table"]
        if not isinstance(table, list) or not table or not all(_is_int(x) for x in table):
            raise CardDataError(f"{where}: a set `table` is a list of points for 1, 2, ... cards")
    if kind == "count_in_play":
        table = sc["table"]
        if not isinstance(table, dict) or not all(_is_int(k) and _is_int(v) for k, v in table.items()):
            raise CardDataError(f"{where}: a count_in_play `table` maps a count to points")
        if sorted(table) != list(range(1, len(table) + 1)):
            raise CardDataError(f"{where}: a count_in_play `table` gives points for every count 1, 2, ... in play")
    if kind == "per_symbol" and sc["symbol"] not in SYMBOLS:
        raise CardDataError(f"{where}: unknown `symbol` {sc['symbol']!r}")
    if kind == "per_pair":
        pair = sc["symbols"]
        if not isinstance(pair, list) or len(pair) < 2 or not all(s in SYMBOLS for s in pair):
            raise CardDataError(f"{where}: `symbols` must list two or more of {SYMBOLS}")
    if "count" in sc:
        _check_count(sc["count"], where)
    if kind == "conditional":
        _check_condition(sc["condition"], where)
    if kind == "trader":
        requires = sc["requires"]
        if not isinstance(requires, list) or not requires or not all(isinstance(r, str) for r in requires):
            raise CardDataError(f"{where}: `requires` must list the card ids of the set")


def _check_count(count: Any, where: str) -> None:
    if not isinstance(count, dict) or not ({"cards"} == set(count) or {"symbol"} == set(count)):
        raise CardDataError(f"{where}: `count` is {{cards: [ids]}} or {{symbol: name}}")
    if "symbol" in count and count["symbol"] not in SYMBOLS:
        raise CardDataError(f"{where}: `count` names unknown symbol {count['symbol']!r}")
    cards = count.get("cards", [""])
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise CardDataError(f"{where}: `count` cards must be a list of card ids")


def _check_condition(cond: Any, where: str) -> None:
    if not isinstance(cond, dict) or not cond or not set(cond) <= {"own_cards", "own_symbols"}:
        raise CardDataError(f"{where}: a `condition` is own_cards and/or own_symbols")
    for part, items in cond.items():
        if not isinstance(items, dict) or not items:
            raise CardDataError(f"{where}: `condition` {part} must map names to counts")
        for name, need in items.items():
            if part == "own_symbols" and name not in SYMBOLS:
                raise CardDataError(f"{where}: `condition` names unknown symbol {name!r}")
            if not _is_int(need) or need < 1:
                raise CardDataError(f"{where}: `condition` {part} {name} needs a count of at least 1")


def _check_effect(effect: Any, position: str, where: str) -> None:
    if not isinstance(effect, dict):
        raise CardDataError(f"{where}: must be a mapping")
    _no_unknown_keys(effect, EFFECT_KEYS, where)
    when = effect.get("when")
    if when not in EFFECT_TIMES:
        raise CardDataError(f"{where}: `when` must be one of {EFFECT_TIMES}, got {when!r}")
    if effect.get("take_from") not in DECKS:
        raise CardDataError(f"{where}: `take_from` must be one of {DECKS}, got {effect.get('take_from')!r}")
    if not _is_int(effect.get("up_to")) or effect["up_to"] < 1:
        raise CardDataError(f"{where}: `up_to` must be a positive number")
    if when == "upkeep" and position == "hand":
        raise CardDataError(f"{where}: `when` upkeep needs the play-area icon (`position` table or both)")
    if when == "game_end" and position == "table":
        raise CardDataError(f"{where}: `when` game_end needs the hand icon (`position` hand or both)")


def _check_references(ctype: CardType, types: dict[str, CardType]) -> None:
    sc = ctype.scoring
    refs = [("count", r) for r in sc.get("count", {}).get("cards", [])]
    refs += [("condition", r) for r in sc.get("condition", {}).get("own_cards", {})]
    refs += [("requires", r) for r in sc.get("requires", [])]
    for key, ref in refs:
        if ref not in types:
            raise CardDataError(f"card '{ctype.id}': scoring `{key}` names unknown card {ref!r}")


# --- one physical copy --------------------------------------------------------------------------


def _parse_copy(cp: Any, ctype: CardType, uid: int, where: str) -> Card:
    if not isinstance(cp, dict):
        raise CardDataError(f"{where}: must be a mapping")
    _no_unknown_keys(cp, COPY_KEYS, where)
    number = _need(cp, "number", str, where)
    if not _NUMBER.fullmatch(number):
        raise CardDataError(f"{where}: `number` must look like A-27, got {number!r}")
    min_players = _need(cp, "min_players", int, where)
    if not MIN_PLAYERS <= min_players <= MAX_PLAYERS:
        raise CardDataError(f"{where}: `min_players` must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {min_players}")
    deck = cp.get("deck", ctype.deck)
    allowed = ("market", "palace") if ctype.deck == "market" else (ctype.deck,)
    if deck not in allowed:
        raise CardDataError(f"{where}: `deck` of a copy of a {ctype.deck} card must be one of {allowed}, got {deck!r}")
    letter = cp.get("letter")
    if ctype.symbols.get("military", 0):
        if not (isinstance(letter, str) and len(letter) == 1 and "A" <= letter <= "Z"):
            raise CardDataError(f"{where}: a military card needs a pick-order `letter` (A-Z)")
    elif letter is not None:
        raise CardDataError(f"{where}: `letter` is only for cards with a military symbol")
    points = cp.get("points")
    per_copy = ctype.scoring["kind"] == "flat" and "points" not in ctype.scoring
    if per_copy and not _is_int(points):
        raise CardDataError(f"{where}: flat scoring without card points needs whole-number `points` on each copy")
    if not per_copy and points is not None:
        raise CardDataError(f"{where}: `points` per copy are only for flat scoring without card points")
    return Card(uid, ctype, number, min_players, deck, letter, points, ctype.symbols)


# --- small helpers --------------------------------------------------------------------------------


def _need(raw: dict, key: str, kind: type, where: str) -> Any:
    if key not in raw:
        raise CardDataError(f"{where}: missing `{key}`")
    value = raw[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise CardDataError(f"{where}: `{key}` has the wrong type ({type(value).__name__})")
    return value


def _one_of(raw: dict, key: str, choices: tuple[str, ...], where: str) -> str:
    value = _need(raw, key, str, where)
    if value not in choices:
        raise CardDataError(f"{where}: `{key}` must be one of {choices}, got {value!r}")
    return value


def _no_unknown_keys(raw: dict, allowed: tuple[str, ...], where: str) -> None:
    """Typos such as `scorring` fail loudly instead of being ignored."""
    for key in raw:
        if key not in allowed:
            raise CardDataError(f"{where}: unknown key `{key}` (allowed: {', '.join(allowed)})")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
