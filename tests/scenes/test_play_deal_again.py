"""The score pad's "Play this deal again": the same seed, seats and Tea, a fresh game of the same deal."""

from __future__ import annotations

from amul_table.app.headless import advance_to, make_session
from amul_table.rules.setup import new_game
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.table.scene import TableScene
from tests.window_driver import click, frames


def test_play_this_deal_again_deals_the_same_cards_to_the_same_seats(window):
    app = window((1024, 640), bot_pause=0.0)
    finished = make_session(4, 4242, "easy,medium", tea=0)  # two tiers, as seats to keep
    advance_to(finished, 99)
    app.push(ScoringScene(app, finished.saved_game()))
    frames(app, 2)
    click(app, app.top.widgets["play_deal_again"].rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    again = app.game
    assert again is not finished and not again.is_over
    assert (again.seed, again.tea) == (4242, 0)
    assert [(s.name, s.human, s.tier) for s in again.seats] == [(s.name, s.human, s.tier) for s in finished.seats]
    fresh = new_game(4, 4242, tea=0)
    assert again.state.initial_deck == fresh.initial_deck == finished.state.initial_deck  # the same deal
    assert again.state.starting_player == fresh.starting_player
