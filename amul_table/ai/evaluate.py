"""A seat's projected end of game and its standing: the yardstick every bot decision is measured with.

The projection is each seat's play area plus the hand cards it would keep (own hand: all of it, as far
as the remaining Reveals and the five-card final hand allow; rivals: the cards they were seen to pick).
It is scored with the card rules (fastscore.py: the totals of `score_game`, faster), then two estimates
of what is still to come are added: set completion given the copies not yet seen, and the value of
picking early under Military Prowess order.
Standing = own projected score minus the best rival's, so denying the leader counts as much as gaining.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from amul_table.ai.fastscore import totals
from amul_table.rules.cards import Card, load_cards
from amul_table.rules.state import HAND_SIZE, ROUNDS

CARDS: tuple[Card, ...] = load_cards().cards


@dataclass(frozen=True)
class Weights:
    """The judgement calls of the evaluation, in points or shares of points."""

    risk: float = 0.6  # share of a rival's gain we expect to suffer when we offer them a card
    denial: float = 0.5  # share of a rival's gain we prevent by taking the card first
    unknown_offer: float = 1.5  # what a rival's face-down offer is typically worth to us
    scavenge_held: float = 1.5  # a Scavenger still in hand: a leftover Market card later
    effect_now: float = 0.85  # an effect revealed now may find its best card taken by an earlier effect
    effect_held: float = 0.55  # an effect card still in hand: the source may be emptied before it is played
    prowess_per_round: float = 0.7  # points per future round for each rival picking after us (Military order)
    copies: float = 1.6  # unseen copies of a type we can expect to gather, times the player count
    rival_mean: float = 0.0  # share of the mean rival (the rest: the best rival) in the standing


MEDIUM = Weights()
# Tuned by tournament (variants of medium against three medium bots, 4 players, 400 games each): count
# less on finding more copies, more on held effects and on Military order, less on offer risk, and
# watch every rival, not only the leader.
HARD = Weights(copies=0.6, effect_held=0.8, risk=0.3, rival_mean=0.5, prowess_per_round=1.5)


def kept(hand: Iterable[int], reveals: int) -> list[int]:
    """The hand cards that can still end in the play area: at most `reveals` table-only ones, five in hand."""
    table_only, hand_only, both = [], [], []
    for uid in hand:
        card = CARDS[uid]
        if not card.keeps_in_hand:
            table_only.append(uid)
        elif not card.keeps_in_play:
            hand_only.append(uid)
        else:
            both.append(uid)
    if len(table_only) > reveals:
        table_only = sorted(table_only, key=rough_value, reverse=True)[:reveals]
    if len(hand_only) > HAND_SIZE:
        hand_only = sorted(hand_only, key=rough_value, reverse=True)[:HAND_SIZE]
    chosen = table_only + hand_only + both
    if len(chosen) > reveals + HAND_SIZE:
        chosen = sorted(chosen, key=rough_value, reverse=True)[: reveals + HAND_SIZE]
    return chosen


def rough_value(uid: int) -> float:
    """A card's points on its own, for deciding which surplus card a projection drops."""
    card = CARDS[uid]
    sc = card.type.scoring
    kind = sc["kind"]
    if kind == "flat":
        return card.points if card.points is not None else sc["points"]
    if kind == "set":
        return sc["table"][0]
    if kind in ("conditional", "base_minus"):
        return sc["base"]
    return 2.0


