"""Benchmark: a real host on loopback with N concurrent 4-player tables of scripted clients (no server bots).

    python benchmarks/server.py [--tables 10,100,1000] [--decisions D] [--think MIN,MAX]
                                [--host-cpu 0 --client-cpus 1 --clients K] [--profile FILE] [--json]

The issue's goal, measured on a quiet machine:
    python benchmarks/server.py --tables 10,100,1000 --decisions 40 --think 1,3

For each N: N tables are made, and 4 scripted clients per table claim the seats; once every seat is
connected, each client plays a random legal action when its seat may act, after "thinking" a random
MIN–MAX seconds (0: at once, every table as fast as the host answers), until its table has made D
decisions. The clients run in K processes of their own (pinned to --client-cpus), the host alone on
--host-cpu (`taskset`), so that the host's figures are the host's. Reported: the latency from a command
sent to the Update that answers it (p50, p95, max, in ms), decisions a second, the host's CPU time per
decision (from /proc: what a busy machine does not skew), the share of its core it used, and its resident
memory per table; then whether the goal is met (p95 <= 50 ms with 1,000 tables or more). The load average
at the start is printed too: on a busy machine the host gets a fraction of its core, and the latency shows
that fraction, not the host.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import IO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect

from amul_table.match.protocol import (
    PROTOCOL_VERSION,
    Command,
    Error,
    GameOver,
    Hello,
    NewTable,
    Update,
    Welcome,
    decode_server,
    encode,
)
from amul_table.net.client import request_table
from amul_table.rules.state import EventKind

ROOT = Path(__file__).resolve().parent.parent
CONNECT_BATCH = 50  # connections opened at once by one client process
RUN_LIMIT = 900.0  # seconds: a run that takes longer stops with an error instead of hanging
GOAL_TABLES, GOAL_P95_MS = 1000, 50.0  # issue 25: 1,000 tables on one core, action -> update p95 <= 50 ms
COLUMNS = (  # the printed table: heading, result key
    ("tables", "tables"),
    ("decisions", "decisions"),
    ("decisions/s", "decisions_per_s"),
    ("p50 ms", "p50_ms"),
    ("p95 ms", "p95_ms"),
    ("max ms", "max_ms"),
    ("host CPU ms/decision", "host_cpu_ms_per_decision"),
    ("host core used", "host_cpu_share"),
    ("host KiB/table", "host_kib_per_table"),
    ("clients' cores used", "clients_cpu_share"),
)
# The events that answer a seat's own command (each names the seat that acted).
OWN = {EventKind.OFFER_COMMITTED, EventKind.REVEAL_COMMITTED, EventKind.PICK, EventKind.TAKE, EventKind.DECLINE}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far, from /proc (Linux): a figure a busy machine does not skew."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    """The resident memory of a process, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def pinned(cpus: str, command: list[str]) -> list[str]:
    """`command` run on these CPUs (`taskset -c`), or as is when no CPUs are given or taskset is missing."""
    return ["taskset", "-c", cpus, *command] if cpus and shutil.which("taskset") else command


# --- a client process ------------------------------------------------------------------------------


