"""The medium bot: every option valued by its expected change to the seat's standing (see evaluate.py).

Offer and Pick are thought of together: a card given away is valued by what it is worth to us, what
it is worth to the rivals who may pick it (the ones picking before us most of all), and the chance of
picking it back; a Market card by what it adds, and by what it would give the next picker or the
leader if we left it. Reveals prefer play-area cards and count the effect they trigger now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from amul_table.ai.base import reseed
from amul_table.ai.evaluate import CARDS, MEDIUM, Outlook, Weights, distinct, kept, scoring_key
from amul_table.ai.knowledge import Knowledge, read_view, reveals_left
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView

TIE = 1e-6


@dataclass(frozen=True)
class Option:
    """One legal action with its estimated value and the named parts that make it up (for explain)."""

    action: Action
    value: float
    parts: tuple[tuple[str, float], ...] = ()


class MediumBot:
    """Greedy on projected standing; `thorough=False` skips the rival terms (a cheap playout policy)."""

    tier = "medium"

    def __init__(self, seat: int, seed: int, thorough: bool = True, weights: Weights = MEDIUM) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.thorough = thorough
        self.weights = weights

    def choose(self, view: SeatView) -> Action:
        reseed(self.rng, self.seed, view)
        options = rate_options(view, self.thorough, self.weights)
        return best_option(options, self.rng).action


def best_option(options: Sequence[Option], rng: random.Random) -> Option:
    """The highest value; exact ties are broken by the bot's own RNG."""
    top = max(o.value for o in options)
    tied = [o for o in options if o.value >= top - TIE]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def rate_options(view: SeatView, thorough: bool = True, weights: Weights = MEDIUM) -> list[Option]:
    """Every legal action of the seat, valued, best first."""
    if len(view.legal) == 0:
        return []
    know = read_view(view)
    rater = _Rater(view, know, thorough, weights)
    phase = view.pending.phase
    if phase == Phase.OFFER:
        options = rater.offers()
    elif phase == Phase.PICK:
        options = rater.picks()
    elif phase == Phase.REVEAL:
        options = rater.reveals()
    else:
        options = rater.takes()
    return sorted(options, key=lambda o: -o.value)


def outlook_for(view: SeatView, know: Knowledge, weights: Weights = MEDIUM) -> Outlook:
    return Outlook(
        view.seat,
        view.play_areas,
        view.hand,
        reveals_left(view),
        view.round,
        know.unseen_types,
        know.known_hands,
        weights,
    )


