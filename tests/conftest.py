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
