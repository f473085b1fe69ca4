"""SIGTERM for the commands that work without a window: stop at once, cleanly, with nothing half written.

The window turns SIGTERM into a flag its loop reads (App.catch_sigterm: autosave, then leave). A headless
command instead has `Terminated` raised wherever it is: the atomic writer removes its temporary file, a pool
of worker processes is ended by its `with` block, and the command exits with status 143 (128 + SIGTERM).
No pygame here.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

EXIT_STATUS = 128 + signal.SIGTERM


class Terminated(BaseException):
    """SIGTERM arrived; a BaseException, as KeyboardInterrupt is, so that no `except Exception` swallows it."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While the block runs, SIGTERM raises Terminated; the previous handler comes back after it."""
    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except (ValueError, OSError):  # not the main thread, or no signals here: nothing to catch
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
