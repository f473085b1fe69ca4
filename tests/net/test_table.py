"""A hosted table's seats without a network: claims, credentials, replacing, away, covered, handed back."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from amul_table.match.match import Match
from amul_table.match.protocol import (
    PROTOCOL_VERSION,
    SPECTATOR,
    ActionData,
    Command,
    Error,
    ErrorCode,
    Hello,
    Said,
    Say,
    SeatState,
    TableStatus,
    Update,
    Welcome,
    decode_server,
)
from amul_table.net import rate
from amul_table.net.table import CHAT_BURST, REPLACED, Refused, Table
from amul_table.rules.phases import ActionKind
from tests.match.helpers import seats


@dataclass(eq=False)
class FakeLink:
    sent: list = field(default_factory=list)
    closed: tuple[int, str] | None = None

    def send(self, data: bytes) -> None:
        self.sent.append(decode_server(data))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def last(self, kind: type):
        return next(m for m in reversed(self.sent) if isinstance(m, kind))


@dataclass
class FakeTimer:
    delay: float
    fire: object
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


class Clock:
    def __init__(self) -> None:
        self.timers: list[FakeTimer] = []

    def __call__(self, delay, fire) -> FakeTimer:
        self.timers.append(FakeTimer(delay, fire))
        return self.timers[-1]

    def run_due(self) -> None:
        for timer in [t for t in self.timers if not t.cancelled]:
            timer.cancelled = True
            timer.fire()


def table(people: int = 2, bots: int = 1) -> tuple[Table, Clock]:
    clock = Clock()
    match = Match.new(seats(people, bots), seed=5, bot_salt=7)
    return Table("ABCDEF", match, clock, cover_tier="random", cover_wait=60.0), clock


def hello(**fields) -> Hello:
    return Hello(protocol=PROTOCOL_VERSION, table="ABCDEF", **fields)


def test_claiming_seats_in_order_names_them_and_gives_each_a_credential():
    t, _ = table()
    ann, bob = FakeLink(), FakeLink()
    assert t.hello(hello(name="Ann"), ann) == 0
    assert t.hello(hello(name="Bob"), bob) == 1
    welcome = ann.sent[0]
    assert isinstance(welcome, Welcome) and welcome.seat == 0 and len(welcome.credential) == 32
    assert isinstance(ann.sent[1], Update) and ann.sent[1].view.seat == 0
    assert [s.name for s in t.match.seats] == ["Ann", "Bob", "B0"]
    assert [s.state for s in bob.last(TableStatus).seats] == [SeatState.CONNECTED, SeatState.CONNECTED, SeatState.BOT]
    assert welcome.credential not in repr(t.claims)  # the host keeps digests only
    with pytest.raises(Refused) as full:
        t.hello(hello(name="Cy"), FakeLink())
    assert full.value.error.code == ErrorCode.TABLE_FULL


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"credential": "B" * 32}, ErrorCode.BAD_CREDENTIAL),
        ({"name": "\u200b"}, ErrorCode.BAD_NAME),
        ({"name": "a\x1bb"}, ErrorCode.BAD_NAME),
    ],
)
def test_a_hello_the_table_cannot_take_is_refused_with_a_code(fields, code):
    t, _ = table()
    with pytest.raises(Refused) as refused:
        t.hello(hello(**fields), FakeLink())
    assert refused.value.error.code == code
    assert t.claims == {}


def test_a_wrong_protocol_version_is_refused():
    t, _ = table()
    with pytest.raises(Refused) as refused:
        t.hello(Hello(protocol=PROTOCOL_VERSION + 1, table="ABCDEF"), FakeLink())
    assert refused.value.error.code == ErrorCode.VERSION


def test_a_second_connection_for_a_seat_replaces_the_first():
    t, _ = table()
    first = FakeLink()
    t.hello(hello(name="Ann"), first)
    credential = first.sent[0].credential
    second = FakeLink()
    assert t.hello(hello(credential=credential), second) == 0
    assert first.closed is not None and first.closed[0] == REPLACED
    t.leave(first)  # the old socket's end changes nothing
    assert t.status()[0].state == SeatState.CONNECTED


def test_a_dropped_person_is_away_then_covered_then_handed_back():
    t, clock = table(people=2, bots=1)
    ann, bob = FakeLink(), FakeLink()
    t.hello(hello(name="Ann"), ann)
    t.hello(hello(name="Bob"), bob)
    credential = bob.sent[0].credential
    t.leave(bob)
    assert t.status()[1].state == SeatState.AWAY
    assert ann.last(TableStatus).seats[1].state == SeatState.AWAY
    assert clock.timers[-1].delay == 60.0
    clock.run_due()
    assert t.status()[1].state == SeatState.COVERED
    assert 1 not in t.match.waiting_for()  # its bot has offered for it
    back = FakeLink()
    t.hello(hello(credential=credential), back)
    assert t.status()[1].state == SeatState.CONNECTED and 1 not in t.match.covers


def test_a_person_back_before_the_wait_is_never_covered():
    t, clock = table()
    bob = FakeLink()
    t.hello(hello(name="Bob"), bob)
    t.leave(bob)
    t.hello(hello(credential=bob.sent[0].credential), FakeLink())
    assert all(timer.cancelled for timer in clock.timers)


def test_commands_are_judged_for_the_links_own_seat_only():
    t, _ = table()
    ann, bob, watcher = FakeLink(), FakeLink(), FakeLink()
    t.hello(hello(name="Ann"), ann)
    t.hello(hello(name="Bob"), bob)
    t.hello(hello(watch=True), watcher)
    assert watcher.sent[0].seat == SPECTATOR and watcher.last(Update).view.hand == ()
    action = t.match.view(1).legal[0]
    t.command(ann, Command(seat=1, action=ActionData.of(action), turn=t.match.turn))
    assert ann.last(Error).code == ErrorCode.NOT_YOUR_SEAT
    t.command(watcher, Command(seat=1, action=ActionData.of(action), turn=t.match.turn))
    assert watcher.last(Error).code == ErrorCode.NOT_JOINED
    turn = t.match.turn
    t.command(bob, Command(seat=1, action=ActionData.of(action), turn=turn))
    assert t.match.turn > turn
    t.command(bob, Command(seat=1, action=ActionData.of(action), turn=turn))
    assert bob.last(Error).code == ErrorCode.STALE_TURN


def test_a_chat_line_reaches_everyone_at_the_table_and_only_a_seated_visible_one():
    t, _ = table()
    ann, bob, watcher = FakeLink(), FakeLink(), FakeLink()
    t.hello(hello(name="Ann"), ann)
    t.hello(hello(name="Bob"), bob)
    t.hello(hello(watch=True), watcher)
    t.say(ann, Say(text="  salut à tous 👋 "))
    for link in (ann, bob, watcher):
        assert link.last(Said) == Said(seat=0, text="salut à tous 👋", phrase=None)
    t.say(bob, Say(phrase="good_luck"))
    assert watcher.last(Said) == Said(seat=1, text=None, phrase="good_luck")
    for message, code in [
        (Say(text="a\nb"), ErrorCode.MALFORMED),
        (Say(text="\u200b\u200b"), ErrorCode.MALFORMED),
        (Say(), ErrorCode.MALFORMED),
        (Say(text="hi", phrase="thanks"), ErrorCode.MALFORMED),
    ]:
        t.say(ann, message)
        assert ann.last(Error).code == code
    t.say(watcher, Say(text="hello"))
    assert watcher.last(Error).code == ErrorCode.NOT_JOINED


def test_a_flood_of_chat_is_cut_to_a_few_lines(monkeypatch):
    monkeypatch.setattr(rate, "time", SimpleNamespace(monotonic=lambda: 100.0))  # no refill, however slow the loop
    t, _ = table()
    ann, bob = FakeLink(), FakeLink()
    t.hello(hello(name="Ann"), ann)
    t.hello(hello(name="Bob"), bob)
    for n in range(20):
        t.say(ann, Say(text=f"line {n}"))
    assert sum(isinstance(m, Said) for m in bob.sent) == CHAT_BURST
    assert ann.last(Error).code == ErrorCode.BUSY


def test_with_a_turn_timer_a_bot_decides_for_a_person_whose_time_ran_out():
    clock = Clock()
    match = Match.new(seats(2, 1), seed=5, bot_salt=7)
    t = Table("ABCDEF", match, clock, cover_tier="random", turn_timer=30.0)
    assert clock.timers == []  # nobody has claimed a seat yet: no clock runs
    ann, bob = FakeLink(), FakeLink()
    t.hello(hello(name="Ann"), ann)
    t.hello(hello(name="Bob"), bob)
    assert ann.sent[0].turn_timer == 30.0
    assert sorted(timer.delay for timer in clock.timers if not timer.cancelled) == [30.0, 30.0]
    mine = t.match.view(0).legal[0]
    t.command(ann, Command(seat=0, action=ActionData.of(mine), turn=t.match.turn))  # Ann in time
    clock.run_due()  # Bob's runs out: a bot offers for him
    offers = [a for a in t.match.state.actions if a.kind == ActionKind.OFFER]
    assert mine in offers and sorted(a.seat for a in offers) == [0, 1, 2]  # the Offer is complete
    assert 1 not in t.match.stand_ins  # his next decision is his own again
    if 1 in t.match.waiting_for():  # and when it comes, his clock runs again
        assert not clock.timers[-1].cancelled and clock.timers[-1].delay == 30.0


def test_a_claim_may_bring_its_own_credential_and_asking_again_finds_the_same_seat():
    t, _ = table()
    mine = "C" * 32
    first, again = FakeLink(), FakeLink()
    assert t.hello(hello(name="Ann", credential=mine, claim=True), first) == 0
    assert first.sent[0].credential == mine
    assert t.hello(hello(name="Ann", credential=mine, claim=True), again) == 0  # not a second seat
    assert first.closed[0] == REPLACED and t.free_seats == [1]
