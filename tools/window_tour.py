"""Play one whole game in the real window under X (Xvfb) with xdotool, and shoot every phase worth looking at.

    DISPLAY=:107 python tools/window_tour.py --size 1024x640 --lang fr --humans 2 --out /tmp/shots

The script starts the window in a child process (`--window`), which writes a small status file (the top
scene, the round and phase, the choices and where they lie) after every frame that changed it. The driver
reads it, presses keys and moves the mouse with xdotool exactly as a person would (Enter selects, Enter
again confirms, Space lifts the shield), and crops each shot to the window with ImageMagick's `import`.
It reads the game only to know when to shoot; it never changes it. `--sheet F.png` makes a contact sheet.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# the phases shot in each round (a contact sheet of ~20 shots stays under 1 MB)
SHOT_PHASES = {1: ("offer", "pick", "reveal"), 5: ("offer", "pick"), 9: ("reveal", "effects", "game_end")}
SHIELD_ROUNDS = (1, 5)  # pass and play: the shield handing the screen over
BANNER_ROUNDS = (2,)  # a bot's caption (Military Prowess's banner is shot whenever it comes)
PAUSE = 0.12  # seconds between looks at the status


# --- the window side: the game, and a status file written after each changed frame ---------------------


def run_window(args: argparse.Namespace, status_path: Path) -> int:
    """The real window on a game (title scene below it, as `amul-table play` does)."""
    from amul_table.app.headless import make_session
    from amul_table.app.window import App
    from amul_table.persistence.saves_folder import SavesFolder
    from amul_table.persistence.settings import Settings
    from amul_table.scenes.routes import Route
    from amul_table.scenes.title import TitleScene

    w, h = (int(v) for v in args.size.split("x"))
    settings = Settings(language=args.lang, animation_speed=args.speed, bot_pause=args.bot_pause, volume=0.0)
    app = App(settings, size=(w, h))
    app.saves = SavesFolder.open(None)
    app.push(TitleScene(app))
    app.push(app.go(Route.TABLE, make_session(args.players, args.seed, args.bots, humans=args.humans)))
    step = app.step
    last = [""]

    def step_and_report(dt: float) -> None:
        step(dt)
        line = json.dumps(status_of(app))
        if line != last[0]:
            last[0] = line
            tmp = status_path.with_suffix(".tmp")
            tmp.write_text(line)
            tmp.replace(status_path)

    app.step = step_and_report  # type: ignore[method-assign]
    return app.run()


def status_of(app: Any) -> dict[str, Any]:
    """What the driver needs to know: the scenes, and the table's or the score pad's state."""
    from amul_table.i18n import tr
    from amul_table.rules.cards import load_cards

    stack = [type(s).__name__ for s in app.stack]
    out: dict[str, Any] = {"stack": stack, "top": stack[-1] if stack else ""}
    table = next((s for s in reversed(app.stack) if hasattr(s, "model") and hasattr(s, "link")), None)
    if table is not None:
        m = table.model
        cards = load_cards().cards
        choices = m.choices()
        shown = [b for b in table.banners if b.start + 0.15 <= table.clock < b.end]  # on screen now
        out["table"] = {
            "round": m.view.round,
            "phase": m.view.phase.word,
            "human": bool(m.view.legal) and m.seats[m.shown].human,
            "busy": table.animating or m.settling or bool(table.landings),
            "held": m.held is not None,
            "chosen": m.chosen,
            "selected": m.selected,
            "banners": [b.text for b in shown],
            "prowess": any(b.text == tr("table.prowess_banner") for b in shown),
            "tray": bool(m.layout.tray),
            "warns": m.warns(),
            "choices": [
                {
                    "card": a.card,
                    "leaves": m.leaves_on_reveal(a.card),
                    "effect": bool(cards[a.card].type.effect),
                    "rect": list(m.layout.rest(a.card) or (0, 0, 0, 0)),
                }
                for a in choices
            ],
        }
    pad = next((s for s in app.stack if type(s).__name__ == "ScoringScene"), None)
    if pad is not None:
        out["pad"] = {"filled": pad.filled, "cells": [[seat, row, list(r)] for seat, row, r in pad.cell_rects]}
    return out


# --- the driver side: xdotool and import ------------------------------------------------------------


def xdo(*args: str) -> str:
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout


@dataclass
class Driver:
    """Plays the game through the keyboard and mouse, shooting as it goes."""

    out: Path
    status_path: Path
    window: str = ""
    origin: tuple[int, int] = (0, 0)
    size: tuple[int, int] = (0, 0)
    shots: list[tuple[Path, str]] = field(default_factory=list)
    done: set[str] = field(default_factory=set)

    def status(self) -> dict[str, Any]:
        try:
            return json.loads(self.status_path.read_text())
        except (OSError, ValueError):
            return {}

    def find_window(self, title: str, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = subprocess.run(["xdotool", "search", "--classname", title], capture_output=True, text=True)
            ids = found.stdout.split()
            if ids:
                self.window = ids[-1]
                geo = xdo("getwindowgeometry", "--shell", self.window)
                vals = dict(line.split("=", 1) for line in geo.split())
                self.origin = (int(vals["X"]), int(vals["Y"]))
                self.size = (int(vals["WIDTH"]), int(vals["HEIGHT"]))
                return
            time.sleep(0.5)
        raise SystemExit(f"no window of class {title!r}")

    def key(self, *keys: str, wait: float = 0.15) -> None:
        xdo("key", "--window", self.window, *keys)
        time.sleep(wait)

    def move(self, x: int, y: int, wait: float = 0.1) -> None:
        xdo("mousemove", str(self.origin[0] + x), str(self.origin[1] + y))
        time.sleep(wait)

    def shoot(self, label: str, *, once: str | None = None, settle: float = 0.25) -> None:
        """A shot of the window, named by order and label (`once`: at most one shot with that key)."""
        if once is not None:
            if once in self.done:
                return
            self.done.add(once)
        time.sleep(settle)
        slug = "".join(c if c.isalnum() else "_" for c in label)
        path = self.out / f"{len(self.shots):03d}-{slug}.png"
        w, h = self.size
        crop = f"{w}x{h}+{self.origin[0]}+{self.origin[1]}"
        subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", str(path)], check=True)
        self.shots.append((path, label))
        print(f"shot {path.name}", flush=True)

    def wait_quiet(self, timeout: float = 20.0) -> dict[str, Any]:
        """The status once nothing moves on the table."""
        end = time.monotonic() + timeout
        st = self.status()
        while time.monotonic() < end:
            st = self.status()
            if not st.get("table", {}).get("busy"):
                return st
            time.sleep(PAUSE)
        return st


def aids(d: Driver, r: int) -> None:
    """Once, at round 2: the Esc menu, the glossary, the hint and a hover zoom on a hand card."""
    d.key("Escape", wait=0.4)
    d.shoot(f"r{r} Esc menu")
    d.key("Escape", wait=0.4)
    d.key("g", wait=0.4)
    d.shoot(f"r{r} glossary")
    d.key("Escape", wait=0.4)
    d.key("h", wait=1.5)
    d.shoot(f"r{r} hint", settle=0.5)
    d.key("Escape", wait=0.4)
    hand = [c["rect"] for c in d.status().get("table", {}).get("choices", [])]
    if hand:  # the zoom must stand clear of the cards to choose from
        x, y, w, h = hand[len(hand) // 2]
        d.move(x + w // 2 - 5, y + h // 2 - 5)
        d.move(x + w // 2, y + h // 2, wait=0.9)
        d.shoot(f"r{r} hover zoom")
        d.move(2, 2, wait=0.3)


def pick_index(t: dict[str, Any], want_warning: bool) -> int:
    """Which choice to play: a card that leaves the game on reveal (once, to see the warning), else one
    with an effect in a reveal (to see a take), else the first."""
    choices = t["choices"]
    if t["phase"] == "reveal":
        if want_warning:
            for i, c in enumerate(choices):
                if c["leaves"]:
                    return i
        for i, c in enumerate(choices):
            if c["effect"] and not c["leaves"]:
                return i
    return 0


def decide(d: Driver, t: dict[str, Any]) -> None:
    """A human decision on the table: shoot what is worth it, then select and confirm with Enter."""
    r, phase = t["round"], t["phase"]
    if phase == "effects" and t["tray"]:
        d.shoot(f"r{r} take tray", once="tray")
    elif phase in SHOT_PHASES.get(r, ()):
        d.shoot(f"r{r} {phase}", once=f"{r}{phase}")
    if r == 2 and phase == "offer" and "aids" not in d.done:
        d.done.add("aids")
        aids(d, r)
    target = pick_index(t, "warning" not in d.done)
    for _ in range(target):
        d.key("Right", wait=0.05)
    d.key("Return", wait=0.3)
    if d.status().get("table", {}).get("warns"):
        d.shoot(f"r{r} reveal warning", once="warning")
    elif r == 1 and phase == "offer":
        d.shoot(f"r{r} {phase} selected", once=f"{r}{phase}sel")
    d.key("Return", wait=0.2)
    end = time.monotonic() + 5  # until the table has taken the choice (the status may lag a frame)
    while time.monotonic() < end and d.status().get("table", {}).get("choices") == t["choices"]:
        time.sleep(PAUSE)


def play(d: Driver, child: subprocess.Popen[bytes], timeout: float) -> None:
    """Drive until the score pad has been shot and left."""
    end = time.monotonic() + timeout
    seen_banners: set[str] = set()
    while time.monotonic() < end and child.poll() is None:
        st = d.status()
        top = st.get("top", "")
        t = st.get("table")
        if top == "ShieldScene":
            r = t["round"] if t else 0
            if r in SHIELD_ROUNDS:
                d.shoot(f"r{r} shield", once=f"shield{r}", settle=0.8)
            time.sleep(0.7)
            d.key("space", wait=0.4)
        elif top == "ScoringScene":
            score_pad(d)
            return
        elif t is not None and top in ("TableScene", "PassAndPlayTable"):
            if t["prowess"]:
                d.shoot(f"r{t['round']} Military Prowess banner", once="prowess", settle=0.3)
            for text in t["banners"]:
                if text not in seen_banners and t["round"] in BANNER_ROUNDS:
                    seen_banners.add(text)
                    d.shoot(f"r{t['round']} banner", once=f"banner{t['round']}", settle=0.05)
            if t["human"] and not t["busy"] and not t["held"]:
                decide(d, t)
        time.sleep(PAUSE)
    raise SystemExit("the game did not reach the score pad in time")


def score_pad(d: Driver) -> None:
    end = time.monotonic() + 30
    while time.monotonic() < end and not d.status().get("pad", {}).get("filled"):
        time.sleep(0.3)
    d.shoot("score pad", settle=0.6)
    cells = d.status().get("pad", {}).get("cells", [])
    if cells:
        x, y, w, h = cells[len(cells) // 2][2]
        d.move(x + w // 2 - 3, y + h // 2)
        d.move(x + w // 2, y + h // 2, wait=0.5)
        d.shoot("score pad cell breakdown")
    d.key("Escape", wait=0.5)
    d.shoot("score pad leave?")


def contact_sheet(shots: list[tuple[Path, str]], sheet: Path, title: str, width: int = 420) -> None:
    cmd = ["montage"]
    for path, label in shots:
        cmd += ["-label", label, str(path)]
    cmd += ["-tile", "4x", "-geometry", f"{width}x+6+6", "-pointsize", "15", "-background", "#202020"]
    cmd += ["-fill", "white", "-title", title, "-depth", "8", str(sheet)]
    subprocess.run(cmd, check=True)
    subprocess.run(["mogrify", "-colors", "160", str(sheet)], check=False)


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", default="1600x900")
    p.add_argument("--lang", default="en", choices=("en", "fr"))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--humans", type=int, default=1)
    p.add_argument("--bots", default="medium")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--speed", default="fast")
    p.add_argument("--bot-pause", type=float, default=0.15)
    p.add_argument("--out", type=Path, default=Path("/tmp/window_tour"))
    p.add_argument("--sheet", type=Path)
    p.add_argument("--timeout", type=float, default=900.0)
    p.add_argument("--window", type=Path, help=argparse.SUPPRESS)  # internal: run the window, status to FILE
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.window is not None:
        return run_window(args, args.window)
    args.out.mkdir(parents=True, exist_ok=True)
    status_path = Path(tempfile.mkdtemp()) / "status.json"
    child_argv = [a for a in (argv if argv is not None else sys.argv[1:])]
    child = subprocess.Popen([sys.executable, __file__, *child_argv, "--window", str(status_path)], env=os.environ)
    d = Driver(args.out, status_path)
    try:
        d.find_window(Path(__file__).stem)  # SDL names the window's class after the script
        play(d, child, args.timeout)
    finally:
        child.terminate()
        child.wait(timeout=20)
    if args.sheet is not None:
        mode = "pass-and-play" if args.humans > 1 else "solo"
        contact_sheet(d.shots, args.sheet, f"{mode} {args.size} {args.lang} seed {args.seed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
