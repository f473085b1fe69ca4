"""Score changes are explained (issue 23, item 7): "Your score now" went 30 → 20 → 18 with no breakdown. The
sidebar says which rows moved at each change, its tooltip lists the rows, and the log sums up each round."""

from __future__ import annotations

import dataclasses
import random
from itertools import pairwise

import pytest

from amul_table.app.headless import make_session
from amul_table.i18n import set_language, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.scoring import score_game
from amul_table.rules.setup import new_game
from amul_table.rules.views import view_for
from amul_table.scenes.routes import Route
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.table import paint_sidebar
from amul_table.scenes.table.score_trail import projected_rows, rows_text, summary_text
from amul_table.scenes.title import TitleScene
from amul_table.scenes.tooltip import TipKind
from tests.scenes.test_table_follows_animation import frames_of_a_game
from tests.window_driver import close_window, open_window


@pytest.mark.parametrize("lang", ["fr", pytest.param("en", marks=pytest.mark.slow)])
def test_each_score_change_names_its_rows_and_the_log_sums_up_every_round(monkeypatch, inline_bots, lang):
    """The whole game in French (the longer words) in make test-fast, in English too in make test."""
    drawn: list[str] = []
    real = paint_sidebar.fit_text

    def spy(value, *args, **kwargs):
        drawn.append(value)
        return real(value, *args, **kwargs)

    monkeypatch.setattr(paint_sidebar, "fit_text", spy)
    app = open_window((1024, 640), bot_pause=0.0, language=lang)
    set_language(lang)
    try:
        app.push(TitleScene(app))
        table = app.go(Route.TABLE, make_session(4, 11, "easy"), intro=False)
        app.push(table)
        model = table.model
        first = model.live_score()
        shown = first
        changes = 0
        for _ in frames_of_a_game(app, table, 20_000):
            if not drawn:
                continue  # the sidebar was not painted again
            total = model.live_score()
            last = model.score_trail().last
            if total != shown:
                changes += 1
                assert (last.before, last.after) == (shown, total)
                assert sum(d for _, d in last.rows) == total - shown, "the rows named add up to the change"
                why = tr("table.score_moved", before=shown, after=total, rows=rows_text(last.rows))
                assert why in drawn, "the sidebar says which rows moved"
                score_tip = next(t for t in table.tooltip.regions if t.kind is TipKind.LIVE_SCORE)
                assert rows_text(last.rows) in score_tip.text()
                shown = total
            drawn.clear()
        assert changes >= 3
        summaries = [m for _, m in sorted(model.score_trail().summaries.items())]
        assert [m.round for m in summaries] == list(range(1, 10))
        assert summaries[0].before == first
        assert isinstance(app.top, ScoringScene), "the game did not end"
        assert summaries[-1].after == shown == score_game(table.client.match.state.play_areas).seats[0].total
        assert all(a.after == b.before for a, b in pairwise(summaries))
        assert all(sum(d for _, d in m.rows) == m.after - m.before for m in summaries)
        logged = [line.text for line in model.log_lines]
        for m in summaries[-3:]:  # the log keeps its newest lines; the last rounds' are there, in order
            assert summary_text(m) in logged
        header = tr("log.header", n=9)
        assert (
            logged.index(summary_text(summaries[-2])) < logged.index(header) < logged.index(summary_text(summaries[-1]))
        )
    finally:
        close_window(app)


def test_the_projected_score_is_always_that_of_the_views_own_cards_scored_afresh():
    """projected_rows is cached by the cards it scores (every painted frame asks for it): each seat's view at every
    decision of a game, views with the same cards included, gets what scoring its play area and hand-icon cards
    afresh gives; the same play areas with another hand score that hand."""
    cards = load_cards().cards
    state = new_game(4, seed=9)
    rng = random.Random(9)
    checked = 0
    while not state.is_over:
        for seat in range(4):
            view = view_for(state, seat)
            areas = [list(a) for a in view.play_areas]
            areas[seat] += [u for u in view.hand if cards[u].keeps_in_hand]
            assert projected_rows(view, seat) == score_game(areas).seats[seat].rows
            checked += 1
        seat = pending(state).seats[0]
        apply(state, rng.choice(legal_actions(state, seat)))
    final = view_for(state, 0)
    kept = next(u for u in range(len(cards)) if cards[u].keeps_in_hand)
    with_hand = dataclasses.replace(final, hand=(kept,))
    areas = [list(a) for a in final.play_areas]
    areas[0].append(kept)
    assert projected_rows(with_hand, 0) == score_game(areas).seats[0].rows != projected_rows(final, 0)
    assert checked > 100
