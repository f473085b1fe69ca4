"""explain(): each option with a typed reason code that the string tables say in English and in French."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from amul_table.ai.explain import LOOKS_BETTER, Hint, explain, ranked_as_shown, reason
from amul_table.ai.medium import Option
from amul_table.ai.reasons import Reason
from amul_table.ai.search import MARGIN_WEIGHT, OptionValue
from amul_table.app.headless import advance_to, make_session
from amul_table.i18n import LANGUAGES, hint_reason
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.phases import ActionKind
from amul_table.rules.state import Action
from amul_table.rules.views import view_for
from amul_table.scenes.table.hint_job import HINT_SAMPLES, best_hints
from tests.budget import examples, slow


def test_explain_gives_reason_codes_that_every_language_says_with_their_arguments():
    rng = random.Random(5)
    seen: set[Reason] = set()
    for game in range(6):
        state = new_game(4, game, tea=game % 2)
        while not state.is_over:
            seat = rng.choice(pending(state).seats)
            view = view_for(state, seat)
            if rng.random() < 0.2:
                for hint in explain(view, top=8):
                    assert isinstance(hint.reason, Reason)
                    for lang in LANGUAGES:
                        words = hint_reason(hint.reason, hint.reason_args, lang)
                        assert "{" not in words and "hint.reason" not in words
                    seen.add(hint.reason)
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


# --- issue 23 #9: the hint's order, numbers and words agree -------------------------------------------------


def shown(hint: Hint) -> tuple[int, float]:
    """The numbers the overlay shows: win percent and margin at one decimal."""
    return round(100 * hint.search.win), round(hint.search.margin, 1)


def searched_hint(card: int, win: float, margin: float, value: float = 0.0, group: int = 0) -> Hint:
    action = Action(ActionKind.OFFER, 0, card)
    values = OptionValue(action, win + MARGIN_WEIGHT * margin, win, margin, 100, group)
    return Hint(action, value, Reason.OFFER_HARMLESS, {"card": card}, values)


def test_the_hint_seen_in_the_issue_is_ranked_by_what_it_shows():
    """#1 showed 29% / 5.1 behind above #3 with 30% / 5.0 behind (the search had dropped #3 early)."""
    hints = [searched_hint(1, 0.29, -5.1), searched_hint(2, 0.27, -5.3, group=1), searched_hint(3, 0.30, -5.0, group=2)]
    assert [shown(h) for h in ranked_as_shown(hints)] == [(30, -5.0), (29, -5.1), (27, -5.3)]


# Derandomized (the same examples on every run) and no deadline (a busy machine is not a failure); make test-fast
# tries 30 of its 100 examples, and always the one of the issue.
@settings(max_examples=examples(100, fast=30), deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(-40, 40)), min_size=2, max_size=8))
@example([(0.025, 0.0), (0.03125, 0.0)])  # shown 2 % and 3 %: ranked by round(win, 2), both were 0.03
def test_no_hint_shown_lower_looks_better_on_both_numbers(numbers):
    assert_no_lower_hint_looks_better(
        ranked_as_shown([searched_hint(i, w, m, group=i) for i, (w, m) in enumerate(numbers)])
    )


def assert_no_lower_hint_looks_better(hints: list[Hint]) -> None:
    for i, upper in enumerate(hints):
        for lower in hints[i + 1 :]:
            a, b = shown(upper), shown(lower)
            assert not (b[0] >= a[0] and b[1] >= a[1] and b != a), (a, b)


@settings(deadline=None, derandomize=True)
@given(st.floats(-12, 12), st.floats(-12, 12))
def test_an_offers_reason_never_shows_minus_zero_nor_calls_a_gain_a_cost(keep, risk):
    option = Option(Action(ActionKind.OFFER, 0, 0), keep + risk, (("keep", keep), ("risk", risk)))
    why, args = reason(option)
    words = hint_reason(why, args, "en")
    assert "-0.0" not in words
    assert ("costs you" in words) == (-keep >= 0.5)
    assert ("gains about" in words) == (-risk >= 0.5)


@pytest.mark.parametrize("seed", [slow(9), 10])  # 10: the game of the report
def test_the_recommendation_and_its_reason_agree(seed):
    """Seed 10 recommended offering the Mongol Sword "costs you 9.9; a rival gains about 5.9" above an Oil that
    cost 5.0 and 2.2: a reason that argues against its own place now says the playouts prefer the option."""
    session = make_session(4, seed, "easy", tea=0)
    advance_to(session, 1)
    hints = best_hints(session.view(session.shown_seat()), HINT_SAMPLES)
    assert len(hints) == 3
    for i, hint in enumerate(hints):
        looks_better_below = any(b.value > hint.value + LOOKS_BETTER for b in hints[i + 1 :])
        assert hint.reason.endswith("_playouts") == looks_better_below
        assert "-0.0" not in hint_reason(hint.reason, hint.reason_args, "en")
    assert_no_lower_hint_looks_better(hints)
