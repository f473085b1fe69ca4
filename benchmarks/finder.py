"""Benchmark: how long the Join screen's finder takes to list N tables on the network when one announcement is
silent (it names a table, then never answers for its address and text), medians of R runs.

    python benchmarks/finder.py [--tables N] [--silent S] [--runs R] [--json]

Fixed work on the loopback interface only (127.0.0.1, nothing leaves the machine): another "computer" (a
zeroconf instance of this process) announces N tables; the finder starts, the S silent announcements reach it
first, then the N tables answer its first question. Timed from the finder's start to the moment all N are listed
(polled every millisecond). A finder that looks announcements up one at a time waits out each silent one
(discovery.INFO_WAIT_MS, 1.5 s) before the others.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import zeroconf._core
from zeroconf import DNSOutgoing, DNSPointer, IPVersion, Zeroconf, const

from amul_table.net import discovery
from amul_table.net.discovery import Finder, TableAd

GIVE_UP = 60.0  # seconds a run may take (a bound)
CODES = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def one_run(tables: int, silent: int, run: int) -> tuple[float, int]:
    """Seconds from the finder's start until it lists all `tables` (each run with its own service type), and how
    many announcements it was still looking up then (the silent ones; a finder without `looking` says -1)."""
    discovery.SERVICE = f"_bench{run}-{os.getpid() % 100_000}._tcp.local."
    net = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    finder = None
    try:
        for i in range(tables):
            code = "".join(CODES[(i * 7 + k) % len(CODES)] for k in range(6))
            ad = TableAd(code=code, host_name=f"Host {i}", players=4, free=3, people=(f"Host {i}",))
            net.register_service(discovery._service(ad, 8765, [socket.inet_aton("127.0.0.1")]))
        out = DNSOutgoing(const._FLAGS_QR_RESPONSE | const._FLAGS_AA)
        for i in range(silent):
            name = f"Silent {i}.{discovery.SERVICE}"
            out.add_answer_at_time(
                DNSPointer(discovery.SERVICE, const._TYPE_PTR, const._CLASS_IN, const._DNS_OTHER_TTL, name), 0
            )
        start = time.perf_counter()
        finder = Finder()
        net.send(out)  # before the finder's first question (sent 20-120 ms after its start)
        while len(finder.tables()) < tables:
            if time.perf_counter() - start > GIVE_UP:
                raise SystemExit(f"gave up: {len(finder.tables())} of {tables} tables listed in {GIVE_UP} s")
            time.sleep(0.001)
        took = time.perf_counter() - start
        return took, len(finder.looking()) if hasattr(finder, "looking") else -1
    finally:
        if finder is not None:
            finder.close()
        net.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--silent", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ["AMUL_TABLE_MDNS"] = "127.0.0.1"
    zeroconf._core._PROBE_RANDOM_DELAY_INTERVAL = (5, 10)  # registering the tables is not what is timed
    zeroconf._core._CHECK_TIME = 20
    runs = [one_run(args.tables, args.silent, run) for run in range(args.runs)]
    times = [took for took, _ in runs]
    result = {
        "tables": args.tables,
        "silent": args.silent,
        "runs": args.runs,
        "median_ms": round(statistics.median(times) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
        "still_looking": [looking for _, looking in runs],
        "load_average": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.tables} tables listed beside {args.silent} silent announcement(s): median {result['median_ms']} ms,"
            f" max {result['max_ms']} ms over {args.runs} runs (load average {result['load_average']}); still looked"
            f" up when all were listed: {result['still_looking']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
