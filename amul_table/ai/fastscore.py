"""Score totals exactly as `score_game` gives them, many times faster, for the bots' projections and playouts.

Bots score thousands of projected tables per decision and playout, and need only each seat's total
and Military Prowess, not the score sheet. The card rules are still read from the card data (the same
scoring kinds), compiled once into per-type tables; tests/ai/test_fastscore.py checks the totals
against `score_game` on random tables, so the rules keep one source of truth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from amul_table.rules.cards import SYMBOLS, load_cards
from amul_table.rules.scoring import majority_points, trader_sets

_CARDS = load_cards().cards
_TYPES = list(load_cards().types)
_T = len(_TYPES)
_TI = {t: i for i, t in enumerate(_TYPES)}
_SYM_INDEX = {s: i for i, s in enumerate(SYMBOLS)}
ARAB, MONGOL, MILITARY = SYMBOLS.index("arab"), SYMBOLS.index("mongol"), SYMBOLS.index("military")
FLAT, SET, CONDITIONAL, COUNT_IN_PLAY, PER_CARD, PER_SYMBOL, PER_PAIR, BASE_MINUS, TRADER = range(9)
_CODES = {
    "flat": FLAT,
    "set": SET,
    "conditional": CONDITIONAL,
    "count_in_play": COUNT_IN_PLAY,
    "each_copy_per_card": PER_CARD,
    "per_card": PER_CARD,
    "per_symbol": PER_SYMBOL,
    "per_pair": PER_PAIR,
    "base_minus": BASE_MINUS,
    "trader": TRADER,
}
SELF, NEIGHBOURS, SELF_AND_NEIGHBOURS, ONE_NEIGHBOUR, ALL = range(5)
_SCOPES = {"self": SELF, "neighbours": NEIGHBOURS, "self_and_neighbours": SELF_AND_NEIGHBOURS}
_SCOPES.update({"one_neighbour_choice": ONE_NEIGHBOUR, "all": ALL})

# Per card copy: its type index, flat points (0 unless flat), symbols (or None).
_TYPE = [_TI[c.id] for c in _CARDS]
_FLAT = [
    (c.points if c.points is not None else c.type.scoring.get("points", 0)) if c.type.scoring["kind"] == "flat" else 0
    for c in _CARDS
]
_PACKED = [sum(c.symbols.get(s, 0) << (8 * i) for i, s in enumerate(SYMBOLS)) for c in _CARDS]
_TYPE_OF, _FLAT_OF, _PACKED_OF = _TYPE.__getitem__, _FLAT.__getitem__, _PACKED.__getitem__


def _count_rule(what: dict) -> tuple[bool, tuple[int, ...]]:
    """(counts a symbol?, the symbol index or the type indices counted)."""
    if "symbol" in what:
        return True, (_SYM_INDEX[what["symbol"]],)
    return False, tuple(_TI[c] for c in what["cards"])


def _compile(sc: dict) -> tuple:
    """One type's scoring rule as a tuple of plain ints the scorer reads without dict lookups."""
    code = _CODES[sc["kind"]]
    if code == SET:
        return (code, tuple(sc["table"]))
    if code == CONDITIONAL:
        cond = sc["condition"]
        cards = tuple((_TI[c], k) for c, k in cond.get("own_cards", {}).items())
        symbols = tuple((_SYM_INDEX[s], k) for s, k in cond.get("own_symbols", {}).items())
        return (code, sc["base"], sc["bonus"], cards, symbols)
    if code == COUNT_IN_PLAY:
        table = sc["table"]
        return (code, tuple(table.get(min(k, max(table)), 0) for k in range(0, 64)))
    if code == PER_CARD:
        return (code, sc["points_per"], _SCOPES[sc["scope"]], *_count_rule(sc["count"]))
    if code == PER_SYMBOL:
        return (code, sc["points_per"], _SCOPES[sc["scope"]], _SYM_INDEX[sc["symbol"]])
    if code == PER_PAIR:
        return (code, sc["points_per"], _SCOPES[sc["scope"]], tuple(_SYM_INDEX[y] for y in sc["symbols"]))
    if code == BASE_MINUS:
        return (code, sc["base"], sc["minus_per"], _SCOPES[sc["scope"]], *_count_rule(sc["count"]))
    return (code,)


