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
_SHIFT = [8 * i for i in range(len(SYMBOLS))]  # where each symbol's count sits in a packed int
_SYM_SHIFT = {s: 8 * i for i, s in enumerate(SYMBOLS)}
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


def _count_rule(what: dict) -> tuple[bool, tuple[int, ...]]:
    """(counts a symbol?, the symbol's shift in a packed int or the type indices counted)."""
    if "symbol" in what:
        return True, (_SYM_SHIFT[what["symbol"]],)
    return False, tuple(_TI[c] for c in what["cards"])


def _compile(sc: dict) -> tuple:
    """One type's scoring rule as a tuple of plain ints the scorer reads without dict lookups."""
    code = _CODES[sc["kind"]]
    if code == SET:
        return (code, tuple(sc["table"]))
    if code == CONDITIONAL:
        cond = sc["condition"]
        cards = tuple((_TI[c], k) for c, k in cond.get("own_cards", {}).items())
        symbols = tuple((_SYM_SHIFT[s], k) for s, k in cond.get("own_symbols", {}).items())
        return (code, sc["base"], sc["bonus"], cards, symbols)
    if code == COUNT_IN_PLAY:
        table = sc["table"]
        return (code, tuple(table.get(min(k, max(table)), 0) for k in range(0, 64)))
    if code == PER_CARD:
        return (code, sc["points_per"], _SCOPES[sc["scope"]], *_count_rule(sc["count"]))
    if code == PER_SYMBOL:
        return (code, sc["points_per"], _SCOPES[sc["scope"]], _SYM_SHIFT[sc["symbol"]])
    if code == PER_PAIR:
        return (code, sc["points_per"], _SCOPES[sc["scope"]], tuple(_SYM_SHIFT[y] for y in sc["symbols"]))
    if code == BASE_MINUS:
        return (code, sc["base"], sc["minus_per"], _SCOPES[sc["scope"]], *_count_rule(sc["count"]))
    return (code,)


_RULE = [_compile(load_cards().types[t].scoring) for t in _TYPES]
_TRADER_CARD = {_TI[c.id]: c for c in _CARDS if c.type.scoring["kind"] == "trader"}
_TRADER_NEEDS = {t: tuple(_TI[r] for r in c.type.scoring["requires"]) for t, c in _TRADER_CARD.items()}
CACHE_LIMIT = 1 << 16  # entries per cache before it starts afresh (a long run must not grow without end)
_trader_cache: dict[tuple, int] = {}
_needs_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
_majority_cache: dict[tuple[int, ...], list[int]] = {}


def totals(areas: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """(total points, Military Prowess) per seat, for final play areas in seating order."""
    # Kept flat on purpose: it runs once per search playout, and calls per card type cost.
    # Symbol counts stay packed (8 bits each, see _PACKED): neighbours' counts are sums of two ints.
    n = len(areas)
    counts, present, packed, flat = _tally(areas)
    p_all = sum(packed)
    result = []
    for seat in range(n):
        own = counts[seat]
        p, p_l, p_r = packed[seat], packed[seat - 1], packed[(seat + 1) % n]
        by_scope = (p, p_l + p_r, p + p_l + p_r, 0, p_all)
        total = flat[seat]
        traders: list[int] = []
        for t in present[seat]:
            copies = own[t]
            rule = _RULE[t]
            code = rule[0]
            if code == FLAT:
                continue
            if code == SET:
                table = rule[1]
                full, rest = divmod(copies, len(table))
                total += full * table[-1] + (table[rest - 1] if rest else 0)
            elif code == PER_SYMBOL:
                shift = rule[3]
                if rule[2] == ONE_NEIGHBOUR:
                    total += copies * rule[1] * max((p_l >> shift) & 255, (p_r >> shift) & 255)
                else:
                    total += copies * rule[1] * ((by_scope[rule[2]] >> shift) & 255)
            elif code == CONDITIONAL:
                met = all(own[c] >= k for c, k in rule[3]) and all((p >> i) & 255 >= k for i, k in rule[4])
                total += copies * (rule[2] if met else rule[1])
            elif code == COUNT_IN_PLAY:
                everywhere = 0
                for c in counts:
                    everywhere += c[t]
                total += copies * rule[1][everywhere]
            elif code == PER_CARD:
                total += copies * rule[1] * _count(rule[3], rule[4], rule[2], by_scope, counts, seat)
            elif code == PER_PAIR:
                scoped = by_scope[rule[2]]
                total += copies * rule[1] * min((scoped >> y) & 255 for y in rule[3])
            elif code == BASE_MINUS:
                total += copies * (rule[1] - rule[2] * _count(rule[4], rule[5], rule[3], by_scope, counts, seat))
            else:
                traders += [t] * copies
        if traders:
            total += _traders(tuple(traders), own)
        result.append(total)
    for shift in (_SHIFT[ARAB], _SHIFT[MONGOL]):
        for seat, points in enumerate(_majority(tuple([(q >> shift) & 255 for q in packed]))):
            result[seat] += points
    shift = _SHIFT[MILITARY]
    return result, [(q >> shift) & 255 for q in packed]


def _tally(areas: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[list[int]], list[int], list[int]]:
    """Per seat: copies per type index, the types it has (first met first), packed symbols, flat points."""
    counts: list[list[int]] = []  # copies per type index
    present: list[list[int]] = []  # the types a seat has, in the order first met
    packed: list[int] = []
    flat: list[int] = []
    for area in areas:  # one plain loop a seat: compiled (setup.py), it beats Counter and map
        own = [0] * _T
        types: list[int] = []
        symbols = points = 0
        for card in area:
            t = _TYPE[card]
            if not own[t]:
                types.append(t)
            own[t] += 1
            symbols += _PACKED[card]
            points += _FLAT[card]
        counts.append(own)
        present.append(types)
        packed.append(symbols)
        flat.append(points)
    return counts, present, packed, flat


def _majority(counts: tuple[int, ...]) -> list[int]:
    """majority_points, remembered: a game has few distinct symbol counts."""
    points = _majority_cache.get(counts)
    if points is None:
        if len(_majority_cache) > CACHE_LIMIT:
            _majority_cache.clear()
        points = _majority_cache[counts] = majority_points(counts)
    return points


def _count(
    by_symbol: bool, what: tuple[int, ...], scope: int, by_scope: tuple, counts: list[list[int]], seat: int
) -> int:
    if by_symbol:
        return (by_scope[scope] >> what[0]) & 255
    n = len(counts)
    seats: tuple[int, ...] = (seat,) if scope == SELF else ((seat - 1) % n, (seat + 1) % n)
    if scope == SELF_AND_NEIGHBOURS:
        seats += (seat,)
    found = 0
    for s in seats:
        c = counts[s]
        for t in what:
            found += c[t]
    return found


def _traders(traders: tuple[int, ...], own: list[int]) -> int:
    """Bazaar points of these Trader types (with repeats), cached by the counts they can use."""
    needs = _needs_cache.get(traders)
    if needs is None:
        needs = _needs_cache[traders] = tuple(sorted({r for t in traders for r in _TRADER_NEEDS[t]}))
    key = (traders, tuple([own[r] for r in needs]))
    points = _trader_cache.get(key)
    if points is None:
        if len(_trader_cache) > CACHE_LIMIT:
            _trader_cache.clear()
        cards = [_TRADER_CARD[t] for t in traders]
        counter = Counter({_TYPES[r]: own[r] for r in needs})
        sets = trader_sets(cards, counter)
        points = sum(k * c.type.scoring["points"] for k, c in zip(sets, cards, strict=True))
        _trader_cache[key] = points
    return points
