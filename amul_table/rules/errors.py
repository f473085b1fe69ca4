"""The engine's one error type, apart from the engine so that scenes can catch it without reaching `apply`."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules do not allow now; the message says why."""
