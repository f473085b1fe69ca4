"""Headless pygame for every test, and settings and records kept in temporary files."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest


@pytest.fixture(autouse=True)
def settings_file(tmp_path, monkeypatch):
    """Settings the tests change are saved in a temporary file, never in the user's config folder."""
    monkeypatch.setenv("AMUL_TABLE_SETTINGS", str(tmp_path / "settings.yaml"))
    monkeypatch.setenv("AMUL_TABLE_DATA", str(tmp_path / "data"))  # records too: never the user's data folder


@pytest.fixture(autouse=True)
def english_window():
    """Every test starts in English, whatever language the test before it left the window in."""
    from amul_table.i18n import set_language

    set_language("en")
    yield
    set_language("en")
