"""A seeded walk of the real window through every scene and overlay, reporting what went wrong, as JSON.

    python tools/explore.py --players 5 --lang fr --size 2560x1440 --seed 3 --json

It drives the App of amul_table/app/window.py with real pygame events (the dummy video driver unless one is
set), from the title: settings, rules & cards, glossary, records, the tutorial followed and ignored,
a solo game left and continued, pass and play with its shields, Save as, Load, the score pad, the
replay and the review from each of their entries. It prints one JSON object: `steps`, `scenes`,
`exceptions` (failed frames, errors the app logged, the walk getting lost), `unresolved_keys` (text
drawn that looks like a string key, lookups that found nothing), `unfinished_jobs` (bots, hints,
reviews, autosaves that did not finish), `slow_frames` (over 1 s of CPU) and `stopped`; it exits 0
only when all of them are empty. The same seed walks the same way. SIGTERM ends the walk cleanly.
Saves, records and settings go to a scratch folder, never the player's.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the checkout's root, so that `tools.` imports resolve
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the JSON report's alone

import pygame

from amul_table.rules.phases import Phase
from tools import explore_walk as walk
from tools.explore_driver import Driver, Findings, Probes, WalkLost, WalkStopped

MAX_STEPS = 60000  # frames at most, whatever happens (a walk at 8 players takes about a third of this)
JOB_END_WAIT = 30.0  # seconds every thread and future started during the walk gets to end after it
SIZES = {"1024x640": (1024, 640), "2560x1440": (2560, 1440)}


@dataclass(frozen=True)
class Options:
    """One walk: the table's size in players, the window's language and size, the dice."""

    players: int = 3
    lang: str = "en"
    size: tuple[int, int] = (1024, 640)
    seed: int = 1
    max_steps: int = MAX_STEPS
    bots: str = "easy"  # the bots' tier: the walk is about the window, not their play
    review_samples: int | None = None  # the review's playouts a decision (None: the window's own)
    speed: str = "fast"  # the animations' speed setting the window starts with
    skip: frozenset[str] = frozenset()  # routes left out (by name), for walks that share the work


Route = Callable[[Driver], None]


def routes(o: Options) -> list[tuple[str, Route]]:
    """The walk, route by route; each starts on the title."""
    return [
        ("title", walk.title_keys),
        ("settings", walk.settings),
        ("rules and cards", walk.browser),
        ("records, empty", walk.records),
        ("tutorial, coach followed", partial(tutorial, coach="follow")),
        ("tutorial, coach ignored", partial(tutorial, coach="ignore")),
        ("solo game", partial(solo_game, o)),
        ("pass and play", partial(pass_and_play, o)),
        ("load", walk.load),
        ("records", walk.records),
        ("quit", walk.quit_window),
    ]


def tutorial(d: Driver, coach: str) -> None:
    """Learn to play to the end, following the coach at every step (then its score pad and review), or
    ignoring it at every step (then Esc on the score pad, and Yes: the title)."""
    d.press("learn")
    walk.Play(d, coach=coach, aids=False).game()
    if coach == "follow":
        walk.score_pad(d, own=False)
        d.press("play_again")  # a game of its own at the tutorial's table, left at once
        walk.Play(d, aids=False).game(stop=lambda table: table.model.view.phase != Phase.OFFER)
        leave_game(d)
        return
    walk.expect(d, "ScoringScene")
    d.key(pygame.K_ESCAPE)
    d.press("yes")
    walk.expect(d, "TitleScene")


def solo_game(o: Options, d: Driver) -> None:
    """Against bots: left at round 4 for the title, resumed by Continue, played to the score pad; there the
    replay and review; then the same deal again, left after its first Offer."""
    walk.setup(d, o.players, humans=1, seed=o.seed, tier=o.bots)
    play = walk.Play(d)
    play.game(stop=lambda table: table.model.view.round >= 4)
    leave_game(d)
    d.press("continue")  # as the window saved it
    play.game()
    if not d.top_is("ScoringScene"):
        raise WalkLost(f"the game ended on {type(d.top).__name__}, not the score pad")
    walk.score_pad(d)
    d.press("play_deal_again", scene=d.top)
    walk.Play(d, aids=False).game(stop=lambda table: table.model.view.phase != Phase.OFFER)  # its first Offer
    leave_game(d)


def pass_and_play(o: Options, d: Driver) -> None:
    """Two humans (three from six players) share the screen for three rounds, with the Tea variant, every hand
    behind a shield; left from the shield's menu, resumed by Continue (the shield first), left again."""
    humans = 2 if o.players < 6 else 3
    walk.setup(d, o.players, humans=humans, seed=o.seed + 1, tier=o.bots, tea=1 + o.seed % 3)
    walk.Play(d, aids=False).game(stop=lambda table: table.model.view.round >= 3)
    leave_game(d)
    d.press("continue")
    walk.Play(d, aids=False).game(stop=lambda table: table.model.view.phase != Phase.OFFER)
    leave_game(d)


