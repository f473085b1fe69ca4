"""The window: one main loop at up to 60 frames a second and a stack of scenes.

Events go to the top scene; drawing starts at the highest opaque scene so overlays (menus, card
zoom, confirmations) show the scene below. Nothing is redrawn while no scene is dirty.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import logging
import os
import signal
import stat
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from amul_table.app.recording import RecordsLink, keep_finished_game
from amul_table.i18n import set_language, tr, tr_error
from amul_table.persistence.errors import SaveError, SettingsError
from amul_table.persistence.records import FinishedGame
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.persistence.settings import Settings
from amul_table.scenes.base import Scene
from amul_table.scenes.gui_managers import forget_themes
from amul_table.scenes.notice import Notices
from amul_table.scenes.routes import Route
from amul_table.scenes.saves_text import reason_text
from amul_table.sound.mixer import SoundBoard
from amul_table.sprites import clear_caches

if TYPE_CHECKING:
    from amul_table.match.session import GameSession

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 640)
MAX_SIZE = (3840, 2160)
DEFAULT_SIZE = (1600, 900)
FPS = 60
SPARE_CPU = 0.004  # seconds: a frame that took less may run the next garbage collection ahead (collect_ahead)
FAILURES_IN_A_ROW = 3  # frames failing one after another: the window saves and closes rather than loop
CRASH_LOG = "crash.log"
CRASH_LOG_MAX = 512 * 1024  # the log is started again beyond this


class App:
    """The window, the clock and the scene stack."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None, fps: int = FPS) -> None:
        self.settings = settings or Settings()
        set_language(self.settings.language)
        if not pygame.font.get_init():  # the drawings and themes cached with fonts died with the last pygame.quit
            clear_caches()
            forget_themes()
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
        self.saves = SavesFolder.off()  # start.title_window opens the saves folder; renders and tests save nothing
        self.records = RecordsLink.off()  # likewise the records database: only the real window records games
        self.game: GameSession | None = None  # the game of this window in play (local_game.play): saves reach it
        self.notices = Notices()
        self.kept: Scene | None = None  # the scene whose last frame the window holds, alone (it may draw changes)
        self.sound = SoundBoard(self.settings)  # opens the audio device on the first sound (or in run)
        self.failures = 0  # frames that failed one after another
        self.settle_heap = False  # run() sets it (and benchmarks/frames.py): see settle()
        self._settled: tuple[int, tuple[int, int]] | None = None  # the screen and size the heap was settled for
        self.exit_code = 0
        self.terminating = False  # SIGTERM arrived: save and leave at the next frame
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
        if self.sound.level > 0:
            self.sound.open()  # before the first frame, so that no frame waits for the audio device
        self.catch_sigterm()
        self.settle_heap = True
        while self.running:
            dt = self.clock.tick(self.fps) / 1000.0
            self.guarded_step(min(dt, 0.1))
        self.close()
        return self.exit_code

    def catch_sigterm(self) -> None:
        """SIGTERM (a logout, `kill`) saves the game and leaves, without the "quit?" question."""

        def terminate(signum: int, frame: object) -> None:
            self.terminating = True

        with contextlib.suppress(ValueError, OSError):  # not the main thread, or no signals here
            signal.signal(signal.SIGTERM, terminate)

    def guarded_step(self, dt: float) -> None:
        """One frame, and the last resort when it fails: the window never dies of one bad frame."""
        try:
            self.step(dt)
            self.failures = 0
        except Exception as exc:  # a bug: save the game, keep the traceback, tell the player
            self.frame_failed(exc)

    def frame_failed(self, exc: Exception) -> None:
        """Autosave, log the traceback in the data folder, and ask whether to quit (or, if it repeats, quit)."""
        from amul_table.scenes.overlays import ConfirmOverlay

        self.failures += 1
        where = write_crash_log("".join(traceback.format_exception(exc)))
        log.error("a frame failed (%s); details in %s", exc, where)
        try:
            self.autosave()
        except Exception:
            log.exception("the autosave after a failed frame failed too")
        if self.failures >= FAILURES_IN_A_ROW:
            self.running = False
            self.exit_code = 1
            return
        if not any(getattr(s, "is_crash", False) for s in self.stack):
            notice = ConfirmOverlay(self, tr("app.crashed", log=where), self.quit)
            notice.is_crash = True
            self.push(notice)

    def step(self, dt: float) -> None:
        """One frame: events to the top scene, update it, redraw if anything changed."""
        start = time.thread_time()  # CPU time of this thread: bots think in another one
        if self.terminating:
            self.autosave()
            self.running = False
            return
        self.time += dt
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        top = self.top
        if top is None:
            self.running = False
            return
        if self.settle_heap:
            self.settle()
        top.update(dt)
        if (problem := self.saves.autosave_problem()) is not None:  # a write off the frame failed since the last one
            self.notify(reason_text(problem))
        if self.notices.expire(self.time):
            self.mark_dirty()
        visible = self.visible_scenes()
        drew = False
        if any(s.dirty for s in visible):
            self.show(visible)
            drew = True
        if self.settle_heap:
            self.collect_ahead(start)
        if self.record_frames and drew:  # frames that drew something: the animation's cost
            self.frame_ms.append((time.thread_time() - start) * 1000.0)

    def settle(self) -> None:
        """On a new screen or window size (frames long anyway), collect all garbage and freeze what is left out of
        later collections: during a game they then scan only what is newer (a full one took a 19 ms frame)."""
        screen = next(s for s in reversed(self.stack) if s.opaque or s is self.stack[0])
        settled = (id(screen), self.size)
        if settled != self._settled:
            self._settled = settled
            gc.unfreeze()  # what the last screen held is collected now that it is gone
            gc.collect()
            gc.freeze()

    def collect_ahead(self, start: float) -> None:
        """On a frame with time to spare, the garbage collection due next, so that it does not fall in a heavy one (a
        3 ms collection of the middle generation fell in a 12 ms repaint at 4K)."""
        if time.thread_time() - start > SPARE_CPU:
            return
        young, middle, _ = gc.get_count()
        young_limit, middle_limit, _ = gc.get_threshold()
        if middle >= middle_limit:  # the collector's next one takes in the middle generation
            gc.collect(1)
        elif young >= young_limit * 3 // 4:
            gc.collect(0)

    def show(self, visible: list[Scene]) -> None:
        """Draw the visible scenes, each by its `draw`. A scene alone on a window that still holds its last frame
        may draw only what changed (`holds`), and then only that goes to the display (at 4K a whole frame is 33 MB
        to copy)."""
        sole = visible[0] if len(visible) == 1 and not self.notices.items else None
        if self.kept is not sole:
            self.kept = None  # the window holds another frame: every scene draws all of it
        changes = self.kept is not None
        try:
            rects = [scene.draw(self.screen) for scene in visible][-1]
        except BaseException:
            self.kept = None  # what the window holds now is unknown
            raise
        for scene in visible:
            scene.dirty = False
        self.notices.draw(self.screen)
        self.kept = sole
        if not changes or rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def holds(self, scene: Scene, surface: pygame.Surface) -> bool:
        """Whether `surface` is the window and still holds `scene`'s last frame, alone: `scene` may draw only what
        changed since."""
        return surface is self.screen and self.kept is scene

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
            if event.type == pygame.WINDOWSIZECHANGED and self.screen.get_size() != self.size:
                self.resize(self.screen.get_size())  # (set_mode's own change was handled when it was set)
            self.kept = None  # the whole window to the display again
            self.mark_dirty()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.change_setting("fullscreen", not self.fullscreen)
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
        """The window's game in play saves now, waiting for the disk (a game the window does not save: nothing)."""
        if self.game is not None:
            self.game.save()

    def save_game_as(self, path: Path) -> None:
        """Write the window's game in play to `path` (Save as…); SaveError with the reason when refused."""
        if self.game is None or self.game.closed:
            raise SaveError("error.saves.saving_off")
        self.saves.save_as(self.game.saved_game(), path)

    def go(self, route: Route, *args: Any, **kwargs: Any) -> Any:
        """The scene `route` opens (or, for a replay or a review, open it): navigation.py's table of routes."""
        from amul_table.app.navigation import ROUTES

        return ROUTES[route](self, *args, **kwargs)

    def keep_finished_game(self, game: FinishedGame) -> bool:
        """Put a game that has just ended in the window's records (the table's Match calls this once)."""
        return keep_finished_game(self, game)

    def notify(self, message: str, warning: bool = True) -> None:
        """Show a message over every scene for a few seconds."""
        self.notices.show(message, self.time, warning)
        self.mark_dirty()

    def resize(self, size: tuple[int, int]) -> None:
        size = clamp_size(size)
        if size != self.screen.get_size() and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.screen.get_size()
        self.kept = None
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

    def change_setting(self, name: str, value: object) -> SettingsError | None:
        """The one way a setting changes (Settings scene, Esc menu, F11, `L`): apply it everywhere, save it.

        A file that cannot be written is reported one way, a translated notice; the error is returned too.
        """
        from amul_table.persistence.settings_file import save_settings

        setattr(self.settings, name, value)
        if name == "language":
            set_language(str(value))
            pygame.display.set_caption(tr("app.title"))
        if name == "bot_pause" and self.game is not None:
            self.game.bot_pause = float(value)  # type: ignore[arg-type]
        if name == "fullscreen" and bool(value) != self.fullscreen:
            self.toggle_fullscreen()  # resizes every scene
            self.settings.fullscreen = self.fullscreen  # a driver without full screen stays windowed
        for scene in self.stack:
            scene.settings_changed()  # the Settings scene's rows and the Esc menu's labels follow
        try:
            save_settings(self.settings)
        except SettingsError as exc:
            self.notify(tr_error(exc))
            return exc
        return None

    def close(self, *, quit_pygame: bool = True) -> None:
        """Leave every scene and close the sound and records; `quit_pygame=False` keeps pygame, its fonts and the
        drawings cached with them for the next window of this process (the tests open hundreds)."""
        while self.stack:
            self.stack.pop().leave()
        self.records.close()  # a game still waiting for a locked records file is recorded at the next start
        self.sound.close()
        if quit_pygame:
            clear_caches()
            pygame.quit()
        elif pygame.display.get_init():
            pygame.event.clear()  # nothing of this window reaches the next one


def write_crash_log(text: str) -> str:
    """Append a traceback to crash.log in the user's data folder; returns where (or why it could not)."""
    import datetime as dt

    from amul_table.persistence.records import RecordsError, data_folder

    try:
        folder = data_folder()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / CRASH_LOG
        # Never waits on a FIFO, never writes into a device: a regular file (or a new one) only.
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_NOCTTY, 0o644)
        with open(fd, "a", encoding="utf-8") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "it is not a regular file", str(path))
            if os.fstat(fd).st_size > CRASH_LOG_MAX:
                f.truncate(0)
            f.write(f"--- {dt.datetime.now(dt.UTC).isoformat(timespec='seconds')}\n{text}\n")
    except (OSError, RecordsError) as exc:
        return f"(no log: {exc})"
    return str(path)


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
