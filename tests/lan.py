"""mDNS on the loopback interface (127.0.0.1) for the tests of the tables found on the network: another computer
that announces tables, and names nobody answers for; each test sees only its own service type."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import zeroconf._core
from zeroconf import DNSOutgoing, DNSPointer, IPVersion, ServiceInfo, Zeroconf, const

from amul_table.net import discovery
from amul_table.net.discovery import TableAd

WAIT = 120.0  # seconds a step may take on a busy machine (a bound, not a measure)
NEVER_MS = 600_000  # a lookup's bound in these tests: a silent announcement is still looked up when they end
_TYPES = itertools.count()


def zeroconf_threads() -> set[threading.Thread]:
    """zeroconf's threads: its event loop's, and its (synchronous) browsers'."""
    return {t for t in threading.enumerate() if "_run_loop" in t.name or "zeroconf" in t.name.lower()}


def own_service(monkeypatch) -> None:
    """A service type of this test's own (discovery.SERVICE): what other tests, in other processes too, announce on
    127.0.0.1 is not seen."""
    monkeypatch.setattr(discovery, "SERVICE", f"_t{os.getpid() % 10_000_000}-{next(_TYPES) % 1000}._tcp.local.")


def wait_until(condition, wait: float = WAIT) -> None:
    deadline = time.monotonic() + wait
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.01)


@contextlib.contextmanager
def network(monkeypatch) -> Iterator[Zeroconf]:
    """Another computer on the loopback network (mDNS on 127.0.0.1 for this test): it announces tables, and names
    nobody answers for."""
    monkeypatch.setenv("AMUL_TABLE_MDNS", "127.0.0.1")
    probe_quickly(monkeypatch)
    zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    try:
        yield zc
    finally:
        zc.close()


def announce(zc: Zeroconf, *tables: tuple[str, str]) -> None:
    """Tables (code, host's name) announced at once, without probing their names first (nobody else on this
    network could hold them): back once zeroconf's broadcasts of them are sent."""

    async def register() -> None:
        sending = await asyncio.gather(
            *(zc.async_register_service(_info(code, host), cooperating_responders=True) for code, host in tables)
        )
        await asyncio.gather(*sending)

    asyncio.run_coroutine_threadsafe(register(), zc.loop).result(WAIT)


def _info(code: str, host: str) -> ServiceInfo:
    ad = TableAd(code=code, host_name=host, players=4, free=3, people=(host,))
    return discovery._service(ad, 8765, [socket.inet_aton("127.0.0.1")])


def announce_silently(zc: Zeroconf, *names: str) -> None:
    """Announcements (PTR records) of tables whose address and text nobody ever answers for."""
    out = DNSOutgoing(const._FLAGS_QR_RESPONSE | const._FLAGS_AA)
    for name in names:
        out.add_answer_at_time(
            DNSPointer(discovery.SERVICE, const._TYPE_PTR, const._CLASS_IN, const._DNS_OTHER_TTL, name), 0
        )
    zc.send(out)


def probe_quickly(monkeypatch) -> None:
    """zeroconf probes a new name three times 0.5 s apart, after up to 0.25 s (1.2 s a table), then broadcasts it
    three times 225 ms apart (`register_service` waits for all three), and says goodbye three times 125 ms apart
    (`close` waits): on the loopback interface, 20 ms apart each."""
    monkeypatch.setattr(zeroconf._core, "_PROBE_RANDOM_DELAY_INTERVAL", (5, 10))
    monkeypatch.setattr(zeroconf._core, "_CHECK_TIME", 20)
    monkeypatch.setattr(zeroconf._core, "_REGISTER_TIME", 20)
    monkeypatch.setattr(zeroconf._core, "_UNREGISTER_TIME", 20)


@pytest.fixture
def quick_probes(monkeypatch) -> None:
    probe_quickly(monkeypatch)
