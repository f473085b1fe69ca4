"""The host's data folder: saves written off the loop (newest record wins), claims kept, damage left in place."""

from __future__ import annotations

from amul_table.match.match import Match
from amul_table.net.store import SaveQueue, Store
from amul_table.net.table import Claim, Table
from amul_table.persistence.save_files import load_game
from tests.match.helpers import seats


def test_the_newest_record_of_each_table_is_on_disk_after_flush(tmp_path):
    store = Store(tmp_path)
    queue = SaveQueue(store)
    matches = {code: Match.new(seats(0, 3), seed=n, bot_salt=n) for n, code in enumerate(("AAAAAA", "BBBBBB"))}
    for code, match in matches.items():
        match.subscribe(lambda m, events, code=code: queue.submit(code, m.saved_game()))
        match.poll()
    assert queue.flush()
    for code, match in matches.items():
        assert load_game(store.game_path(code)).state == match.state


def test_claims_survive_and_a_damaged_table_is_skipped_not_deleted(tmp_path):
    store = Store(tmp_path)
    queue = SaveQueue(store)
    match = Match.new(seats(2, 1), seed=4, bot_salt=4)
    table = Table("CCCCCC", match, lambda delay, fire: None, {0: Claim("Ann", "d" * 64)})
    queue.submit("CCCCCC", match.saved_game())
    store.save_claims(table)
    damaged = store.game_path("DDDDDD")
    damaged.write_text("format: amul-table-save\nversion: 2\n")
    assert queue.flush()
    (kept,) = store.load()
    assert kept.code == "CCCCCC" and kept.claims == {0: Claim("Ann", "d" * 64)}
    assert kept.saved_game.state == match.state
    assert damaged.exists()
