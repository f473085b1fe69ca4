"""Every string the window shows, by key and language, so that French is a data change only.

Card names and rule texts come from the card data (`type.name[lang]`, `type.text[lang]`,
`type.short[lang]`); while a text is missing, a plain rule is written from the card's scoring data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from amul_table.i18n_fr import FR
from amul_table.i18n_screens import SCREENS_EN
from amul_table.rules.cards import Card, CardType, load_cards

LANGUAGES = ("en", "fr")
_language = "en"

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "Amul — the Silk Road card game",
        "title.subtitle": "A card-drafting game of the Silk Road",
        "title.new_game": "New game",
        "title.quit": "Quit",
        "setup.title": "New game",
        "setup.players": "Players",
        "setup.seat": "Seat {n}",
        "setup.human": "Human",
        "setup.bot": "Bot · {tier}",
        "setup.tea": "Tea variant",
        "setup.tea_off": "Off",
        "setup.tea_count": "{n} Tea cards",
        "setup.seed": "Seed",
        "setup.seed_hint": "random",
        "setup.start": "Start game",
        "setup.back": "Back",
        "setup.bad_seed": "The seed must be a whole number (or empty for a random one).",
        "setup.need_name": "Every seat needs a name.",
        "setup.name_human": "You",
        "tier.easy": "easy",
        "tier.medium": "medium",
        "tier.hard": "hard",
        "tier.random": "random",
        "board.palace": "Palace",
        "board.bazaar": "Bazaar",
        "board.market": "Market",
        "board.deck": "Deck",
        "board.removed": "Out of the game",
        "table.round": "Round {n} of 9",
        "table.phase.offer": "Offer",
        "table.phase.pick": "Pick",
        "table.phase.reveal": "Reveal",
        "table.phase.effects": "Effects",
        "table.phase.game_end": "Game end",
        "table.phase.over": "Game over",
        "table.prompt.offer": "Offer a card from your hand: it goes face down into the Market.",
        "table.prompt.pick": "Your pick: take one card from the Market into your hand.",
        "table.prompt.reveal": "Reveal a card from your hand: play-area cards stay in front of you.",
        "table.prompt.take": "{card}: take a card from the {source}, or decline.",
        "table.prompt.take_up_to": "{card}: take up to {n} cards from the {source}, or decline.",
        "table.prompt.wait": "Waiting for {names}…",
        "table.prompt.watch": "Watching the bots play.",
        "table.prompt.over": "The game is over.",
        "table.decline": "Decline",
        "table.hand": "Your hand",
        "table.play_area": "Your play area",
        "table.cards_in_hand": "{n} in hand",
        "table.prowess": "Military {n}",
        "table.best_letter": "best letter {letter}",
        "table.choosing": "choosing…",
        "table.ready": "ready",
        "table.to_play": "to play",
        "table.starting_player": "Starting Player",
        "table.first_pick": "First Pick",
        "table.first_pick_short": "1st pick",
        "table.starting_player_short": "Start",
        "table.order": "Order",
        "table.military_order": "Military Prowess order",
        "table.clockwise_order": "clockwise from First Pick",
        "table.log": "Game log",
        "table.score": "Your score now",
        "table.score_hint": "if the game ended now",
        "table.your_offer": "your offer",
        "table.your_reveal": "your reveal",
        "table.help_hint": "Esc menu · ? keys",
        "table.skip_hint": "click or Space to skip",
        "source.palace": "Palace",
        "source.bazaar": "Bazaar",
        "source.market": "Market",
        "log.you": "you",
        "log.round": "Round {n} begins; {name} holds First Pick.",
        "log.round.you": "Round {n} begins; you hold First Pick.",
        "log.offers": "Offers turn over: {cards}.",
        "log.pick": "{name} picks {card}.",
        "log.pick.you": "You pick {card}.",
        "log.reveals": "Revealed: {cards}.",
        "log.removed": "{card} leaves the game.",
        "log.take": "{name} takes {card} from the {source}.",
        "log.take.you": "You take {card} from the {source}.",
        "log.decline": "{name} declines to take from the {source}.",
        "log.decline.you": "You decline to take from the {source}.",
        "log.effect_empty": "{name}: the {source} is empty.",
        "log.effect_empty.you": "You: the {source} is empty.",
        "log.market_emptied": "The Market is cleared: {cards}.",
        "log.first_pick": "First Pick passes to {name}.",
        "log.first_pick.you": "First Pick passes to you.",
        "log.end_hand": "{name} keeps {kept} hand card(s) in play.",
        "log.end_hand.you": "You keep {kept} hand card(s) in play.",
        "log.game_over": "The game is over.",
        "menu.title": "Menu",
        "menu.resume": "Resume",
        "menu.keys": "Keys",
        "menu.speed": "Animation: {speed}",
        "menu.bot_pause": "Bot pause: {seconds} s",
        "menu.live_score_on": "Live score: shown",
        "menu.live_score_off": "Live score: hidden",
        "menu.colour_letters_on": "Colour letters: on",
        "menu.colour_letters_off": "Colour letters: off",
        "speed.slow": "slow",
        "speed.normal": "normal",
        "speed.fast": "fast",
        "speed.instant": "instant",
        "menu.main_menu": "Main menu",
        "menu.quit": "Quit",
        "confirm.quit": "Quit the game in progress?",
        "confirm.leave": "Leave this game for the main menu?",
        "confirm.yes": "Yes",
        "confirm.no": "No",
        "keys.title": "Keys",
        "keys.arrows": "Left / Right: move between the cards you may choose",
        "keys.enter": "Enter: play the highlighted card",
        "keys.decline": "D: decline an effect",
        "keys.space": "Space or click: skip the animation",
        "keys.zoom": "Hover or right-click a card: zoom with its full rule",
        "keys.live": "L: show or hide your live score",
        "keys.esc": "Esc: menu (animation speed, bot pause, live score)",
        "keys.help": "?: this list",
        "keys.f11": "F11: full screen",
        "keys.close": "Click or press any key to close",
        "scoring.title": "Final scores",
        "scoring.winner": "{names} wins!",
        "scoring.winners": "{names} share the victory!",
        "scoring.play_again": "Play again",
        "scoring.main_menu": "Main menu",
        "scoring.play_area_of": "Play area of {name}",
        "scoring.row.bazaar": "Bazaar",
        "scoring.row.arab": "Arab majority",
        "scoring.row.mongol": "Mongol majority",
        "scoring.row.total": "Total",
        "scoring.tie_military": "Tied on {points} points: the higher Military Prowess ({military}) wins.",
        "scoring.tie_shared": "Tied on {points} points and on Military Prowess ({military}): the victory is shared.",
        "colour.yellow": "Yellow",
        "colour.light_blue": "Light blue",
        "colour.orange": "Orange",
        "colour.green": "Green",
        "colour.purple": "Purple",
        "colour.red": "Red",
        "colour.brown": "Bazaar",
        "symbol.arab": "Arab",
        "symbol.mongol": "Mongol",
        "symbol.object": "Object",
        "symbol.trade": "Trade",
        "symbol.military": "Military",
        "zoom.copies_for": "from {n} players",
        "zoom.position.hand": "Keep it in hand: it scores at the end.",
        "zoom.position.table": "Reveal it: it stays in your play area.",
        "zoom.position.both": "Scores from your hand or your play area.",
        "zoom.deck.market": "Market card",
        "zoom.deck.palace": "Palace card",
        "zoom.deck.bazaar": "Bazaar card",
        "rule.flat": "{points} points.",
        "rule.flat_copy": "Worth the points printed on it.",
        "rule.set": "A set scores {table} for {counts} cards; a full set starts a new one.",
        "rule.conditional": "{base} points; {bonus} if you have {condition}.",
        "rule.count_in_play": "Scores by copies in all play areas: {table}.",
        "rule.per_card": "{points} per {cards} {scope}.",
        "rule.per_symbol": "{points} per {symbol} symbol {scope}.",
        "rule.per_symbol_choice": "{points} per {symbol} symbol of the neighbour you choose.",
        "rule.per_pair": "{points} per pair of {symbols} symbols {scope}.",
        "rule.base_minus": "{base} points, minus {minus} per {counted} {scope}.",
        "rule.trader": "{points} points per set of {cards} in your play area.",
        "rule.effect.upkeep": "When revealed, you may take {n} card(s) from the {source}.",
        "rule.effect.game_end": "At the end of the game, you may take up to {n} card(s) from the {source}.",
        "rule.scope.self": "in your play area",
        "rule.scope.neighbours": "of your two neighbours",
        "rule.scope.self_and_neighbours": "of you and your two neighbours",
        "rule.scope.all": "in all play areas",
        "rule.scope.one_neighbour_choice": "of one neighbour",
        "rule.a_card": "a {name}",
        "rule.n_cards": "{n} {name}",
        "rule.a_symbol": "a {symbol} symbol",
        "rule.n_symbols": "{n} {symbol} symbols",
        "rule.or": " or ",
        "rule.and": " and ",
        "short.set": "Set {table}",
        "short.conditional": "{base}, or {bonus} with {condition}",
        "short.count_in_play": "In play: {table}",
        "short.per": "+{points} per {what}",
        "short.base_minus": "{base} − {minus} per {counted} (neighbours)",
        "short.trader": "{points} per {cards}",
        "short.take": "Take {n} from {source}",
        "short.thief": "End: take {n} from {source}",
        "error.title": "Something went wrong",
        "title.continue": "Continue",
        "title.load": "Load game",
        "menu.save_as": "Save as…",
        "saves.folder": "Saves: {folder}",
        "save_as.title": "Save as…",
        "save_as.where": "In {folder}",
        "save_as.hint": "Type a name, then Enter or Save.",
        "save_as.save": "Save",
        "save_as.cancel": "Cancel",
        "save_as.off": "Saving is off.",
        "save_as.over": "Finished game",
        "save_as.replace": "Replace the save “{name}”?",
        "save_as.refused": "{file} is never replaced: it is not a save this version can read ({reason}). "
        "Choose another name.",
        "save_as.saved": "Saved as “{name}” in {folder}.",
        "load.title": "Load a game",
        "load.folder": "Saves in {folder}",
        "load.empty": "No saves yet.",
        "load.load": "Load",
        "load.delete": "Delete",
        "load.back": "Back",
        "load.autosave": "Autosave",
        "load.round": "Round {n} of 9",
        "load.over": "Game over",
        "load.refused": "Refused",
        "load.saved": "Saved {when}",
        "load.file_time": "File from {when}",
        "load.players": "{n} players",
        "load.tea": "{n} Tea cards",
        "load.no_tea": "no Tea",
        "load.bot": "{tier} bot",
        "load.cannot": "Cannot be loaded, and never overwritten.",
        "load.confirm_delete": "Delete the save “{name}”? This cannot be undone.",
        "load.deleted": "Deleted “{name}”.",
        "load.readonly": "This folder cannot be written: saves can be loaded here, not made or deleted.",
    },
}
STRINGS["en"].update(SCREENS_EN)  # the comfort screens' strings live beside the French table
STRINGS["fr"] = FR


def set_language(lang: str) -> None:
    """Switch every later string lookup; unknown languages keep English."""
    global _language
    _language = lang if lang in STRINGS else "en"


def language() -> str:
    return _language


def tr(key: str, **values: Any) -> str:
    """The string `key` in the current language (English when missing), filled with `values`."""
    text = _lookup(_language, key)
    return text.format(**values) if values else text


def _lookup(lang: str, key: str) -> str:
    return STRINGS.get(lang, {}).get(key) or STRINGS["en"].get(key, key)


# --- hint reasons -------------------------------------------------------------------------------


def hint_reason(key: str, args: dict[str, Any], lang: str | None = None) -> str:
    """A hint's reason in `lang`: a `card` uid becomes the card's name, a `source` the deck's, numbers
    take the language's decimal mark (so the bots' English reasons and the French window agree)."""
    lang = lang or _language
    values: dict[str, Any] = {}
    for name, value in args.items():
        if name == "card":
            values[name] = card_name(load_cards().cards[value].type, lang)
        elif name == "source":
            values[name] = _lookup(lang, f"source.{value}")
        elif isinstance(value, float):
            values[name] = _Decimal(value, _lookup(lang, "number.decimal_mark"))
        else:
            values[name] = value
    return _lookup(lang, key).format(**values)


@dataclass(frozen=True)
class _Decimal:
    """A number formatted with the language's decimal mark: 1.5 in English, 1,5 in French."""

    value: float
    mark: str

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).replace(".", self.mark)