class _Rater:
    def __init__(self, view: SeatView, know: Knowledge, thorough: bool, weights: Weights) -> None:
        self.view = view
        self.seat = view.seat
        self.know = know
        self.thorough = thorough
        self.w = weights
        self.out = outlook_for(view, know, weights)
        self.hand = list(view.hand)
        self._source_best: dict[str, list[float]] = {}

    # --- Offer ------------------------------------------------------------------------------------

    def offers(self) -> list[Option]:
        view, out, hand = self.view, self.out, self.hand
        full = out.standing(hand)
        order = list(view.order)
        before = order[: order.index(self.seat)]
        fill = list(view.market)
        fill_gains = [out.standing([*hand, x]) - full for x in distinct(fill)]
        pool = view.players + len(fill)
        survive = 1.0 - len(before) / pool
        threats = self._threats(before) if self.thorough else []
        options = []
        for action in view.legal:
            o = action.card
            rest = [c for c in hand if c != o]
            keep = out.standing(rest)
            held = self.held_effects(rest)
            back = full - keep
            unknown = [self.w.unknown_offer] * (view.players - 1)
            pick = expected_best([*fill_gains, back, *unknown], survive)
            risk = 0.0
            for rival, weight in threats:
                risk = max(risk, weight * (keep - out.standing(rest, gift=(rival, o))))
            value = keep - full + held + pick - self.w.risk * risk  # a change from keeping the whole hand
            parts = (("keep", keep - full), ("effects", held), ("pick", pick), ("risk", -self.w.risk * risk))
            options.append(Option(action, value, parts))
        return options

    def _threats(self, before: list[int]) -> list[tuple[int, float]]:
        """Rivals who may pick what we offer: the nearest ones picking before us, and the leader."""
        seats = [(s, 1.0) for s in reversed(before[-2:])]
        leader = self.leader()
        if leader not in (s for s, _ in seats):
            seats.append((leader, 1.0 if leader in before else 0.5))
        return seats[:3]

    def leader(self) -> int:
        totals = self.out.totals()
        return max((s for s in range(self.view.players) if s != self.seat), key=lambda s: totals[s])

    # --- Pick -------------------------------------------------------------------------------------

    def picks(self) -> list[Option]:
        view, out, hand = self.view, self.out, self.hand
        base = out.standing(hand)
        order = list(view.order)
        after = order[order.index(self.seat) + 1 :]
        threats: list[int] = []
        if self.thorough and after:
            threats = [after[0]]
            leader = self.leader()
            if leader in after and leader != after[0]:
                threats.append(leader)
        rated: dict[int, Option] = {}
        for uid in distinct(view.market):
            with_card = [*hand, uid]
            gain = out.standing(with_card) - base
            held = self.held_effect(uid)
            denial = 0.0
            for rival in threats:
                denial = max(denial, base - out.standing(hand, gift=(rival, uid)))
            value = gain + held + self.w.denial * denial
            rated[uid] = Option(
                Action(ActionKind.PICK, self.seat, uid),
                value,
                (("gain", gain), ("effects", held), ("denial", self.w.denial * denial)),
            )
        return [_same_as(rated, action) for action in view.legal]

    # --- Reveal -----------------------------------------------------------------------------------

    def reveals(self) -> list[Option]:
        out, hand = self.out, self.hand
        reveals = out.reveals - 1
        now = out.standing(hand)  # values are changes from the standing before this Reveal
        options = []
        for action in self.view.legal:
            c = action.card
            card = CARDS[c]
            rest = [x for x in hand if x != c]
            extra = [c] if card.keeps_in_play else []
            played = out.standing(rest, extra, reveals)
            value = played - now
            effect = 0.0
            if card.keeps_in_play and card.type.effect and card.type.effect["when"] == "upkeep":
                effect = self.w.effect_now * self.effect_now(card, rest, extra, reveals, played)
            held = self.held_effects(rest, reveals)
            order = 0.01 if not card.keeps_in_hand else (-0.01 if not card.keeps_in_play else 0.0)
            parts = (("play", value), ("effect", effect), ("effects", held))
            options.append(Option(action, value + effect + held + order, parts))
        return options

    def effect_now(self, card, rest: list[int], extra: list[int], reveals: int, base: float) -> float:
        effect = card.type.effect
        source = self.source_cards(effect["take_from"])
        gains = sorted(
            (self.out.standing(rest, [*extra, x], reveals) - base for x in distinct(source)),
            reverse=True,
        )
        return sum(max(0.0, g) for g in gains[: effect["up_to"]])

    # --- Take / decline (effects and the Thief) ------------------------------------------------------

    def takes(self) -> list[Option]:
        out, hand = self.out, self.hand
        base = out.standing(hand)
        rated: dict[int, Option] = {}
        source = self.source_cards(self.view.pending.source)
        for uid in distinct(source):
            gain = out.standing(hand, [uid]) - base
            rated[uid] = Option(Action(ActionKind.TAKE, self.seat, uid), gain, (("gain", gain),))
        options = []
        for action in self.view.legal:
            if action.kind == ActionKind.DECLINE:
                options.append(Option(action, 0.0, (("gain", 0.0),)))
            else:
                options.append(_same_as(rated, action))
        return options

    # --- effects still in hand ------------------------------------------------------------------------

    def held_effects(self, hand: Sequence[int], reveals: int | None = None) -> float:
        """What the effect cards we would still play are likely to bring (the Thief: at game end)."""
        reveals = self.out.reveals if reveals is None else reveals
        return sum(self.held_effect(uid) for uid in kept(hand, reveals))

    def held_effect(self, uid: int) -> float:
        effect = CARDS[uid].type.effect
        if not effect:
            return 0.0
        if effect["take_from"] == "market":
            return self.w.scavenge_held
        gains = self.source_best(effect["take_from"])
        return self.w.effect_held * sum(gains[: effect["up_to"]])

    def source_best(self, source: str) -> list[float]:
        """Best gains from the Palace or Bazaar against the current projection, computed once."""
        if source not in self._source_best:
            base = self.out.standing(self.hand)
            gains = [self.out.standing(self.hand, [x]) - base for x in distinct(self.source_cards(source))]
            self._source_best[source] = sorted((max(0.0, g) for g in gains), reverse=True)
        return self._source_best[source]

    def source_cards(self, source: str) -> tuple[int, ...]:
        return {"palace": self.view.palace, "bazaar": self.view.bazaar}.get(source, self.view.market)


def expected_best(gains: Sequence[float], survive: float) -> float:
    """Expected best gain when each card is still there for us with probability `survive`."""
    total, reach = 0.0, 1.0
    for g in sorted((max(0.0, g) for g in gains), reverse=True):
        total += reach * survive * g
        reach *= 1.0 - survive
    return total


def _same_as(rated: dict[int, Option], action: Action) -> Option:
    """Copies that score alike share one rating (see `distinct`)."""
    key = scoring_key(action.card)
    for uid, option in rated.items():
        if scoring_key(uid) == key:
            return Option(action, option.value, option.parts)
    raise KeyError(action)
