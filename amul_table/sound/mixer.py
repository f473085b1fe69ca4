"""Playing the card sounds through pygame's mixer, at the player's volume, never at the cost of a frame.

The mixer opens on the first sound that would be heard (or when the window asks, before its first
frame) and loads every sound once. Without an audio device the game is silent: one log line, no crash,
and no second try.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from enum import Enum
from pathlib import Path

import pygame

from amul_table.persistence.assets import assets_dir
from amul_table.persistence.settings import Settings
from amul_table.sound.synth import SOUND_NAMES

log = logging.getLogger(__name__)

BUFFER = 512  # samples per mixing chunk: about 12 ms at 44.1 kHz, so a sound starts with its animation


class State(Enum):
    CLOSED = "closed"  # not tried yet
    OPEN = "open"
    SILENT = "silent"  # no device, or the sounds could not be loaded: stays silent for the session


def sounds_dir() -> Path:
    return assets_dir() / "sounds"


class SoundBoard:
    """The game's sounds at the master volume of `settings` (read at each play, so a change applies at once)."""

    def __init__(self, settings: Settings, *, enabled: bool = True) -> None:
        self.settings = settings
        self.state = State.CLOSED if enabled else State.SILENT
        self.sounds: dict[str, pygame.mixer.Sound] = {}

    @property
    def level(self) -> float:
        """The master volume that applies now: 0 when muted."""
        if self.settings.mute:
            return 0.0
        return min(max(float(self.settings.volume), 0.0), 1.0)

    def open(self) -> bool:
        """Open the mixer and load the sounds; False (and silent for good) when there is no audio device."""
        if self.state is State.CLOSED:
            try:
                if pygame.mixer.get_init() is None:
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=BUFFER)
                self.sounds = {name: pygame.mixer.Sound(sounds_dir() / f"{name}.wav") for name in SOUND_NAMES}
                self.state = State.OPEN
            except (pygame.error, OSError) as exc:
                log.warning("no sound: %s; the game stays silent", exc)
                self.sounds = {}
                self.state = State.SILENT
        return self.state is State.OPEN

    def play(self, name: str) -> None:
        """Start the sound `name` at the master volume; nothing when muted, at volume 0 or without a device."""
        level = self.level
        if level <= 0.0 or not self.open():
            return
        sound = self.sounds[name]
        sound.set_volume(level)
        sound.play()

    def play_all(self, names: Iterable[str]) -> None:
        for name in names:
            self.play(name)

    def close(self) -> None:
        """Stop every sound and let go of the device (the window is closing)."""
        if self.state is State.OPEN and pygame.mixer.get_init() is not None:
            pygame.mixer.stop()
        self.sounds = {}
        if self.state is State.OPEN:
            self.state = State.CLOSED
