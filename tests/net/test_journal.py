"""The host's journal: decisions appended one line each; read back after the save, up to a gap or damage."""

from __future__ import annotations

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from amul_table.match.protocol import ActionData
from amul_table.net.journal import MAX_BYTES, Entry, Journal, Syncer, read_after
from amul_table.rules.phases import ActionKind
from amul_table.rules.state import Action

MOVES = [
    Action(ActionKind.OFFER, 0, 5),
    Action(ActionKind.OFFER, 1, 7),
    Action(ActionKind.PICK, 2, 9),
    Action(ActionKind.DECLINE, 1),
]


def test_decisions_after_the_save_come_back_in_order(tmp_path):
    path = tmp_path / "ABCDEF.log"
    journal = Journal(path)
    for turn, action in enumerate(MOVES):
        journal.append(turn, action)
    journal.close()
    assert read_after(path, 0) == MOVES
    assert read_after(path, 2) == MOVES[2:]
    assert read_after(path, 4) == []
    assert read_after(tmp_path / "none.log", 0) == []


def test_a_line_cut_short_by_a_kill_ends_the_journal(tmp_path):
    path = tmp_path / "ABCDEF.log"
    journal = Journal(path)
    for turn, action in enumerate(MOVES[:3]):
        journal.append(turn, action)
    with path.open("ab") as f:
        f.write(b'[3,["decl')
    assert read_after(path, 1) == MOVES[1:3]


def test_a_gap_or_a_wrong_value_ends_it_too(tmp_path):
    path = tmp_path / "ABCDEF.log"
    journal = Journal(path)
    journal.append(0, MOVES[0])
    journal.append(2, MOVES[2])  # decision 1 is missing
    assert read_after(path, 0) == MOVES[:1]
    other = tmp_path / "GHJKMN.log"
    other.write_bytes(b'[0,["offer",0,5]]\n[1,["steal",1,7]]\n')
    assert read_after(other, 0) == MOVES[:1]


def test_an_oversized_journal_is_not_read(tmp_path):
    path = tmp_path / "ABCDEF.log"
    path.write_bytes(b"\n" * (MAX_BYTES + 1))
    assert read_after(path, 0) == []


def test_a_host_restarted_after_a_cut_line_journals_on_a_line_of_its_own(tmp_path):
    path = tmp_path / "ABCDEF.log"
    journal = Journal(path)
    journal.append(0, MOVES[0])
    journal.close()
    with path.open("ab") as f:
        f.write(b'[1,["off')  # the host killed in the middle of decision 1's line
    journal = Journal(path)  # restarted: decision 1 is made again
    journal.append(1, MOVES[1])
    journal.append(2, MOVES[2])
    journal.close()
    assert read_after(path, 0) == MOVES[:3]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(done=st.integers(0, len(MOVES) - 1), cut=st.integers(0, 40))
def test_a_host_killed_anywhere_in_a_line_loses_at_most_that_decision(tmp_path_factory, done, cut):
    """Killed after `done` decisions and `cut` bytes into the next line, then restarted: the host makes that
    decision again and goes on; the journal reads back as every decision once."""
    path = tmp_path_factory.mktemp("journal") / "ABCDEF.log"
    journal = Journal(path)
    for turn, action in enumerate(MOVES[:done]):
        journal.append(turn, action)
    journal.close()
    line = msgspec.json.encode(Entry(done, ActionData.of(MOVES[done]))) + b"\n"
    with path.open("ab") as f:
        f.write(line[: min(cut, len(line) - 1)])
    journal = Journal(path)
    for turn in range(done, len(MOVES)):
        journal.append(turn, MOVES[turn])
    journal.close()
    assert read_after(path, 0) == MOVES


def test_the_syncer_fsyncs_each_journal_written_to_and_stops_cleanly(tmp_path):
    syncer = Syncer(every=3600.0)  # one batch, then it waits: only stop() syncs again
    journals = [Journal(tmp_path / f"{code}.log", syncer) for code in ("ABCDEF", "GHJKMN")]
    for journal in journals:
        journal.append(0, MOVES[0])
    syncer.stop()  # syncs what is left and ends the thread
    assert syncer.synced == 2
    for journal in journals:
        journal.close()
        assert read_after(journal.path, 0) == MOVES[:1]
