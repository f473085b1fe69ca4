"""The hint overlay lists the given options best first and closes on any key or click (test_hint_search.py:
the table's hint asks the search on its own thread)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from amul_table.ai.reasons import Reason
from amul_table.ai.search import OptionValue
from amul_table.i18n import set_language
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import Action
from amul_table.scenes.routes import Route
from amul_table.scenes.table import hint as hint_module
from amul_table.scenes.table.hint import HintOverlay
from amul_table.scenes.title import TitleScene

pytestmark = pytest.mark.window(size=(1024, 640), title=True)


@dataclass(frozen=True)
class Hint:
    action: Action
    value: float
    reason: Reason
    reason_args: dict[str, Any] = field(default_factory=dict)
    search: OptionValue | None = None


def test_the_overlay_draws_each_option_and_any_key_closes_it(app):
    hints = [
        Hint(Action(ActionKind.OFFER, 0, 3), 2.0, Reason.OFFER_HARMLESS, {"card": 3}),
        Hint(Action(ActionKind.DECLINE, 0, -1), 0.0, Reason.DECLINE),
    ]
    overlay = HintOverlay(app, "Alice", hints)
    app.push(overlay)
    app.step(0.0)
    before = pygame.image.tobytes(app.screen, "RGB")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(1 / 60)
    assert isinstance(app.top, TitleScene)
    app.mark_dirty()
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") != before


def test_no_options_says_so_and_a_click_closes_it(app):
    app.push(HintOverlay(app, "Alice", []))
    app.step(0.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    app.step(1 / 60)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize(
    "lang,name,title",
    [("en", "You", "Your hint"), ("fr", "Vous", "Votre conseil"), ("en", "Alice", "Hint for Alice")],
)
def test_the_hint_speaks_to_a_seat_named_you(app, monkeypatch, lang, name, title):
    """It said "Hint for You" to the seat with the default name; other seats are still named."""
    set_language(lang)
    drawn: list[str] = []
    real = hint_module.fit_text
    monkeypatch.setattr(hint_module, "fit_text", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    app.push(HintOverlay(app, name, []))
    app.step(0.0)
    assert drawn[0] == title


def test_the_hint_button_sits_in_the_prompt_bar_and_opens_the_hints(app):
    from amul_table.app.headless import make_session

    table = app.go(Route.TABLE, make_session(4, 2, "medium"), intro=False)
    app.push(table)
    app.step(0.0)
    app.mark_dirty()
    app.step(1 / 60)
    assert "hint" in table.prompt_bar.shown_keys()
    pos = table.prompt_bar.rect("hint").center
    assert table.prompt_bar.rect("hint").colliderect(table.model.layout.prompt)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)
    app.step(1 / 60)  # a pygame_gui button acts on the event it posts at the release
    assert isinstance(app.top, HintOverlay)


def test_no_hint_while_the_bots_choose(app):
    from amul_table.app.headless import make_session

    table = app.go(Route.TABLE, make_session(3, 1, "medium", humans=0), intro=False)
    app.push(table)
    app.step(0.0)
    table.show_hint()
    assert app.top is table and not table.model.can_hint()


ENGLISH_REASON_WORDS = ("standing", "projected", "offer ", "pick ", "reveal ", "your", "rival", "nobody")


def test_in_french_the_hints_give_their_reasons_in_french_with_french_card_names(window):
    from amul_table.ai.explain import explain
    from amul_table.ai.tiers import make_bot
    from amul_table.rules.cards import load_cards
    from amul_table.rules.engine import apply, pending
    from amul_table.rules.setup import new_game
    from amul_table.rules.views import view_for

    french = window((1024, 640), language="fr")
    cards = load_cards().cards
    state = new_game(3, 11)
    bots = [make_bot("easy", seat, 11, salt=11) for seat in range(3)]
    phases, reasons = set(), []
    while not state.is_over and len(phases) < 3:
        if 0 in pending(state).seats:
            view = view_for(state, 0)
            overlay = HintOverlay(french, "Alice", explain(view, top=len(view.legal)))
            for hint in overlay.hints:
                text = overlay.reason_text(hint)
                reasons.append(text)
                assert not [w for w in ENGLISH_REASON_WORDS if w in text.lower()], text
                if hint.action.card is not None and hint.action.card >= 0:
                    ctype = cards[hint.action.card].type
                    assert ctype.name["fr"] in text
                    assert ctype.name["en"] not in text.replace(ctype.name["fr"], "")
            phases.add(view.pending.phase)
            french.push(overlay)
            french.step(1 / 60)
            french.pop()
        for seat in pending(state).seats:
            apply(state, bots[seat].choose(view_for(state, seat)))
    assert phases == {Phase.OFFER, Phase.PICK, Phase.REVEAL}
    assert any("," in text for text in reasons)  # the French decimal mark


def test_a_hint_value_is_said_in_words_before_its_number():
    from amul_table.i18n import set_language
    from amul_table.scenes.table.hint import verdict

    assert [verdict(v) for v in (3.0, 1.1, 0.0, -2.0)] == ["a big gain", "a gain", "about even", "a loss"]
    set_language("fr")
    try:
        assert verdict(1.1) == "un gain"
    finally:
        set_language("en")