def leave_game(d: Driver) -> None:
    """Esc, Main menu, Yes: back on the title (the game autosaved)."""
    d.until(lambda: d.top_is("ShieldScene") or hasattr(d.top, "link"), what="the table")
    d.key(pygame.K_ESCAPE)
    d.press("main_menu")
    d.press("yes")
    if not d.top_is("TitleScene"):
        raise WalkLost(f"leaving the game ended on {type(d.top).__name__}")


@contextmanager
def scratch_folder() -> Iterator[Path]:
    """Saves, records, settings and crash log in a temporary folder, for the walk only."""
    with tempfile.TemporaryDirectory(prefix="amul-explore-") as folder:
        keep = {k: os.environ.get(k) for k in ("AMUL_TABLE_SETTINGS", "AMUL_TABLE_DATA", "AMUL_TABLE_SAVES")}
        os.environ["AMUL_TABLE_SETTINGS"] = str(Path(folder) / "settings.yaml")
        os.environ["AMUL_TABLE_DATA"] = str(Path(folder) / "data")
        os.environ.pop("AMUL_TABLE_SAVES", None)
        try:
            yield Path(folder)
        finally:
            for k, v in keep.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def explore(o: Options, stop: Callable[[], bool] = lambda: False) -> Findings:
    """Walk every route once; what was found. `stop()` True ends the walk at the next frame."""
    import amul_table.scenes.review as review_scene
    from amul_table.i18n import set_language

    findings = Findings()
    probes = Probes(findings, o.seed)
    samples = review_scene.SAMPLES
    pygame.quit()  # the walk's window starts cold: fonts and text kept from an earlier window would draw unwatched
    with scratch_folder() as folder, probes.installed():
        if o.review_samples is not None:
            review_scene.SAMPLES = o.review_samples
        d = Driver(
            findings, probes, lang=o.lang, size=o.size, seed=o.seed, max_steps=o.max_steps, folder=folder, stop=stop
        )
        try:
            d.open(speed=o.speed)
            for name, route in routes(o):
                if name in o.skip:
                    continue
                steps, cpu = findings.steps, time.process_time()
                try:
                    d.home()
                    route(d)
                except WalkLost as exc:
                    lost = str(exc)
                    if lost != "a frame failed" and not findings.unfinished_jobs:
                        trail = "\n  ".join(d.trail[-6:])
                        findings.exceptions.append(f"the walk got lost in {name}: {lost}; the last inputs:\n  {trail}")
                except WalkStopped:
                    raise
                except Exception as exc:  # the explorer's own expectations: reported, never hidden
                    where = type(d.app.top).__name__ if d.app and d.app.top else "-"
                    findings.exceptions.append(
                        f"in {name} (top: {where}):\n" + "".join(traceback.format_exception(exc))
                    )
                finally:
                    findings.routes[name] = {
                        "steps": findings.steps - steps,
                        "cpu_s": round(time.process_time() - cpu, 1),
                    }
        except WalkStopped as exc:
            findings.stopped = str(exc)
        finally:
            d.close()
            review_scene.SAMPLES = samples
            findings.unfinished_jobs += probes.unfinished(JOB_END_WAIT)
            set_language("en")
    return findings


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=3, choices=range(3, 9), metavar="3..8")
    p.add_argument("--lang", default="en", choices=("en", "fr"))
    p.add_argument("--size", default="1024x640", help="WxH, e.g. 1024x640 or 2560x1440")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-steps", type=int, default=MAX_STEPS, help="frames at most (default %(default)s)")
    p.add_argument("--bots", default="easy", choices=("easy", "medium", "hard", "expert"))
    p.add_argument("--review-samples", type=int, help="the review's playouts a decision (default: the window's)")
    p.add_argument("--speed", default="fast", choices=("slow", "normal", "fast", "instant"), help="animations")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object (the default)")
    return p.parse_args(argv)


def size_of(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size: {text!r} is not WIDTHxHEIGHT") from None
    return w, h


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    o = Options(
        args.players,
        args.lang,
        size_of(args.size),
        args.seed,
        args.max_steps,
        args.bots,
        args.review_samples,
        args.speed,
    )
    asked = {"stop": False}

    def terminate(signum: int, frame: object) -> None:
        asked["stop"] = True

    signal.signal(signal.SIGTERM, terminate)
    findings = explore(o, stop=lambda: asked["stop"])
    print(json.dumps(findings.as_json(), ensure_ascii=False))
    return 0 if findings.clean and not findings.stopped else 1


if __name__ == "__main__":
    raise SystemExit(main())
