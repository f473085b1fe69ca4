"""Where the shipped fonts are (style draws with them; any_text falls back from them)."""

from __future__ import annotations

from amul_table.persistence.assets import assets_dir

FONT_FILES = {
    ("sans", False): "DejaVuSans.ttf",
    ("sans", True): "DejaVuSans-Bold.ttf",
    ("serif", False): "DejaVuSerif.ttf",
    ("serif", True): "DejaVuSerif-Bold.ttf",
}


def font_path(family: str = "sans", bold: bool = False) -> str:
    return str(assets_dir() / "fonts" / FONT_FILES[(family, bold)])
