"""The explorer's hands and eyes: the real App, fed real pygame events one frame at a time, and what it saw.

`Driver` owns one App (saves, records and settings in a scratch folder), posts mouse and keyboard
events into pygame's queue and runs `App.guarded_step`, the window's own frame (events through
`App.handle_event`, its crash handler around it). `Probes` watch while it runs: every rendered line of
text (a string key shown raw), every string lookup that found nothing, every thread and future started
(each must end), every error the app logged with a traceback, and each frame's CPU time.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import logging
import os
import random
import re
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui.core.gui_font_pygame as gui_font

SLOW_FRAME = 1.0  # seconds of CPU: a frame this long is reported
JOB_WAIT = 90.0  # seconds a background job (a bot's move, a hint, a review, an autosave) may take
FILE_ENDINGS = {"json", "yaml", "yml", "log", "db", "sqlite", "sqlite3", "txt", "png", "wav", "ttf", "py"}
KEYLIKE = re.compile(r"(?<![\w./\\-])([a-z][a-z0-9_]*)((?:\.[a-z0-9_]+)+)(?![\w/\\-])")


class WalkStopped(Exception):
    """The walk ends now: the step budget is spent or SIGTERM arrived."""


class WalkLost(Exception):
    """The app is not where the walk expected it (after a failed frame, a closed window, a hang)."""


@dataclass
class Findings:
    """What one walk found; `clean` only when nothing is wrong."""

    steps: int = 0
    scenes: set[str] = field(default_factory=set)
    exceptions: list[str] = field(default_factory=list)
    unresolved_keys: set[str] = field(default_factory=set)
    unfinished_jobs: list[str] = field(default_factory=list)
    slow_frames: list[dict[str, Any]] = field(default_factory=list)
    stopped: str = ""  # why the walk ended early ("" when it went all the way)
    routes: dict[str, dict[str, float]] = field(default_factory=dict)  # steps and CPU seconds of each route
    did: dict[str, int] = field(default_factory=dict)  # how often the walk did each thing worth counting
    inputs: Any = field(default_factory=hashlib.sha256, repr=False)  # every input given, in order (same seed, same)

    @property
    def clean(self) -> bool:
        return not (self.exceptions or self.unresolved_keys or self.unfinished_jobs or self.slow_frames)

    def as_json(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "scenes": sorted(self.scenes),
            "exceptions": self.exceptions,
            "unresolved_keys": sorted(self.unresolved_keys),
            "unfinished_jobs": self.unfinished_jobs,
            "slow_frames": self.slow_frames,
            "stopped": self.stopped,
            "routes": self.routes,
            "did": dict(sorted(self.did.items())),
        }

    def count(self, what: str) -> None:
        self.did[what] = self.did.get(what, 0) + 1


# --- probes: text, lookups, jobs, logged errors ------------------------------------------------------


def key_prefixes() -> set[str]:
    """The first word of every string key (`scoring` of `scoring.rank.1`): what a raw key starts with."""
    from amul_table.i18n import STRINGS

    return {key.split(".", 1)[0] for table in STRINGS.values() for key in table if "." in key}


def keys_in(value: str, prefixes: set[str]) -> list[str]:
    """The words of `value` that look like string keys (`table.phase.offer`), file names left out."""
    found = []
    for m in KEYLIKE.finditer(value):
        word = m.group(0)
        if m.group(1) in prefixes and word.rsplit(".", 1)[1] not in FILE_ENDINGS:
            found.append(word)
    return found


class _LogCatcher(logging.Handler):
    """Errors the app logged with a traceback (a failed bot, a failed hint search): swallowed, not fine."""

    def __init__(self, sink: Callable[[str], None]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.name.startswith("amul_table") and record.name != "amul_table.app.window":
            self.sink(
                f"logged by {record.name}: {record.getMessage()}\n"
                + "".join(traceback.format_exception(*record.exc_info))
            )


@dataclass
class Probes:
    """Hooks set while a walk runs, and what they caught."""

    findings: Findings
    seed: int
    threads: list[threading.Thread] = field(default_factory=list)
    futures: list[tuple[str, concurrent.futures.Future]] = field(default_factory=list)
    flips: int = 0  # frames the window showed (pygame.display.flip, or .update with the rectangles that changed)

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Every hook on, and off again whatever happens (the process may run other walks after)."""
        import amul_table.i18n as i18n
        import amul_table.match.match as match_module
        from amul_table.sprites.style import MeasuredFont

        prefixes = key_prefixes()
        findings = self.findings
        original_font, original_gui_font = pygame.font.Font, gui_font.Font
        original_lookup = i18n._lookup
        original_submit = concurrent.futures.ThreadPoolExecutor.submit
        original_start = threading.Thread.start
        original_salt, original_random = match_module.fresh_bot_salt, match_module.random
        probes = self

        def watch(text: object) -> None:
            """Report a line about to be rendered that looks like a string key."""
            if isinstance(text, str) and "." in text:
                findings.unresolved_keys.update(keys_in(text, prefixes))

        class WatchedFont(original_font):  # type: ignore[misc, valid-type]
            """A font that reports every line it renders that looks like a string key."""

            def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
                watch(text)
                return super().render(text, *args, **kwargs)

        measured_render = MeasuredFont.render  # the shipped fonts' class: made from pygame's Font before this walk

        def render_measured(font, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            watch(text)
            return measured_render(font, text, *args, **kwargs)

        def lookup(lang: str, key: str) -> str:
            found = original_lookup(lang, key)
            if found == key:
                findings.unresolved_keys.add(key)
            return found

        def submit(executor, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            future = original_submit(executor, fn, *args, **kwargs)
            probes.futures.append((getattr(fn, "__qualname__", repr(fn)), future))
            return future

        def start(thread: threading.Thread) -> None:
            probes.threads.append(thread)
            original_start(thread)

        seeded = random.Random(f"explore-{self.seed}")

        class SeededRandom:
            """The session's new seeds and bot salts, drawn from the walk's seed: same seed, same games."""

            @staticmethod
            def SystemRandom() -> random.Random:
                return seeded

        def thread_failed(args: threading.ExceptHookArgs) -> None:
            trace = "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback))
            findings.exceptions.append(f"thread {args.thread.name if args.thread else '?'} failed:\n{trace}")

        original_hook, original_flip, original_update = threading.excepthook, pygame.display.flip, pygame.display.update

        def flip() -> None:
            probes.flips += 1
            original_flip()

        def update(*rects: Any) -> None:
            probes.flips += 1
            original_update(*rects)

        catcher = _LogCatcher(findings.exceptions.append)
        logging.getLogger("amul_table").addHandler(catcher)
        pygame.font.Font = WatchedFont
        gui_font.Font = WatchedFont
        MeasuredFont.render = render_measured  # type: ignore[method-assign]
        i18n._lookup = lookup
        concurrent.futures.ThreadPoolExecutor.submit = submit  # type: ignore[method-assign]
        threading.Thread.start = start  # type: ignore[method-assign]
        match_module.fresh_bot_salt = lambda: seeded.randrange(1, 2**62)
        match_module.random = SeededRandom  # type: ignore[assignment]
        threading.excepthook = thread_failed
        pygame.display.flip, pygame.display.update = flip, update
        try:
            yield
        finally:
            pygame.font.Font, gui_font.Font = original_font, original_gui_font
            MeasuredFont.render = measured_render  # type: ignore[method-assign]
            i18n._lookup = original_lookup
            concurrent.futures.ThreadPoolExecutor.submit = original_submit  # type: ignore[method-assign]
            threading.Thread.start = original_start  # type: ignore[method-assign]
            match_module.fresh_bot_salt, match_module.random = original_salt, original_random
            logging.getLogger("amul_table").removeHandler(catcher)
            threading.excepthook = original_hook
            pygame.display.flip, pygame.display.update = original_flip, original_update

    def unfinished(self, wait: float) -> list[str]:
        """The jobs started during the walk that have not ended `wait` seconds from now (idle autosave
        writers, which wait for more work on their own, excepted once their work is written)."""
        end = time.monotonic() + wait
        left = []
        for name, future in self.futures:
            try:
                future.exception(timeout=max(0.0, end - time.monotonic()))
            except concurrent.futures.CancelledError:
                pass
            except concurrent.futures.TimeoutError:
                left.append(f"future {name} still running")
        for thread in self.threads:
            if thread.name == "autosave":
                continue
            thread.join(max(0.0, end - time.monotonic()))
            if thread.is_alive():
                left.append(f"thread {thread.name} still running")
        return left


# --- the driver --------------------------------------------------------------------------------------


class Driver:
    """One App and the means to use it as a person would: keys, clicks, moves, wheel, typing, time."""

    def __init__(
        self,
        findings: Findings,
        probes: Probes,
        *,
        lang: str,
        size: tuple[int, int],
        seed: int,
        max_steps: int,
        folder: Path,
        stop: Callable[[], bool],
    ) -> None:
        self.findings = findings
        self.probes = probes
        self.lang = lang
        self.size = size
        self.rng = random.Random(seed)
        self.max_steps = max_steps
        self.folder = folder
        self.stop = stop
        self.app: Any = None
        self.failed = 0  # frames the app's crash handler caught since the walk last recovered
        self.trail: list[str] = []  # the latest inputs, for the report of a walk that got lost
        self.looked: set[tuple] = set()  # the scenes' looks whose widgets were checked
        self.walked: set[tuple] = set()  # what the walk does once however often it comes by (a scene resized...)
        self.closing = False  # the walk means to close the window (its Quit)

    # --- the app -----------------------------------------------------------------------------------

    def open(self, *, speed: str = "fast") -> None:
        """A window as `amul-table` opens it (saves folder, records, the title), in the walk's language."""
        from amul_table.app.recording import open_records_for
        from amul_table.app.window import App
        from amul_table.persistence.saves_folder import SavesFolder
        from amul_table.persistence.settings import Settings
        from amul_table.scenes.title import TitleScene

        settings = Settings(language=self.lang, animation_speed=speed, bot_pause=0.0, volume=0.0, mute=True)
        app = App(settings, size=self.size)
        app.saves = SavesFolder.open(self.folder / "saves")
        open_records_for(app)
        app.push(TitleScene(app))
        original = app.frame_failed

        def frame_failed(exc: Exception) -> None:
            where = type(app.top).__name__ if app.top else "no scene"
            self.findings.exceptions.append(f"frame failed on {where}:\n" + "".join(traceback.format_exception(exc)))
            self.failed += 1
            original(exc)

        app.frame_failed = frame_failed
        self.app = app

    def close(self) -> None:
        if self.app is not None:
            self.app.close()
            self.app = None

    def home(self) -> None:
        """Back on the title, with no failure pending (a new window if the last one closed)."""
        from amul_table.scenes.title import TitleScene

        if self.app is None or not self.app.running:
            speed = self.app.settings.animation_speed if self.app else "fast"
            self.close()
            self.open(speed=speed)
        elif not isinstance(self.app.top, TitleScene) or len(self.app.stack) != 1:
            self.app.reset(TitleScene(self.app))
        self.failed = 0
        self.closing = False
        self.frame()

    @property
    def top(self) -> Any:
        return self.app.top

    def top_is(self, name: str) -> bool:
        return self.app.top is not None and type(self.app.top).__name__ == name

    # --- time --------------------------------------------------------------------------------------

    def frame(self, dt: float = 1 / 60, *, draw: bool = True) -> None:
        """One frame of the window (background jobs first given the time they need, so that the walk
        is the same whatever the machine's speed). `draw` False: a frame between two of the walk's inputs
        (the press of a click, whose release acts in the next frame) runs all but the drawing, and its
        scenes stay dirty: the next frame draws what it would have, once (unless a job just ended: the
        window must show that now)."""
        if self.stop():
            raise WalkStopped("SIGTERM")
        if self.findings.steps >= self.max_steps:
            raise WalkStopped(f"the step budget ({self.max_steps}) is spent")
        if self.closing and not self.app.running:
            return  # the walk closed the window on purpose: nothing more happens in it
        ended = self.wait_for_jobs()
        flips = self.probes.flips
        start = time.thread_time()
        if draw or ended:
            self.app.guarded_step(dt)
        else:
            self.app.show = _show_nothing  # the instance's, over the App's method, for this frame only
            try:
                self.app.guarded_step(dt)
            finally:
                del self.app.show
        spent = time.thread_time() - start
        if ended and self.probes.flips == flips and self.app.running and not self.failed:
            self.findings.unfinished_jobs.append(
                f"{' and '.join(ended)} ended but the window did not redraw: it still shows it running"
            )
        self.findings.steps += 1
        self.findings.scenes.update(type(s).__name__ for s in self.app.stack)
        self.check_widgets()
        if self.probes.flips != flips:
            self.check_hidden()
        if spent > SLOW_FRAME:
            top = type(self.app.top).__name__ if self.app.top else "-"
            self.findings.slow_frames.append({"step": self.findings.steps, "scene": top, "cpu_s": round(spent, 2)})
        if self.failed:
            raise WalkLost("a frame failed")
        if not self.app.running and not self.closing:
            raise WalkLost("the window closed")

    def frames(self, n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.frame(dt)

    def settle(self, n: int) -> None:
        """The `n` frames after an input, only the last drawn: it draws what the ones before changed (all that
        goes unseen is a button's pressed look between its press and its action, in the next frame)."""
        for i in range(n):
            self.frame(draw=i == n - 1)

    def until(self, done: Callable[[], bool], limit: int = 400, dt: float = 0.1, what: str = "") -> None:
        """Frames until `done()`; a walk that waits longer than `limit` frames is lost."""
        for _ in range(limit):
            if done():
                return
            self.frame(dt)
        if not done():
            raise WalkLost(f"waited {limit} frames for {what or done}")

    def check_widgets(self) -> None:
        """Each scene's buttons and fields, once a look (a scene, its labels): inside the window, none over another."""
        top = self.app.top
        ui = getattr(top, "ui", None) or getattr(getattr(top, "prompt_bar", None), "ui", None)
        if ui is None:
            return
        shown = [(k, e) for k, e in ui.elements.items() if e.visible]
        look = (type(top).__name__, self.app.size, tuple((k, getattr(e, "text", "")) for k, e in shown))
        if look in self.looked:
            return
        self.looked.add(look)
        window = self.app.screen.get_rect()
        for i, (key, element) in enumerate(shown):
            if not window.contains(element.rect):
                self.problem(f"{look[0]}: {key!r} at {tuple(element.rect)} lies outside the {window.size} window")
            for other, rect in ((k, e.rect) for k, e in shown[i + 1 :]):
                if element.rect.colliderect(rect):
                    self.problem(f"{look[0]}: {key!r} and {other!r} overlap at {window.size}")

    def check_hidden(self) -> None:
        """No face drawn on the table that its seat may not see: a rival's hand card, face-down Offer or
        Reveal, or a deck card, unless its seat's own log showed it (turned over, picked, taken...)."""
        table = next((s for s in self.app.stack if hasattr(s, "drawn_faces") and hasattr(s, "link")), None)
        if table is None or not table.drawn_faces:
            return
        state, shown = table.client.match.state, table.model.shown
        public = {c for e in table.link.view(shown).log for c in e.cards}  # what this seat has seen or been told
        hidden = {c for s, hand in enumerate(state.hands) if s != shown for c in hand}
        hidden |= {c for s, c in enumerate([*state.offers, *state.reveals]) if s % state.players != shown and c >= 0}
        leaked = (table.drawn_faces & (hidden - public)) | (table.drawn_faces & set(state.deck))
        if leaked:
            self.problem(f"{type(table).__name__} drew hidden cards {sorted(leaked)} to seat {shown}")

    def problem(self, what: str) -> None:
        if what not in self.findings.exceptions:
            self.findings.exceptions.append(what)

    def wait_for_jobs(self) -> list[str]:
        """Let the bots think, the hint search, the review rate and the autosave write, each to its end; the
        jobs whose end the window must show (a hint, a review) that ended during the wait."""
        app = self.app
        shown: list[str] = []
        for thinking, _gate in list(app.game.bot_thread.jobs if app.game is not None else ()):
            self._wait(thinking, "a bot's move")
        for scene in app.stack:
            pending = getattr(scene, "pending", None)
            if isinstance(pending, concurrent.futures.Future):
                if not pending.done():
                    shown.append("the hint's search")
                self._wait(pending, "the hint's search")
            job = getattr(scene, "job", None)
            worker = getattr(job, "thread", None) or getattr(scene, "worker", None)
            if isinstance(worker, threading.Thread) and worker.is_alive():
                shown.append(f"the review of seat {scene.seat}")
                worker.join(JOB_WAIT)
                if worker.is_alive():
                    self.job_lost(f"the review of seat {scene.seat} ran over {JOB_WAIT:.0f} s")
        writer = getattr(app.saves, "writer", None)
        if writer is not None and not writer.flush(JOB_WAIT):
            self.job_lost(f"the autosave was not written in {JOB_WAIT:.0f} s")
        return shown

    def _wait(self, future: concurrent.futures.Future, what: str) -> None:
        try:
            future.exception(timeout=JOB_WAIT)
        except concurrent.futures.CancelledError:
            return
        except concurrent.futures.TimeoutError:
            self.job_lost(f"{what} ran over {JOB_WAIT:.0f} s")

    def job_lost(self, what: str) -> None:
        self.findings.unfinished_jobs.append(what)
        raise WalkLost(what)

    # --- input -------------------------------------------------------------------------------------

    def post(self, kind: int, **attrs: Any) -> None:
        top = type(self.app.top).__name__ if self.app.top else "-"
        shown = pygame.key.name(attrs["key"]) if "key" in attrs else attrs.get("pos", attrs.get("text", ""))
        self.trail = [*self.trail[-11:], f"{pygame.event.event_name(kind)} {shown} on {top}"]
        self.findings.inputs.update(f"{self.findings.steps} {self.trail[-1]}\n".encode())
        if os.environ.get("AMUL_EXPLORE_TRACE"):
            print(self.findings.steps, self.trail[-1], file=sys.stderr)
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def key(self, key: int, *, mod: int = 0, unicode: str = "", frames: int = 1) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.settle(frames)

    def move(self, pos: tuple[int, int], frames: int = 1) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frames(frames)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """Move there, press and release (a quick click, within one frame): a pygame_gui button acts on the
        release, in the frame after."""
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.settle(2)

    def wheel(self, pos: tuple[int, int], y: int) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
        self.frame()

    def type_text(self, value: str) -> None:
        for ch in value:
            self.post(pygame.TEXTINPUT, text=ch)
        self.frame()

    def press(self, name: str, *, scene: Any = None, how: str = "") -> None:
        """Press the button `name` of `scene` (the top one by default): a click on it, or Tab round the
        focus ring to it and Enter; `how` says which ("" lets the walk's dice choose)."""
        scene = scene or self.app.top
        widget = scene.ui.elements.get(name) if hasattr(scene, "ui") else None
        if widget is None or not widget.visible:
            raise WalkLost(f"no button {name!r} on {type(scene).__name__}")
        if not self.app.screen.get_rect().contains(widget.rect):
            self.findings.exceptions.append(
                f"the button {name!r} of {type(scene).__name__} at {tuple(widget.rect)} lies outside the "
                f"{self.app.size[0]}x{self.app.size[1]} window"
            )
            raise WalkLost(f"the button {name!r} cannot be reached")
        how = how or self.rng.choice(("mouse", "mouse", "keys"))
        if how == "keys" and name in scene.ui.focusable() and not scene.ui.typing() and self.tab_to(scene, name):
            self.key(pygame.K_RETURN, frames=2)
            return
        self.click(widget.rect.center)

    def tab_to(self, scene: Any, name: str) -> bool:
        """Tab round the focus ring to `name`: one Tab, and if it moved the ring (the replay's Tab shows the next
        seat instead), the rest as a quick hand does, all in one frame. Whether `name` has the focus."""
        ring = scene.ui.focusable()
        at = scene.ui.focused()
        if at == name:
            return True
        self.key(pygame.K_TAB)
        moved = ring[(ring.index(at) + 1) % len(ring)] if at in ring else ring[0]
        if scene.ui.focused() != moved or scene.ui.focusable() != ring:
            return False
        for _ in range((ring.index(name) - ring.index(moved)) % len(ring)):
            self.post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
            self.post(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
        if scene.ui.focused() != name:
            self.frame()
        return scene.ui.focused() == name


def _show_nothing(visible: list[Any]) -> None:
    """App.show for a frame the walk does not draw."""
