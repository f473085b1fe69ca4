"""Hostile inputs for every reader, from a seed: what an attacker or a damaged disk would hand the program.

Shared by the hypothesis tests (tests/security/test_fuzz_readers.py) and by the count in
benchmarks/hostile_inputs.py, so that the numbers reported are the inputs the tests try.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests import yaml_text

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"

ODD_TEXT = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u00ad",
    "\u034f",
    "\U000e0100",
    "\u0301",
    "\u0336",
    "\u202e",
    "\u202d",
    "\u2066",
    "\u061c",
    "\u05d0\u05d1",
    "\u0627\u0644",
    "\U0001f600",
    "\U0001f469\u200d\U0001f52c",
    "\U0001f1eb\U0001f1f7",
    "\ue000",
    "\x00",
    "\x07",
    "\x1b[31m",
    "\x1b]0;title\x07",
    "\r",
    "\t",
    "\u2028",
    "\ud7ff",
    "A" * 300,
    "e\u0301",
    "\uffff",
    "\U0010ffff",
    "%s%n",
    "{0}{name}",
    "'",
    '"',
    "\\",
    "*a",
    "&a",
    "!!python/object:os.system",
]
HUGE_NUMBERS = ["9" * 400, "9" * 5000, "-" + "9" * 30, "0x" + "f" * 3000, ".nan", ".inf", "-.inf", "1e309", "0o777"]


def odd_text(rng: random.Random) -> str:
    return "".join(rng.choice(ODD_TEXT) for _ in range(rng.randint(1, 4)))


def yaml_tree(rng: random.Random, depth: int = 0) -> Any:
    """A random YAML value: scalars of every kind (odd text, huge numbers, dates), lists and mappings."""
    roll = rng.random()
    if depth > 4 or roll < 0.5:
        return rng.choice(
            [
                None,
                True,
                False,
                rng.randint(-(2**70), 2**70),
                rng.random() * 1e300,
                float("nan"),
                float("inf"),
                odd_text(rng),
                "A-27",
                "offer",
                "human",
                "bot",
                "medium",
                "2026-01-31T18:05:00Z",
                "9999-12-31",
            ]
        )
    if roll < 0.75:
        return [yaml_tree(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    keys = ["name", "kind", "tier", "seed", "round", "seats", "cards", "bot_pause", "language", odd_text(rng)]
    return {rng.choice(keys): yaml_tree(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def dump(value: Any) -> str:
    return yaml_text.dump(value, allow_unicode=True, sort_keys=False)


def deep_nesting(rng: random.Random) -> str:
    n = rng.choice([50, 500, 2000, 10000])
    if rng.random() < 0.5:
        return "[" * n + "]" * n
    return "{a: " * n + "1" + "}" * n


def alias_bomb(rng: random.Random) -> str:
    width, levels = rng.randint(5, 10), rng.randint(5, 9)
    lines = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]")
    lines.append(f"seats: [{{name: *l{levels - 1}}}, {{name: B}}, {{name: C}}]")
    lines.append(f"bot_pause: *l{levels - 1}")
    return "\n".join(lines) + "\n"


def huge_number(rng: random.Random, field: str) -> str:
    return f"{field}: {rng.choice(HUGE_NUMBERS)}\n"


def save_with(rng: random.Random) -> str:
    """A real save with one line changed: a field's value replaced by odd text, a huge number or a tree."""
    text = rng.choice(sorted(FIXTURES.glob("*.yaml"))).read_text(encoding="utf-8")
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    key = re.match(r"^(\s*-?\s*[A-Za-z_]+):", lines[i])
    if key:
        choice = rng.random()
        value = (
            rng.choice(HUGE_NUMBERS)
            if choice < 0.3
            else yaml_text.dump(odd_text(rng), allow_unicode=True).split("\n")[0]
            if choice < 0.6
            else dump(yaml_tree(rng)).replace("\n", " ")[:200]
            if choice < 0.8
            else "*nothing"
        )
        lines[i] = f"{key.group(1)}: {value}"
    else:
        lines[i] = odd_text(rng)
    return "\n".join(lines) + "\n"


