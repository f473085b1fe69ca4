"""The window at a hosted table (127.0.0.1 only): Join and Host, the online table's panel (seats, chat, mute,
timer, and the log above it) and a whole game to the score pad, against the window's own background host."""

from __future__ import annotations

import time

import pygame
import pytest

from amul_table.app.window import App
from amul_table.i18n import set_language, tr
from amul_table.match.protocol import PROTOCOL_VERSION, ActionData, Command, NewTable, SeatState
from amul_table.net.background import BackgroundHost
from amul_table.net.kept_seats import KeptSeats
from amul_table.net.server import HostOptions
from amul_table.net.table import Table
from amul_table.net.window_link import SocketClient
from amul_table.persistence.save_format import parse_save
from amul_table.persistence.settings import Settings
from amul_table.rules.scoring import score_game
from amul_table.scenes.online_host import HostScene
from amul_table.scenes.online_join import ConnectingScene, JoinScene, host_url, open_table, table_code
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.table.log_view import log_rows, wrapped_text
from amul_table.scenes.table.online import OnlineTable
from tests.net.ports import quiet_port
from tests.net.shared_workers import one_bot_pool  # noqa: F401 (autouse: one pool of bot workers)
from tests.scenes.table_text import recording
from tests.scenes.test_table_layout import CAP_PX
from tests.window_driver import close_window

WAIT = 180.0  # seconds a step may take on a busy machine (a bound, not a measure)


@pytest.fixture
def host(tmp_path):
    background = BackgroundHost(HostOptions(data=tmp_path / "host", bind="127.0.0.1", port=0)).start()
    yield background
    background.stop()


@pytest.fixture
def app():
    window = App(Settings(animation_speed="instant"), (1024, 640))
    yield window
    close_window(window)


def frames_until(app: App, condition, *others: SocketClient, wait: float = WAIT) -> None:
    deadline = time.monotonic() + wait
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting; top scene {type(app.top).__name__}"
        app.step(1 / 60)
        for other in others:
            other.poll()
        time.sleep(0.001)


def seated(app: App, host: BackgroundHost, code: str, name: str = "Ann") -> OnlineTable:
    open_table(app, host.url, code, name)
    assert isinstance(app.top, ConnectingScene)
    frames_until(app, lambda: isinstance(app.top, OnlineTable))
    return app.top


def play_to_round(app: App, table: OnlineTable, last: int) -> None:
    """Play each first legal choice until round `last` waits for our offer alone, everything shown."""
    deadline = time.monotonic() + WAIT
    while not (table.model.view.round == last and table.link.waiting_for() == (table.seat,) and not table.animating):
        assert time.monotonic() < deadline, "gave up waiting"
        view = table.model.view
        if view.legal and view.round < last and not table.link.awaiting and not table.animating:
            table.act(view.legal[0])
        app.step(1 / 60)
        time.sleep(0.001)
    app.step(1 / 60)


def test_a_whole_game_at_a_hosted_table_reaches_the_score_pad_with_the_hosts_totals(app, host):
    made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy", "easy"), seed=11))
    table = seated(app, host, made.code)
    deadline = time.monotonic() + WAIT
    while isinstance(app.top, OnlineTable) and time.monotonic() < deadline:
        view = table.model.view
        if view.legal and not table.link.awaiting and not table.animating:
            table.act(view.legal[0])
        app.step(1 / 60)
        time.sleep(0.001)
    frames_until(app, lambda: isinstance(app.top, ScoringScene))
    final = parse_save(table.client.final_save)
    expected = [s.total for s in score_game(final.state.play_areas).seats]
    pad = app.top
    assert [s.total for s in pad.sheet.seats] == expected
    # Play again after a friend's table: back to Join a table at that host, never a local game
    assert pad.widgets["play_again"].text == "Join a table" and "play_deal_again" not in pad.widgets
    pad.press("play_again")
    assert isinstance(app.top, JoinScene)
    assert (app.top.address, app.top.name, app.top.code) == (host.url.split("://")[1], "Ann", "")


