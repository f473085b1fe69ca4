"""Headless pygame for every test, and settings and records kept in temporary files."""

from __future__ import annotations

import gc
import itertools
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import tempfile

import pytest


def _memory_temp_dir(folder: str = "/dev/shm", room: int = 2 * 1024**3) -> None:
    """Temporary files in memory where the system has room there (unless TMPDIR says otherwise): saves and the
    records fsync every write, a durability no test can see, and on a busy disk the waits were a third of the
    persistence and security tests' time (33 s -> 20 s). Child processes inherit it."""
    if "TMPDIR" in os.environ or not os.access(folder, os.W_OK):
        return
    free = os.statvfs(folder)
    if free.f_bavail * free.f_frsize >= room:
        os.environ["TMPDIR"] = folder
        tempfile.tempdir = None  # gettempdir() looks again


_memory_temp_dir()

# Cached bytecode even where PYTHONDONTWRITEBYTECODE is set: without it every run compiles the package and
# rewrites the asserts of every test module again, which was two thirds of the suite's collection time.
sys.dont_write_bytecode = False


def pytest_configure(config: pytest.Config) -> None:
    from tests import budget

    budget.FAST_RUN = "not slow" in (config.option.markexpr or "")  # property tests try fewer examples
    config.addinivalue_line("markers", "window(size=…, title=True, **settings): the `app` fixture's window")
    if getattr(config.option, "dist", "no") == "load" and getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1  # xdist hands out the tests one by one, in the order below


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the suite loaded to run (the package, pygame, pygame_gui, the collected tests) is frozen out of the
    garbage collector's full passes, as the window's `settle` does for a screen: they scanned it over and over,
    a third of the collector's time in a run of the scene, rules, AI and match tests (2.9 -> 1.9 s of CPU).
    The youngest generation is collected every 7,000 new objects, not 700: a frame makes and drops thousands, and
    the collections they set off took 2.2 s of tests/scenes' 29 s of CPU (1.3 s now; 23 full passes, 4 now)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(7000, 10, 10)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (in their order), so that what runs last on each worker is short and the workers
    finish together. xdist gives each worker a quarter of its share at once unless handed out one by one."""
    if "PYTEST_XDIST_WORKER" in os.environ:
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


_HOMES = itertools.count()


@pytest.fixture(autouse=True)
def settings_file(request, tmp_path_factory, monkeypatch):
    """Settings the tests change are saved in a temporary file, never in the user's config folder: in the test's
    `tmp_path` when it has one, else in a folder of its own made only if something is written there (a folder
    made for each test, and later deleted, cost ~3 ms of each test's time; most write nothing)."""
    if "tmp_path" in request.fixturenames:
        home = request.getfixturevalue("tmp_path")
    else:
        home = tmp_path_factory.getbasetemp() / "homes" / str(next(_HOMES))  # every writer makes its folders
    monkeypatch.setenv("AMUL_TABLE_SETTINGS", str(home / "settings.yaml"))
    monkeypatch.setenv("AMUL_TABLE_DATA", str(home / "data"))  # records too: never the user's data folder
    monkeypatch.setenv("AMUL_TABLE_MDNS", "off")  # no test announces on the network unless it asks (loopback only)


@pytest.fixture(autouse=True)
def english_window():
    """Every test starts in English, whatever language the test before it left the window in."""
    from amul_table.i18n import set_language

    set_language("en")
    yield
    set_language("en")


KEY_LIKE = r"^[a-z_]+(\.[a-z0-9_]+)+$"  # what `tr` gives back for a key no table holds: "scoring.rank.7"


@pytest.fixture(autouse=True)
def no_string_key_drawn(monkeypatch):
    """Every test fails if the window draws a text that looks like a string key (a key no table resolved):
    guarded where all text becomes pixels, `sprites.style.safe_render` and pygame_gui's buttons."""
    import re

    import pygame_gui

    from amul_table.sprites import style

    key_like = re.compile(KEY_LIKE)
    drawn: list[str] = []

    def check(value: object) -> None:
        if isinstance(value, str) and key_like.match(value.strip()):
            drawn.append(value)
            raise AssertionError(f"a string key was drawn instead of its text: {value!r}")

    real_render = style.safe_render

    def safe_render(fnt, value, colour):
        check(value)
        return real_render(fnt, value, colour)

    real_init, real_set_text = pygame_gui.elements.UIButton.__init__, pygame_gui.elements.UIButton.set_text

    def button_init(self, relative_rect, text, *args, **kwargs):
        check(text)
        real_init(self, relative_rect, text, *args, **kwargs)

    def set_text(self, text, *args, **kwargs):
        check(text)
        return real_set_text(self, text, *args, **kwargs)

    monkeypatch.setattr(style, "safe_render", safe_render)
    monkeypatch.setattr(pygame_gui.elements.UIButton, "__init__", button_init)
    monkeypatch.setattr(pygame_gui.elements.UIButton, "set_text", set_text)
    yield drawn
    assert drawn == [], f"string keys drawn instead of their text (a frame may have caught the error): {drawn}"


@pytest.fixture
def inline_bots(monkeypatch):
    """A session's bots decide on the test's thread, inside its client's `poll` (the Match's InlineExecutor in
    place of the worker thread): a game then takes the same frames on every run, with no sleeps to wait."""
    from amul_table.match import session
    from amul_table.match.bots import InlineExecutor

    monkeypatch.setattr(session, "ThreadPoolExecutor", lambda **_options: InlineExecutor())


@pytest.fixture
def window():
    """Opens windows (`tests.window_driver.open_window(size, **settings)`) and closes them at the test's end."""
    from tests.window_driver import close_window, open_window

    opened = []

    def open_(*args, **settings):
        opened.append(open_window(*args, **settings))
        return opened[-1]

    yield open_
    for app in opened:  # pygame stays up, its fonts and cached drawings kept for the next test's window
        close_window(app)


@pytest.fixture
def app(request, window):
    """The test's window: 1280×800, instant animations; `@pytest.mark.window(size=…, title=True, **settings)` on
    a test or its module changes the size or settings, and `title=True` opens it on the title screen."""
    marker = request.node.get_closest_marker("window")
    options = dict(marker.kwargs) if marker else {}
    title = options.pop("title", False)
    opened = window(**options)
    if title:
        from amul_table.scenes.title import TitleScene

        opened.push(TitleScene(opened))
    return opened
