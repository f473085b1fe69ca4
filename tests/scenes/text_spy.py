"""Which lines of text a scene module renders, in order (for tests that check the words a player sees)."""

from __future__ import annotations

from types import ModuleType

import pygame
import pytest


def spy_text(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[tuple[str, pygame.Surface]]:
    """Wrap `module.text` (sprites.style.text as the module imported it); returns the list it fills with each
    rendered line and its surface."""
    rendered: list[tuple[str, pygame.Surface]] = []
    real = module.text

    def text(words: str, *args, **kwargs) -> pygame.Surface:
        rendered.append((words, real(words, *args, **kwargs)))
        return rendered[-1][1]

    monkeypatch.setattr(module, "text", text)
    return rendered