@pytest.fixture
def patient_host(tmp_path):
    """A host that leaves an away seat to its human for ten minutes: no bot plays it while a test reconnects."""
    options = HostOptions(data=tmp_path / "host", bind="127.0.0.1", port=0, cover_wait=600.0)
    background = BackgroundHost(options).start()
    yield background
    background.stop()


def test_a_window_that_comes_back_to_a_game_under_way_shows_the_score_trail_it_left(app, patient_host):
    """Ann plays three rounds at a hosted table, leaves, and sits down again from the same window: the host sends
    her seat's own views so far (a History), so her log has the same round summaries and her score box the same
    score as before she left; it had none of them."""
    made = patient_host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy", "easy"), seed=11))
    table = seated(app, patient_host, made.code)
    play_to_round(app, table, 4)  # round 4: only Ann's offer left, the bots' shown
    left = ([line.text for line in table.model.log_lines], table.model.score_trail())
    assert len(left[1].summaries) == 3
    app.pop()  # the table leaves: the host shows Ann away
    back = seated(app, patient_host, made.code)
    assert back is not table and back.client.turn == table.client.turn
    frames_until(app, lambda: len(back.model.score_trail().summaries) == 3)
    trail = back.model.score_trail()
    assert [line.text for line in back.model.log_lines] == left[0]
    assert trail.summaries == left[1].summaries and trail.rows == left[1].rows
    assert (trail.last and trail.last.after) == (left[1].last and left[1].last.after)  # instant: the box drew jumps


def test_a_decision_the_dropped_connection_lost_is_sent_again_on_the_next(app, patient_host, monkeypatch):
    """The connection dropped with Ann's decision on its way (a keepalive ping timed out on a starved machine):
    reconnected, the host's whole log was still at the turn she decided on, and the table awaited its answer for
    ever, showing her no choices (the game waited for her)."""
    made = patient_host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy", "easy"), seed=11))
    table = seated(app, patient_host, made.code)
    frames_until(app, lambda: bool(table.model.view.legal) and not table.animating)
    at_host = patient_host._host.tables[made.code]
    lost: list[Command] = []

    def drop_the_first(link, command: Command) -> None:
        if lost:
            return Table.command(at_host, link, command)
        lost.append(command)
        link.close(1011, "keepalive ping timeout")  # as websockets closes it: the command is never applied

    monkeypatch.setattr(at_host, "command", drop_the_first)
    first = table.client.welcome
    table.act(table.model.view.legal[0])
    played = at_host.match.state.actions  # read only: the host's thread appends to it
    frames_until(app, lambda: table.client.welcome is not first and any(a.seat == table.seat for a in played), wait=60)
    assert [c.action for c in lost] == [ActionData.of(next(a for a in played if a.seat == table.seat))]


def test_the_panel_shows_who_is_here_chat_and_mute(app, host, tmp_path):
    made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy",), seed=5))
    table = seated(app, host, made.code)
    bob = SocketClient(host.url, made.code, "Bob", kept=KeptSeats(tmp_path / "bob"))
    try:
        here = SeatState.CONNECTED
        frames_until(app, lambda: bob.seat is not None and table.client.table[bob.seat].state == here, bob)
        lines = [line for _, line, _, _ in table.panel_lines()]
        assert lines[0].startswith(f"Table {made.code}")
        assert "Ann (you) · here" in lines and "Bob · here" in lines
        bob.say("سلام 你好 👋 e\u0301 <b>hi</b>")
        bob.say(phrase="good_luck")
        frames_until(app, lambda: len(table.chat) == 2, bob)
        assert [line for line, _ in table.chat_lines()] == ["Bob: سلام 你好 👋 e\u0301 <b>hi</b>", "Bob: Good luck!"]
        table.draw(app.screen)  # any Unicode is drawn, never raised
        for key in (pygame.K_t, pygame.K_RETURN):  # T opens the chat line; typed text, then Enter sends it
            table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            if key == pygame.K_t:  # the T key's own text comes too, in the same frame: not part of the line
                table.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="t"))
                table.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="à bientôt"))
        frames_until(app, lambda: len(table.chat) == 3, bob)
        assert table.chat_lines()[-1][0] == "Ann: à bientôt"
        table.draw(app.screen)
        row = next(rect for seat, rect in table.seat_rows if seat == bob.seat)
        table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=row.center))
        assert bob.seat in table.muted and all(not line.startswith("Bob") for line, _ in table.chat_lines())
        bob.close()
        frames_until(app, lambda: table.client.table[bob.seat].state == SeatState.AWAY)
        assert any("Bob · reconnecting…" in line for _, line, _, _ in table.panel_lines())
    finally:
        bob.close()
        app.pop()  # the window leaves the table before the host stops (else the host waits 3 s for its close)


