"""A real-window check of online play under Xvfb: two game windows in two processes play a game to the end.

Window A (display :110) hosts: Host a table on the title, seat 2 made a person's, Open the table. Window B
(display :111) is `amul-table join ws://127.0.0.1:PORT CODE --name Bob`. Both then play by keyboard
(xdotool: Enter chooses and confirms, D declines) until the host's data folder marks the table over; the
screenshots of both go to docs/screenshots/online/ (small PNGs). Everything stays on 127.0.0.1: the host
binds it ($AMUL_TABLE_HOST_BIND) and mDNS speaks on the loopback interface only ($AMUL_TABLE_MDNS).

    .venv/bin/python tools/online_play.py [--displays 110 111] [--out docs/screenshots/online]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZE = (1024, 640)
GAME_WAIT = 900.0  # seconds a whole game may take on a busy machine
ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, display: int) -> str:
    env = {**os.environ, "DISPLAY": f":{display}"}
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=30).stdout


def key(display: int, *keys: str) -> None:
    run("xdotool", "key", "--delay", "60", *keys, display=display)


def click(display: int, x: int, y: int) -> None:
    run("xdotool", "mousemove", str(x), str(y), "click", "1", display=display)
    time.sleep(0.4)


def shot(display: int, path: Path) -> None:
    """The whole screen (the window sits at its top left), cropped to the window and saved as a small PNG."""
    geometry = f"{SIZE[0]}x{SIZE[1]}+0+0"
    run(
        "import",
        "-window",
        "root",
        "-crop",
        geometry,
        "+repage",
        "-colors",
        "96",
        "-strip",
        f"PNG8:{path}",
        display=display,
    )


def window(args: list[str], display: int, home: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    env.update(
        DISPLAY=f":{display}",
        SDL_AUDIODRIVER="dummy",
        AMUL_TABLE_DATA=str(home / "data"),
        AMUL_TABLE_SETTINGS=str(home / "settings.yaml"),
        AMUL_TABLE_MDNS="127.0.0.1",
        AMUL_TABLE_HOST_BIND="127.0.0.1",
        PYTHONPATH=str(ROOT),
    )
    (home / "settings.yaml").write_text("animation_speed: fast\n", encoding="utf-8")
    return subprocess.Popen([sys.executable, "-m", "amul_table", *args], env=env, start_new_session=True, cwd=home)


def wait_for(path_glob: tuple[Path, str], wait: float) -> Path:
    folder, pattern = path_glob
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        found = sorted(folder.glob(pattern)) if folder.exists() else []
        if found:
            return found[0]
        time.sleep(0.5)
    raise SystemExit(f"nothing like {folder / pattern} after {wait:.0f} s")


def play(displays: tuple[int, int], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="amul-online-"))
    xvfb = [
        subprocess.Popen(["Xvfb", f":{d}", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24"], stderr=subprocess.DEVNULL)
        for d in displays
    ]
    procs: list[subprocess.Popen] = []
    a, b = displays
    try:
        time.sleep(1.5)
        (work / "a").mkdir()
        (work / "b").mkdir()
        procs.append(window([], a, work / "a"))
        time.sleep(8)
        shot(a, out / "title.png")
        click(a, *HOST_BUTTON)  # Host a table
        time.sleep(2)
        click(a, *PLAYERS_MINUS)  # 3 players: Ann, a friend, a bot
        for _ in range(3):  # seat 2: medium → hard → expert → human
            click(a, *SEAT2_KIND)
        time.sleep(0.5)
        shot(a, out / "host.png")
        click(a, *OPEN_BUTTON)
        tables = wait_for((work / "a" / "data" / "host" / "tables", "*.json"), 60)
        code = tables.stem
        port = listening_port(procs[0].pid)
        time.sleep(3)
        procs.append(window(["join", f"ws://127.0.0.1:{port}", code, "--name", "Bob"], b, work / "b"))
        time.sleep(10)
        shot(a, out / "host-table.png")
        shot(b, out / "join-table.png")
        key(b, "t")
        run("xdotool", "type", "--delay", "40", "Bonjour à tous 👋", display=b)
        key(b, "Return")
        key(a, "1")
        over = work / "a" / "data" / "host" / "tables" / f"{code}.over"
        deadline = time.monotonic() + GAME_WAIT
        turn = 0
        while not over.exists() and time.monotonic() < deadline:
            for d in displays:
                key(d, "Return", "Return")
                if turn % 5 == 4:
                    key(d, "d", "Return")
            turn += 1
            if turn == 12:
                shot(a, out / "host-mid-game.png")
                shot(b, out / "join-mid-game.png")
            time.sleep(0.3)
        if not over.exists():
            raise SystemExit("the game did not end")
        time.sleep(8)
        shot(a, out / "host-score-pad.png")
        shot(b, out / "join-score-pad.png")
        print(f"table {code}: played to the end in both windows; screenshots in {out}")
    finally:
        for proc in procs + xvfb:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM) if proc in procs else proc.terminate()
        for proc in procs + xvfb:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=30)


# Where the buttons are in a 1024x640 window (the scenes' own layout at that size).
HOST_BUTTON = (512, 436)
PLAYERS_MINUS = (400, 169)
SEAT2_KIND = (703, 272)  # with 3 players
OPEN_BUTTON = (603, 515)


def listening_port(pid: int) -> int:
    """The port the window's own host listens on (8765, or another when that one is taken)."""
    lines = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True, timeout=30).stdout.splitlines()
    for line in lines:
        if f"pid={pid}," in line and "127.0.0.1:" in line:
            return int(line.split()[3].rsplit(":", 1)[1])
    raise SystemExit("the host window listens on no port")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--displays", type=int, nargs=2, default=(110, 111))
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "online")
    args = parser.parse_args()
    play(tuple(args.displays), args.out)


if __name__ == "__main__":
    main()
