"""A real host process on 127.0.0.1 (any free port) for the online tests, and `join --auto` processes."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

import pytest

from tests.lan import quick_probes  # noqa: F401 (a fixture for the tests under tests/net)
from tests.net import launch

START_WAIT = 60.0  # seconds a process may take to start (imports, on a busy 2-core machine)
GAME_WAIT = 300.0  # seconds a whole game may take

LAUNCHER = multiprocessing.get_context("forkserver")
LAUNCHER.set_forkserver_preload(launch.PRELOAD)


class Process:
    """A command of ours in its own session (forked by tests/net/launch.py), its output read line by line, ended
    by its id (and its group's)."""

    def __init__(self, *args: str, env: dict[str, str], constants: Mapping[str, float] | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="amul-process-"))
        self.out, self.err = self.folder / "out", self.folder / "err"
        run = (args, env, str(self.out), str(self.err), dict(constants or {}))
        self.proc = LAUNCHER.Process(target=launch.run, args=run)
        self.proc.start()
        self.pid = self.proc.pid
        self.read = 0  # bytes of the output already handed out by `line`

    def poll(self) -> int | None:
        """Its exit status (minus the signal that killed it), or None while it runs."""
        return self.proc.exitcode

    def wait(self, timeout: float) -> int:
        self.proc.join(timeout)
        if self.proc.exitcode is None:
            raise subprocess.TimeoutExpired(f"amul-table ({self.pid})", timeout)
        return self.proc.exitcode

    def _output(self) -> bytes:
        try:
            return self.out.read_bytes()[self.read :]
        except FileNotFoundError:  # not opened by the child yet
            return b""

    def line(self, timeout: float = START_WAIT) -> str:
        """Its next line of output (AssertionError if it ends first, TimeoutError after `timeout`)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in (unread := self._output()):
            if self.poll() is not None and b"\n" not in self._output():
                raise AssertionError(f"ended without a line: {self.finish()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"no line in {timeout} s")
            time.sleep(0.005)
        line = unread[: unread.index(b"\n") + 1]
        self.read += len(line)
        return line.decode()

    def finish(self, timeout: float = GAME_WAIT) -> tuple[int, str, str]:
        """Wait for the end; its exit status, the rest of its output and its error output."""
        code = self.wait(timeout)
        out, err = self._output().decode(), self.err.read_text() if self.err.exists() else ""
        shutil.rmtree(self.folder, ignore_errors=True)
        return code, out, err

    def signal(self, sig: int) -> None:
        if self.poll() is None:
            try:
                os.killpg(self.pid, sig)
            except ProcessLookupError:  # not in its own session yet
                os.kill(self.pid, sig)

    def end(self) -> None:
        """Stop it if it still runs: SIGTERM, then SIGKILL for the whole group (bot workers too)."""
        if self.poll() is None:
            self.signal(signal.SIGTERM)
            try:
                self.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.signal(signal.SIGKILL)
                self.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)  # bot workers left behind, if any
        shutil.rmtree(self.folder, ignore_errors=True)


class Host:
    def __init__(
        self, data: Path, env: dict[str, str], port: int = 0, *extra: str, constants: Mapping[str, float] | None = None
    ) -> None:
        self.data, self.env, self.extra, self.constants = data, env, extra, constants
        where = ("--bind", "127.0.0.1", "--port", str(port), "--data", str(data))
        self.process = Process("host", *where, *extra, env=env, constants=constants)
        line = self.process.line()
        assert line.startswith(("serving ws://127.0.0.1:", "serving wss://127.0.0.1:")), line
        self.url = line.split()[1]
        self.port = int(self.url.rsplit(":", 1)[1])

    def restart(self) -> Host:
        return Host(self.data, self.env, self.port, *self.extra, constants=self.constants)

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
    code, out, err = Process(*args, env=env).finish(timeout=START_WAIT)
    assert code == 0, err
    return out


def new_table(env: dict[str, str], url: str, players: int, bots: str, seed: int) -> dict:
    return json.loads(
        run_cli(env, "table", "new", url, "--players", str(players), "--bots", bots, "--seed", str(seed), "--json")
    )


def joiner(env: dict[str, str], url: str, code: str, name: str, tier: str, home: Path) -> Process:
    """`join --auto` in its own process, with its own data folder (its own kept credentials)."""
    return Process(
        "join", url, code, "--name", name, "--auto", tier, "--json", env={**env, "AMUL_TABLE_DATA": str(home)}
    )
