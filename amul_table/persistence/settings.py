"""The player's preferences, read by every scene; one plain dataclass so it can be saved as it is."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

# How long animations last relative to "normal" (instant skips them altogether).
ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


@dataclass
class Settings:
    language: str = "en"
    animation_speed: str = "normal"  # slow / normal / fast / instant
    bot_pause: float = 0.6  # seconds a bot action waits so a person can follow it
    fullscreen: bool = False
    colour_blind: bool = False  # colour bands also carry a letter
    live_score: bool = True  # show the estimate of your own score during the game
    volume: float = 0.6  # master volume of the card sounds, 0.0 to 1.0
    mute: bool = False

    @property
    def speed_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Known fields of the right type are taken; anything else (such as the old `sound`) is ignored.

        A volume outside 0.0–1.0 (or not a number) gives the default volume.
        """
        base = cls()
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(base, f.name)
            if isinstance(value, type(default)) or (isinstance(default, float) and isinstance(value, int)):
                setattr(base, f.name, type(default)(value))
        if base.animation_speed not in ANIMATION_SPEEDS:
            base.animation_speed = "normal"
        base.bot_pause = min(max(base.bot_pause, 0.0), 5.0)
        if not 0.0 <= base.volume <= 1.0:  # also NaN
            base.volume = cls.volume
        return base