# --- card texts ---------------------------------------------------------------------------------


def card_name(ctype: CardType, lang: str | None = None) -> str:
    lang = lang or _language
    return ctype.name.get(lang) or ctype.name["en"]


def card_text(card: Card, lang: str | None = None) -> str:
    """The full rule text: the card data's text, or one written from its scoring data and effect."""
    lang = lang or _language
    given = (ctype_text := card.type.text).get(lang) or ctype_text.get("en")
    if given:
        return given
    parts = [_scoring_text(card)]
    if card.type.effect:
        parts.append(_effect_text(card.type.effect))
    return " ".join(p for p in parts if p)


def card_short(card: Card, lang: str | None = None) -> str:
    """A short rule readable on a card at table size (`type.short` when the data has it)."""
    lang = lang or _language
    short = getattr(card.type, "short", None)
    if isinstance(short, dict) and (short.get(lang) or short.get("en")):
        return short.get(lang) or short["en"]
    sc = card.type.scoring
    kind = sc["kind"]
    effect = card.type.effect
    if effect:
        key = "short.thief" if effect["when"] == "game_end" else "short.take"
        text = tr(key, n=effect["up_to"], source=tr(f"source.{effect['take_from']}"))
        points = sc.get("points", card.points)
        return f"{points:+d} · {text}" if points else text
    if kind == "flat":
        points = card.points if card.points is not None else sc.get("points", 0)
        return str(points)
    if kind == "set":
        return tr("short.set", table="/".join(str(x) for x in sc["table"]))
    if kind == "conditional":
        return tr("short.conditional", base=sc["base"], bonus=sc["bonus"], condition=_condition(sc["condition"]))
    if kind == "count_in_play":
        return tr("short.count_in_play", table=" ".join(f"{k}:{v}" for k, v in sorted(sc["table"].items())))
    if kind in ("per_card", "each_copy_per_card"):
        return tr("short.per", points=sc["points_per"], what=_card_list(sc["count"]["cards"], "/"))
    if kind == "per_symbol":
        return tr("short.per", points=sc["points_per"], what=tr(f"symbol.{sc['symbol']}"))
    if kind == "per_pair":
        return tr("short.per", points=sc["points_per"], what="+".join(tr(f"symbol.{s}") for s in sc["symbols"]))
    if kind == "base_minus":
        return tr("short.base_minus", base=sc["base"], minus=sc["minus_per"], counted=_counted(sc["count"]))
    if kind == "trader":
        return tr("short.trader", points=sc["points"], cards=_card_list(sc["requires"], " + "))
    return ""


