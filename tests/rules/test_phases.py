"""Phase and ActionKind: ints for the engine and the playouts, words for saves, the protocol and string keys."""

from __future__ import annotations

import pytest

from amul_table.rules.phases import ACTION_WORDS, PHASE_WORDS, ActionKind, Phase


@pytest.mark.parametrize("enum", [Phase, ActionKind])
def test_every_member_reads_as_its_word_and_is_found_by_it(enum):
    for member in enum:
        assert str(member) == f"{member}" == member.word == member.name.lower()
        assert enum.of_word(member.word) is member
        assert member  # none is falsy (they start at 1)


@pytest.mark.parametrize("word", ["OFFER", "Offer", " offer", "", "steal", 1, None, ["offer"], b"offer"])
def test_anything_but_a_members_word_is_none(word):
    assert Phase.of_word(word) is None and ActionKind.of_word(word) is None


def test_the_words_are_those_saves_have_always_written():
    assert PHASE_WORDS == ("offer", "pick", "reveal", "effects", "game_end", "over")
    assert ACTION_WORDS == ("offer", "pick", "reveal", "take", "decline")
    assert Phase.of_word("take") is None and ActionKind.of_word("effects") is None
    assert f"{Phase.GAME_END:<9}|" == "game_end |"
