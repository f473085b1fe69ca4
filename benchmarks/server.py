"""Benchmark: a real host on loopback with N concurrent 4-player tables of scripted clients (no server bots).

    python benchmarks/server.py [--tables 10,100,1000] [--decisions D] [--json]

For each N: N tables are made, 4 clients per table claim the seats, and each client plays random legal
actions as soon as its seat may act, until its table has made D decisions. Reported: the latency from a
command sent to the Update that answers it (p50, p95, max, in ms), decisions a second, the host's CPU
time per decision (from /proc: what a busy machine does not skew) and its resident memory per table.
The clients run in this process, on the same 2 cores as the host, so the latencies include their own
time: the host alone is faster than this says.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect

from amul_table.match.client import TableClient
from amul_table.match.protocol import PROTOCOL_VERSION, ActionData, Command, Hello, NewTable, encode
from amul_table.net.client import request_table
from amul_table.rules.state import EventKind

CONNECT_BATCH = 50  # connections opened at once
RUN_LIMIT = 900.0  # seconds: a run that takes longer stops with an error instead of hanging
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


async def seat_player(
    url: str, code: str, decisions: int, latencies: list[float], rng: random.Random, opening: asyncio.Semaphore
) -> None:
    await opening.acquire()  # a few connections open at a time, as people arriving would
    async with connect(url, proxy=None, max_size=1 << 20, open_timeout=120) as ws:
        client = TableClient(lambda data: None)
        await ws.send(encode(Hello(protocol=PROTOCOL_VERSION, table=code, name="Scripted")), text=True)
        opened = False
        sent: tuple[int, float] | None = None
        async for data in ws:
            client.receive(data)
            if not client.seats or client.welcome is None:
                continue
            if not opened:
                opened = True
                opening.release()
            seat = client.welcome.seat
            if client.errors():  # stale: another seat was faster; decide again on the newer view
                sent = None
            answered = any(e.seat == seat and e.kind in OWN for u in client.updates() for e in u.events)
            if sent is not None and answered:
                latencies.append(time.perf_counter() - sent[1])
                sent = None
            if client.turn >= decisions or client.is_over:
                return
            view = client.view(seat)
            if view.legal and sent is None:
                action = rng.choice(view.legal)
                sent = (client.turn, time.perf_counter())
                await ws.send(encode(Command(seat=seat, action=ActionData.of(action), turn=client.turn)), text=True)


async def run_tables(url: str, host_pid: int, tables: int, decisions: int, seed: int) -> dict:
    before = rss_kib(host_pid)
    codes = []
    for start in range(0, tables, CONNECT_BATCH):
        batch = range(start, min(tables, start + CONNECT_BATCH))
        made = await asyncio.gather(
            *(request_table(url, NewTable(protocol=PROTOCOL_VERSION, players=4, seed=seed + i)) for i in batch)
        )
        codes += [m.code for m in made]
    latencies: list[float] = []
    rng = random.Random(seed)
    started, cpu = time.perf_counter(), cpu_seconds(host_pid)
    opening = asyncio.Semaphore(CONNECT_BATCH)
    players = [
        seat_player(url, code, decisions, latencies, random.Random(rng.random()), opening)
        for code in codes
        for _ in range(4)
    ]
    async with asyncio.timeout(RUN_LIMIT):
        await asyncio.gather(*players)
    elapsed, cpu = time.perf_counter() - started, cpu_seconds(host_pid) - cpu
    after = rss_kib(host_pid)
    ms = sorted(1000 * x for x in latencies)
    return {
        "tables": tables,
        "decisions": len(ms),
        "seconds": round(elapsed, 2),
        "decisions_per_s": round(len(ms) / elapsed, 1),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2),
        "max_ms": round(ms[-1], 2),
        "host_cpu_ms_per_decision": round(1000 * cpu / len(ms), 3),
        "host_kib_per_table": round((after - before) / tables, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,100", help="table counts to run, e.g. 10,100,1000")
    parser.add_argument("--decisions", type=int, default=60, help="decisions each table makes (a game: ~115)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    results = []
    with tempfile.TemporaryDirectory() as data:
        env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
        host = subprocess.Popen(
            [sys.executable, "-m", "amul_table", "host", "--port", "0", "--data", data],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=Path(__file__).resolve().parent.parent,
            start_new_session=True,
        )
        try:
            assert host.stdout is not None
            url = host.stdout.readline().split()[1]
            for n in counts:
                results.append(asyncio.run(run_tables(url, host.pid, n, args.decisions, args.seed)))
                if not args.json:
                    print(json.dumps(results[-1]))
        finally:
            os.killpg(host.pid, signal.SIGTERM)
            host.wait(timeout=60)
    if args.json:
        print(json.dumps({"results": results}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
