"""A command's progress on a terminal stream: one line, redrawn in place until its last state.

Used as a `with` block, it ends its line however the block ends (finished, refused, stopped by SIGTERM), so
that whatever the command prints next, "stopped (SIGTERM)" included, starts a line of its own.
"""

from __future__ import annotations

from typing import TextIO


class ProgressLine:
    """One status line on `stream` (stderr): `show` redraws it; the last state, or leaving the block, ends it."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.open = False  # a redraw left the cursor at the end of the line

    def show(self, words: str, *, last: bool = False) -> None:
        self.stream.write(f"\r{words}" + ("\n" if last else ""))
        self.stream.flush()
        self.open = not last

    def end(self) -> None:
        """End the line if a redraw left it open."""
        if self.open:
            self.open = False
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.end()
