"""Count hostile inputs tried on every reader: accepted, refused cleanly, failures (issue 13's closing note).

    python benchmarks/hostile_inputs.py [--per-family N] [--seed S] [--json]

Uses the generators of tests/security/hostile.py (the fuzz tests' inputs): random bytes, random YAML
trees, deep nesting, alias bombs, odd Unicode, huge numbers, mutated real saves, per reader.
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

from tests.security.hostile import ACCEPTED, FAILURE, READERS, REFUSED, attempt, families


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
        for reader in READERS:
            for family in families(reader):
                for _ in range(args.per_family):
                    data = family.make(random.Random(rng.getrandbits(32)))
                    start = time.monotonic()
                    outcome, detail = attempt(reader, data, Path(folder))
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
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(" ".join(f"{k}={v}" for k, v in result.items()))
        for line in failures[:20]:
            print("  ", line)
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