def _scoring_text(card: Card) -> str:
    sc = card.type.scoring
    kind = sc["kind"]
    if kind == "flat":
        if card.points is not None and "points" not in sc:
            return tr("rule.flat_copy") + " " + tr("rule.flat", points=card.points)
        return tr("rule.flat", points=sc.get("points", 0))
    if kind == "set":
        table = sc["table"]
        return tr(
            "rule.set",
            table=" / ".join(str(x) for x in table),
            counts=" / ".join(str(i + 1) for i in range(len(table))),
        )
    if kind == "conditional":
        return tr("rule.conditional", base=sc["base"], bonus=sc["bonus"], condition=_condition(sc["condition"]))
    if kind == "count_in_play":
        return tr("rule.count_in_play", table=", ".join(f"{k} → {v}" for k, v in sorted(sc["table"].items())))
    if kind in ("per_card", "each_copy_per_card"):
        return tr(
            "rule.per_card",
            points=sc["points_per"],
            cards=_card_list(sc["count"]["cards"], tr("rule.or")),
            scope=tr(f"rule.scope.{sc['scope']}"),
        )
    if kind == "per_symbol":
        if sc["scope"] == "one_neighbour_choice":
            return tr("rule.per_symbol_choice", points=sc["points_per"], symbol=tr(f"symbol.{sc['symbol']}"))
        return tr(
            "rule.per_symbol",
            points=sc["points_per"],
            symbol=tr(f"symbol.{sc['symbol']}"),
            scope=tr(f"rule.scope.{sc['scope']}"),
        )
    if kind == "per_pair":
        return tr(
            "rule.per_pair",
            points=sc["points_per"],
            symbols=tr("rule.and").join(tr(f"symbol.{s}") for s in sc["symbols"]),
            scope=tr(f"rule.scope.{sc['scope']}"),
        )
    if kind == "base_minus":
        return tr(
            "rule.base_minus",
            base=sc["base"],
            minus=sc["minus_per"],
            counted=_counted(sc["count"]),
            scope=tr(f"rule.scope.{sc['scope']}"),
        )
    if kind == "trader":
        return tr("rule.trader", points=sc["points"], cards=_card_list(sc["requires"], ", "))
    return ""


def _effect_text(effect: dict) -> str:
    key = "rule.effect.game_end" if effect["when"] == "game_end" else "rule.effect.upkeep"
    return tr(key, n=effect["up_to"], source=tr(f"source.{effect['take_from']}"))


def _type_name(type_id: str) -> str:
    return card_name(load_cards().types[type_id])


def _card_list(ids: list[str], joiner: str) -> str:
    return joiner.join(_type_name(i) for i in ids)


def _counted(count: dict) -> str:
    if "symbol" in count:
        return tr(f"symbol.{count['symbol']}")
    return _card_list(count["cards"], "/")


def _condition(cond: dict) -> str:
    parts = []
    for cid, n in cond.get("own_cards", {}).items():
        name = _type_name(cid)
        parts.append(tr("rule.a_card", name=name) if n == 1 else tr("rule.n_cards", n=n, name=name))
    for sym, n in cond.get("own_symbols", {}).items():
        symbol = tr(f"symbol.{sym}")
        parts.append(tr("rule.a_symbol", symbol=symbol) if n == 1 else tr("rule.n_symbols", n=n, symbol=symbol))
    return tr("rule.and").join(parts)
