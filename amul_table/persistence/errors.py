"""Errors of the persistence layer as data: an i18n code and its arguments, so the window can say them in French.

`str(error)` is the English sentence (what the command line prints); the window shows
`tr_error(error)` in its language. An argument may itself be an error or a `Phrase` (a described
value such as "the text 'x'"), translated the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from amul_table.i18n import tr_error


@dataclass(frozen=True)
class Phrase:
    """A piece of a message with its own code (a value's description), translated with the message."""

    code: str
    args_for_text: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return tr_error(self, lang="en")


class PersistenceError(ValueError):
    """Something read or written refused or failed; `code` is the i18n key of the reason."""

    def __init__(self, code: str, **args_for_text: Any) -> None:
        self.code = code
        self.args_for_text = args_for_text
        super().__init__(tr_error(self, lang="en"))

    def __str__(self) -> str:
        return tr_error(self, lang="en")


class SaveError(PersistenceError):
    """A save that is refused or cannot be written; the message says why (and names the field)."""


class SettingsError(PersistenceError):
    """The settings file could not be read or written (the game goes on with the settings it has)."""
