"""The tables found on the network: every announcement looked up at once (a silent one delays no other), at most
MAX_KNOWN kept, each announcement's text checked like any input, and nothing left running once the finder closes.
mDNS on the loopback interface only (127.0.0.1): nothing leaves the machine."""

from __future__ import annotations

import asyncio
import socket

import pytest
from zeroconf import ServiceInfo, ServiceStateChange

from amul_table.net import discovery
from amul_table.net.discovery import Finder, TableAd
from tests.lan import NEVER_MS, WAIT, announce, announce_silently, network, own_service, wait_until, zeroconf_threads


@pytest.fixture(autouse=True)
def own_announcements(monkeypatch) -> None:
    """Each test sees only its own announcements."""
    own_service(monkeypatch)


def test_every_table_is_listed_while_a_silent_announcement_is_still_looked_up(monkeypatch):
    """Before, one lookup at a time: a silent announcement found first held every other table back until it gave up."""
    monkeypatch.setattr(discovery, "INFO_WAIT_MS", NEVER_MS)
    with network(monkeypatch) as zc:
        before = zeroconf_threads()
        finder = Finder()
        try:
            silent = f"Mallory ZZZZZZ.{discovery.SERVICE}"
            announce_silently(zc, silent)
            wait_until(lambda: silent in finder.looking())
            announce(zc, ("ABCDEF", "Ann"), ("GHJKMN", "Bob"), ("PQRSTU", "Chloé"))
            wait_until(lambda: len(finder.tables()) == 3 and finder.looking() == {silent})
            assert [(t.ad.host_name, t.ad.code, t.url) for t in finder.tables()] == [
                ("Ann", "ABCDEF", "ws://127.0.0.1:8765"),
                ("Bob", "GHJKMN", "ws://127.0.0.1:8765"),
                ("Chloé", "PQRSTU", "ws://127.0.0.1:8765"),
            ]  # listed while the silent one was still being asked for
        finally:
            finder.close()  # mid-lookup
        assert finder.looking() == set()
        assert zeroconf_threads() - before == set()  # the finder's thread ended with it


def test_a_flood_of_announcements_is_kept_to_max_known_lookups_and_closing_ends_them(monkeypatch):
    monkeypatch.setenv("AMUL_TABLE_MDNS", "127.0.0.1")
    monkeypatch.setattr(discovery, "INFO_WAIT_MS", NEVER_MS)
    before = zeroconf_threads()
    finder = Finder()
    names = [f"Flood {i}.{discovery.SERVICE}" for i in range(discovery.MAX_KNOWN + 8)]

    async def flood() -> None:  # in zeroconf's loop, as its browser calls the finder: one batch, no lookup run yet
        for name in names:
            finder._changed(finder._zc, discovery.SERVICE, name, ServiceStateChange.Added)

    try:
        finder._in_loop(flood())
        assert finder.looking() == set(names[: discovery.MAX_KNOWN])
        lookups = list(finder._looking.values())
    finally:
        finder.close()
    assert finder.looking() == set() and all(task.cancelled() for task in lookups)
    assert zeroconf_threads() - before == set()


def test_an_announcement_whose_name_zeroconf_refuses_is_never_looked_up(monkeypatch):
    """A name with a control character: its lookup raised in zeroconf ("Task exception was never retrieved" on
    stderr); on ccbf181, in the browser's thread, which died with a traceback and found no table after it."""
    monkeypatch.setenv("AMUL_TABLE_MDNS", "127.0.0.1")
    monkeypatch.setattr(discovery, "INFO_WAIT_MS", NEVER_MS)
    finder = Finder()
    bad = [f"\x00bad.{discovery.SERVICE}", f"{'é' * 40}.{discovery.SERVICE}", f".{discovery.SERVICE}"]
    good = f"Ann ABCDEF.{discovery.SERVICE}"

    async def announced() -> set[str]:  # what is looked up once zeroconf's browser told them, before any runs
        for name in [*bad, good]:
            finder._changed(finder._zc, discovery.SERVICE, name, ServiceStateChange.Added)
        return set(finder._looking)

    try:
        assert asyncio.run_coroutine_threadsafe(announced(), finder._zc.loop).result(WAIT) == {good}
    finally:
        finder.close()


def test_a_removed_announcement_ends_its_lookup_and_one_come_back_is_looked_up_again(monkeypatch):
    monkeypatch.setenv("AMUL_TABLE_MDNS", "127.0.0.1")
    monkeypatch.setattr(discovery, "INFO_WAIT_MS", NEVER_MS)
    finder = Finder()
    name = f"Ann ABCDEF.{discovery.SERVICE}"

    async def come_go_come() -> list[asyncio.Task]:
        finder._changed(finder._zc, discovery.SERVICE, name, ServiceStateChange.Added)
        first = finder._looking[name]
        finder._changed(finder._zc, discovery.SERVICE, name, ServiceStateChange.Removed)
        finder._changed(finder._zc, discovery.SERVICE, name, ServiceStateChange.Added)
        await asyncio.sleep(0)  # the first lookup sees its cancellation
        return [first, finder._looking[name]]

    try:
        first, second = asyncio.run_coroutine_threadsafe(come_go_come(), finder._zc.loop).result(WAIT)
        assert first.cancelled() and second is not first and finder.looking() == {name}
    finally:
        finder.close()


def info(*, address: str = "192.168.1.20", **text: str) -> ServiceInfo:
    properties = {"code": "ABCDEF", "host": "Ann", "players": "4", "free": "3", "people": "Ann"} | text
    return ServiceInfo(
        discovery.SERVICE,
        f"Ann ABCDEF.{discovery.SERVICE}",
        addresses=[socket.inet_aton(address)],
        port=8765,
        properties=properties,
        server="ann.local.",
    )


def test_a_good_announcement_reads_as_its_table():
    found = discovery._found_table(info(players="8", free="0", people="Ann\nBob\nÉloïse"))
    assert found is not None and found.url == "ws://192.168.1.20:8765"
    assert found.ad == TableAd("ABCDEF", "Ann", 8, 0, ("Ann", "Bob", "Éloïse"))


@pytest.mark.parametrize(
    "text",
    [
        {"code": "ABCDE0"},  # not a code's letter
        {"code": "ABCDEFG"},
        {"players": "2"},  # fewer than a game takes
        {"players": "9"},
        {"players": "-4"},
        {"players": " 4"},
        {"players": "٤"},  # a digit, but not ASCII
        {"players": "004"},
        {"free": "5"},  # more free seats than seats
        {"free": ""},
        {"people": "\n".join("ABCDE")},  # more people than seats
        {"people": "Ann\x1b[2J"},  # a control character
        {"people": "A" * 61},
        {"host": "Ann\u202e"},  # a character that is not printable
        {"host": "\u200b"},  # nothing visible
        {"address": "0.0.0.0"},  # no computer's address (a websocket there reaches this one)
        {"address": "224.0.0.251"},  # multicast
        {"address": "255.255.255.255"},
    ],
)
def test_an_announcement_that_says_anything_wrong_is_not_listed(text):
    assert discovery._found_table(info(**text)) is None
