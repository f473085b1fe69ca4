"""Write the game's card sounds to assets/sounds/*.wav from amul_table/sound/synth.py.

    PYTHONPATH=. python tools/make_sounds.py [--out DIR]

The files are committed; tests/app/test_sound.py checks that this script makes them byte for byte.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from amul_table.sound.synth import SOUND_NAMES, wav_bytes

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def write_sounds(out: Path) -> list[Path]:
    """Every sound as `out/<name>.wav`; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUND_NAMES:
        path = out / f"{name}.wav"
        path.write_bytes(wav_bytes(name))
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ASSETS, help="folder for the WAV files (default assets/sounds)")
    for path in write_sounds(parser.parse_args().out):
        print(path)


if __name__ == "__main__":
    main()
