"""Count hostile inputs tried on every reader: accepted, refused cleanly, failures (issues 13 and 26).

    python benchmarks/hostile_inputs.py [--per-family N] [--seed S] [--json]

Uses the generators of tests/security/hostile.py (the fuzz tests' inputs): random bytes, random YAML
trees, deep nesting, alias bombs, odd Unicode, huge numbers, mutated real saves, per reader; and of
tests/security/hostile_records.py: records files with a changed schema, user_version, value kind or size,
stored save, flipped bits or cut short, each read as `records --json/--csv` and the Records scene do.
Prints the totals, then tried / refused cleanly / failures per family.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.security.hostile import ACCEPTED, FAILURE, READERS, REFUSED, Family, attempt, families
from tests.security.hostile_records import RECORDS_FAMILIES, attempt_records

RECORDS = "records"


def plan() -> list[tuple[str, Family]]:
    """Every (reader, family) pair tried."""
    pairs = [(reader, family) for reader in READERS for family in families(reader)]
    return pairs + [(RECORDS, family) for family in RECORDS_FAMILIES]


def try_one(reader: str, data: str | bytes, folder: Path) -> tuple[str, str]:
    if reader == RECORDS:
        assert isinstance(data, bytes)
        return attempt_records(data, folder)
    return attempt(reader, data, folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=100)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)  # each refused settings file logs a warning: not wanted here
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    slowest, failures = 0.0, []
    with tempfile.TemporaryDirectory() as folder:
        for reader, family in plan():
            for _ in range(args.per_family):
                data = family.make(random.Random(rng.getrandbits(32)))
                start = time.monotonic()
                outcome, detail = try_one(reader, data, Path(folder))
                took = time.monotonic() - start
                slowest = max(slowest, took)
                counts[outcome] += 1
                counts[f"{reader}/{family.name}/{outcome}"] += 1
                if outcome == FAILURE or took > 1.0:
                    failures.append(f"{reader}/{family.name}: {detail or f'{took:.2f} s'}")
    result = {
        "tried": sum(counts[o] for o in (ACCEPTED, REFUSED, FAILURE)),
        "accepted": counts[ACCEPTED],
        "refused_cleanly": counts[REFUSED],
        "failures": counts[FAILURE],
        "over_one_second": sum(f[-1] == "s" for f in failures),
        "slowest_s": round(slowest, 3),
        "families": {
            f"{reader}/{family.name}": {
                "tried": sum(counts[f"{reader}/{family.name}/{o}"] for o in (ACCEPTED, REFUSED, FAILURE)),
                "accepted": counts[f"{reader}/{family.name}/{ACCEPTED}"],
                "refused_cleanly": counts[f"{reader}/{family.name}/{REFUSED}"],
                "failures": counts[f"{reader}/{family.name}/{FAILURE}"],
            }
            for reader, family in plan()
        },
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(" ".join(f"{k}={v}" for k, v in result.items() if k != "families"))
        print(f"  {'family':<40} {'tried':>6} {'accepted':>9} {'refused':>8} {'failures':>9}")
        for name, row in result["families"].items():
            print(
                f"  {name:<40} {row['tried']:>6} {row['accepted']:>9} {row['refused_cleanly']:>8} {row['failures']:>9}"
            )
        for line in failures[:20]:
            print("  ", line)
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
