"""The game's card sounds, made from numbers: shaped noise for paper, decaying sines for the chimes.

Pure standard library (no pygame, no numpy) so that tools/make_sounds.py can write assets/sounds/*.wav
from it and a test can prove the files are exactly what this code makes. Each sound draws its noise
from its own seeded generator, so the same code always gives the same bytes.
"""

from __future__ import annotations

import io
import math
import random
import sys
import wave
import zlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass

RATE = 44100  # samples a second: pygame's mixer default, so loading needs no resampling
FULL = 32767


@dataclass(frozen=True)
class Recipe:
    """How one sound is made: its length, the loudest it may peak (dBFS) and the function that draws it."""

    seconds: float
    peak_db: float
    make: Callable[[random.Random, int], list[float]]
    tail: float = 0.006  # seconds of fade-out at the end (chimes ring on, so they fade for longer)


def render(name: str) -> array:
    """The sound `name` as signed 16-bit mono samples at RATE, peaking exactly at its recipe's level."""
    recipe = RECIPES[name]
    n = int(recipe.seconds * RATE)
    rng = random.Random(zlib.crc32(name.encode("ascii")))
    samples = fade_ends(recipe.make(rng, n), tail=recipe.tail)
    top = max(abs(s) for s in samples) or 1.0
    gain = 10 ** (recipe.peak_db / 20) * FULL / top
    return array("h", (round(s * gain) for s in samples))


def wav_bytes(name: str) -> bytes:
    """The sound `name` as a WAV file (16-bit mono PCM)."""
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        samples = render(name)
        if sys.byteorder == "big":  # WAV samples are little-endian
            samples.byteswap()
        w.writeframes(samples.tobytes())
    return out.getvalue()


# --- building blocks ------------------------------------------------------------------------------


def noise(rng: random.Random, n: int) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def lowpass(x: list[float], hz: float) -> list[float]:
    """One-pole low-pass: paper sounds duller the lower `hz` is."""
    a = 1 - math.exp(-2 * math.pi * hz / RATE)
    y, out = 0.0, []
    for s in x:
        y += a * (s - y)
        out.append(y)
    return out


def highpass(x: list[float], hz: float) -> list[float]:
    return [s - low for s, low in zip(x, lowpass(x, hz), strict=True)]


def band(x: list[float], low: float, high: float) -> list[float]:
    """Noise between `low` and `high`, the top rolled off twice as steeply (no hiss above the card)."""
    return lowpass(lowpass(highpass(x, low), high), high)


def decay(n: int, *, attack: float, tau: float, delay: float = 0.0) -> list[float]:
    """A quick rise over `attack` seconds from `delay`, then an exponential fall with time constant `tau`."""
    env = []
    for i in range(n):
        t = i / RATE - delay
        if t < 0:
            env.append(0.0)
        elif t < attack:
            env.append(t / attack)
        else:
            env.append(math.exp(-(t - attack) / tau))
    return env


def swell(n: int, *, peak: float) -> list[float]:
    """Rises to full at `peak` (a fraction of the length), then falls away: a card sliding over felt."""
    top = max(1, int(n * peak))
    return [(i / top) ** 1.5 if i < top else ((n - i) / (n - top)) ** 2 for i in range(n)]


def shaped(x: list[float], env: list[float]) -> list[float]:
    return [s * e for s, e in zip(x, env, strict=True)]


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    n = len(parts[0][1])
    return [sum(g * p[i] for g, p in parts) for i in range(n)]


def tone(
    n: int, hz: float, *, delay: float = 0.0, tau: float = 0.15, partials: tuple[float, ...] = (1.0,)
) -> list[float]:
    """A soft struck tone: sines at `hz` times 1, 2, 3… weighted by `partials`, the higher ones dying sooner."""
    out = [0.0] * n
    start = int(delay * RATE)
    attack = int(0.004 * RATE)
    for k, weight in enumerate(partials, start=1):
        w = 2 * math.pi * hz * k / RATE
        life = tau / k**0.7
        for i in range(start, n):
            j = i - start
            rise = min(1.0, j / attack)
            out[i] += weight * rise * math.exp(-j / RATE / life) * math.sin(w * j)
    return out


def fade_ends(x: list[float], *, tail: float) -> list[float]:
    """2 ms in, `tail` seconds out (a raised-cosine): no click where a sound starts or stops."""
    n = len(x)
    fin, fout = int(0.002 * RATE), int(tail * RATE)
    y = list(x)
    for i in range(min(fin, n)):
        y[i] *= i / fin
    for i in range(min(fout, n)):
        y[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fout)
    return y