def score_tree(rng: random.Random) -> str:
    seats = [{"name": rng.choice(["A", odd_text(rng), yaml_tree(rng)]), "cards": yaml_tree(rng)} for _ in range(3)]
    return dump({"seats": seats})


def settings_tree(rng: random.Random) -> str:
    fields = ["language", "animation_speed", "bot_pause", "fullscreen", "colour_blind", "live_score"]
    return dump({rng.choice(fields): yaml_tree(rng) for _ in range(rng.randint(1, 6))})


def random_bytes(rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))


@dataclass(frozen=True)
class Family:
    name: str
    make: Callable[[random.Random], str | bytes]


def families(reader: str) -> list[Family]:
    """The kinds of hostile input tried on one reader ("save", "settings" or "score")."""
    common = [
        Family("random bytes", random_bytes),
        Family("random YAML tree", lambda r: dump(yaml_tree(r))),
        Family("deep nesting", deep_nesting),
        Family("alias bomb", alias_bomb),
        Family("odd Unicode", lambda r: dump({"name": odd_text(r), "seats": [odd_text(r)] * 3})),
    ]
    special = {
        "save": [Family("mutated save", save_with), Family("huge number", lambda r: huge_number(r, "seed"))],
        "settings": [
            Family("settings tree", settings_tree),
            Family("huge number", lambda r: huge_number(r, "bot_pause")),
        ],
        "score": [Family("score tree", score_tree), Family("huge number", lambda r: huge_number(r, "seats"))],
    }
    return common + special[reader]


# --- trying one input on one reader -----------------------------------------------------------------

ACCEPTED, REFUSED, FAILURE = "accepted", "refused cleanly", "failure"


def attempt(reader: str, data: str | bytes, folder: Path) -> tuple[str, str]:
    """Hand `data` to a reader as a file: (outcome, detail). A refusal must be one short printable line."""
    path = folder / f"hostile-{reader}.yaml"
    path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    try:
        outcome, message = _READERS[reader](path)
    except Exception as exc:  # anything but the reader's own refusal is a failure
        return FAILURE, f"{type(exc).__name__}: {str(exc)[:200]}"
    if outcome == REFUSED and not _one_clean_line(message):
        return FAILURE, f"refusal not one clean line: {message[:200]!r}"
    return outcome, message


def _one_clean_line(message: str) -> bool:
    return 0 < len(message) <= 500 and all(ch.isprintable() for ch in message)


def _save(path: Path) -> tuple[str, str]:
    from amul_table.cli.save_summary import describe
    from amul_table.persistence.errors import SaveError
    from amul_table.persistence.save_files import load_game
    from amul_table.persistence.save_format import dump_save

    try:
        saved = load_game(path)
    except SaveError as exc:
        return REFUSED, str(exc)
    dump_save(saved)  # what is accepted must write back (failure 2) and describe itself
    describe(saved)
    return ACCEPTED, ""


def _settings(path: Path) -> tuple[str, str]:
    import math

    from amul_table.i18n import LANGUAGES
    from amul_table.persistence.settings import ANIMATION_SPEEDS
    from amul_table.persistence.settings_file import load_settings

    settings, problem = load_settings(path)
    assert math.isfinite(settings.bot_pause) and 0 <= settings.bot_pause <= 5, settings
    assert settings.language in LANGUAGES and settings.animation_speed in ANIMATION_SPEEDS, settings
    assert all(isinstance(v, bool) for v in (settings.fullscreen, settings.colour_blind, settings.live_score))
    return (ACCEPTED, "") if problem is None else (REFUSED, str(problem))


def _score(path: Path) -> tuple[str, str]:
    from amul_table.cli.score_files import ScoreInputError, format_pad, load_tables, score_tables, to_json

    try:
        tables = load_tables(str(path))
    except ScoreInputError as exc:
        return REFUSED, str(exc)
    for names, sheet in score_tables(tables):
        text = format_pad(names, sheet) + repr(to_json(names, sheet))
        assert all(ch.isprintable() or ch == "\n" for ch in text)
    return ACCEPTED, ""


_READERS = {"save": _save, "settings": _settings, "score": _score}
READERS = tuple(_READERS)
