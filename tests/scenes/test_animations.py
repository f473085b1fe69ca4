"""Animations that read: a strip becoming a card never stretches its text."""

from __future__ import annotations

import pygame

from amul_table.sprites import tween
from amul_table.sprites.tween import Flight


def test_a_palace_strip_flying_to_a_card_is_only_ever_scaled_evenly(monkeypatch):
    scaled: list[tuple[tuple[int, int], tuple[int, int]]] = []
    real = pygame.transform.scale

    def scale(img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        scaled.append((img.get_size(), size))
        return real(img, size)

    monkeypatch.setattr(tween.pygame.transform, "scale", scale)
    flight = Flight(
        uid=7,
        deck="palace",
        start=0.0,
        duration=1.0,
        src=pygame.Rect(100, 100, 170, 20),  # a strip on the Palace staircase
        dst=pygame.Rect(400, 500, 90, 126),  # a card in a play area
        up_from=True,
        up_to=True,
    )
    surface = pygame.Surface((800, 700))
    for step in range(11):
        flight.draw(
            surface, step / 10, lambda uid, w, h: pygame.Surface((w, h)), lambda d, w, h: pygame.Surface((w, h))
        )
    assert scaled
    for (w0, h0), (w1, h1) in scaled:
        assert abs(w1 / w0 - h1 / h0) <= 0.1 * max(w1 / w0, h1 / h0) + 2 / min(w0, h0), ((w0, h0), (w1, h1))
