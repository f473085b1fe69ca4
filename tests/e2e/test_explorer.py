"""The explorer (tools/explore.py) walks the real window through every scene and finds nothing wrong.

One walk a combination of players, language and window size. The full matrix (3, 5, 8 players ×
en, fr × 1024×640, 2560×1440) is twelve walks (`python tools/explore.py`); here six cover every pair
of its values (each player count in both languages and at both sizes). The first, 3 players in English
at 1024×640, animates ("fast"); the others animate "instant" (a frame of a moving card costs the most),
walk the tutorial's fixed 3-player deal at 3 players only, and the title's plain scenes (settings, rules
and cards, empty records: the same at any table size) once for each language and window size; their
bots are medium, the setup's default (as cheap as easy to run, and the setup walk changes no bot seat for
it), the first's easy (the command's default). `make test-fast` walks a short way once: the title's
scenes, pass and play, Load, Quit; `make test` walks it a second time, the same way.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import budget
from tools.explore import Options, explore
from tools.explore_driver import Findings
from tools.explore_walk import AIDS

ROOT = Path(__file__).resolve().parents[2]
SMALL, BIG = (1024, 640), (2560, 1440)
REVIEW_SAMPLES = 8  # the review's work is the review's tests' business: here it must only finish
EVERY_SCENE = {
    "TitleScene",
    "SettingsScene",
    "CardBrowserScene",
    "RulesScene",
    "GlossaryOverlay",
    "RecordsScene",
    "TutorialScene",
    "SetupScene",
    "TableScene",
    "PassAndPlayTable",
    "ShieldScene",
    "MenuOverlay",
    "KeysOverlay",
    "ZoomOverlay",
    "HintOverlay",
    "SaveAsOverlay",
    "ConfirmOverlay",
    "ScoringScene",
    "ReplayScene",
    "ReviewScene",
    "LoadScene",
}

DONE = {  # what every walk must have done at least once
    "offer",
    "pick",
    "reveal",
    "decline",
    "take from the tray",
    "take back",
    "shield lifted",
    "coach followed",
    "coach ignored",
    "review from ScoringScene",
    "review from ReplayScene",
    "records of finished games",
    "load lists a finished game",
    *(f"aid: {aid}" for aid in AIDS),
}


TUTORIAL = frozenset({"tutorial, coach followed", "tutorial, coach ignored"})
PLAIN = frozenset({"settings", "rules and cards", "records, empty"})  # the same at any table size
PLAIN_SCENES = {"CardBrowserScene", "RulesScene"}  # reached by the plain routes only
SHORT = TUTORIAL | {"solo game"}  # left out of the short walk
SHORT_SCENES = EVERY_SCENE - {  # what the short walk reaches: all but the tutorial's, the solo game's and its pad's
    "TutorialScene",
    "TableScene",
    "KeysOverlay",
    "ZoomOverlay",
    "HintOverlay",
    "SaveAsOverlay",
    "ScoringScene",
    "ReplayScene",
    "ReviewScene",
}


def walk(
    players: int,
    lang: str,
    size: tuple[int, int],
    seed: int,
    *,
    speed: str,
    skip: frozenset[str] = frozenset(),
    bots: str = "medium",
) -> dict:
    o = Options(players, lang, size, seed, bots=bots, review_samples=REVIEW_SAMPLES, speed=speed, skip=skip)
    return explore(o).as_json()


def check(report: dict) -> None:
    """Nothing wrong, and every scene reached and every kind of decision made that the routes walked allow."""
    problems = {k: report[k] for k in ("exceptions", "unresolved_keys", "unfinished_jobs", "slow_frames", "stopped")}
    assert not any(problems.values()), json.dumps(problems, indent=1, ensure_ascii=False)[:6000]
    walked = set(report["routes"])
    scenes = EVERY_SCENE - (set() if walked & TUTORIAL else {"TutorialScene"})
    scenes -= set() if walked >= PLAIN else PLAIN_SCENES
    assert not scenes - set(report["scenes"]), f"never reached: {sorted(scenes - set(report['scenes']))}"
    done = DONE - {f"coach {how}" for how in ("followed", "ignored") if f"tutorial, coach {how}" not in walked}
    assert not done - set(report["did"]), f"never done: {sorted(done - set(report['did']))}"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "lang", "size", "seed"),
    [
        (3, "en", SMALL, 1),
        (3, "fr", BIG, 2),
        (5, "en", BIG, 3),
        (5, "fr", SMALL, 4),
        (8, "en", SMALL, 5),
        (8, "fr", BIG, 6),
    ],
    ids=["3-en-1024", "3-fr-2560", "5-en-2560", "5-fr-1024", "8-en-1024", "8-fr-2560"],
)
def test_every_scene_at_every_table_size_language_and_window(players, lang, size, seed) -> None:
    """3-en-1024 walks all of it, animated; the others leave out the tutorial above 3 players (the coach ignored:
    3-en-1024's alone), and at 8 players the plain routes (walked at 3 in the same language and window)."""
    if (players, lang, size) == (3, "en", SMALL):
        check(walk(3, "en", SMALL, seed, speed="fast", bots="easy"))
        return
    skip = TUTORIAL if players > 3 else frozenset({"tutorial, coach ignored"})
    check(walk(players, lang, size, seed, speed="instant", skip=skip | (PLAIN if players == 8 else frozenset())))


def short_walk() -> Findings:
    """The title's scenes, a pass-and-play game left and continued, Load, Quit: 3 players, English, 1024×640."""
    return explore(Options(3, "en", SMALL, seed=7, bots="medium", speed="instant", skip=SHORT))


def check_short(once: Findings) -> None:
    report = once.as_json()
    problems = {k: report[k] for k in ("exceptions", "unresolved_keys", "unfinished_jobs", "slow_frames", "stopped")}
    assert not any(problems.values()), json.dumps(problems, indent=1, ensure_ascii=False)[:6000]
    assert not SHORT_SCENES - once.scenes, f"never reached: {sorted(SHORT_SCENES - once.scenes)}"
    assert {"offer", "pick", "reveal", "shield lifted"} <= set(once.did)


def test_a_short_walk_reaches_the_main_scenes_finds_nothing_and_walks_the_same_way_again() -> None:
    """`make test-fast` walks once; `make test` walks a second time, which must go the same way (one test, not
    two sharing a fixture: pytest-xdist would walk the fixture once in each worker)."""
    once = short_walk()
    check_short(once)
    if budget.FAST_RUN:
        return

    def steps(findings: Findings) -> dict[str, float]:
        return {name: route["steps"] for name, route in findings.routes.items()}

    again = short_walk()
    assert steps(again) == steps(once) and again.did == once.did
    assert again.inputs.hexdigest() == once.inputs.hexdigest()


def test_the_command_prints_one_json_object_and_stops_on_sigterm(tmp_path: Path, tmp_path_factory) -> None:
    scratch = tmp_path_factory.mktemp("scratch")  # where the walk's own temporary folder goes (TMPDIR)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TMPDIR": str(scratch)}
    cmd = [
        sys.executable,
        str(ROOT / "tools" / "explore.py"),
        "--players",
        "8",
        "--size",
        "1024x640",
        "--seed",
        "2",
        "--json",
    ]
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path, text=True)
    deadline = time.monotonic() + 60
    while not list(scratch.glob("amul-explore-*/settings.yaml")):  # the settings route: steps into the walk
        assert child.poll() is None and time.monotonic() < deadline, "the walk never reached its settings"
        time.sleep(0.01)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    report = json.loads(out)
    assert {"steps", "scenes", "exceptions", "unresolved_keys", "unfinished_jobs"} <= set(report), out
    assert report["stopped"] == "SIGTERM" and report["steps"] > 0, err[-2000:]
    assert child.returncode == 1  # a walk cut short is not a clean walk
    assert not list(tmp_path.iterdir()), "the explorer wrote into the folder it ran in"