# --- the sounds -----------------------------------------------------------------------------------


def deal(rng: random.Random, n: int) -> list[float]:
    """A card tossed onto the table: a short papery tick."""
    snap = shaped(band(noise(rng, n), 1800, 5000), decay(n, attack=0.002, tau=0.012))
    body = shaped(band(noise(rng, n), 300, 1400), decay(n, attack=0.004, tau=0.018))
    return mix((1.0, snap), (0.7, body))


def flip(rng: random.Random, n: int) -> list[float]:
    """A card turned over: the edge lifting, then the face landing a moment later."""
    lift = shaped(band(noise(rng, n), 2500, 6000), decay(n, attack=0.003, tau=0.01))
    land = shaped(band(noise(rng, n), 600, 3000), decay(n, attack=0.002, tau=0.02, delay=0.035))
    return mix((0.6, lift), (1.0, land))


def slide(rng: random.Random, n: int) -> list[float]:
    """A card sliding over felt into the Market: a soft hiss that swells and settles."""
    hiss = shaped(band(noise(rng, n), 700, 3500), swell(n, peak=0.35))
    stop = shaped(band(noise(rng, n), 400, 2000), decay(n, attack=0.003, tau=0.015, delay=n / RATE * 0.6))
    return mix((1.0, hiss), (0.5, stop))


def pick(rng: random.Random, n: int) -> list[float]:
    """A card picked up: a crisp snap over a small knock."""
    snap = shaped(band(noise(rng, n), 2500, 6500), decay(n, attack=0.001, tau=0.008))
    knock = tone(n, 190, tau=0.02, partials=(1.0, 0.3))
    return mix((1.0, snap), (0.5, knock))


def take(rng: random.Random, n: int) -> list[float]:
    """A card drawn out of the Palace or the Bazaar: a quick slide ending in a tap."""
    hiss = shaped(band(noise(rng, n), 900, 4000), swell(n, peak=0.25))
    tap = shaped(band(noise(rng, n), 800, 5000), decay(n, attack=0.002, tau=0.012, delay=n / RATE * 0.7))
    return mix((0.8, hiss), (1.0, tap))


def reveal(rng: random.Random, n: int) -> list[float]:
    """Cards turned face up together: a flip with a faint bright ring to mark the moment."""
    turn = flip(rng, n)
    ring = tone(n, 1318.5, delay=0.03, tau=0.06, partials=(1.0, 0.25))
    return mix((1.0, turn), (0.12, ring))


def tally(rng: random.Random, n: int) -> list[float]:
    """A row of the score pad written in: a pencil tick on a wooden tock."""
    tock = tone(n, 880, tau=0.025, partials=(1.0, 0.0, 0.35))
    tick = shaped(band(noise(rng, n), 2500, 6500), decay(n, attack=0.001, tau=0.006))
    return mix((1.0, tock), (0.4, tick))


def round_start(rng: random.Random, n: int) -> list[float]:
    """A new round: a soft two-note chime (a fifth, E to B)."""
    partials = (1.0, 0.35, 0.12)
    low = tone(n, 659.25, tau=0.16, partials=partials)
    high = tone(n, 987.77, delay=0.09, tau=0.14, partials=partials)
    return mix((1.0, low), (0.8, high))


def game_end(rng: random.Random, n: int) -> list[float]:
    """The game is over: a rising three-note chime (C, E, G) that rings a little longer."""
    partials = (1.0, 0.3, 0.1)
    notes = [
        tone(n, hz, delay=d, tau=0.2, partials=partials) for hz, d in ((523.25, 0.0), (659.25, 0.1), (783.99, 0.2))
    ]
    return mix((0.9, notes[0]), (0.9, notes[1]), (1.0, notes[2]))


RECIPES: dict[str, Recipe] = {
    "deal": Recipe(0.07, -12.0, deal),
    "flip": Recipe(0.11, -10.0, flip),
    "slide": Recipe(0.2, -14.0, slide),
    "pick": Recipe(0.08, -10.0, pick),
    "take": Recipe(0.24, -11.0, take),
    "reveal": Recipe(0.2, -9.0, reveal),
    "tally": Recipe(0.1, -12.0, tally),
    "round": Recipe(0.4, -14.0, round_start, tail=0.15),
    "game_end": Recipe(0.4, -12.0, game_end, tail=0.12),
}
SOUND_NAMES: tuple[str, ...] = tuple(RECIPES)
