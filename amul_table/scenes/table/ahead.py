"""Cards drawn ahead, on frames with time to spare, rather than in the first frame that shows them: the faces
and backs of coming flights, and the shown seat's play area at the size its next card will give it (one more
card shrinks every face there, and drawing a dozen faces at 4K took a frame's whole budget)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from amul_table.rules.cards import load_cards
from amul_table.scenes.table.layout import CHOICE_W, TableLayout
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import flight_face, warm_flight
from amul_table.scenes.table.stacks import play_area_rects
from amul_table.sprites.style import COLOUR_ORDER
from amul_table.sprites.tween import Flight

WARM_BUDGET = 0.001  # seconds of CPU a frame may spend drawing cards ahead (the frame may still draw)


class CardWarmer:
    """What to draw ahead: the flights whose cards are not drawn yet (oldest first), then the play area's next sizes."""

    def __init__(self) -> None:
        self.queue: list[Flight] = []
        self._play: Iterator[tuple[int, int, int]] | None = None
        self._play_for: TableLayout | None = None  # the layout `_play` looks ahead from

    def add(self, flights: list[Flight]) -> None:
        self.queue += flights

    def clear(self) -> None:
        self.queue = []

    def flush(self, model: TableModel) -> None:
        """Draw every queued flight's cards now (a new window size: the frames after it only blit)."""
        for flight in self.queue:
            warm_flight(model, flight)
        self.clear()

    def run(self, model: TableModel, now: float, budget: float = WARM_BUDGET) -> None:
        """Draw queued flights' cards, then the play area's next faces, for at most `budget` seconds of CPU."""
        deadline = time.thread_time() + budget
        while self.queue and time.thread_time() < deadline:
            flight = self.queue.pop(0)
            if now < flight.end:
                warm_flight(model, flight)
        if model.layout is not self._play_for:
            self._play_for = model.layout
            self._play = next_play_faces(model)
        face = flight_face(model)
        while self._play is not None and time.thread_time() < deadline:
            item = next(self._play, None)
            if item is None:
                self._play = None
            else:
                face(*item)


def next_play_faces(model: TableModel) -> Iterator[tuple[int, int, int]]:
    """(uid, w, h) of each card in the shown seat's play area at the sizes one more card of each colour would
    give it (as the layout lays it out), the sizes it has now left out."""
    lay, seat = model.layout, model.shown
    rect, shown = lay.play_rect.get(seat), lay.play.get(seat)
    if rect is None or not shown:
        return
    cards = list(model.view.play_areas[seat])
    now = {(uid, r.w, r.h) for uid, r in shown.items()}
    seen: set[tuple[int, int, int]] = set()
    for colour in COLOUR_ORDER:
        extra = next((c.uid for c in load_cards().cards if c.type.colour == colour and c.uid not in cards), None)
        rects = play_area_rects([*cards, extra], rect, lay.u * 1.2, CHOICE_W) if extra is not None else None
        for uid in cards if rects else ():
            item = (uid, rects[uid].w, rects[uid].h)
            if item not in now and item not in seen:
                seen.add(item)
                yield item
