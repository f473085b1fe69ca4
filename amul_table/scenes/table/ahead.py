"""Cards drawn ahead of their flights: the faces and backs a coming flight will show go into the caches on
frames with time to spare, rather than in the first frame the flight shows in."""

from __future__ import annotations

import time

from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import warm_flight
from amul_table.sprites.tween import Flight

WARM_BUDGET = 0.003  # seconds of CPU a frame may spend drawing the coming flights' cards ahead


class FlightWarmer:
    """The flights whose cards are not drawn ahead yet, oldest first."""

    def __init__(self) -> None:
        self.queue: list[Flight] = []

    def __bool__(self) -> bool:
        return bool(self.queue)

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
        """Draw queued flights' cards for at most `budget` seconds of CPU, skipping flights already over."""
        deadline = time.thread_time() + budget
        while self.queue and time.thread_time() < deadline:
            flight = self.queue.pop(0)
            if now < flight.end:
                warm_flight(model, flight)
