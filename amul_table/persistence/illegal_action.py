"""The refusal of a save whose log holds an action the rules do not allow, without showing a hidden card.

A damaged pass-and-play save's reason is shown in the Load scene: it names the action's card only if the card
lies face up at that point, else the action's kind and seat (docs/threat-model.md).
"""

from __future__ import annotations

import re

from amul_table.persistence.errors import Phrase, SaveError
from amul_table.rules.cards import load_cards
from amul_table.rules.state import NO_CARD, Action, GameState


def illegal_action(state: GameState, index: int, action: Action, reason: str) -> SaveError:
    """The refusal of `actions[index]`, which the rules refused in `state` for `reason`."""
    if action.card == NO_CARD or _face_up(state, action.card):
        return SaveError("error.save.illegal", index=index, action=_show_action(action), reason=reason)
    card = load_cards().cards[action.card]
    if any(re.search(rf"\b{re.escape(word)}\b", reason) for word in (card.number, *card.type.name.values())):
        reason = Phrase("error.save.illegal_hidden_place")  # the rules' reason names the card
    return SaveError("error.save.illegal_hidden", index=index, kind=action.kind, seat=action.seat, reason=reason)


def _face_up(state: GameState, uid: int) -> bool:
    """Whether every player sees the card now: in the Market, Palace or Bazaar, a play area, or out of the game."""
    return any(uid in zone for zone in (state.market, state.palace, state.bazaar, state.removed, *state.play_areas))


def _show_action(action: Action) -> str:
    card = "null" if action.card == NO_CARD else load_cards().cards[action.card].number
    return f"[{action.kind}, {action.seat}, {card}]"
