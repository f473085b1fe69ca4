"""Every line of text a table frame draws, with its capitals' height: the layout tests measure what is drawn."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from amul_table.app.headless import make_session
from amul_table.persistence.settings import Settings
from amul_table.rules.phases import Phase
from amul_table.scenes.table.model import TableModel, committed_view
from amul_table.scenes.table.paint import paint_moving, paint_static
from amul_table.sprites import style

# A card's fine print, as on the printed cards: its reference number and player count in the footer, and the
# AMUL on a card back. Not read during play (the hover zoom shows them large), so exempt from the minimum.
FINE_PRINT = {"_face_footer", "card_back"}


@dataclass(frozen=True)
class Drawn:
    """One line of text rendered for a frame: its words, capitals' height and the function that asked for it."""

    value: str
    cap: int
    by: str
    within: frozenset[str] = frozenset()  # every function on the way that drew it (`draw_seat`: an opponent's)


DRAWING = ("amul_table.sprites", "amul_table.scenes")  # where cached drawings live; rules' card data is no drawing


def clear_caches() -> None:
    """Forget every cached drawing (text, faces, strips, icons) so that a frame renders all its text again. The
    card data (`load_cards`) stays: parsing the card file again for each frame was most of the layout tests' time;
    and so do the caches that hold no drawing: fonts (a font opened again rasterises each glyph again: the name
    tests' recorded frames took a quarter more time), measures, wrapped lines, layouts' fitted labels and the theme
    (the frames and windows after a recording made them all again)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith(DRAWING):
            continue
        for attr in list(vars(module).values()):
            cached = callable(attr) and hasattr(attr, "cache_clear") and getattr(attr, "__module__", "") == name
            if cached and holds_drawings(attr):
                attr.cache_clear()


def holds_drawings(cached: object) -> bool:
    """Whether a cached function's answers may hold drawn pixels: its return type names a Surface, or is not said
    (a font, a width, lines of words or a layout's rectangles are no drawing)."""
    returns = getattr(cached, "__annotations__", {}).get("return")
    return returns is None or "Surface" in str(returns)


def caller() -> str:
    """The first function outside the text helpers that asked for the text."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.endswith(("style.py", "table_text.py")):
        frame = frame.f_back
    return frame.f_code.co_name if frame is not None else "?"


def chain() -> set[str]:
    names, frame = set(), sys._getframe(2)
    while frame is not None:
        names.add(frame.f_code.co_name)
        frame = frame.f_back
    return names


@contextmanager
def recording(monkeypatch) -> Iterator[list[Drawn]]:
    drawn: list[Drawn] = []
    real = style.safe_render

    def spy(fnt: pygame.font.Font, value: str, colour):
        names = chain()
        if value.strip() and not names & FINE_PRINT:
            drawn.append(Drawn(value, fnt.metrics("H")[0][3], caller(), frozenset(names)))
        return real(fnt, value, colour)

    holders = [
        m for n, m in list(sys.modules.items()) if n.startswith("amul_table") and vars(m).get("safe_render") is real
    ]
    clear_caches()
    for module in holders:  # the text helpers' module, and any that imported the function itself
        monkeypatch.setattr(module, "safe_render", spy)
    try:
        yield drawn
    finally:  # the drawings made meanwhile stay cached: the spy drew them as the real safe_render does
        for module in holders:
            monkeypatch.setattr(module, "safe_render", real)


def text_of_frame(monkeypatch, model: TableModel, size: tuple[int, int]) -> list[Drawn]:
    """All the text one still frame of `model` at `size` draws (the prompt, board, seats, sidebar)."""
    model.resize(size)
    surface = pygame.Surface(size)
    with recording(monkeypatch) as drawn:
        paint_static(surface, model, buttons_left=None)
        paint_moving(surface, model, [], [], 0.0, zoom_at=None)
    return drawn


def text_of_frames(monkeypatch, models: Iterable[TableModel], size: tuple[int, int]) -> Iterator[list[Drawn]]:
    """For each of `models` in turn, the text its still frame at `size` draws that no earlier frame drew: the
    drawings stay cached from frame to frame, so a line drawn again from a cache, the same at the same size,
    was measured in the frame that first drew it (every frame from empty caches cost twelve times as much)."""
    models = list(models)
    for model in models:  # before recording: the layout measures text it never draws (a colour tag's room)
        model.resize(size)
    surface = pygame.Surface(size)
    with recording(monkeypatch) as drawn:
        for model in models:
            start = len(drawn)
            paint_static(surface, model, buttons_left=None)
            paint_moving(surface, model, [], [], 0.0, zoom_at=None)
            yield drawn[start:]


def moments(players: int, seed: int = 5) -> list[TableModel]:
    """Seat 0's table at each kind of decision, early and late in a game of random moves: the Offer, the Pick, the
    Reveal (before and after choosing), an effect's take from each source, and the end of the game."""
    session = make_session(players, seed, "random")
    rng = random.Random(seed)
    out: dict[tuple[str, str, bool], TableModel] = {}
    while not session.is_over:
        session.run_bots_now()
        view = session.view(0)
        if view.legal:
            late = view.round >= 8
            key = (view.phase, view.pending.source if view.phase in (Phase.EFFECTS, Phase.GAME_END) else "", late)
            if key not in out:
                model = TableModel.of(session, 0, (1024, 640), Settings())
                out[key] = model
                if view.phase == Phase.REVEAL:
                    held = TableModel.of(session, 0, (1024, 640), Settings())
                    held.view = committed_view(held.view, view.legal[0])
                    out[(*key[:2], late, "held")] = held  # type: ignore[index]
            session.client.submit(rng.choice(view.legal))
    out[("over", "", True)] = TableModel.of(session, 0, (1024, 640), Settings())
    assert {Phase.OFFER, Phase.PICK, Phase.REVEAL} <= {k[0] for k in out}
    return list(out.values())