class ScriptedSeat:
    """One seat of one table, played by random legal actions over its own connection."""

    def __init__(self, ws: ClientConnection, rng: random.Random, think: tuple[float, float], decisions: int) -> None:
        self.ws, self.rng, self.think, self.decisions = ws, rng, think, decisions
        self.seat = -1
        self.turn = 0
        self.legal: tuple = ()
        self.done = False
        self.seen = False  # the first Update came
        self.sent: float | None = None  # when our command left, until the Update that applies it
        self.latencies: list[float] = []

    def read(self, data: str | bytes) -> None:
        message = decode_server(data)
        if isinstance(message, Welcome):
            self.seat = message.seat
        elif isinstance(message, Update):
            self.turn, self.legal, self.seen = message.turn, message.view.legal, True
            if self.sent is not None and any(e.seat == self.seat and e.kind in OWN for e in message.events):
                self.latencies.append(time.perf_counter() - self.sent)
                self.sent = None
            self.done = self.done or self.turn >= self.decisions
        elif isinstance(message, Error):
            self.sent = None  # stale (another seat was faster) or busy: decide again on the newest view
        elif isinstance(message, GameOver):
            self.done = True

    async def join(self, code: str) -> None:
        await self.ws.send(encode(Hello(protocol=PROTOCOL_VERSION, table=code, name="Scripted")), text=True)
        while not self.seen:  # the Welcome, then the first Update
            self.read(await self.ws.recv())

    async def play(self) -> None:
        loop = asyncio.get_running_loop()
        due: float | None = None
        while not self.done:
            if self.legal and self.sent is None and due is None:
                due = loop.time() + self.rng.uniform(*self.think)
            if due is not None and loop.time() >= due:
                due = None
                if self.legal and self.sent is None:
                    action = self.rng.choice(self.legal)  # as the wire has it: ActionData
                    self.sent = time.perf_counter()
                    command = Command(seat=self.seat, action=action, turn=self.turn)
                    await self.ws.send(encode(command), text=True)
                continue
            try:
                data = await asyncio.wait_for(self.ws.recv(), None if due is None else due - loop.time())
            except TimeoutError:
                continue
            self.read(data)


async def client_process(url: str, codes: list[str], decisions: int, think: tuple[float, float], seed: int) -> None:
    """Connect 4 seats to each table, say `ready`, wait for `go` on stdin, play, print the latencies."""
    rng = random.Random(seed)
    opening = asyncio.Semaphore(CONNECT_BATCH)

    async def seated(code: str) -> ScriptedSeat:
        async with opening:
            ws = await connect(url, proxy=None, max_size=1 << 20, open_timeout=120, ping_interval=None)
            seat = ScriptedSeat(ws, random.Random(rng.random()), think, decisions)
            await seat.join(code)
            return seat

    seats = await asyncio.gather(*(seated(code) for code in codes for _ in range(4)))
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    cpu = time.process_time()
    async with asyncio.timeout(RUN_LIMIT):
        await asyncio.gather(*(seat.play() for seat in seats))
    cpu = time.process_time() - cpu
    await asyncio.gather(*(seat.ws.close() for seat in seats))
    ms = [round(1000 * x, 3) for seat in seats for x in seat.latencies]
    print(json.dumps({"ms": ms, "cpu_s": cpu}), flush=True)


# --- the run ---------------------------------------------------------------------------------------


def run_tables(url: str, host_pid: int, tables: int, args: argparse.Namespace) -> dict:
    before = rss_kib(host_pid)
    codes: list[str] = []

    async def make() -> None:
        for start in range(0, tables, CONNECT_BATCH):
            batch = range(start, min(tables, start + CONNECT_BATCH))
            made = await asyncio.gather(
                *(request_table(url, NewTable(protocol=PROTOCOL_VERSION, players=4, seed=args.seed + i)) for i in batch)
            )
            codes.extend(m.code for m in made)

    asyncio.run(make())
    share = max(1, min(args.clients, tables))
    workers = [
        subprocess.Popen(
            pinned(
                args.client_cpus,
                [
                    sys.executable,
                    __file__,
                    "--worker",
                    url,
                    "--codes",
                    ",".join(codes[i::share]),
                    "--decisions",
                    str(args.decisions),
                    "--think",
                    args.think,
                    "--seed",
                    str(args.seed + i),
                ],
            ),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for i in range(share)
    ]
    for worker in workers:
        assert worker.stdout is not None and worker.stdout.readline().strip() == "ready", "a client process failed"
    connected = rss_kib(host_pid)
    started, cpu = time.perf_counter(), cpu_seconds(host_pid)
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    ms: list[float] = []
    client_cpu = 0.0
    for worker in workers:
        assert worker.stdout is not None
        played = json.loads(worker.stdout.readline())
        ms += played["ms"]
        client_cpu += played["cpu_s"]
        worker.wait(timeout=RUN_LIMIT)
    elapsed, cpu = time.perf_counter() - started, cpu_seconds(host_pid) - cpu
    ms.sort()
    return {
        "tables": tables,
        "think_s": args.think,
        "decisions": len(ms),
        "seconds": round(elapsed, 2),
        "decisions_per_s": round(len(ms) / elapsed, 1),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2),
        "max_ms": round(ms[-1], 2),
        "host_cpu_ms_per_decision": round(1000 * cpu / len(ms), 3),
        "host_cpu_share": round(cpu / elapsed, 3),
        "host_kib_per_table": round((connected - before) / tables, 1),
        # the scripted players' own CPU, in cores: near the number of --client-cpus, they (not the host) are
        # what the latency measures
        "clients_cpu_share": round(client_cpu / elapsed, 3),
    }


