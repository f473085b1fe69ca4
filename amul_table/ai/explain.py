"""Hints: the best options for the seat to act, with medium's estimated value and a one-line reason.

The table's hint button shows these. Values are expected changes in standing (own projected score
minus the best rival's) against doing nothing: keeping the whole hand, taking no card.
"""

from __future__ import annotations

from dataclasses import dataclass

from amul_table.ai.evaluate import CARDS
from amul_table.ai.medium import Option, rate_options
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView

TOP = 3


@dataclass(frozen=True)
class Hint:
    action: Action
    value: float  # estimated change in standing (own projected score minus the best rival's)
    reason: str


def explain(view: SeatView, decision: Action | None = None, top: int = TOP) -> list[Hint]:
    """The `top` best options (and `decision`, if given and not among them), best first."""
    options = rate_options(view)
    chosen = options[:top]
    if decision is not None and all(o.action != decision for o in chosen):
        chosen += [o for o in options if o.action == decision]
    return [Hint(o.action, round(o.value, 2), reason(o)) for o in chosen]


def reason(option: Option) -> str:
    """One line in the game's own words, from the part of the value that weighs most."""
    kind, _, card = option.action
    parts = dict(option.parts)
    if kind == "decline":
        return "take nothing: no card there improves your standing"
    name = CARDS[card].name()
    if kind == "offer":
        return _offer_reason(name, parts)
    if kind == "pick":
        return _pick_reason(name, CARDS[card], parts)
    if kind == "reveal":
        return _reveal_reason(name, CARDS[card], parts)
    gain = parts.get("gain", 0.0)
    return f"take {name}: {gain:+.1f} to your standing"


def _offer_reason(name: str, parts: dict[str, float]) -> str:
    cost, rival = -parts.get("keep", 0.0), -parts.get("risk", 0.0)
    if cost < 0.5 and rival < 0.5:
        return f"offer {name}: nobody, you included, gains much from it"
    return f"offer {name}: it costs you {cost:.1f}; the rival most likely to pick it gains about {rival:.1f}"


def _pick_reason(name: str, card, parts: dict[str, float]) -> str:
    gain, denial, effects = parts.get("gain", 0.0), parts.get("denial", 0.0), parts.get("effects", 0.0)
    if denial > gain and denial > 1.0:
        return f"pick {name}: mostly to keep it from the next picker or the leader ({denial:+.1f})"
    if effects > gain and effects > 0.5:
        return f"pick {name}: its effect should bring {effects:+.1f} when you play it"
    where = "keep it in hand" if card.keeps_in_hand and not card.keeps_in_play else "play it later"
    also = f", and denies a rival {denial:+.1f}" if denial > 0.5 else ""
    return f"pick {name}: {gain:+.1f} to your projected score ({where}){also}"


def _reveal_reason(name: str, card, parts: dict[str, float]) -> str:
    effect = parts.get("effect", 0.0)
    if not card.keeps_in_play:
        return f"reveal {name}: it has only the hand icon and is lost, but it is the card you need least"
    if effect > 0.5:
        source = card.type.effect["take_from"].capitalize()
        return f"reveal {name}: its effect takes a card from the {source} ({effect:+.1f})"
    if not card.keeps_in_hand:
        return f"reveal {name}: a play-area card that scores only once revealed"
    return f"reveal {name}: scores in your play area and frees your hand for hand-only goods"
