"""Saves in today's format (version 2) written before phases and action kinds became IntEnums load and are
written back byte for byte: a save names phases and actions by their words, as it always has."""

from __future__ import annotations

from pathlib import Path

import pytest

from amul_table.persistence.save_format import dump_save, parse_save
from amul_table.rules.phases import ActionKind, Phase

FIXTURES = Path(__file__).parents[1] / "data" / "saves_v2"


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.yaml")))
def test_a_save_written_before_the_enums_is_written_back_byte_for_byte(name: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    assert dump_save(parse_save(text)) == text


def test_the_fixtures_hold_every_action_kind_and_the_phases_they_stop_in() -> None:
    records = {p.name: parse_save(p.read_text(encoding="utf-8")) for p in FIXTURES.glob("*.yaml")}
    kinds = {a.kind for r in records.values() for a in r.state.actions}
    assert kinds == set(ActionKind)
    assert {r.state.phase for r in records.values()} == {Phase.OFFER, Phase.EFFECTS, Phase.OVER}
    assert "- [decline, 0, null]" in (FIXTURES / "finished-4p.yaml").read_text(encoding="utf-8")