def start_host(data: str, args: argparse.Namespace, log: IO[str]) -> subprocess.Popen:
    """`amul-table host` on any free port, alone on --host-cpu, its log into `log`; under cProfile with
    --profile."""
    python = [sys.executable, "-m", "cProfile", "-o", args.profile] if args.profile else [sys.executable]
    command = [*python, "-m", "amul_table", "host", "--port", "0", "--data", data, "--cover-wait", "1e6"]
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    return subprocess.Popen(
        pinned(args.host_cpu, command),
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,100", help="table counts to run, e.g. 10,100,1000")
    parser.add_argument("--decisions", type=int, default=60, help="decisions each table makes (a game: ~115)")
    parser.add_argument("--think", default="0", help="seconds a scripted player thinks: MIN,MAX (0: at once)")
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument("--host-cpu", default="0", help="the CPU the host runs on ('': anywhere)")
    parser.add_argument("--client-cpus", default="1", help="the CPUs the clients run on ('': anywhere)")
    parser.add_argument("--profile", default=None, help="write the host's cProfile statistics to this file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)  # a client process, at this URL
    parser.add_argument("--codes", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    low, _, high = args.think.partition(",")
    think = (float(low), float(high or low))
    if args.worker:
        asyncio.run(client_process(args.worker, args.codes.split(","), args.decisions, think, args.seed))
        return 0
    results = []
    setting = {
        "command": " ".join(["python", "benchmarks/server.py", *sys.argv[1:]]),
        "host_cpu": args.host_cpu,
        "client_cpus": args.client_cpus,
        "think_s": args.think,
        "load_average_at_start": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }
    if not args.json:
        print(" · ".join(f"{k}: {v}" for k, v in setting.items()), flush=True)
        print(row(heading for heading, _ in COLUMNS), row("---" for _ in COLUMNS), sep="\n", flush=True)
    with tempfile.TemporaryDirectory() as data:
        log = Path(data) / "host.log"  # after the table, not inside it
        with log.open("w") as log_file:
            host = start_host(str(Path(data) / "host"), args, log_file)
            try:
                assert host.stdout is not None
                url = host.stdout.readline().split()[1]
                for n in (int(n) for n in args.tables.split(",")):
                    results.append(run_tables(url, host.pid, n, args))
                    if not args.json:
                        print(row(str(results[-1][key]) for _, key in COLUMNS), flush=True)
            finally:
                os.killpg(host.pid, signal.SIGTERM)
                host.wait(timeout=120)
        hosted = log.read_text(errors="replace").rstrip()
    goal = goal_met(results)
    if args.json:
        print(json.dumps({**setting, "results": results, "goal_met": goal}, indent=2), flush=True)
    else:
        print(f"goal (p95 <= {GOAL_P95_MS:g} ms at {GOAL_TABLES:,} tables or more): {goal_words(goal)}", flush=True)
    print(hosted, file=sys.stderr)
    return 0


def row(cells: Iterable[str]) -> str:
    """One row of a Markdown table (the printed results paste into docs/benchmarks.md as they are)."""
    return "| " + " | ".join(cells) + " |"


def goal_met(results: list[dict]) -> bool | None:
    """Whether every run of GOAL_TABLES tables or more kept p95 within the goal (None: no such run)."""
    big = [r for r in results if r["tables"] >= GOAL_TABLES]
    return all(r["p95_ms"] <= GOAL_P95_MS for r in big) if big else None


def goal_words(goal: bool | None) -> str:
    return {True: "met", False: "not met", None: f"not measured (no run of {GOAL_TABLES:,} tables)"}[goal]


if __name__ == "__main__":
    raise SystemExit(main())
