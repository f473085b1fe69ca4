"""The window's commands: render each scene headless, autoplay writes frame statistics, bad input is one line."""

import json

import pygame
import pytest

from amul_table.cli.main import main
from amul_table.persistence import settings


@pytest.mark.parametrize("scene", ["title", "setup", "table", "scoring"])
def test_render_writes_a_png_of_each_scene(tmp_path, scene):
    out = tmp_path / f"{scene}.png"
    assert (
        main(["render", "--scene", scene, "--players", "5", "--seed", "4", "--out", str(out), "--size", "1024x640"])
        == 0
    )
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1024, 64) for y in range(0, 640, 64)}
    assert len(colours) > 8  # a drawn scene, not a blank window


def test_render_refuses_a_size_outside_the_window_limits(capsys):
    assert main(["render", "--scene", "title", "--out", "x.png", "--size", "640x480"]) == 2
    err = capsys.readouterr().err
    assert "outside 1024x640" in err and "Traceback" not in err


@pytest.mark.parametrize("page", ["0", "6", "99"])
def test_render_refuses_a_rules_page_that_does_not_exist(tmp_path, capsys, page):
    """--page 99 drew the last page and said nothing: the summary has five."""
    out = tmp_path / "rules.png"
    assert main(["render", "--scene", "rules", "--page", page, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--page must be from 1 to 5" in err and len(err.splitlines()) == 1 and not out.exists()


def test_render_refuses_an_unknown_bot_tier(capsys):
    assert main(["render", "--scene", "table", "--out", "x.png", "--bots", "genius"]) == 2
    assert "unknown bot tier" in capsys.readouterr().err


class GameClock:
    """A frame clock that never sleeps: each tick is one frame of the game's time (1/fps s), so the loop draws
    the same frames, animations and bot pauses as on the wall clock, without waiting for it."""

    def tick(self, fps: int = 0) -> int:
        return 1000 // fps if fps else 0


@pytest.mark.slow
def test_autoplay_reaches_the_score_pad_and_writes_frame_statistics(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(settings.ANIMATION_SPEEDS, "normal", 0.05)  # the real loop, just quicker
    monkeypatch.setattr(pygame.time, "Clock", GameClock)
    out = tmp_path / "frames.json"
    assert main(["autoplay", "--players", "3", "--seed", "2", "--bot-pause", "0", "--frames-json", str(out)]) == 0
    stats = json.loads(out.read_text())
    assert set(stats) == {"frames", "p50_ms", "p95_ms", "p99_ms", "max_ms"}
    assert stats["frames"] > 0 and 0 <= stats["p50_ms"] <= stats["p95_ms"] <= stats["p99_ms"] <= stats["max_ms"]
    printed = json.loads(capsys.readouterr().out)
    assert len(printed["totals"]) == 3
