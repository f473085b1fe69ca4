"""`amul-table host`, `amul-table table new` and `amul-table join`: online play on the command line.

Names, options and JSON shapes are a contract:
- `host --bind ADDR --port N --data DIR [--certfile F --keyfile F] [--turn-timer S] [--hello-wait S]` serves until
  SIGTERM/SIGINT and prints `serving ws://ADDR:PORT` once it listens (`--port 0`: any free port, the line says which).
- `table new URL --players P [--bots T,T...] [--seed N] [--tea [K]] --json` prints
  `{"code": "...", "seats": [{"name", "tier", "state"}, ...]}`.
- `join URL CODE --name NAME --auto TIER [--json]` plays the seat headless and prints
  `{"seat": S, "totals": [...], "winners": [...]}`; without --auto it opens the window at that table.
Errors are one line on stderr, exit status 2. The network modules load only when a command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from amul_table.rules.setup import MAX_TEA

if TYPE_CHECKING:
    from amul_table.match.protocol import NewTable

_URL = re.compile(r"^wss?://[^\s/]+(:\d+)?/?$")


class NetCommandError(ValueError):
    """A command that cannot go on: printed as one line by the CLI, exit status 2."""


WindowJoin = Callable[[str, str, str], int]  # (url, code, name): the window at that table, its exit status


def add_net_commands(sub: argparse._SubParsersAction, *, window_join: WindowJoin | None = None) -> None:
    """`host`, `table new` and `join`; `window_join` opens the window for `join` without --auto."""
    host = sub.add_parser("host", help="serve tables that friends join from their own computers")
    host.add_argument("--bind", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    host.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0: any free port)")
    host.add_argument("--data", required=True, help="the folder where tables are kept between runs")
    host.add_argument("--certfile", default=None, help="a TLS certificate: serve wss:// (with --keyfile)")
    host.add_argument("--keyfile", default=None)
    host.add_argument("--cover-wait", type=float, default=60.0, help="seconds before a bot covers a dropped seat")
    host.add_argument("--cover-tier", default="medium", help="the tier of the bots that cover dropped seats")
    host.add_argument(
        "--turn-timer",
        type=float,
        default=0.0,
        help="seconds a human has for a decision, then a bot makes it (0: off)",
    )
    host.add_argument("--workers", type=int, default=1, help="processes the bots think in (default 1)")
    host.add_argument(
        "--hello-wait",
        type=float,
        default=10.0,
        help="seconds a new connection has to finish its handshake and say hello, 0.5 to 60 (default 10)",
    )
    host.set_defaults(func=_host)

    table = sub.add_parser("table", help="make a table on a host").add_subparsers(dest="table_command", required=True)
    new = table.add_parser("new", help="make a table; prints its join code")
    new.add_argument("url", help="the host, ws://HOST:PORT or wss://HOST:PORT")
    new.add_argument("--players", type=int, required=True, help="3 to 8")
    new.add_argument("--bots", default="", help="bot tiers for the last seats, T1,T2,...")
    new.add_argument("--seed", type=int, default=None)
    new.add_argument("--tea", type=int, nargs="?", const=MAX_TEA, default=0, help=f"Tea cards (alone: {MAX_TEA})")
    new.add_argument("--json", action="store_true")
    new.set_defaults(func=_table_new)

    join = sub.add_parser("join", help="take a seat at a hosted table")
    join.add_argument("url", help="the host, ws://HOST:PORT or wss://HOST:PORT")
    join.add_argument("code", help="the table's join code")
    join.add_argument("--name", required=True)
    join.add_argument("--auto", default=None, metavar="TIER", help="let a bot of this tier play the seat headless")
    join.add_argument("--json", action="store_true")
    join.set_defaults(func=_join, window_join=window_join)


def _host(args: argparse.Namespace) -> int:
    from amul_table.net.server import HELLO_WAIT_RANGE, HostOptions, serve_forever

    if (args.certfile is None) != (args.keyfile is None):
        raise NetCommandError("--certfile and --keyfile go together")
    if not 0 <= args.port <= 65535 or args.workers < 1 or args.cover_wait < 0 or args.turn_timer < 0:
        raise NetCommandError("--port is 0 to 65535, --workers at least 1, --cover-wait and --turn-timer not negative")
    if not HELLO_WAIT_RANGE[0] <= args.hello_wait <= HELLO_WAIT_RANGE[1]:
        raise NetCommandError("--hello-wait is {:g} to {:g} seconds".format(*HELLO_WAIT_RANGE))
    _check_tier(args.cover_tier)
    logging.basicConfig(level=logging.WARNING, format="amul-table host: %(message)s", stream=sys.stderr)
    options = HostOptions(
        data=Path(args.data),
        bind=args.bind,
        port=args.port,
        certfile=args.certfile and Path(args.certfile),
        keyfile=args.keyfile and Path(args.keyfile),
        cover_tier=args.cover_tier,
        cover_wait=args.cover_wait,
        turn_timer=args.turn_timer,
        workers=args.workers,
        hello_wait=args.hello_wait,
    )

    async def run() -> None:
        _collect_less()
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        serving = asyncio.ensure_future(serve_forever(options, ready=ready))
        await asyncio.wait([serving, ready], return_when=asyncio.FIRST_COMPLETED)
        if ready.done():
            scheme = "wss" if options.certfile else "ws"
            print(f"serving {scheme}://{options.bind}:{ready.result()}", flush=True)
        await serving

    try:
        asyncio.run(run())
    except OSError as exc:
        raise NetCommandError(f"cannot serve on {args.bind}:{args.port}: {exc.strerror or exc}") from None
    return 0


def _collect_less() -> None:
    """Tune Python's cyclic collector for a server: it ran many times a decision over every table's objects
    (benchmarks/server.py: 17% less host CPU a decision at 300 tables); reference counting frees the rest."""
    gc.freeze()  # what exists at start (modules, cards) is never scanned again
    gc.set_threshold(50_000, 20, 100)


def _table_new(args: argparse.Namespace) -> int:
    from amul_table.match.protocol import PROTOCOL_VERSION, NewTable
    from amul_table.net.client import request_table

    bots = tuple(t.strip() for t in args.bots.split(",") if t.strip())
    for tier in bots:
        _check_tier(tier)
    if not 0 <= (args.seed or 0) < 1 << 63:
        raise NetCommandError("--seed is a whole number from 0 to 2**63 - 1")
    request = NewTable(protocol=PROTOCOL_VERSION, players=args.players, bots=bots, seed=args.seed, tea=args.tea)
    made = _run(request_table(_url(args.url), _checked(request)))
    seats = [{"name": s.name, "tier": s.tier, "state": str(s.state)} for s in made.seats]
    if args.json:
        print(json.dumps({"code": made.code, "seats": seats}, ensure_ascii=False))
    else:
        print(f"Table {made.code}: " + ", ".join(f"{s['name']} ({s['tier'] or 'a person'})" for s in seats))
    return 0


def _join(args: argparse.Namespace) -> int:
    from amul_table.match.protocol import CODE_LENGTH, MAX_NAME, is_table_code
    from amul_table.net.client import play_seat
    from amul_table.net.kept_seats import KeptSeats
    from amul_table.persistence.records import RecordsError

    url, code = _url(args.url), args.code.strip().upper()
    if not is_table_code(code):
        raise NetCommandError(f"{args.code!r} is not a table code ({CODE_LENGTH} letters and digits)")
    if not args.name.strip() or len(args.name) > MAX_NAME:
        raise NetCommandError(f"--name takes 1 to {MAX_NAME} characters")
    if args.auto is None:
        if args.window_join is None:
            raise NetCommandError("no window here: add --auto TIER to let a bot play the seat")
        return args.window_join(url, code, args.name.strip())
    _check_tier(args.auto)
    try:
        kept = KeptSeats.default()
    except RecordsError as exc:
        raise NetCommandError(f"no data folder to keep the seat in: {exc}") from None
    say = partial(print, "amul-table:", file=sys.stderr)
    outcome = _run(play_seat(url, code, args.name, auto=args.auto, kept=kept, say=say))
    if args.json:
        print(json.dumps(outcome.to_json()))
    else:
        print(f"Seat {outcome.seat + 1}: {outcome.totals[outcome.seat]} points; totals {outcome.totals}")
    return 0


def _run(coroutine):
    """Run a client coroutine; a refusal or a network failure becomes one line."""
    from websockets.exceptions import InvalidHandshake, InvalidURI

    from amul_table.net.client import HostRefused

    try:
        return asyncio.run(coroutine)
    except HostRefused as exc:
        raise NetCommandError(str(exc)) from None
    except (OSError, TimeoutError, InvalidURI, InvalidHandshake) as exc:
        raise NetCommandError(f"cannot reach the host: {exc or type(exc).__name__}") from None


def _url(text: str) -> str:
    if not _URL.match(text):
        raise NetCommandError(f"{text!r} is not a host address (ws://HOST:PORT or wss://HOST:PORT)")
    return text.rstrip("/")


def _checked(request: NewTable) -> NewTable:
    """The host's own checks of the request (players, Tea), before asking it."""
    from amul_table.match.protocol import ProtocolError, decode_client, encode

    try:
        decode_client(encode(request))
    except ProtocolError as exc:
        raise NetCommandError(f"a table nobody can play: {exc.detail}") from None
    return request


def _check_tier(tier: str) -> None:
    from amul_table.ai.tiers import BOT_TIERS

    if tier not in BOT_TIERS:
        raise NetCommandError(f"unknown bot tier {tier!r} (tiers: {', '.join(BOT_TIERS)})")
