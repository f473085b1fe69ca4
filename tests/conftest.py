"""Headless pygame for every test, and stand-in bot tiers where the real ones are not merged yet."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest


@pytest.fixture(autouse=True)
def bot_tiers(monkeypatch):
    """Only adds the easy / medium / hard tiers when amul_table.ai does not have them yet."""
    from amul_table.ai.base import BOT_TIERS, RandomBot

    for tier in ("easy", "medium", "hard"):
        if tier not in BOT_TIERS:
            monkeypatch.setitem(BOT_TIERS, tier, RandomBot)


@pytest.fixture(autouse=True)
def settings_file(tmp_path, monkeypatch):
    """Settings the tests change are saved in a temporary file, never in the user's config folder."""
    monkeypatch.setenv("AMUL_TABLE_SETTINGS", str(tmp_path / "settings.yaml"))
