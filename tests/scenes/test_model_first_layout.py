"""A table's model lays its first view out once, with the seats' names and the settings, and starts with the first of
the seat's choices in screen order selected (it laid out a placeholder first, without names, tiers or settings,
and selected the first choice in that placeholder's order)."""

from __future__ import annotations

import pygame
import pytest

from amul_table.persistence.settings import Settings
from amul_table.scenes.table import model as model_module
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.table.model import TableModel
from tests.scenes.test_seat_names import decision_moments


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@pytest.mark.parametrize("typed", [False, True])
def test_a_new_table_lays_out_once_and_selects_its_first_choice_on_screen(monkeypatch, typed):
    made: list[TableLayout] = []

    class Counted(TableLayout):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(model_module, "TableLayout", Counted)
    for moment in decision_moments(8, typed=typed):
        before = len(made)
        model = TableModel.of(moment, 0, (1024, 640), Settings(colour_blind=typed, live_score=not typed))
        assert made[before:] == [model.layout]  # the one layout drawn, with the names and settings
        choices = model.choices()
        assert choices and model.selected_card() == choices[0].card
