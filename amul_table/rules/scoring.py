"""Final scoring: a score sheet per seat shaped like the printed score pad.

Rows: one per card colour (in `score_pad_colours` order), the Bazaar (Traders), the Arab majority,
the Mongol majority, and the total. Each card's rule is data (cards.yaml `scoring`) read by one of
a handful of scoring kinds below; no card is scored by name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from amul_table.rules.cards import Card, load_cards
from amul_table.rules.order import best_letter

MAJORITY_POINTS = (8, 4, 2)
BAZAAR, ARAB, MONGOL, TOTAL = "bazaar", "arab", "mongol", "total"


@dataclass
class SeatScore:
    seat: int
    rows: dict[str, int]  # score pad row -> points
    military: int
    best_letter: str
    symbols: dict[str, int]
    cards: dict[int, int] = field(default_factory=dict)  # uid -> points of that card (Traders: their sets)

    @property
    def total(self) -> int:
        return self.rows[TOTAL]


@dataclass
class ScoreSheet:
    seats: list[SeatScore]
    winners: list[int]
    tie_break: str  # how the winner was decided, in words ("" when one seat had the most points)

    @property
    def row_names(self) -> list[str]:
        return list(self.seats[0].rows) if self.seats else []


def score_rows() -> list[str]:
    return [*load_cards().score_pad_colours, BAZAAR, ARAB, MONGOL, TOTAL]


def score_game(play_areas: Sequence[Sequence[int]]) -> ScoreSheet:
    """Score final play areas given in seating (clockwise) order."""
    cards = load_cards().cards
    n = len(play_areas)
    table = _Table([[cards[uid] for uid in area] for area in play_areas])
    seats = []
    for seat in range(n):
        rows = dict.fromkeys(score_rows(), 0)
        per_card: dict[int, int] = {}
        for card in table.areas[seat]:
            if card.type.scoring["kind"] == "trader":
                continue
            points = KINDS[card.type.scoring["kind"]](card, seat, table)
            per_card[card.uid] = points
            rows[card.type.colour] += points
        traders = [c for c in table.areas[seat] if c.type.scoring["kind"] == "trader"]
        if traders:
            sets = trader_sets(traders, table.counts[seat])
            for card, count in zip(traders, sets, strict=True):
                per_card[card.uid] = count * card.type.scoring["points"]
                rows[BAZAAR] += per_card[card.uid]
        symbols = table.symbols[seat]
        seats.append(
            SeatScore(
                seat,
                rows,
                symbols["military"],
                best_letter([c.uid for c in table.areas[seat]]),
                dict(symbols),
                per_card,
            )
        )
    for symbol in (ARAB, MONGOL):
        for seat, points in enumerate(majority_points([table.symbols[s][symbol] for s in range(n)])):
            seats[seat].rows[symbol] = points
    for s in seats:
        s.rows[TOTAL] = sum(v for k, v in s.rows.items() if k != TOTAL)
    winners, tie_break = _winners(seats)
    return ScoreSheet(seats, winners, tie_break)


def majority_points(counts: Sequence[int]) -> list[int]:
    """8 / 4 / 2 for the most symbols; tied seats take the lowest rank they share; 0 symbols rank nowhere.

    Example (rulebook): three players tie for the most Mongol symbols, so they share ranks 1-3 and
    each scores 2.
    """
    points = [0] * len(counts)
    ranked = sorted((c for c in counts if c > 0), reverse=True)
    for seat, c in enumerate(counts):
        if c <= 0:
            continue
        lowest_shared_rank = ranked.index(c) + ranked.count(c)  # 1-based
        if lowest_shared_rank <= len(MAJORITY_POINTS):
            points[seat] = MAJORITY_POINTS[lowest_shared_rank - 1]
    return points


def trader_sets(traders: Sequence[Card], counts: Counter[str]) -> list[int]:
    """Complete sets each Trader scores, allocating cards to maximise the owner's Bazaar points.

    A card serves at most one Trader; a Trader scores once per complete disjoint set.
    """
    best: tuple[int, list[int]] = (-1, [])

    def search(i: int, left: Counter[str], chosen: list[int], points: int) -> None:
        nonlocal best
        if i == len(traders):
            if points > best[0]:
                best = (points, chosen[:])
            return
        sc = traders[i].type.scoring
        most = min(left[r] for r in sc["requires"])
        for k in range(most, -1, -1):
            for r in sc["requires"]:
                left[r] -= k
            chosen.append(k)
            search(i + 1, left, chosen, points + k * sc["points"])
            chosen.pop()
            for r in sc["requires"]:
                left[r] += k

    search(0, Counter(counts), [], 0)
    return best[1]


def _winners(seats: list[SeatScore]) -> tuple[list[int], str]:
    top = max(s.total for s in seats)
    leaders = [s for s in seats if s.total == top]
    if len(leaders) == 1:
        return [leaders[0].seat], ""
    strongest = max(s.military for s in leaders)
    winners = [s.seat for s in leaders if s.military == strongest]
    if len(winners) == 1:
        return winners, f"tied on {top} points; the higher Military Prowess ({strongest}) wins"
    return winners, f"tied on {top} points and on Military Prowess ({strongest}); the victory is shared"


# --- the table of final play areas, with the counts every kind needs ----------------------------


class _Table:
    def __init__(self, areas: list[list[Card]]) -> None:
        self.areas = areas
        self.n = len(areas)
        self.counts = [Counter(c.id for c in area) for area in areas]
        self.symbols: list[Counter[str]] = []
        for area in areas:
            sym: Counter[str] = Counter({"arab": 0, "mongol": 0, "object": 0, "trade": 0, "military": 0})
            for c in area:
                sym.update(c.symbols)
            self.symbols.append(sym)
        self.in_play = Counter()
        for cnt in self.counts:
            self.in_play.update(cnt)

    def neighbours(self, seat: int) -> tuple[int, int]:
        return ((seat - 1) % self.n, (seat + 1) % self.n)

    def scope(self, seat: int, scope: str) -> list[int]:
        if scope == "self":
            return [seat]
        if scope == "neighbours":
            return list(self.neighbours(seat))
        if scope == "self_and_neighbours":
            return [seat, *self.neighbours(seat)]
        return list(range(self.n))  # all

    def count(self, seats: Sequence[int], what: dict) -> int:
        if "symbol" in what:
            return sum(self.symbols[s][what["symbol"]] for s in seats)
        return sum(self.counts[s][cid] for s in seats for cid in what["cards"])


def _flat(card: Card, seat: int, t: _Table) -> int:
    return card.points if card.points is not None else card.type.scoring["points"]


def _set(card: Card, seat: int, t: _Table) -> int:
    """Sets restart when full: 6 Silver (3/7/13) score 13 + 13 = 26; 5 Spice (2/6) score 6 + 6 + 2 = 14.

    The whole set's points go to the first copy of the type in the play area, 0 to the others.
    """
    area = t.areas[seat]
    if next(c for c in area if c.id == card.id) is not card:
        return 0
    table = card.type.scoring["table"]
    full, rest = divmod(t.counts[seat][card.id], len(table))
    return full * table[-1] + (table[rest - 1] if rest else 0)


def _conditional(card: Card, seat: int, t: _Table) -> int:
    sc = card.type.scoring
    cond = sc["condition"]
    met = all(t.counts[seat][cid] >= k for cid, k in cond.get("own_cards", {}).items()) and all(
        t.symbols[seat][sym] >= k for sym, k in cond.get("own_symbols", {}).items()
    )
    return sc["bonus"] if met else sc["base"]


def _count_in_play(card: Card, seat: int, t: _Table) -> int:
    table = card.type.scoring["table"]
    return table.get(min(t.in_play[card.id], max(table)), 0)


def _each_copy_per_card(card: Card, seat: int, t: _Table) -> int:
    sc = card.type.scoring
    return sc["points_per"] * t.count(t.scope(seat, sc["scope"]), sc["count"])


def _per_symbol(card: Card, seat: int, t: _Table) -> int:
    sc = card.type.scoring
    if sc["scope"] == "one_neighbour_choice":  # Spies: the better neighbour, chosen at the end
        return sc["points_per"] * max(t.symbols[s][sc["symbol"]] for s in t.neighbours(seat))
    return sc["points_per"] * sum(t.symbols[s][sc["symbol"]] for s in t.scope(seat, sc["scope"]))


def _per_pair(card: Card, seat: int, t: _Table) -> int:
    sc = card.type.scoring
    seats = t.scope(seat, sc["scope"])
    return sc["points_per"] * min(sum(t.symbols[s][sym] for s in seats) for sym in sc["symbols"])


def _base_minus(card: Card, seat: int, t: _Table) -> int:
    sc = card.type.scoring
    return sc["base"] - sc["minus_per"] * t.count(t.scope(seat, sc["scope"]), sc["count"])


KINDS: dict[str, Callable[[Card, int, _Table], int]] = {
    "flat": _flat,
    "set": _set,
    "conditional": _conditional,
    "count_in_play": _count_in_play,
    "each_copy_per_card": _each_copy_per_card,
    "per_card": _each_copy_per_card,
    "per_symbol": _per_symbol,
    "per_pair": _per_pair,
    "base_minus": _base_minus,
}
