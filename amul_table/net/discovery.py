"""Tables on your network: a hosted table announces itself with mDNS/DNS-SD (zeroconf), and Join lists them.

Service `_amul._tcp`, one instance per open table ("HOSTNAME CODE"), its TXT record saying the code, the
players, the free seats and who sits; the address and port are the host's. Which interfaces speak mDNS is
`$AMUL_TABLE_MDNS`: unset, every interface; "off", none (nothing announced, nothing found: Join still
takes an address); or a comma list of IPv4 addresses (the tests use 127.0.0.1, so nothing leaves the machine).
Without multicast on the network nothing is found, and nothing fails.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf
from zeroconf.asyncio import AsyncZeroconf

from amul_table.match.protocol import CODE_ALPHABET, CODE_LENGTH

log = logging.getLogger(__name__)

SERVICE = "_amul._tcp.local."
INFO_WAIT_MS = 1500  # how long the finder asks for a found table's address and text
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
            "host": ad.host_name[:60],
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


class Finder(ServiceListener):
    """The tables announced on the network, as they come and go (zeroconf's browser thread fills it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, FoundTable] = {}
        self._zc: Zeroconf | None = None
        self.available = False  # whether mDNS could be started at all
        interfaces = mdns_interfaces()
        if interfaces is None:
            return
        try:
            self._zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
            ServiceBrowser(self._zc, SERVICE, self)
            self.available = True
        except OSError as exc:
            log.warning("cannot look for tables on the network: %s", exc)

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.ad.host_name, t.ad.code))

    def close(self) -> None:
        if self._zc is not None:
            self._zc.close()
            self._zc = None

    # ServiceListener (zeroconf's thread)
    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._look(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._look(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)

    def _look(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=INFO_WAIT_MS)
        found = _found_table(info) if info is not None else None
        with self._lock:
            if found is None:
                self._found.pop(name, None)
            else:
                self._found[name] = found


def _found_table(info: ServiceInfo) -> FoundTable | None:
    """The table an announcement describes, or None when it is not one of ours (checked like any input)."""
    text = {k.decode(errors="replace"): (v or b"").decode(errors="replace") for k, v in info.properties.items()}
    code = text.get("code", "")
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code) or not addresses or not info.port:
        return None
    try:
        players, free = int(text.get("players", "")), int(text.get("free", ""))
    except ValueError:
        return None
    people = tuple(p for p in text.get("people", "").split("\n") if p.strip())
    host = text.get("host", "")[:60] or info.server or "?"
    return FoundTable(TableAd(code, host, players, free, people), addresses[0], info.port)
