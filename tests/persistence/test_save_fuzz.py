"""Fuzz: thousands of damaged saves are each refused with a SaveError and a message; nothing else escapes.

Damage to the data itself (types swapped, fields or entries removed, card numbers edited, the file
cut short) must always be refused. A flipped byte may land somewhere harmless (a seat's name, a time,
the spacing); then the save may load, but only as exactly the same game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import yaml

from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_format import (
    GameSetup,
    SavedGame,
    dump_save,
    from_document,
    parse_save,
    to_document,
)
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.cards import load_cards
from amul_table.rules.seats import Seat

pytestmark = pytest.mark.slow  # fuzz, monkey and round-trip suites: make test-fast leaves them out

TIERS = ["random"]
REPLACEMENTS: list[Any] = [None, True, False, 0, 7, -1, 2**70, 2.5, "", "text", "A-1", [], {}, [1, 2], {"a": 1}]


def _saved_game(players: int, steps: int, seed: int, tea: int = 0) -> SavedGame:
    rng = random.Random(seed)
    state = new_game(players, seed, tea=tea)
    for _ in range(steps):
        if state.is_over:
            break
        apply(state, rng.choice(legal_actions(state, rng.choice(pending(state).seats))))
    seats = (Seat.of_human("Ana"), *(Seat.bot(f"Bot {i}", "random") for i in range(1, players)))
    return SavedGame(GameSetup(seats, tea, bot_salt=rng.getrandbits(64)), state)


RECORDS = [_saved_game(3, 45, 1), _saved_game(4, 10_000, 2, tea=2), _saved_game(5, 120, 3), _saved_game(8, 90, 4)]


@cache
def _text(index: int) -> str:
    """Record `index` as its save file, written once (most of the cut and flip cases' time was writing it again)."""
    return dump_save(RECORDS[index])


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """The path to every node under the document root."""
    found = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        found.append((*prefix, key))
        found.extend(_paths(child, (*prefix, key)))
    return found


def _some_path(doc: dict, rng: random.Random) -> tuple:
    """A node anywhere, with every top-level field equally likely (the log would otherwise dominate)."""
    top = rng.choice(list(doc))
    return rng.choice([(top,), *_paths(doc[top], (top,))])


def _parent(doc: Any, path: tuple) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def _same_kind(a: Any, b: Any) -> bool:
    return type(a) is type(b)  # bool and int are different kinds here, as in YAML


def swap_type(doc: dict, rng: random.Random) -> None:
    path = _some_path(doc, rng)
    parent = _parent(doc, path)
    value = rng.choice([r for r in REPLACEMENTS if not _same_kind(r, parent[path[-1]])])
    parent[path[-1]] = copy.deepcopy(value)


def remove_entry(doc: dict, rng: random.Random) -> None:
    path = _some_path(doc, rng)
    del _parent(doc, path)[path[-1]]


def edit_card(doc: dict, rng: random.Random) -> None:
    by_number = load_cards().by_number
    paths = [p for p in _paths(doc) if isinstance(_parent(doc, p)[p[-1]], str) and _parent(doc, p)[p[-1]] in by_number]
    path = rng.choice(paths)
    parent = _parent(doc, path)
    old = parent[path[-1]]
    others = [n for n in by_number if n != old]
    parent[path[-1]] = rng.choice([*rng.sample(others, 3), "A-0", "A-999", old.lower(), old + " ", "B" + old[1:]])


def _refused(data: str | bytes | dict, read: Callable[..., SavedGame] = parse_save) -> str:
    """The message `read` (a save's text, or a document with from_document) refuses `data` with; "" if it loads."""
    try:
        read(data, TIERS)
    except SaveError as exc:
        return str(exc)
    return ""


def _as_text(doc: dict) -> str:
    return yaml.dump(doc, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False)


TEXT_EVERY = 8  # writing and reading the YAML was 80% of a case: one case in 8 goes through the file's text


@pytest.mark.parametrize("damage", [swap_type, remove_entry, edit_card])
def test_damaged_data_is_always_refused_with_a_message(damage: Callable[[dict, random.Random], None]) -> None:
    """Every damaged document is refused by the reader's checks; one in 8, written as a save file and read
    back, gives the very same message, so the data checks are what the file's reader meets."""
    rng = random.Random(damage.__name__)
    accepted = []
    for case in range(800):
        saved = RECORDS[case % len(RECORDS)]
        doc = to_document(saved)
        damage(doc, rng)
        text = _as_text(doc) if case % TEXT_EVERY == 0 else None
        message = _refused(doc, read=from_document)
        if not message:
            accepted.append(_as_text(doc))
        elif text is not None:
            assert _refused(text) == message, text[:3000]
    assert not accepted, f"{len(accepted)} damaged saves loaded; the first:\n{accepted[0][:3000]}"


def test_a_save_cut_short_anywhere_is_refused_with_a_message() -> None:
    rng = random.Random("truncate")
    for case in range(800):
        text = _text(case % len(RECORDS))
        meaningful = len(text.rstrip())  # cutting only the final newline changes nothing
        cut = rng.randrange(meaningful)
        assert _refused(text[:cut]), f"cut at {cut} of {len(text)} loaded"


def test_flipped_bytes_are_refused_or_leave_exactly_the_same_game() -> None:
    rng = random.Random("flip")
    refused = 0
    for case in range(800):
        saved = RECORDS[case % len(RECORDS)]
        data = bytearray(_text(case % len(RECORDS)).encode("utf-8"))
        for _ in range(rng.choice((1, 1, 2, 3))):
            data[rng.randrange(len(data))] ^= rng.randrange(1, 256)
        if _refused(bytes(data)):
            refused += 1
            continue
        loaded = parse_save(bytes(data), TIERS)
        assert loaded.state == saved.state
        assert [(s.human, s.tier) for s in loaded.setup.seats] == [(s.human, s.tier) for s in saved.setup.seats]
    assert refused > 600  # most bytes of a save are game data
