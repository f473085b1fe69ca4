"""Who sits at the table: a human, or a bot of a tier (the engine knows seats only by their index)."""

from __future__ import annotations

from dataclasses import dataclass

MAX_NAME = 60  # the longest seat name, in characters (the setup box allows fewer; a save may hold up to this)
# The bots' names when none is typed (new game, hosted tables, headless games): travellers of the Silk Road.
BOT_NAMES = ("Marco", "Battuta", "Zheng He", "Xuanzang", "Rabban", "Rubruck", "Faxian", "Carpini")  # one a seat of 8


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One chair at the table: a human (`tier` None) or a bot of a tier (see amul_table.ai.BOT_TIERS).

    "human" is the one word for a seat no bot plays, as the save's `kind: human`, the records' `human` column
    and `--humans` say it."""

    name: str
    tier: str | None = None

    @classmethod
    def of_human(cls, name: str) -> Seat:
        return cls(name=name)

    @classmethod
    def bot(cls, name: str, tier: str) -> Seat:
        return cls(name=name, tier=tier)

    @property
    def human(self) -> bool:
        return self.tier is None