def test_join_checks_what_was_typed_before_connecting(app):
    join = JoinScene(app)
    app.push(join)
    app.step(0.0)
    for address, code, name, error in (
        ("not an address!", "ABCDEF", "Ann", "The host is an address"),
        ("127.0.0.1:9", "ABC0EF", "Ann", "A table code is 6"),
        ("127.0.0.1:9", "abcdef", "\u200b", "Type your name."),
    ):
        join.widgets["address"].set_text(address)
        join.widgets["code"].set_text(code)
        join.widgets["name"].set_text(name)
        join.press("join")
        assert join.error.startswith(error) and app.top is join
    join.widgets["address"].set_text("")  # an empty field shows its hint (dimmer than typed text): the hint is
    hint = join.ui.hints["address"]  # no address, and Join asks for one
    assert "192.168.1.20:8765" in hint and host_url(hint) is None
    join.press("join")
    assert join.error.startswith("Type the host's address")
    assert host_url("192.168.1.20") == "ws://192.168.1.20:8765"
    assert host_url("wss://example.org:443") == "wss://example.org:443"
    assert host_url("h:99999") is None and table_code(" k7qx2m ") == "K7QX2M"


def test_a_host_that_does_not_answer_is_said_in_words_while_the_window_keeps_trying(app):
    """It showed "Connecting to 127.0.0.1:1…" for ten minutes of refused connections, as if all were well."""
    port = quiet_port()
    open_table(app, f"ws://127.0.0.1:{port}", "ABCDEF", "Ann", address=f"127.0.0.1:{port}")
    connecting = app.top
    frames_until(app, lambda: connecting.client.state == "reconnecting")
    assert connecting.message()[0] == f"No answer from 127.0.0.1:{port} yet: is the table open there? Trying again…"
    connecting.press("cancel")
    assert not isinstance(app.top, ConnectingScene)


def test_a_refused_join_says_why_in_words(app, host):
    open_table(app, host.url, "ABCDEF", "Ann")
    connecting = app.top
    frames_until(app, lambda: connecting.client.state == "refused")
    assert connecting.message()[0] == "The host refused: no table with that code"
    connecting.press("cancel")
    assert app.top is None or not isinstance(app.top, ConnectingScene)


def test_host_a_table_seats_us_in_the_first_chair_and_leaving_stops_the_host(app, monkeypatch):
    monkeypatch.setenv("AMUL_TABLE_HOST_BIND", "127.0.0.1")
    scene = HostScene(app)
    app.push(scene)
    app.step(0.0)
    scene.seats[0] = type(scene.seats[0])(name="Ann")
    scene.widgets["name0"].set_text("Ann")
    scene.widgets["name1"].set_text("Ibn Said")  # a bot's name, typed: the host's bot carries it
    scene.press("timer+")
    scene.press("start")
    assert not scene.error
    frames_until(app, lambda: isinstance(app.top, OnlineTable))
    table = app.top
    assert table.seat == 0 and table.client.turn_timer == 30
    assert [seat.name for seat in table.client.table][:3] == ["Ann", "Ibn Said", "Battuta"]
    assert table.address.startswith("127.0.0.1:")
    stopping = table.on_leave
    assert stopping is not None
    app.pop()
    assert table.client.state == "gone"


