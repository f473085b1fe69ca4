"""Tables on your network: a hosted table announces itself with mDNS/DNS-SD (zeroconf), and Join lists them.

Service `_amul._tcp`, one instance per open table ("HOSTNAME CODE"), its TXT record saying the code, the
players, the free seats and who sits; the address and port are the host's. Which interfaces speak mDNS is
`$AMUL_TABLE_MDNS`: unset, every interface; "off", none (nothing announced, nothing found: Join still
takes an address); or a comma list of IPv4 addresses (the tests use 127.0.0.1, so nothing leaves the machine).
Without multicast on the network nothing is found, and nothing fails.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import re
import socket
import threading
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from zeroconf import (
    BadTypeInNameException,
    InterfaceChoice,
    IPVersion,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
    service_type_name,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from amul_table.match.protocol import MAX_NAME, is_table_code
from amul_table.persistence.reader import good_name
from amul_table.rules.setup import MAX_PLAYERS, MIN_PLAYERS

log = logging.getLogger(__name__)
_COUNT = re.compile("[0-9]{1,2}")

SERVICE = "_amul._tcp.local."
INFO_WAIT_MS = 1500  # how long the finder asks for a found table's address and text (all asked at once)
MAX_KNOWN = 32  # announcements the finder keeps, listed or being looked up (a flood beyond is ignored)
LOOP_WAIT = 10.0  # seconds the window waits for zeroconf's loop to start or stop the finder (a bound)
MAX_HOST = 60  # characters of the host's name in a TXT value
MAX_NAMES = 180  # bytes of the sitting players' names in a TXT value (a value holds 255)


@dataclass(frozen=True)
class TableAd:
    """What a table says about itself on the network."""

    code: str
    host_name: str
    players: int
    free: int
    people: tuple[str, ...]  # the names of the humans seated so far


@dataclass(frozen=True)
class FoundTable:
    """A table announced on the network, with where to reach it."""

    ad: TableAd
    address: str
    port: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def mdns_interfaces() -> list[str] | InterfaceChoice | None:
    """The interfaces mDNS uses ($AMUL_TABLE_MDNS), or None when it is off."""
    value = os.environ.get("AMUL_TABLE_MDNS", "").strip()
    if value.lower() == "off":
        return None
    return [part.strip() for part in value.split(",") if part.strip()] if value else InterfaceChoice.Default


def _addresses(interfaces: list[str] | InterfaceChoice) -> list[bytes]:
    """The IPv4 addresses a table is announced at: the chosen interfaces', or every non-loopback one."""
    if isinstance(interfaces, list):
        return [socket.inet_aton(a) for a in interfaces]
    import ifaddr

    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if isinstance(ip.ip, str)]
    return [socket.inet_aton(a) for a in found if not a.startswith("127.")] or [socket.inet_aton("127.0.0.1")]


def lan_address() -> str:
    """This computer's first IPv4 address on a network (127.0.0.1 when it has none)."""
    return socket.inet_ntoa(_addresses(InterfaceChoice.Default)[0])


def _service(ad: TableAd, port: int, addresses: list[bytes]) -> ServiceInfo:
    label = f"{ad.host_name[:40]} {ad.code}"
    names = "\n".join(ad.people).encode()[:MAX_NAMES].decode(errors="ignore")
    return ServiceInfo(
        SERVICE,
        f"{label}.{SERVICE}",
        addresses=addresses,
        port=port,
        properties={
            "code": ad.code,
            "host": ad.host_name[:MAX_HOST],
            "players": str(ad.players),
            "free": str(ad.free),
            "people": names,
        },
        server=f"{socket.gethostname()[:40] or 'amul'}.local.",
    )


