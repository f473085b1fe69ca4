"""A port on 127.0.0.1 where nothing listens, for the tests of a host that cannot be reached."""

from __future__ import annotations

import socket


def quiet_port() -> int:
    """A port bound and freed at once: nothing listens there (a refused connection, as a wrong address gets)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