class Outlook:
    """One seat's projected final play areas, built from what it knows; options are scored as changes."""

    def __init__(
        self,
        seat: int,
        areas: Sequence[Sequence[int]],
        hand: Sequence[int],
        reveals: int,
        round_number: int,
        unseen_types: Counter,
        rival_hands: Sequence[Sequence[int]] = (),
        weights: Weights = MEDIUM,
    ) -> None:
        self.seat = seat
        self.weights = weights
        self.players = len(areas)
        self.hand = list(hand)
        self.reveals = reveals
        self.round = round_number
        self.unseen_types = unseen_types
        self.areas = [list(a) for a in areas]
        for s, cards in enumerate(rival_hands):
            if s != seat and cards:
                self.areas[s] += kept(cards, reveals)
        rounds_left = max(0, ROUNDS - round_number)
        self.flow = 0.35 + 0.65 * rounds_left / ROUNDS
        self.copy_chance = min(0.6, weights.copies / self.players) * self.flow
        self.military_rounds = max(0, ROUNDS - max(round_number, self.players))
        self._potentials: dict[tuple[int, ...], float] = {}

    # --- the one scoring entry point -------------------------------------------------------------

    def standing(
        self,
        hand: Sequence[int] | None = None,
        extra: Sequence[int] = (),
        reveals: int | None = None,
        gift: tuple[int, int] | None = None,
    ) -> float:
        """Own projected score minus the best rival's, with `hand` kept and `extra` in the own play area.

        `gift` = (seat, card) adds a card to a rival's area: what it costs us if they get it.
        """
        totals = self.totals(hand, extra, reveals, gift)
        rivals = [t for s, t in enumerate(totals) if s != self.seat]
        share = self.weights.rival_mean
        return totals[self.seat] - (1 - share) * max(rivals) - share * sum(rivals) / len(rivals)

    def totals(
        self,
        hand: Sequence[int] | None = None,
        extra: Sequence[int] = (),
        reveals: int | None = None,
        gift: tuple[int, int] | None = None,
    ) -> list[float]:
        areas = self.project(hand, extra, reveals, gift)
        points, prowess = totals(areas)
        return [points[s] + self.potential(areas[s]) + self.order_value(prowess, s) for s in range(self.players)]

    def project(
        self,
        hand: Sequence[int] | None = None,
        extra: Sequence[int] = (),
        reveals: int | None = None,
        gift: tuple[int, int] | None = None,
    ) -> list[list[int]]:
        areas = self.areas[:]
        hand = self.hand if hand is None else hand
        reveals = self.reveals if reveals is None else reveals
        areas[self.seat] = self.areas[self.seat] + list(extra) + kept(hand, reveals)
        if gift is not None:
            areas[gift[0]] = areas[gift[0]] + [gift[1]]
        return areas

    # --- what is still to come --------------------------------------------------------------------

    def potential(self, area: Sequence[int]) -> float:
        """Expected points from completing sets and conditions with copies not yet seen."""
        key = tuple(area)
        if key not in self._potentials:
            self._potentials[key] = self._potential(area)
        return self._potentials[key]

    def _potential(self, area: Sequence[int]) -> float:
        counts = Counter(CARDS[uid].id for uid in area)
        total = 0.0
        for uid in area:
            card = CARDS[uid]
            sc = card.type.scoring
            kind = sc["kind"]
            if kind == "conditional" and sc["bonus"] > sc["base"]:
                total += self._condition_chance(sc["condition"], counts, area) * (sc["bonus"] - sc["base"])
        for tid, m in counts.items():
            sc = CARDS_BY_TYPE[tid].scoring
            if sc["kind"] == "set":
                total += self._set_potential(tid, sc["table"], m)
            elif sc["kind"] == "trader":
                total += self._trader_potential(sc, counts, m)
        return total

    def _chance(self, tid: str, needed: int = 1) -> float:
        """Chance of getting `needed` more copies of a type among those not yet seen."""
        unseen = self.unseen_types.get(tid, 0)
        if unseen < needed:
            return 0.0
        return (1.0 - (1.0 - self.copy_chance) ** unseen) ** needed

    def _set_potential(self, tid: str, table: Sequence[int], count: int) -> float:
        rest = count % len(table)
        if rest == 0:
            return 0.0
        return sum(self._chance(tid, j - rest + 1) * (table[j] - table[j - 1]) for j in range(rest, len(table)))

    def _condition_chance(self, cond: dict, counts: Counter, area: Sequence[int]) -> float:
        chance, unmet = 1.0, False
        for tid, k in cond.get("own_cards", {}).items():
            if counts[tid] < k:
                unmet = True
                chance *= self._chance(tid, k - counts[tid])
        for sym, k in cond.get("own_symbols", {}).items():
            have = sum(CARDS[uid].symbols.get(sym, 0) for uid in area)
            if have < k:
                unmet = True
                chance *= 0.5 * self.flow
        return chance if unmet else 0.0

    def _trader_potential(self, sc: dict, counts: Counter, traders: int) -> float:
        sets = min(counts[r] for r in sc["requires"])
        if sets >= traders:
            return 0.0
        chance = 1.0
        for r in sc["requires"]:
            if counts[r] <= sets:
                chance *= self._chance(r)
        return chance * sc["points"]

    def order_value(self, prowess: Sequence[int], seat: int) -> float:
        """Picking ahead of rivals in the Military Prowess rounds still to come."""
        mine = prowess[seat]
        if not mine or not self.military_rounds:
            return 0.0
        ahead = sum(1 for s, p in enumerate(prowess) if s != seat and p < mine)
        return self.weights.prowess_per_round * self.military_rounds * ahead / max(1, self.players - 1)


CARDS_BY_TYPE = {c.id: c.type for c in CARDS}


def distinct(cards: Iterable[int]) -> list[int]:
    """One card per scoring key: copies that score and play the same need valuing only once."""
    seen: dict[tuple, int] = {}
    for uid in cards:
        seen.setdefault(scoring_key(uid), uid)
    return list(seen.values())


def scoring_key(uid: int) -> tuple:
    card = CARDS[uid]
    return (card.id, card.points, card.deck)
