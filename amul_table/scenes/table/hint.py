"""The hint overlay: the best options for the human to act, as the strongest bot's search rates them.

The hints come from `amul_table.ai.explain.explain(view, samples=N)` on a worker thread (hint_job.py),
which sees only that human's own view, so a hint never reveals anything the player could not know.
The overlay shows at once with a "thinking" line and fills in when the search is done. Each option
gives its reason in words first, then the search's numbers: win chance, final margin, simulated games.
Any key or click closes it (while it thinks, the result is then discarded).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import CancelledError, Future
from typing import Any, Protocol

import pygame

from amul_table.ai.search import OptionValue
from amul_table.i18n import card_name, decimal, hint_reason, is_you_name, tr
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

log = logging.getLogger(__name__)
THINKING_STEP = 0.3  # seconds between the thinking line's dots: the only redraws while the search runs


class HintLike(Protocol):
    action: Action
    value: float
    reason: str  # a code of ai/reasons.py's Reason, said by i18n.hint_reason
    reason_args: dict[str, Any]
    search: OptionValue | None  # the search's numbers; None: only medium's value is known


HintsLike = Sequence[HintLike]
VERDICTS = ((2.0, "big_gain"), (0.5, "gain"), (-0.5, "even"))  # lowest value for each word, best first
ROW_H = 168  # an option's row at scale 1: its card, its reason, then the search's numbers


def verdict(value: float) -> str:
    """The value in words first (the number follows it): a hint's change in standing, roughly sized."""
    word = next((key for least, key in VERDICTS if value >= least), "loss")
    return tr(f"hint.verdict.{word}")


def searched(hint: HintLike) -> OptionValue | None:
    """The search's numbers for this option, if it was searched (a forced move is not)."""
    values = getattr(hint, "search", None)
    return values if values is not None and values.samples > 0 else None


def numbers_text(values: OptionValue) -> str:
    """The search's numbers in words: win chance, expected final margin, and how many games they come from."""
    win = tr("hint.percent", n=round(100 * values.win))
    points = decimal(abs(values.margin))
    side = "ahead" if values.margin >= 0.05 else "behind" if values.margin <= -0.05 else "level"
    return tr(f"hint.numbers.{side}", win=win, points=points, games=values.samples)


