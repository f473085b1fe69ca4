"""The window: one main loop at up to 60 frames a second and a stack of scenes.

Events go to the top scene; drawing starts at the highest opaque scene so overlays (menus, card
zoom, confirmations) show the scene below. Nothing is redrawn while no scene is dirty.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from pathlib import Path

import pygame

from amul_table.i18n import set_language, tr
from amul_table.recording import RecordsPlace, open_records_for
from amul_table.saving import SavesPlace
from amul_table.scenes.base import Scene
from amul_table.scenes.notice import Notices
from amul_table.settings import Settings
from amul_table.sprites import clear_caches

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 640)
MAX_SIZE = (3840, 2160)
DEFAULT_SIZE = (1600, 900)
FPS = 60


class App:
    """The window, the clock and the scene stack."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None, fps: int = FPS) -> None:
        self.settings = settings or Settings()
        set_language(self.settings.language)
        clear_caches()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        pygame.display.set_caption(tr("app.title"))
        self.fps = fps
        self.size = clamp_size(size or fit_desktop(DEFAULT_SIZE))
        self.fullscreen = False
        pygame.display.set_icon(window_icon())
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.frame_ms: list[float] = []  # CPU time of each frame that did work (for benchmarks)
        self.record_frames = False
        self.time = 0.0  # seconds of app time (the sum of frame dts)
        self.saves = SavesPlace.off()  # run_app opens the saves folder; renders and tests save nothing
        self.records = RecordsPlace.off()  # likewise the records database: only the real window records games
        self.notices = Notices()
        if self.settings.fullscreen:  # last: going full screen resizes the (empty) stack
            self.toggle_fullscreen()

    # --- the stack ------------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.resize(self.size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.leave()
        if self.top:
            self.top.enter()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from `scene` (main menu, play again)."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def mark_dirty(self) -> None:
        for scene in self.stack:
            scene.dirty = True

    # --- the loop -------------------------------------------------------------------------------

    def run(self) -> int:
        while self.running:
            dt = self.clock.tick(self.fps) / 1000.0
            self.step(min(dt, 0.1))
        self.close()
        return 0

    def step(self, dt: float) -> None:
        """One frame: events to the top scene, update it, redraw if anything changed."""
        start = time.thread_time()  # CPU time of this thread: bots think in another one
        self.time += dt
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        top = self.top
        if top is None:
            self.running = False
            return
        top.update(dt)
        if self.notices.expire(self.time):
            self.mark_dirty()
        visible = self.visible_scenes()
        drew = False
        if any(s.dirty for s in visible):
            for scene in visible:
                scene.draw(self.screen)
                scene.dirty = False
            self.notices.draw(self.screen)
            pygame.display.flip()
            drew = True
        if self.record_frames and drew:  # frames that drew something: the animation's cost
            self.frame_ms.append((time.thread_time() - start) * 1000.0)

    def visible_scenes(self) -> list[Scene]:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        return self.stack[first:]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.autosave()  # the window may be going away whatever is answered next
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            if event.type == pygame.WINDOWSIZECHANGED:
                self.resize(self.screen.get_size())
            self.mark_dirty()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            self.fullscreen_chosen()
            return
        if self.top is not None:
            self.top.handle_event(event)

    def request_quit(self) -> None:
        """Quit at once, unless a game is in progress: then ask first."""
        from amul_table.scenes.overlays import ConfirmOverlay

        if any(isinstance(s, ConfirmOverlay) and s.is_quit for s in self.stack):
            return
        if any(s.in_game for s in self.stack):
            self.push(ConfirmOverlay(self, tr("confirm.quit"), self.quit, is_quit=True))
        else:
            self.quit()

    def quit(self) -> None:
        self.running = False

    def autosave(self) -> None:
        """Every scene saves the game it holds (the table does; the others hold none)."""
        for scene in list(self.stack):
            scene.autosave()

    def notify(self, message: str, warning: bool = True) -> None:
        """Show a message over every scene for a few seconds."""
        self.notices.show(message, self.time, warning)
        self.mark_dirty()

    def resize(self, size: tuple[int, int]) -> None:
        size = clamp_size(size)
        if size != self.screen.get_size() and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.screen.get_size()
        for scene in self.stack:
            scene.resize(self.size)
        self.mark_dirty()

    def toggle_fullscreen(self) -> None:
        try:
            if self.fullscreen:
                self.screen = pygame.display.set_mode(self._windowed, pygame.RESIZABLE)
            else:
                self._windowed = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = not self.fullscreen
        except pygame.error as exc:  # some drivers have no full screen: stay windowed
            log.warning("full screen is not available: %s", exc)
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.resize(self.screen.get_size())

    def fullscreen_chosen(self) -> None:
        """F11 changes the full screen setting like the settings scene does: every scene hears of it
        (the settings scene's switch follows) and it is saved, so the next start opens the same way."""
        from amul_table.settings_file import save_settings

        self.settings.fullscreen = self.fullscreen
        for scene in self.stack:
            scene.settings_changed()
        problem = save_settings(self.settings)
        if problem:
            self.notify(problem)

    def close(self) -> None:
        while self.stack:
            self.stack.pop().leave()
        clear_caches()
        pygame.quit()


def fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, shrunk to 90% of the desktop when the screen is smaller (the window never starts too big)."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return size
    scale = min(1.0, dw * 0.9 / size[0], dh * 0.9 / size[1])
    return int(size[0] * scale), int(size[1] * scale)


def window_icon() -> pygame.Surface:
    """A Market card back on a transparent square."""
    from amul_table.sprites.cards import card_back

    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    icon.blit(card_back("market", 22, 31), (5, 0))
    return icon


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    w, h = size
    return (min(max(int(w), MIN_SIZE[0]), MAX_SIZE[0]), min(max(int(h), MIN_SIZE[1]), MAX_SIZE[1]))


def run_app(args: argparse.Namespace | None = None) -> int:
    """`amul-table` with no command: the window on the title scene."""
    app = window_app(args)
    return app.run()


def window_app(args: argparse.Namespace | None = None) -> App:
    """The window on the title scene, saving to `--saves DIR`, $AMUL_TABLE_SAVES or saves/."""
    from amul_table.scenes.title import TitleScene

    app = App(saved_settings())
    app.saves = SavesPlace.open(getattr(args, "saves", None))
    app.push(TitleScene(app))
    if app.saves.problem:
        app.notify(app.saves.problem)
    open_records_for(app)
    return app


def saved_settings() -> Settings:
    """The settings file's settings; a damaged file gives the defaults and a warning, never a crash."""
    from amul_table.settings_file import load_settings

    settings, problem = load_settings()
    if problem:
        log.warning("%s", problem)
    return settings


def headless() -> None:
    """Render without a screen or sound card (render, autoplay, tests)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


# --- headless entry points (the render and autoplay commands) ------------------------------------


def make_session(players: int, seed: int | None, bots: str, humans: int = 1, tea: int = 0):
    """Seats for a quick game: `humans` human seats first, then bots of one tier (or one per seat)."""
    from amul_table.scenes.setup import BOT_NAMES
    from amul_table.session import GameSession, SeatSetup

    tiers = [t.strip() for t in bots.split(",") if t.strip()] or ["medium"]
    seats = []
    for i in range(players):
        if i < humans:
            seats.append(SeatSetup(tr("setup.name_human") if humans == 1 else f"{tr('setup.human')} {i + 1}", True))
        else:
            tier = tiers[(i - humans) % len(tiers)]
            seats.append(SeatSetup(BOT_NAMES[(i - humans) % len(BOT_NAMES)], False, tier))
    return GameSession(seats, seed, tea)


def advance_to(session, round_number: int) -> None:
    """Play a session (humans choosing by a seeded coin) until `round_number`'s Offer waits on a human."""
    import random

    rng = random.Random(session.seed)
    while not session.is_over:
        session.run_bots_now()
        if session.is_over:
            break
        view = session.view(session.shown_seat())
        if view.round >= round_number and view.phase == "offer" and view.legal:
            break
        if view.legal:
            session.submit(rng.choice(view.legal))


