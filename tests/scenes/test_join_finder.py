"""The Join screen's tables found on the network (mDNS on 127.0.0.1 only): listed while a silent announcement is
still being looked up, and nothing of the search left running once the screen is left."""

from __future__ import annotations

import pytest

from amul_table.app.window import App
from amul_table.i18n import set_language, tr
from amul_table.net import discovery
from amul_table.net.discovery import FoundTable, TableAd
from amul_table.persistence.settings import Settings
from amul_table.scenes.online_join import LOOK_EVERY, JoinScene
from tests.lan import NEVER_MS, announce, announce_silently, network, own_service, wait_until, zeroconf_threads
from tests.scenes.table_text import recording
from tests.scenes.test_table_layout import CAP_PX
from tests.window_driver import click, close_window, frames, type_text


@pytest.fixture
def app():
    window = App(Settings(animation_speed="instant"), (1024, 640))
    yield window
    close_window(window)


def test_the_join_screen_lists_the_tables_found_beside_a_silent_one_and_leaving_it_ends_the_search(app, monkeypatch):
    own_service(monkeypatch)
    monkeypatch.setattr(discovery, "INFO_WAIT_MS", NEVER_MS)
    with network(monkeypatch) as zc:
        before = zeroconf_threads()
        join = JoinScene(app, name="Zoé")
        app.push(join)
        silent = f"Mallory ZZZZZZ.{discovery.SERVICE}"
        announce_silently(zc, silent)
        wait_until(lambda: silent in join.finder.looking())
        announce(zc, ("ABCDEF", "Ann"), ("GHJKMN", "Bob"), ("PQRSTU", "Chloé"))

        def listed() -> bool:
            app.step(LOOK_EVERY)  # the screen looks at what was found once a second
            return len(join.found) == 3

        wait_until(listed)
        assert [join.widgets[f"found{i}"].text for i in range(3)] == [
            "Ann · ABCDEF · 3 of 4 seats free · Ann",
            "Bob · GHJKMN · 3 of 4 seats free · Bob",
            "Chloé · PQRSTU · 3 of 4 seats free · Chloé",
        ]
        finder = join.finder
        assert silent in finder.looking()
        join.press("back")
        assert app.top is not join and join.finder is None
        assert finder.looking() == set() and zeroconf_threads() - before == set()


def test_the_tables_found_are_listed_in_one_size_and_in_good_french(app):
    """Before, a row too long for its button was drawn smaller than the others, and French said "1 places libres"."""
    set_language("fr")
    join = JoinScene(app, name="Zoé")
    app.push(join)
    people = ("Chloé", "Dmitri", "Zoé-Marguerite", "Yuki", "Anastasia", "Bartholomew")
    short = FoundTable(TableAd("ABCDEF", "salon", 3, 1, ("Ann",)), "192.168.1.20", 8765)
    long = FoundTable(TableAd("GHJKMN", "salon", 8, 2, people), "192.168.1.20", 8765)
    join.found = [short]
    join.build()
    alone = join.widgets["found0"].font.get_point_size()
    join.found = [short, long]
    join.build()
    rows = [join.widgets["found0"], join.widgets["found1"]]
    assert rows[0].text == "salon · ABCDEF · 1 place libre sur 3 · Ann"
    assert rows[1].text.startswith("salon · GHJKMN · 2 places libres sur 8 · Chloé")
    assert rows[0].font is rows[1].font and rows[0].font.get_point_size() < alone  # the long row's size, for both


class TablesFound:
    """A finder that has found `tables` (what the Join screen reads of one)."""

    available = True

    def __init__(self, *tables: FoundTable) -> None:
        self.found = list(tables)

    def tables(self) -> list[FoundTable]:
        return list(self.found)

    def close(self) -> None:
        self.found = []


def test_a_table_found_while_the_player_types_leaves_the_typing_where_it_was(app):
    """Before, the list of tables was made anew with every field: the field typed in lost the keyboard."""
    join = JoinScene(app)
    app.push(join)
    frames(app)
    click(app, join.widgets["name"].rect)
    type_text(app, "Zo")
    join.finder.close()
    join.finder = TablesFound(FoundTable(TableAd("ABCDEF", "salon", 3, 2, ("Ann",)), "192.168.1.20", 8765))
    app.step(LOOK_EVERY)
    assert len(join.found) == 1 and "found0" in join.widgets
    type_text(app, "é")
    assert join.widgets["name"].get_text() == "Zoé"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_table_found_shows_its_address_whole_under_its_row(app, monkeypatch, lang):
    """Before, a table was listed by its host's name only: anyone on the network could announce "Ann" pointing
    elsewhere, and the two "Ann" rows looked alike. Each row's address is written under it, readable."""
    set_language(lang)
    join = JoinScene(app, name="Zoé")
    app.push(join)
    join.found = [
        FoundTable(TableAd("ABCDEF", "Ann", 3, 1, ("Ann",)), "192.168.1.20", 8765),
        FoundTable(TableAd("GHJKMN", "Ann", 8, 2, ("Chloé", "Dmitri", "Zoé-Marguerite", "Yuki")), "10.0.0.66", 40123),
    ]
    join.build()
    with recording(monkeypatch) as drawn:
        join.draw(app.screen)
    rows = [join.widgets["found0"], join.widgets["found1"]]
    for row, where in zip(rows, ("192.168.1.20:8765", "10.0.0.66:40123"), strict=True):
        line = {d.value: d for d in drawn}.get(tr("join.table_address", address=where))
        assert line is not None and line.cap >= CAP_PX, (where, [d.value for d in drawn])
        assert where not in row.text  # under the row, not in it: the rows keep their one size
    assert rows[0].font is rows[1].font