_RULE = [_compile(load_cards().types[t].scoring) for t in _TYPES]
_TRADER_CARD = {_TI[c.id]: c for c in _CARDS if c.type.scoring["kind"] == "trader"}
_TRADER_NEEDS = {t: tuple(_TI[r] for r in c.type.scoring["requires"]) for t, c in _TRADER_CARD.items()}
_trader_cache: dict[tuple, int] = {}


def totals(areas: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:  # long: one hot loop, kept flat for speed
    """(total points, Military Prowess) per seat, for final play areas in seating order."""
    # One long function on purpose: it runs once per search playout, and calls per card type cost.
    n = len(areas)
    counts: list[dict[int, int]] = []
    symbols: list[list[int]] = []
    flat: list[int] = []
    for area in areas:
        counts.append(Counter(map(_TYPE_OF, area)))
        packed = sum(map(_PACKED_OF, area))  # five symbol counts, 8 bits each: summed in C
        symbols.append([(packed >> shift) & 255 for shift in (0, 8, 16, 24, 32)])
        flat.append(sum(map(_FLAT_OF, area)))
    sym_all = [sum(col) for col in zip(*symbols, strict=True)]
    result = []
    for seat in range(n):
        left, right = counts[(seat - 1) % n], counts[(seat + 1) % n]
        own, sym = counts[seat], symbols[seat]
        sym_l, sym_r = symbols[(seat - 1) % n], symbols[(seat + 1) % n]
        sym_nb = [x + y for x, y in zip(sym_l, sym_r, strict=True)]
        by_scope = (sym, sym_nb, [x + y for x, y in zip(sym, sym_nb, strict=True)], None, sym_all)
        cards_by_scope = ((own,), (left, right), (own, left, right))
        total = flat[seat]
        traders = []
        for t, copies in own.items():
            rule = _RULE[t]
            code = rule[0]
            if code == FLAT:
                continue
            if code == SET:
                table = rule[1]
                full, rest = divmod(copies, len(table))
                total += full * table[-1] + (table[rest - 1] if rest else 0)
            elif code == PER_SYMBOL:
                i = rule[3]
                if rule[2] == ONE_NEIGHBOUR:
                    total += copies * rule[1] * max(sym_l[i], sym_r[i])
                else:
                    total += copies * rule[1] * by_scope[rule[2]][i]
            elif code == CONDITIONAL:
                met = True
                for c, k in rule[3]:
                    if own.get(c, 0) < k:
                        met = False
                for i, k in rule[4]:
                    if sym[i] < k:
                        met = False
                total += copies * (rule[2] if met else rule[1])
            elif code == COUNT_IN_PLAY:
                everywhere = 0
                for c in counts:
                    everywhere += c.get(t, 0)
                total += copies * rule[1][everywhere]
            elif code == PER_CARD:
                total += copies * rule[1] * _count(rule[3], rule[4], rule[2], by_scope, cards_by_scope)
            elif code == PER_PAIR:
                total += copies * rule[1] * min(by_scope[rule[2]][y] for y in rule[3])
            elif code == BASE_MINUS:
                total += copies * (rule[1] - rule[2] * _count(rule[4], rule[5], rule[3], by_scope, cards_by_scope))
            else:
                traders.extend([t] * copies)
        if traders:
            total += _traders(traders, own)
        result.append(total)
    for i in (ARAB, MONGOL):
        for seat, points in enumerate(majority_points([symbols[s][i] for s in range(n)])):
            result[seat] += points
    return result, [symbols[s][MILITARY] for s in range(n)]


def _count(by_symbol: bool, what: tuple[int, ...], scope: int, by_scope: tuple, cards_by_scope: tuple) -> int:
    if by_symbol:
        return by_scope[scope][what[0]]
    found = 0
    for c in cards_by_scope[scope]:
        for t in what:
            found += c.get(t, 0)
    return found


def _traders(traders: list[int], own: dict[int, int]) -> int:
    """Bazaar points of these Trader types (with repeats), cached by the counts they can use."""
    needs = sorted({r for t in traders for r in _TRADER_NEEDS[t]})
    key = (tuple(traders), tuple(own.get(r, 0) for r in needs))
    points = _trader_cache.get(key)
    if points is None:
        cards = [_TRADER_CARD[t] for t in traders]
        counter = Counter({_TYPES[r]: own.get(r, 0) for r in needs})
        sets = trader_sets(cards, counter)
        points = sum(k * c.type.scoring["points"] for k, c in zip(sets, cards, strict=True))
        _trader_cache[key] = points
    return points
