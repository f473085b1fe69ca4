"""Where the shipped assets are (fonts, theme, sounds): read by the drawing and by the sound, which share
nothing else, so the answer lives below both."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path


@cache
def assets_dir() -> Path:
    """The top-level assets/ folder: shipped in the wheel as amul_table/assets, else next to the package."""
    shipped = Path(str(resources.files("amul_table").joinpath("assets")))
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parents[2] / "assets"  # a checkout or an editable install
