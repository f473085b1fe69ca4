"""What one seat can infer from its own view: cards known to sit in rival hands, and the unseen pool.

Everything here is computed from a SeatView alone (its public log included), so a bot that reasons
with it cannot learn anything its seat may not know.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.rules.state import NO_CARD, ROUNDS
from amul_table.rules.views import SeatView


@dataclass(frozen=True)
class Knowledge:
    """A seat's inferences: rival hand cards seen picked (and not seen leaving), and every unseen card."""

    known_hands: tuple[tuple[int, ...], ...]  # per seat; own seat: its whole hand
    hidden_commits: tuple[bool, ...]  # rival seats holding a face-down Offer or Reveal we cannot see
    unseen: tuple[int, ...]  # in the deck or in a rival hand (or face down), sorted
    unseen_types: Counter  # type id -> unseen copies
    round_offers: tuple[int, ...]  # this round's turned-up offers per seat (empty before they turn up)
    round_reveals: tuple[int, ...]  # this round's turned-up reveals per seat (empty before they turn up)
    round_picks: int  # picks made so far this round

    def unknown_slots(self, view: SeatView, seat: int) -> int:
        """How many of `seat`'s cards (hand plus a face-down choice) are unknown to the viewer."""
        extra = 1 if self.hidden_commits[seat] else 0
        return view.hand_sizes[seat] + extra - len(self.known_hands[seat])


def read_view(view: SeatView) -> Knowledge:
    """Walk the public log once and collect what the seat knows."""
    n = view.players
    known: list[list[int]] = [[] for _ in range(n)]
    round_offers: tuple[int, ...] = ()
    round_reveals: tuple[int, ...] = ()
    round_picks = 0
    for event in view.log:
        kind = event.kind
        if kind == "pick":
            known[event.seat].append(event.cards[0])
            round_picks += 1
        elif kind == "offers_revealed":
            round_offers = event.cards
            round_picks = 0
            _forget(known, event.cards)
        elif kind == "reveals":
            round_reveals = event.cards
            _forget(known, event.cards)
        elif kind == "round":
            round_offers, round_reveals, round_picks = (), (), 0
        elif kind == "end_hand":
            known[event.seat] = []
    known[view.seat] = list(view.hand)
    hidden = [False] * n
    if view.phase == Phase.OFFER:
        hidden = [view.offered[s] and s != view.seat for s in range(n)]
    elif view.phase == Phase.REVEAL:
        hidden = [view.revealed[s] and s != view.seat for s in range(n)]
    seen = set(view.hand)
    for s in range(n):
        seen.update(known[s])
        seen.update(view.play_areas[s])
    seen.update(view.market)
    seen.update(view.palace)
    seen.update(view.bazaar)
    seen.update(view.removed)
    for own in (view.my_offer, view.my_reveal):
        if own != NO_CARD:
            seen.add(own)
    unseen = tuple(c for c in view.in_game if c not in seen)
    cards = load_cards().cards
    return Knowledge(
        known_hands=tuple(tuple(k) for k in known),
        hidden_commits=tuple(hidden),
        unseen=unseen,
        unseen_types=Counter(cards[c].id for c in unseen),
        round_offers=round_offers,
        round_reveals=round_reveals,
        round_picks=round_picks,
    )


def reveals_left(view: SeatView) -> int:
    """Reveals this seat still has to make, this round's included if not yet made."""
    if view.phase in (Phase.GAME_END, Phase.OVER):
        return 0
    later = ROUNDS - view.round
    to_come = view.phase in (Phase.OFFER, Phase.PICK) or (view.phase == Phase.REVEAL and view.my_reveal == NO_CARD)
    return later + (1 if to_come else 0)


def _forget(known: list[list[int]], per_seat: tuple[int, ...]) -> None:
    for seat, card in enumerate(per_seat):
        if card in known[seat]:
            known[seat].remove(card)
