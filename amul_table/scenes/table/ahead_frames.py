"""Still frames drawn ahead: the animation's next steps and the latest view (all the shown seat's own views)
painted one part at a time on a canvas that keeps the calls and draws nothing. What they show for the first
time (faces at new sizes, strips, the tray's plate, fitted texts) is drawn into the caches on frames with time
to spare, so the frame that shows it mostly blits: a round change at 4K drew 11 faces and a plate in one frame.
The next view to be shown is then painted onto the still frame's spare surface, a piece at a time, so that the
frame showing it copies what changed rather than drawing it."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from functools import partial

from amul_table.rules.views import SeatView
from amul_table.scenes.table.frame import SpareFrame
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import paint_cloth, static_parts
from amul_table.scenes.table.prompt_bar import PromptBar, PromptButton
from amul_table.sprites.canvas import Canvas

STEPS_AHEAD = 2  # the animation's coming steps painted ahead, besides the latest view
KEPT = 8  # the views painted ahead remembered, so that none is painted twice


class FrameWarmer:
    """The queue of parts to paint ahead, and the views they come from."""

    def __init__(self, spare: SpareFrame) -> None:
        self.spare = spare  # the still frame's, painted with the next view to be shown
        self.jobs: deque[Callable[[], None]] = deque()
        self.planned: list[SeatView] = []  # the views painted or queued (held, so their ids stay theirs)
        self.drawings: list[tuple[SeatView, Canvas]] = []  # those whose every part is painted ahead, and their calls
        self.aimed: SeatView | None = None  # the view the spare is painted with
        self.faces: set[int] = set()  # every face drawn ahead (tests check the seat may see each)

    def clear(self) -> None:
        """Forget what is queued (a new size or language: what is painted ahead is planned again)."""
        self.jobs.clear()
        self.spare.drop()
        self.planned = []
        self.drawings = []
        self.aimed = None

    def plan(self, model: TableModel, buttons: Callable[[TableModel], list[PromptButton]]) -> None:
        """Queue the views the model will show next that are not painted yet; `buttons` gives the prompt bar's
        buttons for a model (the prompt's text fits between them). Only the shown seat's views: when the screen
        changes hands (pass and play), what was queued for the seat before is dropped."""
        if self.planned and self.planned[-1].seat != model.shown:
            self.clear()
        for view in [model.latest] + [step.view for step in model.steps[:STEPS_AHEAD]]:  # where it rests first
            if view is model.view or any(view is v for v in self.planned):
                continue
            self.planned = [*self.planned[1 - KEPT :], view]
            self.jobs.append(partial(self._lay_out, model, view, buttons))
        self.aim(model)

    def aim(self, model: TableModel) -> None:
        """Paint the spare with the next view to be shown, once that view is painted ahead."""
        coming = model.steps[0].view if model.steps else model.latest
        if coming is model.view or coming is self.aimed:
            return
        canvas = next((c for v, c in self.drawings if v is coming), None)
        if canvas is None:
            return
        if self.spare.target is None:
            self.jobs.appendleft(self._paint_spare)  # (else the job painting the spare is queued already)
        self.aimed = coming
        self.spare.aim(canvas.size, canvas.ops)

    def _lay_out(self, model: TableModel, view: SeatView, buttons: Callable[[TableModel], list[PromptButton]]) -> None:
        """The first job of a view: lay it out, then queue its parts, to run next (none if the table shows it now:
        its frame is painted anyway)."""
        if view is model.view or view.seat != model.shown:
            return
        ghost = model.ahead(view)
        left, text_left = PromptBar.edges(ghost.layout, buttons(ghost))
        canvas = Canvas(ghost.layout.size)
        parts = [partial(paint_cloth, lay=ghost.layout)]
        parts += static_parts(ghost, self.faces, [], buttons_left=left, text_left=text_left)
        done = partial(self._painted, model, view, canvas)
        self.jobs.extendleft([*(partial(part, canvas) for part in parts), done][::-1])

    @property
    def painted(self) -> list[SeatView]:
        """The views whose every part is painted ahead."""
        return [view for view, _ in self.drawings]

    def _painted(self, model: TableModel, view: SeatView, canvas: Canvas) -> None:
        self.drawings = [*self.drawings[1 - KEPT :], (view, canvas)]
        self.aim(model)

    def _paint_spare(self) -> None:
        if self.spare.step():
            self.jobs.appendleft(self._paint_spare)

    def run(self, budget: float) -> None:
        """Run queued jobs while `budget` seconds of CPU last (the last one may end past it)."""
        deadline = time.thread_time() + budget
        while self.jobs and time.thread_time() < deadline:
            self.jobs.popleft()()
