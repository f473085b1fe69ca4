"""The round's phases and the kinds of action: one IntEnum each, shared by the engine and the playouts.

They are ints so that the playouts (compiled with mypyc) compare them as fast as plain ints; each member
prints and formats as its lowercase word ("offer", "game_end"), the word saves and the protocol write.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import Self


class _Worded(IntEnum):
    """An int that reads as its lowercase name, the word saves, the protocol and the string keys use."""

    @property
    def word(self) -> str:
        return self.name.lower()

    def __str__(self) -> str:
        return self.word

    def __format__(self, spec: str) -> str:
        return format(self.word, spec)

    @classmethod
    def of_word(cls, word: object) -> Self | None:
        """The member a save or a message names, or None for anything else."""
        return _by_word(cls).get(word) if isinstance(word, str) else None


@cache
def _by_word(kind: type[_Worded]) -> dict[str, _Worded]:
    return {member.word: member for member in kind}


class Phase(_Worded):
    """The parts of a round, in order; GAME_END resolves the Thief's effect after round 9."""

    OFFER = 1  # from 1: no member is falsy
    PICK = 2
    REVEAL = 3
    EFFECTS = 4
    GAME_END = 5
    OVER = 6


class ActionKind(_Worded):
    """What an Action does: Offer, Pick and Reveal a card, take one for an effect, or decline the effect."""

    OFFER = 1
    PICK = 2
    REVEAL = 3
    TAKE = 4
    DECLINE = 5


PHASE_WORDS: tuple[str, ...] = tuple(_by_word(Phase))
ACTION_WORDS: tuple[str, ...] = tuple(_by_word(ActionKind))
