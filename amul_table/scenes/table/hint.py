"""The hint overlay: the best options for the human to act, as the medium bot rates them, with reasons.

The hints come from `amul_table.ai.explain.explain(view)`, which sees only that human's own view,
so a hint never reveals anything the player could not know. Any key or click closes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from amul_table.i18n import card_name, hint_reason, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.state import Action
from amul_table.scenes.overlays import Overlay
from amul_table.sprites.cards import card_face
from amul_table.sprites.style import (
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_DARK,
    draw_wrapped,
    fit_text,
    panel,
    text,
)


class HintLike(Protocol):
    action: Action
    value: float
    reason: str  # English, shown only when there is no `reason_key` to say it in the player's language
    reason_key: str
    reason_args: dict[str, Any]


VERDICTS = ((2.0, "big_gain"), (0.5, "gain"), (-0.5, "even"))  # lowest value for each word, best first


def verdict(value: float) -> str:
    """The value in words first (the number follows it): a hint's change in standing, roughly sized."""
    word = next((key for least, key in VERDICTS if value >= least), "loss")
    return tr(f"hint.verdict.{word}")


class HintOverlay(Overlay):
    def __init__(self, app, name: str, hints: Sequence[HintLike]) -> None:
        super().__init__(app)
        self.name = name
        self.hints = list(hints)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()

    def reason_text(self, hint: HintLike) -> str:
        """The reason in the window's language (card names from the card data)."""
        if not hint.reason_key:
            return hint.reason
        return hint_reason(hint.reason_key, hint.reason_args, self.app.settings.language)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        u = self.scale()
        w, h = surface.get_size()
        row_h = int(150 * u)
        box = pygame.Rect(0, 0, min(w - 40, int(900 * u)), int(120 * u) + row_h * max(1, len(self.hints)))
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, GOLD, radius=int(12 * u), width=3)
        title = fit_text(tr("hint.title", name=self.name), box.w - int(40 * u), int(30 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + int(14 * u))))
        y = box.top + int(64 * u)
        if not self.hints:
            img = text(tr("hint.none"), int(20 * u), CREAM, True)
            surface.blit(img, img.get_rect(center=(box.centerx, y + row_h // 2)))
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        cards = load_cards().cards
        best = max((hint.value for hint in self.hints), default=0.0)
        for rank, hint in enumerate(self.hints):
            row = pygame.Rect(box.left + int(20 * u), y, box.w - int(40 * u), row_h - int(10 * u))
            pygame.draw.rect(surface, PANEL_DARK, row, border_radius=int(8 * u))
            if rank == 0:
                pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(8 * u))
            x = row.left + int(12 * u)
            if hint.action.card is not None and hint.action.card >= 0:
                ch = row.h - int(16 * u)
                face = card_face(hint.action.card, int(ch / 1.4), ch, lang, cb)
                surface.blit(face, (x, row.top + int(8 * u)))
                x += face.get_width() + int(16 * u)
                label = card_name(cards[hint.action.card].type, lang)
            else:
                label = tr("table.decline")
            head = fit_text(f"{rank + 1}. {label}", row.right - x - int(120 * u), int(22 * u), GOLD, True, "serif")
            surface.blit(head, (x, row.top + int(10 * u)))
            value = f"{verdict(hint.value)} {hint.value:+.1f}".replace(".", tr("number.decimal_mark"))
            score = text(value, int(20 * u), HIGHLIGHT if hint.value >= best else CREAM, True)
            surface.blit(score, score.get_rect(topright=(row.right - int(14 * u), row.top + int(10 * u))))
            body = pygame.Rect(x, row.top + int(44 * u), row.right - x - int(14 * u), row.h - int(52 * u))
            draw_wrapped(surface, self.reason_text(hint), body, int(17 * u), CREAM, centre=False)
            y += row_h
        hint_line = text(tr("hint.close"), int(15 * u), MUTED)
        surface.blit(hint_line, hint_line.get_rect(midbottom=(box.centerx, box.bottom - int(10 * u))))
        pygame.draw.line(
            surface, GOLD_DARK, (box.left + 20, box.bottom - int(34 * u)), (box.right - 20, box.bottom - int(34 * u))
        )
