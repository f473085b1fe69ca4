"""Card names and rule texts in the window's language, from the card data or written from its scoring data."""

from __future__ import annotations

from amul_table.i18n import card_name, language, plural_key, tr
from amul_table.rules.cards import Card, load_cards

# --- card texts ---------------------------------------------------------------------------------


def card_text(card: Card, lang: str | None = None) -> str:
    """The full rule text: the card data's text, or one written from its scoring data and effect."""
    lang = lang or language()
    given = (ctype_text := card.type.text).get(lang) or ctype_text.get("en")
    if given:
        return given
    parts = [_scoring_text(card)]
    if card.type.effect:
        parts.append(_effect_text(card.type.effect))
    return " ".join(p for p in parts if p)


def card_short(card: Card, lang: str | None = None) -> str:
    """A short rule readable on a card at table size (`type.short` when the data has it)."""
    lang = lang or language()
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
    n = effect["up_to"]
    key = plural_key("rule.effect.game_end" if effect["when"] == "game_end" else "rule.effect.upkeep", n)
    return tr(key, n=n, source=tr(f"source.{effect['take_from']}"))


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
