"""Hints: the best options for the seat to act, with medium's estimated value and a one-line reason.

The table's hint button shows these. Values are expected changes in standing (own projected score
minus the best rival's) against doing nothing: keeping the whole hand, taking no card. With
`samples`, the strongest bot's search (fixed work, seeded from the view: deterministic) ranks the
options instead and each hint carries its numbers: mean reward, win share, final margin, playouts.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Any

from amul_table.ai.evaluate import CARDS
from amul_table.ai.medium import Option, rate_options
from amul_table.ai.reasons import Reason
from amul_table.ai.search import MARGIN_WEIGHT, OptionValue, Work, search
from amul_table.rules.phases import ActionKind
from amul_table.rules.state import Action, EventKind
from amul_table.rules.views import SeatView

TOP = 3
LOOKS_BETTER = 0.5  # medium's value by which an option shown lower looks better at first sight than one above


@dataclass(frozen=True)
class Hint:
    """`reason` is a code; i18n.hint_reason says it, with `reason_args`, in the player's language."""

    action: Action
    value: float  # estimated change in standing (own projected score minus the best rival's)
    reason: Reason
    reason_args: dict[str, Any] = field(default_factory=dict)  # `card` is a uid, `source` a deck name
    search: OptionValue | None = None  # the search's numbers for this option (explain(..., samples=N))


def explain(view: SeatView, decision: Action | None = None, top: int = TOP, samples: int | None = None) -> list[Hint]:
    """The `top` best options (and `decision`, if given and not among them), best first.

    `samples`: rank by the search with that many playouts in all, instead of by medium's values.
    """
    options = rate_options(view)
    values: dict[Action, OptionValue] = {}
    if samples and len(options) > 1:
        ranked = search(view, random.Random(search_seed(view)), Work(playouts=samples))
        values = {v.action: v for v in ranked}
        place = {v.action: i for i, v in enumerate(ranked)}
        options.sort(key=lambda o: place[o.action])
    chosen = options[:top]
    if decision is not None and all(o.action != decision for o in chosen):
        chosen += [o for o in options if o.action == decision]
    hints = []
    for o in chosen:
        why, args = reason(o)
        hints.append(Hint(o.action, round(o.value, 2), why, args, values.get(o.action)))
    return hints


COMMITMENTS = (EventKind.OFFER_COMMITTED, EventKind.REVEAL_COMMITTED)


def search_seed(view: SeatView) -> int:
    """The explaining search's seed: from the seat and the public moves so far only, so the same
    position always gets the same ratings (however many rivals have already committed a face-down
    choice) and nothing hidden can change them."""
    return 0x5EA7C4 ^ (view.seat * 1_000_003 + public_moves(view))


def public_moves(view: SeatView) -> int:
    """Events in the public log, rivals' face-down commitments left out: a decision's place in the game."""
    return sum(event.kind not in COMMITMENTS for event in view.log)


def reason(option: Option) -> tuple[Reason, dict[str, Any]]:
    """Why, from the part of the value that weighs most: a reason code and its arguments."""
    kind, _, card = option.action
    parts = dict(option.parts)
    if kind == ActionKind.DECLINE:
        return Reason.DECLINE, {}
    if kind == ActionKind.OFFER:
        return _offer_reason(card, parts)
    if kind == ActionKind.PICK:
        return _pick_reason(card, parts)
    if kind == ActionKind.REVEAL:
        return _reveal_reason(card, parts)
    return Reason.TAKE, {"card": card, "gain": parts.get("gain", 0.0)}


def _offer_reason(card: int, parts: dict[str, float]) -> tuple[Reason, dict[str, Any]]:
    """What the offer gives away, and to whom; a side under half a point is not called a cost (no "-0.0")."""
    cost, rival = -parts.get("keep", 0.0), -parts.get("risk", 0.0)
    if cost < 0.5 and rival < 0.5:
        return Reason.OFFER_HARMLESS, {"card": card}
    if cost < 0.5:
        return Reason.OFFER_RIVAL, {"card": card, "rival": rival}
    if rival < 0.5:
        return Reason.OFFER_OWN, {"card": card, "cost": cost}
    return Reason.OFFER_COST, {"card": card, "cost": cost, "rival": rival}


def _pick_reason(card: int, parts: dict[str, float]) -> tuple[Reason, dict[str, Any]]:
    gain, denial, effects = parts.get("gain", 0.0), parts.get("denial", 0.0), parts.get("effects", 0.0)
    if denial > gain and denial > 1.0:
        return Reason.PICK_DENIAL, {"card": card, "denial": denial}
    if effects > gain and effects > 0.5:
        return Reason.PICK_EFFECT, {"card": card, "effects": effects}
    info = CARDS[card]
    where = "hand" if info.keeps_in_hand and not info.keeps_in_play else "play"
    if denial > 0.5:
        return Reason(f"pick_{where}_denies"), {"card": card, "gain": gain, "denial": denial}
    return Reason(f"pick_{where}"), {"card": card, "gain": gain}


def _reveal_reason(card: int, parts: dict[str, float]) -> tuple[Reason, dict[str, Any]]:
    effect = parts.get("effect", 0.0)
    info = CARDS[card]
    if not info.keeps_in_play:
        return Reason.REVEAL_LOST, {"card": card}
    if effect > 0.5:
        return Reason.REVEAL_EFFECT, {"card": card, "source": info.type.effect["take_from"], "effect": effect}
    if not info.keeps_in_hand:
        return Reason.REVEAL_TABLE_ONLY, {"card": card}
    return Reason.REVEAL_FREES_HAND, {"card": card}


def ranked_as_shown(hints: list[Hint]) -> list[Hint]:
    """Searched hints in the order of the numbers the player sees (win share and margin, rounded as shown), so
    that no option shown lower looks better on both; unsearched ones after them, in their order."""

    def shown(hint: Hint) -> float:
        values = hint.search
        if values is None or values.samples == 0:
            return math.inf
        # The percent as the overlay rounds it (scenes/table/hint.py): round(0.025, 2) is 0.03 but 2.5 % shows 2 %.
        return -(round(100 * values.win) / 100 + MARGIN_WEIGHT * round(values.margin, 1))

    return sorted(hints, key=shown)


def agreeing_reasons(hints: list[Hint]) -> list[Hint]:
    """The shown hints, best first, each with a reason that does not argue against its place: an option that
    medium's quick estimate (what the reason is made of) rates below one shown under it says instead that it
    looks worse at first sight but the search's playouts end better after it."""
    out = []
    for i, hint in enumerate(hints):
        below = hints[i + 1 :]
        if hint.search is not None and any(b.value > hint.value + LOOKS_BETTER for b in below):
            why = Reason(f"{hint.action.kind.word}_playouts")
            args = {} if hint.action.kind == ActionKind.DECLINE else {"card": hint.action.card}
            hint = replace(hint, reason=why, reason_args=args)
        out.append(hint)
    return out
