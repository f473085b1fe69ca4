"""Score totals exactly as `score_game` gives them, several times faster, for the bots' projections.

Bots score thousands of projected tables per decision and playout, and need only each seat's total
and Military Prowess, not the score sheet. The card rules are still read from the card data (the same
scoring kinds); tests/test_bots_fastscore.py checks the totals against `score_game` on random tables,
so the rules keep one source of truth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from amul_table.rules.cards import SYMBOLS, load_cards
from amul_table.rules.scoring import majority_points, trader_sets

_CARDS = load_cards().cards
_TYPE = [c.id for c in _CARDS]
_SYMBOLS = [tuple(c.symbols.get(s, 0) for s in SYMBOLS) for c in _CARDS]
_FLAT = [c.points if c.points is not None else c.type.scoring.get("points", 0) for c in _CARDS]
_SCORING = [c.type.scoring for c in _CARDS]
ARAB, MONGOL, MILITARY = SYMBOLS.index("arab"), SYMBOLS.index("mongol"), SYMBOLS.index("military")
_SYM_INDEX = {s: i for i, s in enumerate(SYMBOLS)}
_HAS_SYMBOLS = [any(sym) for sym in _SYMBOLS]
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
_CODE = [_CODES[sc["kind"]] for sc in _SCORING]


def totals(areas: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:  # long: one hot loop, kept flat for speed
    """(total points, Military Prowess) per seat, for final play areas in seating order."""
    n = len(areas)
    counts: list[dict[str, int]] = []
    symbols: list[list[int]] = []
    in_play: dict[str, int] = {}
    for area in areas:
        cnt: dict[str, int] = {}
        sym = [0, 0, 0, 0, 0]
        for uid in area:
            tid = _TYPE[uid]
            cnt[tid] = cnt.get(tid, 0) + 1
            in_play[tid] = in_play.get(tid, 0) + 1
            if _HAS_SYMBOLS[uid]:
                a, m, o, t, mil = _SYMBOLS[uid]
                sym[0] += a
                sym[1] += m
                sym[2] += o
                sym[3] += t
                sym[4] += mil
        counts.append(cnt)
        symbols.append(sym)
    result = []
    everyone = tuple(range(n))
    for seat, area in enumerate(areas):
        left, right = (seat - 1) % n, (seat + 1) % n
        scopes = {
            "self": (seat,),
            "neighbours": (left, right),
            "self_and_neighbours": (seat, left, right),
            "all": everyone,
        }
        total = 0
        done_sets: set[str] = set()
        traders = []
        own = counts[seat]
        for uid in area:
            code = _CODE[uid]
            if code == FLAT:
                total += _FLAT[uid]
                continue
            sc = _SCORING[uid]
            if code == SET:
                tid = _TYPE[uid]
                if tid not in done_sets:
                    done_sets.add(tid)
                    table = sc["table"]
                    full, rest = divmod(own[tid], len(table))
                    total += full * table[-1] + (table[rest - 1] if rest else 0)
            elif code == CONDITIONAL:
                cond = sc["condition"]
                met = all(own.get(c, 0) >= k for c, k in cond.get("own_cards", {}).items()) and all(
                    symbols[seat][_SYM_INDEX[s]] >= k for s, k in cond.get("own_symbols", {}).items()
                )
                total += sc["bonus"] if met else sc["base"]
            elif code == COUNT_IN_PLAY:
                table = sc["table"]
                total += table.get(min(in_play[_TYPE[uid]], max(table)), 0)
            elif code == PER_CARD:
                total += sc["points_per"] * _count(sc["count"], scopes[sc["scope"]], counts, symbols)
            elif code == PER_SYMBOL:
                i = _SYM_INDEX[sc["symbol"]]
                if sc["scope"] == "one_neighbour_choice":
                    total += sc["points_per"] * max(symbols[left][i], symbols[right][i])
                else:
                    total += sc["points_per"] * sum(symbols[s][i] for s in scopes[sc["scope"]])
            elif code == PER_PAIR:
                seats = scopes[sc["scope"]]
                total += sc["points_per"] * min(sum(symbols[s][_SYM_INDEX[y]] for s in seats) for y in sc["symbols"])
            elif code == BASE_MINUS:
                total += sc["base"] - sc["minus_per"] * _count(sc["count"], scopes[sc["scope"]], counts, symbols)
            else:
                traders.append(_CARDS[uid])
        if traders:
            sets = trader_sets(traders, Counter(own))
            total += sum(k * t.type.scoring["points"] for k, t in zip(sets, traders, strict=True))
        result.append(total)
    for i in (ARAB, MONGOL):
        for seat, points in enumerate(majority_points([symbols[s][i] for s in range(n)])):
            result[seat] += points
    return result, [symbols[s][MILITARY] for s in range(n)]


def _count(what: dict, seats: Sequence[int], counts: list[dict[str, int]], symbols: list[list[int]]) -> int:
    if "symbol" in what:
        i = _SYM_INDEX[what["symbol"]]
        return sum(symbols[s][i] for s in seats)
    return sum(counts[s].get(c, 0) for s in seats for c in what["cards"])
