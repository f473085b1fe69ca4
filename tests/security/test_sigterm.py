"""SIGTERM to every long-running command: each stops within 2 s (a correctness bound, not a speed) and loses
nothing: the window's game is autosaved, finished saves all load, no temporary file or worker stays behind.

Each command runs as a real process; the signal goes once the command has its handler (SigCgt in
/proc/PID/status), so that it meets the command at work, not the interpreter starting. `host` (network play) has its own
handler: it closes its connections, writes every table and exits with status 0.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from amul_table.app.stopping import EXIT_STATUS, Terminated
from amul_table.cli.main import build_parser, main
from amul_table.persistence.save_files import load_game
from tests.security.helpers import FIXTURES, make_fifo, within

ROOT = Path(__file__).resolve().parents[2]
BOUND = 2.0  # seconds from SIGTERM to the exit (issue 26)
pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc to see the handler")


@dataclass
class Run:
    """One command under test: its arguments, what shows it is at work, and what it must not have lost."""

    args: Callable[[Path], list[str]]
    at_work: Callable[[Path], bool] = lambda folder: True
    status: int = EXIT_STATUS
    kept: Callable[[Path], None] = lambda folder: None
    extra_env: dict[str, str] = field(default_factory=dict)


def _autosave_loads(folder: Path) -> None:
    load_game(folder / "saves" / "autosave.yaml")


def _every_save_loads(folder: Path) -> None:
    saves = sorted((folder / "sim").iterdir())
    assert saves and all(p.suffix == ".yaml" for p in saves), [p.name for p in saves]
    for path in saves:
        load_game(path)


def _review_save(folder: Path) -> list[str]:
    save = folder / "finished.yaml"
    save.write_bytes((FIXTURES / "finished-8p.yaml").read_bytes())
    return ["review", str(save)]


def _save_unchanged(folder: Path) -> None:
    assert (folder / "finished.yaml").read_bytes() == (FIXTURES / "finished-8p.yaml").read_bytes()
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []


RUNS = {
    "play": Run(
        lambda f: ["--saves", str(f / "saves"), "play", "--players", "3", "--bots", "medium", "--seed", "4"],
        at_work=lambda f: (f / "saves" / "autosave.yaml").exists(),
        status=0,
        kept=_autosave_loads,
    ),
    "autoplay": Run(
        lambda f: ["autoplay", "--players", "3", "--bots", "random", "--frames-json", str(f / "frames.json")],
        kept=lambda f: None if not (f / "frames.json").exists() else pytest.fail("frames of a game never finished"),
    ),
    "simulate": Run(
        lambda f: ["simulate", "--players", "4", "--games", "500", "--bots", "medium", "--save-dir", str(f / "sim")],
        at_work=lambda f: (f / "sim").is_dir() and any((f / "sim").iterdir()),
        kept=_every_save_loads,
    ),
    "tournament": Run(
        lambda f: ["tournament", "--players", "4", "--lineup", "hard,easy,easy,easy", "--deals", "40", "--jobs", "2"],
        at_work=lambda f: (f / "stderr").exists() and (f / "stderr").stat().st_size > 0,
    ),
    "review": Run(_review_save, at_work=lambda f: (f / "stderr").exists() and (f / "stderr").stat().st_size > 0),
    "host": Run(
        lambda f: ["host", "--port", "0", "--data", str(f / "host")],
        at_work=lambda f: "serving" in (f / "stdout").read_text(errors="replace"),
        status=0,
    ),
}


def _has_command(name: str) -> bool:
    """Whether this version has the command (`host` comes with the network play)."""
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return name in commands.choices


def _handles_sigterm(pid: int) -> bool:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) & (1 << (signal.SIGTERM - 1)))
    return False


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (a tournament's workers)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow  # six real processes, 7 s: make test runs them, make test-fast leaves them out
@pytest.mark.parametrize("name", list(RUNS))
def test_sigterm_stops_every_command_within_two_seconds_losing_nothing(tmp_path: Path, name: str) -> None:
    if not _has_command(name):
        pytest.skip(f"no `{name}` command in this version")
    run = RUNS[name]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    env |= {"AMUL_TABLE_SETTINGS": str(tmp_path / "settings.yaml"), "AMUL_TABLE_DATA": str(tmp_path / "data")}
    with open(tmp_path / "stdout", "wb") as out, open(tmp_path / "stderr", "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "amul_table", *run.args(tmp_path)],
            env=env,
            stdout=out,
            stderr=err,
            cwd=tmp_path,
        )
    try:
        deadline = time.monotonic() + 60
        while not (_handles_sigterm(proc.pid) and run.at_work(tmp_path)):
            assert proc.poll() is None, (tmp_path / "stderr").read_text(errors="replace")
            assert time.monotonic() < deadline, f"{name} never got to work"
            time.sleep(0.05)
        time.sleep(0.5)  # well into its work
        workers = _children(proc.pid)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=BOUND) == run.status, (tmp_path / "stderr").read_text(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err_text = (tmp_path / "stderr").read_text(errors="replace")
    assert "Traceback" not in err_text, err_text
    if run.status == EXIT_STATUS:  # on a line of its own, not after a progress line's last redraw
        assert err_text.split("\n")[-2:] == ["amul-table: stopped (SIGTERM)", ""], err_text
    run.kept(tmp_path)
    deadline = time.monotonic() + BOUND
    while any(map(_alive, workers)):
        assert time.monotonic() < deadline, "a worker process outlived its command"
        time.sleep(0.05)
    assert not list(tmp_path.rglob("*.tmp")), "a temporary file stayed behind"


def test_autoplay_never_waits_on_a_fifo_nobody_reads(tmp_path: Path, monkeypatch, capsys) -> None:
    from amul_table.app import headless

    stats = {"frames": 1, "p50_ms": 1.0, "p95_ms": 1.0, "p99_ms": 1.0, "max_ms": 1.0, "seconds": 0.1, "totals": []}
    monkeypatch.setattr(headless, "autoplay", lambda *args, **kwargs: stats)  # the game itself: not the point
    fifo = make_fifo(tmp_path, "frames.json")
    assert within(5, lambda: main(["autoplay", "--players", "3", "--frames-json", str(fifo)])) == 2
    assert "no program is reading" in capsys.readouterr().err


def _stopped_at_work(progress_args: tuple) -> Callable[..., object]:
    """A command's work that draws one progress step, then meets SIGTERM (Terminated, as the handler raises it)."""

    def work(*args: object, progress: Callable[..., None] | None = None, **kwargs: object) -> object:
        draw = progress or next(a for a in reversed(args) if callable(a))
        draw(*progress_args)
        raise Terminated

    return work


STOPPED_AT_WORK = {
    "review": (["review", str(FIXTURES / "finished-3p.yaml")], "amul_table.ai.review", "review_game", (3, 30)),
    "tournament": (
        ["tournament", "--players", "3", "--lineup", "easy,easy,easy"],
        "amul_table.ai.tournament",
        "run_tournament",
        (2, 60, 1.0),
    ),
}


@pytest.mark.parametrize("name", list(STOPPED_AT_WORK))
def test_a_stopped_command_ends_its_progress_line_before_saying_so(name, monkeypatch, capsys):
    """`review` printed "stopped (SIGTERM)" right after its bar's last redraw, on the same line."""
    import importlib

    command, module, work, progress_args = STOPPED_AT_WORK[name]
    monkeypatch.setattr(importlib.import_module(module), work, _stopped_at_work(progress_args))
    assert main(command) == EXIT_STATUS
    err = capsys.readouterr().err
    lines = err.split("\n")
    assert lines[-2:] == ["amul-table: stopped (SIGTERM)", ""] and lines[-3].startswith("\r"), err