class Announcer:
    """The host's open tables on the network (runs in the host's event loop); `show` the tables as they are."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.interfaces = mdns_interfaces()
        self._zc: AsyncZeroconf | None = None
        self._shown: dict[str, tuple[TableAd, ServiceInfo]] = {}
        self._sending: set[asyncio.Task[None]] = set()  # zeroconf's broadcasts of a change, still going

    async def show(self, ads: Sequence[TableAd]) -> None:
        """Announce new tables, update changed ones, withdraw those gone; quietly nothing without mDNS."""
        if self.interfaces is None:
            return
        try:
            if self._zc is None:
                self._zc = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
            addresses = _addresses(self.interfaces)
            wanted = {ad.code: ad for ad in ads}
            for code in [c for c in self._shown if c not in wanted]:
                self._keep(await self._zc.async_unregister_service(self._shown.pop(code)[1]))
            for code, ad in wanted.items():
                old = self._shown.get(code)
                if old is not None and old[0] == ad:
                    continue
                info = _service(ad, self.port, addresses)
                if old is None:
                    self._keep(await self._zc.async_register_service(info, allow_name_change=True))
                else:
                    self._keep(await self._zc.async_update_service(info))
                self._shown[code] = (ad, info)
        except OSError as exc:  # no multicast here: the table is still reachable by its address
            log.warning("cannot announce tables on the network: %s", exc)
            self.interfaces = None

    def _keep(self, sending: asyncio.Task[None]) -> None:
        """Hold a broadcast zeroconf left running, so that closing can end it (asyncio keeps only weak references)."""
        self._sending.add(sending)
        sending.add_done_callback(self._sending.discard)

    async def close(self) -> None:
        """Stop the broadcasts still going (a host stopped while it probes a name), then withdraw every table."""
        for sending in self._sending:
            sending.cancel()
        await asyncio.gather(*self._sending, return_exceptions=True)
        if self._zc is not None:
            await self._zc.async_unregister_all_services()
            await self._zc.async_close()
            self._zc = None


class Finder:
    """The tables announced on the network, as they come and go.

    zeroconf's own event loop (its thread) browses and looks every announcement up at once, the library's way
    (AsyncServiceBrowser, AsyncServiceInfo.async_request): a silent announcer delays no other. At most
    MAX_KNOWN announcements are kept, listed or being looked up, each lookup bounded by INFO_WAIT_MS.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()  # `_found` is written in zeroconf's loop and read by the window
        self._found: dict[str, FoundTable] = {}
        self._looking: dict[str, asyncio.Task[None]] = {}  # written in zeroconf's loop only
        self._again: set[str] = set()  # announcements changed while being looked up (zeroconf's loop only)
        self._zc: Zeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self.available = False  # whether mDNS could be started at all
        interfaces = mdns_interfaces()
        if interfaces is None:
            return
        try:
            self._zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
            self._in_loop(self._start())
        except (OSError, TimeoutError) as exc:
            log.warning("cannot look for tables on the network: %s", exc)
            self.close()
            return
        self.available = True

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.ad.host_name, t.ad.code))

    def looking(self) -> set[str]:
        """The announcements being looked up now (their service names)."""
        with self._lock:
            return set(self._looking)

    def close(self) -> None:
        """End every lookup and the browsing, then zeroconf and its thread; nothing is left running."""
        if self._zc is None:
            return
        zc, self._zc = self._zc, None
        try:
            self._in_loop(self._stop(), zc=zc)
        except TimeoutError:  # zeroconf's loop stuck: closing it below still ends its thread
            log.warning("the search for tables on the network did not stop in %s s", LOOP_WAIT)
        finally:
            zc.close()

    def _in_loop(self, work: Coroutine[Any, Any, None], *, zc: Zeroconf | None = None) -> None:
        """Run `work` in zeroconf's event loop and wait for it (a few turns of that loop)."""
        loop = (zc or self._zc).loop
        asyncio.run_coroutine_threadsafe(work, loop).result(timeout=LOOP_WAIT)

    async def _start(self) -> None:
        self._browser = AsyncServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    async def _stop(self) -> None:
        if self._browser is not None:
            await self._browser.async_cancel()
            self._browser = None
        lookups = list(self._looking.values())
        for task in lookups:
            task.cancel()
        await asyncio.gather(*lookups, return_exceptions=True)

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        """An announcement came, changed or went (zeroconf's loop): look it up at once, beside the others."""
        if state_change is ServiceStateChange.Removed:
            self._again.discard(name)
            with self._lock:
                task = self._looking.pop(name, None)
                self._found.pop(name, None)
            if task is not None:
                task.cancel()
            return
        if name in self._looking:
            self._again.add(name)
            return
        try:
            if not SERVICE.endswith(service_type_name(name, strict=False)):
                return
        except BadTypeInNameException:  # a control character, a label too long: no table of ours (nor a lookup)
            return
        with self._lock:
            if name not in self._found and len(self._found) + len(self._looking) >= MAX_KNOWN:
                return  # a network flooded with announcements: the first ones are kept
            self._looking[name] = asyncio.get_running_loop().create_task(self._look(zeroconf, name))

    async def _look(self, zeroconf: Zeroconf, name: str) -> None:
        """Ask for the announcement's address and text (again when it changed meanwhile), then list it or not."""
        try:
            while True:
                self._again.discard(name)
                info = AsyncServiceInfo(SERVICE, name)
                answered = await info.async_request(zeroconf, INFO_WAIT_MS)
                found = _found_table(info) if answered else None
                with self._lock:
                    if found is None:
                        self._found.pop(name, None)
                    else:
                        self._found[name] = found
                if name not in self._again:
                    return
        finally:
            with self._lock:
                if self._looking.get(name) is asyncio.current_task():  # not a lookup of it begun since
                    del self._looking[name]


def _reachable(address: str) -> bool:
    """Whether a table could be at this IPv4 address: not 0.0.0.0, multicast, broadcast or reserved."""
    ip = ipaddress.IPv4Address(address)
    return not (ip.is_unspecified or ip.is_multicast or ip.is_reserved)


def _count(text: str) -> int | None:
    """A count written in one or two ASCII digits, or None."""
    return int(text) if _COUNT.fullmatch(text) else None


def _found_table(info: ServiceInfo) -> FoundTable | None:
    """The table an announcement describes, or None when it is not one of ours (checked like any input)."""
    text = {k.decode(errors="replace"): (v or b"").decode(errors="replace") for k, v in info.properties.items()}
    code = text.get("code", "")
    addresses = [a for a in info.parsed_addresses(IPVersion.V4Only) if _reachable(a)]
    players, free = _count(text.get("players", "")), _count(text.get("free", ""))
    people = tuple(p for p in text.get("people", "").split("\n") if p.strip())
    host = text.get("host", "")[:MAX_HOST] or (info.server or "")[:MAX_HOST] or "?"
    if (
        not is_table_code(code)
        or not addresses
        or not info.port
        or players is None
        or free is None
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
        or free > players
        or len(people) > players
        or not all(good_name(name, MAX_NAME) for name in (host, *people))
    ):
        return None
    return FoundTable(TableAd(code, host, players, free, people), addresses[0], info.port)
