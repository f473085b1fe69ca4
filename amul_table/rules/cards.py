"""Card data: load and validate cards.yaml into immutable card types and numbered copies.

Every physical copy gets a stable integer uid (its position in the file), so that states, views and
saves can name a card with one small number; `number` ("A-27") is the printed name of that copy.
"""

from __future__ import annotations

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


class CardDataError(ValueError):
    """cards.yaml is malformed; the message names the card and field."""


@dataclass(frozen=True)
class CardType:
    id: str
    name: dict[str, str]
    text: dict[str, str]
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
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise CardDataError(f"cards.yaml is not valid YAML: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardDataError("cards.yaml must be a mapping with a `cards` list")
    types: dict[str, CardType] = {}
    cards: list[Card] = []
    raw_types = data["cards"]
    for i, raw in enumerate(raw_types):
        where = f"card #{i + 1}"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            where = f"card '{raw['id']}'"
        ctype = _parse_type(raw, where)
        if ctype.id in types:
            raise CardDataError(f"{where}: id is used twice")
        types[ctype.id] = ctype
        copies = raw.get("copies")
        if not isinstance(copies, list) or not copies:
            raise CardDataError(f"{where}: `copies` must be a non-empty list")
        for j, cp in enumerate(copies):
            cards.append(_parse_copy(cp, ctype, len(cards), f"{where} copy {j + 1}"))
    for ctype in types.values():
        _check_references(ctype, types)
    by_number: dict[str, Card] = {}
    letters: dict[str, str] = {}
    for c in cards:
        if c.number in by_number:
            raise CardDataError(f"card '{c.id}': number {c.number} is used twice")
        by_number[c.number] = c
        if c.letter:
            if c.letter in letters:
                raise CardDataError(f"card '{c.id}': letter {c.letter} is also on {letters[c.letter]}")
            letters[c.letter] = c.number
    colours = data.get("score_pad_colours")
    if not isinstance(colours, list) or not all(isinstance(x, str) for x in colours):
        raise CardDataError("cards.yaml: `score_pad_colours` must be a list of colour names")
    for ctype in types.values():
        if ctype.deck != "bazaar" and ctype.colour not in colours:
            raise CardDataError(f"card '{ctype.id}': colour {ctype.colour!r} has no score pad row")
    return CardSet(str(data.get("edition", "")), tuple(colours), types, tuple(cards), by_number)


def _need(raw: dict, key: str, kind: type | tuple, where: str) -> Any:
    if key not in raw:
        raise CardDataError(f"{where}: missing `{key}`")
    value = raw[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise CardDataError(f"{where}: `{key}` has the wrong type ({type(value).__name__})")
    return value


def _parse_type(raw: Any, where: str) -> CardType:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a mapping")
    cid = _need(raw, "id", str, where)
    name = _lang_map(_need(raw, "name", dict, where), f"{where} name", allow_empty=False)
    text = _lang_map(raw.get("text") or {"en": "", "fr": ""}, f"{where} text", allow_empty=True)
    deck = _need(raw, "deck", str, where)
    if deck not in DECKS:
        raise CardDataError(f"{where}: deck must be one of {DECKS}, got {deck!r}")
    position = _need(raw, "position", str, where)
    if position not in POSITIONS:
        raise CardDataError(f"{where}: position must be one of {POSITIONS}, got {position!r}")
    symbols = raw.get("symbols") or {}
    if not isinstance(symbols, dict):
        raise CardDataError(f"{where}: `symbols` must be a mapping")
    for k, v in symbols.items():
        if k not in SYMBOLS or not isinstance(v, int) or v < 0:
            raise CardDataError(f"{where}: bad symbol {k}: {v!r} (symbols are {SYMBOLS})")
    scoring = _need(raw, "scoring", dict, where)
    _check_scoring(scoring, f"{where} scoring")
    effect = raw.get("effect")
    if effect is not None:
        _check_effect(effect, f"{where} effect")
    return CardType(
        id=cid,
        name=name,
        text=text,
        deck=deck,
        variant=raw.get("variant"),
        colour=_need(raw, "colour", str, where),
        position=position,
        symbols={k: v for k, v in symbols.items() if v},
        scoring=scoring,
        effect=effect,
        reconstructed=tuple(raw.get("reconstructed") or ()),
    )


def _lang_map(value: Any, where: str, allow_empty: bool) -> dict[str, str]:
    if not isinstance(value, dict):
        raise CardDataError(f"{where}: must map languages {LANGUAGES} to text")
    for lang in LANGUAGES:
        text = value.get(lang)
        if not isinstance(text, str) or (not allow_empty and not text.strip()):
            raise CardDataError(f"{where}: missing the {lang!r} text")
    return {lang: value[lang] for lang in LANGUAGES}


def _check_scoring(sc: dict, where: str) -> None:
    kind = sc.get("kind")
    if kind not in SCORING_KINDS:
        raise CardDataError(f"{where}: unknown kind {kind!r} (kinds: {', '.join(SCORING_KINDS)})")
    for key in SCORING_KINDS[kind]:
        if key == "points" and kind == "flat":
            continue  # may instead be given per copy
        if key not in sc:
            raise CardDataError(f"{where}: kind {kind} needs `{key}`")
    if "scope" in sc and sc["scope"] not in SCOPES:
        raise CardDataError(f"{where}: scope must be one of {SCOPES}, got {sc['scope']!r}")
    if kind == "set" and (not isinstance(sc["table"], list) or not all(isinstance(x, int) for x in sc["table"])):
        raise CardDataError(f"{where}: a set table is a list of points for 1, 2, ... cards")
    if kind == "count_in_play":
        table = sc["table"]
        if not isinstance(table, dict) or not all(isinstance(k, int) and isinstance(v, int) for k, v in table.items()):
            raise CardDataError(f"{where}: a count_in_play table maps a count to points")
    if kind in ("per_symbol",) and sc["symbol"] not in SYMBOLS:
        raise CardDataError(f"{where}: unknown symbol {sc['symbol']!r}")
    if kind == "per_pair" and not all(s in SYMBOLS for s in sc["symbols"]):
        raise CardDataError(f"{where}: unknown symbol in {sc['symbols']!r}")
    if "count" in sc:
        count = sc["count"]
        if not isinstance(count, dict) or not ({"cards"} == set(count) or {"symbol"} == set(count)):
            raise CardDataError(f"{where}: `count` is {{cards: [ids]}} or {{symbol: name}}")
        if "symbol" in count and count["symbol"] not in SYMBOLS:
            raise CardDataError(f"{where}: unknown symbol {count['symbol']!r}")
    if kind == "conditional":
        cond = sc["condition"]
        if not isinstance(cond, dict) or not set(cond) <= {"own_cards", "own_symbols"} or not cond:
            raise CardDataError(f"{where}: a condition is own_cards and/or own_symbols")
        for k in cond.get("own_symbols", {}):
            if k not in SYMBOLS:
                raise CardDataError(f"{where}: unknown symbol {k!r} in the condition")


def _check_effect(effect: Any, where: str) -> None:
    if not isinstance(effect, dict):
        raise CardDataError(f"{where}: must be a mapping")
    if effect.get("when") not in EFFECT_TIMES:
        raise CardDataError(f"{where}: `when` must be one of {EFFECT_TIMES}")
    if effect.get("take_from") not in DECKS:
        raise CardDataError(f"{where}: `take_from` must be one of {DECKS}")
    if not isinstance(effect.get("up_to"), int) or effect["up_to"] < 1:
        raise CardDataError(f"{where}: `up_to` must be a positive number")


def _check_references(ctype: CardType, types: dict[str, CardType]) -> None:
    sc = ctype.scoring
    refs: list[str] = []
    refs += sc.get("count", {}).get("cards", [])
    refs += list(sc.get("condition", {}).get("own_cards", {}))
    refs += sc.get("requires", [])
    for ref in refs:
        if ref not in types:
            raise CardDataError(f"card '{ctype.id}': scoring names unknown card {ref!r}")


def _parse_copy(cp: Any, ctype: CardType, uid: int, where: str) -> Card:
    if not isinstance(cp, dict):
        raise CardDataError(f"{where}: must be a mapping")
    number = _need(cp, "number", str, where)
    min_players = _need(cp, "min_players", int, where)
    if not 3 <= min_players <= 8:
        raise CardDataError(f"{where}: min_players must be 3-8, got {min_players}")
    deck = cp.get("deck", ctype.deck)
    if deck not in DECKS:
        raise CardDataError(f"{where}: deck must be one of {DECKS}, got {deck!r}")
    letter = cp.get("letter")
    military = ctype.symbols.get("military", 0)
    if military and not (isinstance(letter, str) and len(letter) == 1 and letter.isupper()):
        raise CardDataError(f"{where}: a military card needs a pick-order `letter` (A-Z)")
    points = cp.get("points")
    if ctype.scoring["kind"] == "flat" and "points" not in ctype.scoring and not isinstance(points, int):
        raise CardDataError(f"{where}: flat scoring without card points needs `points` on each copy")
    if points is not None and not isinstance(points, int):
        raise CardDataError(f"{where}: `points` must be a whole number")
    return Card(uid, ctype, number.upper(), min_players, deck, letter, points, ctype.symbols)
