"""explain(): its English reasons, built inside ai/ without i18n, say what the window's English says."""

from __future__ import annotations

import random

from amul_table.ai.explain import explain
from amul_table.i18n import hint_reason
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.views import view_for


def test_explain_reasons_read_as_the_english_window_would_say_them():
    rng = random.Random(5)
    seen: set[str] = set()
    for game in range(6):
        state = new_game(4, game, tea=game % 2)
        while not state.is_over:
            seat = rng.choice(pending(state).seats)
            view = view_for(state, seat)
            if rng.random() < 0.2:
                for hint in explain(view, top=8):
                    assert hint.reason == hint_reason(hint.reason_key, hint.reason_args, "en")
                    seen.add(hint.reason_key)
            apply(state, rng.choice(legal_actions(state, seat)))
    assert len(seen) >= 8


def test_the_searched_hint_does_not_change_as_rivals_commit_their_offers():
    """The same Offer decision is rated the same before and after rivals commit face-down Offers."""
    state = new_game(4, 17)
    before = explain(view_for(state, 0), samples=24)
    for seat in (1, 2):
        apply(state, legal_actions(state, seat)[0])
    after_view = view_for(state, 0)
    assert len(after_view.log) > len(view_for(new_game(4, 17), 0).log)  # the log did grow
    after = explain(after_view, samples=24)
    assert [(h.action, h.search) for h in after] == [(h.action, h.search) for h in before]
