"""A real host process on 127.0.0.1 (any free port) for the online tests, and `join --auto` processes."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

START_WAIT = 60.0  # seconds a process may take to start (imports, on a busy 2-core machine)
GAME_WAIT = 300.0  # seconds a whole game may take


class Process:
    """A command of ours in its own session, read line by line, ended by its id (and its group's)."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "amul_table", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def line(self, timeout: float = START_WAIT) -> str:
        return self.lines.get(timeout=timeout)

    def finish(self, timeout: float = GAME_WAIT) -> tuple[int, str, str]:
        """Wait for the end; its exit status, the rest of its output and its error output."""
        self.proc.wait(timeout=timeout)
        assert self.proc.stderr is not None
        err = self.proc.stderr.read()
        self.reader.join(timeout=START_WAIT)
        out = "".join(self.lines.get() for _ in range(self.lines.qsize()))
        return self.proc.returncode, out, err

    def signal(self, sig: int) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)

    def end(self) -> None:
        """Stop it if it still runs: SIGTERM, then SIGKILL for the whole group (bot workers too)."""
        if self.proc.poll() is None:
            self.signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.signal(signal.SIGKILL)
                self.proc.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # forkserver and bot workers left behind, if any


class Host:
    def __init__(self, data: Path, env: dict[str, str], port: int = 0, *extra: str) -> None:
        self.data, self.env, self.extra = data, env, extra
        self.process = Process("host", "--bind", "127.0.0.1", "--port", str(port), "--data", str(data), *extra, env=env)
        line = self.process.line()
        assert line.startswith(("serving ws://127.0.0.1:", "serving wss://127.0.0.1:")), line
        self.url = line.split()[1]
        self.port = int(self.url.rsplit(":", 1)[1])

    def restart(self) -> Host:
        return Host(self.data, self.env, self.port, *self.extra)

    def stop(self) -> str:
        """SIGTERM, wait for it, and return its error output (tests look for tracebacks)."""
        self.process.signal(signal.SIGTERM)
        code, _, err = self.process.finish(timeout=60)
        assert code == 0, err
        return err


@pytest.fixture
def net_env(tmp_path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    env["AMUL_TABLE_DATA"] = str(tmp_path / "client-data")
    env["PYTHONPATH"] = str(Path(__file__).parents[2])
    return env


@pytest.fixture
def processes():
    started: list[Process | Host] = []
    yield started
    for item in started:
        (item.process if isinstance(item, Host) else item).end()


@pytest.fixture
def start_host(tmp_path, net_env, processes):
    def start(*extra: str) -> Host:
        host = Host(tmp_path / "host-data", net_env, 0, *extra)
        processes.append(host)
        return host

    return start


def run_cli(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "amul_table", *args], capture_output=True, text=True, env=env, timeout=START_WAIT
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def new_table(env: dict[str, str], url: str, players: int, bots: str, seed: int) -> dict:
    return json.loads(
        run_cli(env, "table", "new", url, "--players", str(players), "--bots", bots, "--seed", str(seed), "--json")
    )


def joiner(env: dict[str, str], url: str, code: str, name: str, tier: str, home: Path) -> Process:
    """`join --auto` in its own process, with its own data folder (its own kept credentials)."""
    return Process(
        "join", url, code, "--name", name, "--auto", tier, "--json", env={**env, "AMUL_TABLE_DATA": str(home)}
    )
