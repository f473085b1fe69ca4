"""The protocol's JSON keeps its shape now that phases and action kinds are IntEnums: they travel as words.

The digests are of every Update sent in whole seeded games, taken on the code before the enums (acba364).
A deliberate change of the wire (docs/protocol.md) changes them: raise PROTOCOL_VERSION and record anew.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from amul_table.match.protocol import Update, decode
from amul_table.rules.phases import ActionKind, Phase
from tests.budget import sweep
from tests.match.test_games import whole_game

DIGESTS = {
    3: "ce3fbf0abcce48f7d1e7ede65f42deb11a0b4afa4d9732e8f8b80b751b04c0e4",
    5: "6bae6093b7529d457536bd9e957ef658aeb5ae902c3ad57e563b74880b3fea29",
    8: "6ecd4a18cd5f7741cf43b2a18cad60f881e0c0392e262ced3e760c340cf03a48",
}


def _updates(players: int) -> dict[int, list[bytes]]:
    """Every Update of a whole seeded game, by seat (spectators: -1)."""
    _, wire, _ = whole_game(players, seed=300 + players)
    return {seat: [data for data in sent if isinstance(decode(data), Update)] for seat, sent in wire.sent.items()}


@pytest.mark.parametrize("players", sweep(sorted(DIGESTS), fast=(3, 8)))  # the games test_games plays
def test_every_update_of_a_whole_game_is_byte_for_byte_what_it_was_before_the_enums(players: int) -> None:
    digest = hashlib.sha256()
    updates = _updates(players)
    for seat in sorted(updates):
        for data in updates[seat]:
            digest.update(data)
    assert digest.hexdigest() == DIGESTS[players]


def test_phases_and_kinds_are_words_on_the_wire_and_enums_once_decoded() -> None:
    first = _updates(3)[0][0]  # seat 0's first
    raw = json.loads(first)
    assert raw["view"]["phase"] == "offer"
    assert raw["view"]["pending"][0] == "offer"
    assert {kind for kind, _, _ in raw["view"]["legal"]} == {"offer"}
    assert ["phase", -1, [], 0, "offer", [], "", 0] in raw["events"]
    update = decode(first)
    assert update.events[-1].to_event().phase is Phase.OFFER
    assert {a.to_action().kind for a in update.view.legal} == {ActionKind.OFFER}
