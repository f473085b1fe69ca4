"""The wheel: it ships the top-level assets/ and runs from anywhere, not only from the checkout."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import amul_table
from amul_table.app.headless import SCENES

CHECKOUT = Path(amul_table.__file__).resolve().parents[1]


def test_every_sub_package_is_listed_for_the_wheel():
    """pyproject.toml lists the packages (so that assets/ can ship as amul_table.assets): none forgotten."""
    listed = set(
        tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    )
    package = CHECKOUT / "amul_table"
    found = {".".join(init.parent.relative_to(CHECKOUT).parts) for init in package.rglob("__init__.py")} | {
        "amul_table.assets"
    }
    assert listed == found


def test_no_copy_of_the_assets_inside_the_package():
    assert (CHECKOUT / "assets" / "theme.json").is_file()
    assert (CHECKOUT / "assets" / "fonts" / "LICENSE-DejaVu.txt").is_file()
    assert not (CHECKOUT / "amul_table" / "assets").exists()


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def build_and_install(root: Path) -> None:
    """The wheel built from a copy of the checkout (no build/ left behind), installed into root/site."""
    source = root / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so")
    shutil.copytree(CHECKOUT / "amul_table", source / "amul_table", ignore=ignore)
    shutil.copytree(CHECKOUT / "assets", source / "assets", ignore=ignore)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(CHECKOUT / name, source / name)
    # setuptools' PEP 517 hook, the one `pip wheel --no-build-isolation` calls, called once: pip runs setup.py
    # three times (requirements, metadata, wheel) and each ran mypyc. The C unoptimised: what the wheel holds
    # is the point here, not how fast its playouts run. Build and install: 20 s -> 7 s of CPU.
    hook = "import sys; from setuptools import build_meta; build_meta.build_wheel(sys.argv[1])"
    run(sys.executable, "-c", hook, root / "dist", cwd=source, env=os.environ | {"AMUL_TABLE_OPT_LEVEL": "0"})
    (wheel,) = (root / "dist").glob("amul_table-*.whl")
    pip = (sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input")
    run(*pip, "install", "--no-deps", "--no-index", "-q", "--target", root / "site", wheel, cwd=root)


def shared_once(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """`make(folder)` once for the whole run: the xdist workers share the first one's folder, made under a lock
    in the run's common temporary folder."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if "PYTEST_XDIST_WORKER" in os.environ else base
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder, done = shared / name, shared / f"{name}.done"
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a run that failed half-way: start again
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Path:
    """One wheel for the whole run (it compiles the playouts with mypyc, ~5 s of CPU)."""
    return shared_once(tmp_path_factory, "wheel", build_and_install) / "site"


def installed_env(installed: Path, **extra: str) -> dict[str, str]:
    """This Python's environment with the installed wheel, and nothing of the checkout, on its path."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(installed), **extra}


WINDOW = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
RENDER = ("--players", "3", "--bots", "easy", "--size", "1024x640")


@pytest.mark.slow
def test_the_installed_wheel_runs_as_a_command_from_another_folder(installed, tmp_path):
    env = installed_env(installed, **WINDOW)
    where = run(sys.executable, "-c", "import amul_table; print(amul_table.__file__)", cwd=tmp_path, env=env)
    assert Path(where.strip()).is_relative_to(installed)
    out = tmp_path / "title.png"
    run(sys.executable, "-m", "amul_table", "render", "--scene", "title", *RENDER, "--out", out, cwd=tmp_path, env=env)
    assert pygame.image.load(str(out)).get_size() == (1024, 640)


@pytest.fixture(scope="session")
def rendered(installed, tmp_path_factory) -> Path:
    """Every scene rendered by the installed wheel from another folder, once, in one process (a Python start
    and pygame's import were most of each render's time)."""
    code = (
        "import sys\n"
        "import amul_table\n"
        "from amul_table.cli.main import main\n"
        f"assert amul_table.__file__.startswith({str(installed)!r}), amul_table.__file__\n"
        f"sys.exit(max(main(['render', '--scene', s, *{list(RENDER)!r}, '--out', s + '.png']) for s in {SCENES!r}))\n"
    )
    env = installed_env(installed, **WINDOW)
    return shared_once(
        tmp_path_factory, "rendered", lambda folder: run(sys.executable, "-c", code, cwd=folder, env=env)
    )


@pytest.mark.slow
@pytest.mark.parametrize("scene", SCENES)
def test_the_installed_wheel_renders_every_scene_from_another_folder(rendered, scene):
    image = pygame.image.load(str(rendered / f"{scene}.png"))
    w, h = image.get_size()
    colours = {tuple(image.get_at((x * w // 16, y * h // 16))) for x in range(16) for y in range(16)}
    assert len(colours) > 8, f"{scene} looks blank"


@pytest.mark.slow
def test_the_installed_wheel_plays_its_card_sounds_from_another_folder(installed, tmp_path):
    env = installed_env(installed, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = (
        "from amul_table.persistence.settings import Settings\n"
        "from amul_table.sound.mixer import SoundBoard, sounds_dir\n"
        "board = SoundBoard(Settings())\n"
        "board.play('deal')\n"
        "print(board.state.value, len(board.sounds), sounds_dir())\n"
    )
    state, count, folder = run(sys.executable, "-c", code, cwd=tmp_path, env=env).split()
    assert (state, count) == ("open", "9")
    assert Path(folder).is_relative_to(installed)


@pytest.mark.slow
@pytest.mark.skipif(bool(os.environ.get("AMUL_TABLE_PURE")), reason="AMUL_TABLE_PURE: built without mypyc")
def test_the_wheel_carries_the_compiled_playouts(installed):
    """setup.py builds them into the wheel, with mypyc's shared library beside the package."""
    ai = installed / "amul_table" / "ai"
    assert [p.name.split(".")[0] for p in sorted(ai.glob("*.so"))] == ["fastscore", "playout"]
    assert list(installed.glob("amul_table_native__mypyc*.so"))