def test_play_again_after_hosting_opens_a_new_table_with_the_same_seats(app, monkeypatch):
    monkeypatch.setenv("AMUL_TABLE_HOST_BIND", "127.0.0.1")
    scene = HostScene(app)
    app.push(scene)
    app.step(0.0)
    scene.widgets["name0"].set_text("Ann")
    scene.widgets["name1"].set_text("Ibn Said")
    scene.press("players-")  # 3 seats: Ann, the bot Ibn Said and Battuta
    scene.press("timer+")
    scene.press("start")
    frames_until(app, lambda: isinstance(app.top, OnlineTable))
    first = app.top
    assert first.again is not None and first.again.same_deal
    first.again.start(first.client.turn)  # what the pad's "Play this deal again" calls, with a seed
    assert first.client.state == "gone"  # the table left (and the window's host with it)
    frames_until(app, lambda: isinstance(app.top, OnlineTable))
    again = app.top
    assert again is not first and again.code != first.code
    assert [seat.name for seat in again.client.table] == ["Ann", "Ibn Said", "Battuta"]
    assert again.client.turn_timer == 30 and again.seat == 0
    app.pop()


def test_a_local_games_pad_still_deals_a_local_game(app):
    from amul_table.match.session import GameSession
    from amul_table.rules.seats import Seat
    from amul_table.scenes.table.scene import TableScene

    session = GameSession([Seat.of_human("Ann"), Seat.bot("Marco", "random"), Seat.bot("Battuta", "random")], 3)
    app.push(ScoringScene(app, session.saved_game()))
    app.step(0.0)
    assert app.top.widgets["play_again"].text == "Play again" and "play_deal_again" in app.top.widgets
    app.top.press("play_again")
    assert isinstance(app.top, TableScene) and not isinstance(app.top, OnlineTable)


def test_the_window_shows_the_panels_changes_as_they_come_not_only_its_first_frame(app, host, tmp_path):
    made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=3, bots=("easy",), seed=5))
    table = seated(app, host, made.code)
    frames_until(app, lambda: not table.dirty)
    panel = table.panel_rect()
    before = app.screen.subsurface(panel).copy()
    bob = SocketClient(host.url, made.code, "Bob", kept=KeptSeats(tmp_path / "bob"))
    try:
        frames_until(app, lambda: bob.seat is not None, bob)
        bob.say("李小龍 is here")
        frames_until(app, lambda: len(table.chat) == 1 and not table.dirty, bob)
        after = app.screen.subsurface(panel)
        changed = sum(
            before.get_at((x, y)) != after.get_at((x, y)) for x in range(0, panel.w, 3) for y in range(0, panel.h, 3)
        )
        assert changed > 50  # Bob's seat now "here", and his line in the chat, on the window itself
        assert table.model.names[bob.seat] == "Bob" and not table.model.stale  # his name on the table too
    finally:
        bob.close()


@pytest.mark.parametrize("lang", ["fr", pytest.param("en", marks=pytest.mark.slow)])  # French's words are longer
def test_at_8_players_the_log_shows_the_rounds_summary_above_the_panel_and_the_hint_whole(app, host, lang, monkeypatch):
    """Before, the panel left the log two rows at 1024×640 with 8 players: the round's summary was reachable only
    by scrolling; and the French hint was shrunk to 7 px and cut ("…pour le rendre m…")."""
    set_language(lang)
    made = host.new_table(NewTable(protocol=PROTOCOL_VERSION, players=8, bots=("easy",) * 7, seed=11))
    table = seated(app, host, made.code)
    play_to_round(app, table, 2)
    lay = table.model.layout
    shown = [row.text for row in log_rows(table.model.log_lines, lay.log_rect, lay.log_px, 0)[0]]
    summary = next(line for line in reversed(table.model.log_lines) if line.note)  # "Your score in round 1: …"
    header = next(line for line in reversed(table.model.log_lines) if line.header)
    for line in (summary, header):
        assert set(wrapped_text(line.text, lay.log_rect.w, lay.log_px, line.header)) <= set(shown), (line, shown)
    assert table.panel_rect().top >= lay.log_rect.bottom
    for typing, key in ((None, "online.chat_hint"), ("", "online.chat_prompt")):
        table.typing = typing
        with recording(monkeypatch) as drawn:
            table.draw_panel(app.screen)
        hint = [d for d in drawn if d.by == "draw_panel"]
        assert " ".join(d.value for d in hint).replace(" · ", " ") == tr(key).replace(" · ", " ")
        assert all(d.cap >= CAP_PX for d in hint), [(d.value, d.cap) for d in hint]
