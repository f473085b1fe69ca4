"""Which sound goes with which animation step, and when: sounds start as the cards move, not when the engine moves.

The table's animation reports each step it plans (`on_step`) with the flights and banners it made;
`SoundCues` turns them into timed sound names, and the table plays those that fall due each frame.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from amul_table.rules.state import Event, EventKind

SAME_SOUND_GAP = 0.045  # seconds: the same sound closer than this plays once (a fast deal is a ripple, not a buzz)


class Timed(Protocol):
    """What the sound needs of an animation's flight or banner: when it starts (sound knows nothing of drawing)."""

    @property
    def start(self) -> float: ...


class At(Enum):
    """When in its step a sound starts."""

    STEP = "step"  # as the step begins
    FLIGHTS = "flights"  # as each card of the step takes off
    FIRST_FLIGHT = "first_flight"  # as the first card of the step takes off
    BANNER = "banner"  # as the step's banner appears


@dataclass(frozen=True)
class Cue:
    sound: str
    at: At


CUES: dict[EventKind, Cue] = {
    EventKind.ROUND: Cue("round", At.STEP),
    EventKind.DEAL: Cue("deal", At.FLIGHTS),
    EventKind.MARKET_FILL: Cue("slide", At.FLIGHTS),
    EventKind.OFFER_COMMITTED: Cue("deal", At.FLIGHTS),
    EventKind.REVEAL_COMMITTED: Cue("deal", At.FLIGHTS),
    EventKind.OFFERS_REVEALED: Cue("flip", At.FIRST_FLIGHT),
    EventKind.PICK: Cue("pick", At.FLIGHTS),
    EventKind.REVEALS: Cue("reveal", At.FIRST_FLIGHT),
    EventKind.TAKE: Cue("take", At.FLIGHTS),
    EventKind.MARKET_EMPTIED: Cue("slide", At.FIRST_FLIGHT),
    EventKind.END_HAND: Cue("deal", At.FLIGHTS),
    EventKind.GAME_OVER: Cue("game_end", At.BANNER),
}
# With animations off each batch of events plays one sound: the one that says most.
PRIORITY = ("game_end", "round", "reveal", "take", "pick", "flip", "slide", "deal")


class SoundCues:
    """Sounds waiting for their moment on the table's clock."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, str]] = []  # (when, sound), in time order
        self.last: dict[str, float] = {}  # when each sound was last cued

    def on_step(self, event: Event, start: float, flights: Sequence[Timed], banners: Sequence[Timed]) -> None:
        """One animation step was planned: cue its sound at the moment its cue says."""
        cue = CUES.get(event.kind)
        if cue is None:
            return
        if cue.at is At.STEP:
            times = [start]
        elif cue.at is At.BANNER:
            times = [b.start for b in banners[:1]]
        else:
            times = sorted(f.start for f in flights)
            if cue.at is At.FIRST_FLIGHT:
                times = times[:1]
        for when in times:
            self.add(when, cue.sound)

    def add(self, when: float, sound: str) -> None:
        last = self.last.get(sound)
        if last is not None and abs(when - last) < SAME_SOUND_GAP:
            return
        self.last[sound] = when
        bisect.insort(self.pending, (when, sound))

    def due(self, now: float) -> list[str]:
        """The sounds whose moment has come (each name once), taken off the list."""
        cut = bisect.bisect_right(self.pending, (now, "\uffff"))
        if cut == 0:
            return []
        names = list(dict.fromkeys(sound for _, sound in self.pending[:cut]))
        del self.pending[:cut]
        return names

    def clear(self) -> None:
        """The animations were skipped: their sounds are not played late."""
        self.pending.clear()
        self.last.clear()


def loudest(events: Iterable[Event]) -> list[str]:
    """The one sound for a batch of events shown without animation (none if no event has a sound)."""
    names = {CUES[e.kind].sound for e in events if e.kind in CUES}
    return [next(n for n in PRIORITY if n in names)] if names else []
