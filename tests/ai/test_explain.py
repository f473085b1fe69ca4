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
