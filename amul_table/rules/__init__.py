"""The pure rules engine of Amul: no pygame, no I/O except loading the card data."""

from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.errors import RuleError
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.setup import new_game
from amul_table.rules.state import Action, Event, GameState, Pending

__all__ = [
    "Action",
    "ActionKind",
    "Event",
    "GameState",
    "Pending",
    "Phase",
    "RuleError",
    "apply",
    "legal_actions",
    "new_game",
    "pending",
]