class HintOverlay(Overlay):
    """Shows `hints`, or says it is thinking until the `hints` future is done (then shows its result)."""

    def __init__(self, app, name: str, hints: HintsLike | Future[HintsLike]) -> None:
        super().__init__(app)
        self.name = name
        self.pending: Future[HintsLike] | None = hints if isinstance(hints, Future) else None
        self.hints: list[HintLike] = [] if isinstance(hints, Future) else list(hints)
        self.clock = 0.0
        self.dots = 0

    @property
    def thinking(self) -> bool:
        return self.pending is not None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.pending = None  # a search still running is not shown: its result is discarded
            self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.pending is None:
            return
        if self.pending.done():
            self.hints = self.result(self.pending)
            self.pending = None
            self.dirty = True
            return
        self.clock += dt
        dots = int(self.clock / THINKING_STEP) % 4
        if dots != self.dots:
            self.dots = dots
            self.dirty = True

    @staticmethod
    def result(future: Future[HintsLike]) -> list[HintLike]:
        """The search's hints; none (the overlay says so) if it failed or was cancelled."""
        try:
            return list(future.result())
        except CancelledError:
            return []
        except Exception:
            log.exception("the hint's search failed")
            return []

    def reason_text(self, hint: HintLike) -> str:
        """The reason in the window's language (card names from the card data)."""
        return hint_reason(hint.reason, hint.reason_args, self.app.settings.language)

    def title(self) -> str:
        """To a seat named You (Vous) it says "Your hint", as the log speaks to it; to any other, its name."""
        return tr("hint.title.you") if is_you_name(self.name) else tr("hint.title", name=self.name)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        u = self.scale()
        w, h = surface.get_size()
        rows = max(1, len(self.hints))
        row_h = min(int(ROW_H * u), (h - 20 - int(120 * u)) // rows)
        box = pygame.Rect(0, 0, min(w - 40, int(900 * u)), int(120 * u) + row_h * rows)
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, GOLD, radius=int(12 * u), width=3)
        title = fit_text(self.title(), box.w - int(40 * u), int(30 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + int(14 * u))))
        y = box.top + int(64 * u)
        if self.thinking or not self.hints:
            line = tr("hint.thinking") if self.thinking else tr("hint.none")
            img = fit_text(line, box.w - int(100 * u), int(20 * u), CREAM, True)
            place = img.get_rect(center=(box.centerx, y + row_h // 2))
            surface.blit(img, place)
            if self.thinking:  # the dots after the line, which stays still
                surface.blit(text("." * self.dots, int(20 * u), CREAM, True), place.topright)
        best = max((hint.value for hint in self.hints), default=0.0)
        for rank, hint in enumerate(self.hints):
            row = pygame.Rect(box.left + int(20 * u), y, box.w - int(40 * u), row_h - int(10 * u))
            self.draw_option(surface, row, rank, hint, highlight=rank == 0 if searched(hint) else hint.value >= best)
            y += row_h
        hint_line = text(tr("hint.close"), int(15 * u), MUTED)
        surface.blit(hint_line, hint_line.get_rect(midbottom=(box.centerx, box.bottom - int(10 * u))))
        pygame.draw.line(
            surface, GOLD_DARK, (box.left + 20, box.bottom - int(34 * u)), (box.right - 20, box.bottom - int(34 * u))
        )

    def draw_option(
        self, surface: pygame.Surface, row: pygame.Rect, rank: int, hint: HintLike, *, highlight: bool
    ) -> None:
        """One option: its card, its name, its reason in words, then the search's numbers (or medium's value)."""
        u = self.scale()
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        pygame.draw.rect(surface, PANEL_DARK, row, border_radius=int(8 * u))
        if rank == 0:
            pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(8 * u))
        x = row.left + int(12 * u)
        if hint.action.card is not None and hint.action.card >= 0:
            ch = row.h - int(16 * u)
            face = card_face(hint.action.card, int(ch / 1.4), ch, lang, cb)
            surface.blit(face, (x, row.top + int(8 * u)))
            x += face.get_width() + int(16 * u)
            label = card_name(load_cards().cards[hint.action.card].type, lang)
        else:
            label = tr("table.decline")
        values = searched(hint)
        right = row.right - x - int(14 * u)
        if values is None:  # medium's value, in words first, at the right of the name
            shown = 0.0 if round(hint.value, 1) == 0 else hint.value  # never "-0.0"
            value = f"{verdict(hint.value)} {decimal(shown, '+.1f')}"
            score = text(value, int(20 * u), HIGHLIGHT if highlight else CREAM, True)
            surface.blit(score, score.get_rect(topright=(row.right - int(14 * u), row.top + int(10 * u))))
            right -= score.get_width() + int(12 * u)
        head = fit_text(f"{rank + 1}. {label}", right, int(22 * u), GOLD, True, "serif")
        surface.blit(head, (x, row.top + int(10 * u)))
        body = pygame.Rect(x, row.top + int(44 * u), row.right - x - int(14 * u), row.h - int(52 * u))
        numbers_h = int(2 * 1.3 * 15 * u) if values is not None else 0
        reason_box = pygame.Rect(body.left, body.top, body.w, body.h - numbers_h)
        used = draw_wrapped(surface, self.reason_text(hint), reason_box, int(17 * u), CREAM, centre=False)
        if values is not None:
            top = body.top + used + int(6 * u)
            numbers_box = pygame.Rect(body.left, top, body.w, body.bottom - top)
            colour = HIGHLIGHT if highlight else MUTED
            draw_wrapped(surface, numbers_text(values), numbers_box, int(15 * u), colour, centre=False)
