"""Where the online tests' commands (`host`, `join`, `table new`) start: a process forked from a server that has
imported them once (multiprocessing's forkserver), so that each skips the interpreter's start and the imports,
most of a short command's CPU. The child is a process of its own like `python -m amul_table` (its own session,
its own environment and output files); it runs the same `main` and can be killed like it."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Mapping, Sequence

# What the server imports once for all the commands (the tests' own process need not import them).
PRELOAD = ["amul_table.cli.main", "amul_table.net.server", "amul_table.net.client", "amul_table.ai.tiers", __name__]


def run(args: Sequence[str], env: dict[str, str], out: str, err: str, constants: Mapping[str, float]) -> None:
    """`amul-table ARGS` in a new session with `env`, its output and error output written to these files;
    `constants` ("module.NAME": value) set first: a test's shorter wait where waiting is not what it tests."""
    os.setsid()
    for dotted, value in constants.items():
        module, name = dotted.rsplit(".", 1)
        assert hasattr(importlib.import_module(module), name), dotted
        setattr(sys.modules[module], name, value)
    os.environ.clear()
    os.environ.update(env)
    for fd, path in ((1, out), (2, err)):
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(handle, fd)
        os.close(handle)
    sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115 (the process's own)
    sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.argv = ["amul-table", *args]
    from amul_table.cli.main import main

    raise SystemExit(main(list(args)))
