"""The host's loop shares itself fairly between connections: a flood's messages, already received, wait their turn
behind another connection's command (one message a connection a turn of the loop). Counted in messages handled,
never timed: the fuzz test (test_fuzz.py) attacks a real host, this checks the order the host serves them in."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from amul_table.match.protocol import Command, Say
from amul_table.net.server import BURST, Host

FLOOD = BURST  # commands a flooding connection has sent before the other's (all within its rate: none refused)


@dataclass
class Received:
    """A connection whose messages have all arrived: websockets hands them over without yielding to the loop."""

    messages: list[str]

    async def __aiter__(self):
        for message in self.messages:
            yield message


@dataclass
class Served:
    """The table and the links of the connections: who had each message handled, in the order the host did."""

    order: list[str] = field(default_factory=list)

    def command(self, link: Link, message: Command) -> None:
        self.order.append(link.name)

    def say(self, link: Link, message: Say) -> None:
        self.order.append(link.name)


@dataclass(eq=False)
class Link:
    name: str
    refused: list[bytes] = field(default_factory=list)

    def send(self, data: bytes) -> None:
        self.refused.append(data)

    def close(self, code: int, reason: str) -> None:
        raise AssertionError(f"{self.name} closed: {reason}")


def command(seat: int) -> str:
    return json.dumps({"type": "command", "seat": seat, "action": ["offer", seat, 1], "turn": 0})


def test_a_flood_already_received_does_not_keep_another_connections_command_waiting():
    host = object.__new__(Host)  # _play is the loop over one connection's messages: no table, socket or disk
    served = Served()
    flood, other = Link("flood"), Link("other")

    async def both() -> None:
        await asyncio.gather(
            host._play(Received([command(0)] * FLOOD), flood, served),
            host._play(Received([command(1)]), other, served),
        )

    asyncio.run(both())
    assert served.order.count("flood") == FLOOD and not flood.refused and not other.refused
    assert served.order.index("other") <= 1, f"the command waited behind {served.order.index('other')} of the flood's"