def test_a_drawn_key_a_missing_key_a_failed_frame_and_a_shown_hand_are_reported(monkeypatch) -> None:
    """The net itself: text drawn with a key in it, a lookup of a key no table holds, a frame that raises, a
    rival's hand card drawn face up. The line with the key was drawn before, by a window closed keeping pygame
    (as the tests' windows are): its cached fonts render past the key guard, so the walk must start cold."""
    from amul_table.i18n import tr
    from amul_table.scenes.records import RecordsScene
    from amul_table.scenes.settings import SettingsScene
    from amul_table.scenes.title import TitleScene
    from amul_table.scenes.tutorial import TutorialScene
    from amul_table.sprites.style import text
    from tests.window_driver import open_window

    app = open_window(SMALL)
    app.push(TitleScene(app))
    app.step(1 / 60)
    text("Rank: scoring.rank.99 settings.no_such_line", 20)
    app.close(quit_pygame=False)

    real_table_draw = TutorialScene.draw

    def show_a_hand(self, surface) -> None:
        real_table_draw(self, surface)
        self.drawn_faces = self.drawn_faces | set(self.client.match.state.hands[1])

    real_draw = SettingsScene.draw

    def draw_a_key(self, surface) -> None:
        real_draw(self, surface)
        surface.blit(text(f"Rank: scoring.rank.99 {tr('settings.no_such_line')}", 20), (0, 0))

    def fail(self, surface) -> None:
        raise RuntimeError("an injected failure")

    monkeypatch.setattr(SettingsScene, "draw", draw_a_key)
    monkeypatch.setattr(RecordsScene, "draw", fail)
    monkeypatch.setattr(TutorialScene, "draw", show_a_hand)
    into_the_tutorial = Options(3, "en", SMALL, seed=1, max_steps=130, skip=frozenset({"rules and cards"}))
    findings = explore(into_the_tutorial)  # the title, settings, records, 50 steps of the tutorial: no card browser
    assert {"scoring.rank.99", "settings.no_such_line"} <= findings.unresolved_keys
    assert any("an injected failure" in e for e in findings.exceptions)
    assert "TutorialScene" in findings.scenes  # the walk went on after the failed frame
    assert any("TutorialScene drew hidden cards" in e for e in findings.exceptions)
    assert not findings.clean