def render_scene(
    scene: str,
    players: int,
    seed: int,
    out: str,
    size: tuple[int, int],
    bots: str = "medium",
    tea: int = 0,
    lang: str = "en",
    page: int = 1,
    saves: str | None = None,
) -> None:
    """Draw one scene headless and save it as a PNG (`saves`: the folder the title and Load scene read)."""
    import tempfile

    headless()
    from amul_table.scenes.scoring import ScoringScene
    from amul_table.scenes.setup import SetupScene
    from amul_table.scenes.showcase import SCENES as SHOWCASE_SCENES
    from amul_table.scenes.showcase import push_showcase
    from amul_table.scenes.table import TableScene
    from amul_table.scenes.title import TitleScene

    app = App(Settings(language=lang, animation_speed="instant", bot_pause=0.0), size)
    sample = None
    if saves is not None:
        app.saves = SavesPlace.open(saves)
    elif scene == "load":  # a few made-up saves in a temporary folder
        from amul_table.scenes.load import write_sample_saves

        sample = tempfile.TemporaryDirectory(prefix="amul-saves-")
        write_sample_saves(sample.name, players, seed, bots)
        app.saves = SavesPlace(Path(sample.name))
    if scene in SHOWCASE_SCENES:
        push_showcase(app, scene, players, seed, bots, tea, page)
    elif scene == "title":
        app.push(TitleScene(app))
    elif scene == "setup":
        app.push(TitleScene(app))
        setup = SetupScene(app)
        setup.players = players
        app.push(setup)
        setup.build()
    elif scene == "table":
        session = make_session(players, seed, bots, tea=tea)
        advance_to(session, 5)
        app.push(TableScene(app, session, intro=False))
    elif scene == "scoring":
        session = make_session(players, seed, bots, tea=tea)
        advance_to(session, 99)
        score = ScoringScene(app, session)
        app.push(score)
        score.clock = 1e9
    elif scene == "load":
        from amul_table.scenes.load import LoadScene

        app.push(TitleScene(app))
        app.push(LoadScene(app))
    else:
        raise ValueError(f"unknown scene {scene!r} (scenes: title, setup, table, scoring, load)")
    if app.saves.problem:
        app.notify(app.saves.problem)
    for _ in range(3):
        app.step(0.0)
    app.mark_dirty()
    app.step(0.0)
    pygame.image.save(app.screen, out)
    app.close()
    if sample is not None:
        sample.cleanup()


def autoplay(
    players: int,
    seed: int,
    bots: str = "medium",
    size: tuple[int, int] = DEFAULT_SIZE,
    bot_pause: float | None = None,
    tea: int = 0,
    max_seconds: float = 900.0,
) -> dict:
    """Run the real loop with bots in every seat, normal animation speed, from the deal to the score pad."""
    headless()
    from amul_table.scenes.scoring import ScoringScene
    from amul_table.scenes.table import TableScene

    settings = Settings(animation_speed="normal")
    if bot_pause is not None:
        settings.bot_pause = bot_pause
    app = App(settings, size)
    session = make_session(players, seed, bots, humans=0, tea=tea)
    app.push(TableScene(app, session))
    app.record_frames = True
    start = time.perf_counter()
    while app.running:
        dt = app.clock.tick(app.fps) / 1000.0
        app.step(min(dt, 0.1))
        top = app.top
        if isinstance(top, ScoringScene) and top.filled and not top.dirty:
            break
        if time.perf_counter() - start > max_seconds:
            raise RuntimeError(f"autoplay did not reach the score pad within {max_seconds:.0f} s")
    totals = top.shown_totals() if isinstance(top, ScoringScene) else []
    frames = sorted(app.frame_ms)
    app.close()
    return {
        "frames": len(frames),
        "p50_ms": round(percentile(frames, 50), 3),
        "p95_ms": round(percentile(frames, 95), 3),
        "p99_ms": round(percentile(frames, 99), 3),
        "max_ms": round(frames[-1], 3) if frames else 0.0,
        "seconds": round(time.perf_counter() - start, 2),
        "totals": totals,
    }


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not values:
        return 0.0
    k = max(0, min(len(values) - 1, round(p / 100 * len(values) + 0.5) - 1))
    return values[k]
