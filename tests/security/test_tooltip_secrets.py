"""Tooltips tell only what the shown seat may know: the same tips whatever the hidden cards, and no card named."""

from __future__ import annotations

import random
import re

import pytest

from amul_table.i18n import set_language
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.scenes.tooltip import TipKind
from tests.ai.test_bots import changes_hidden_cards, hidden_twin
from tests.scenes.tooltip_helpers import hover, table_app, to_reveal
from tests.window_driver import close_window


def tips_drawn(app, scene) -> list[tuple]:
    scene.refresh()
    app.step(0.0)
    return [(t.kind, tuple(t.rect), t.values, t.you, t.text()) for t in scene.tooltip.regions]


@pytest.mark.parametrize("phase", [Phase.OFFER, Phase.REVEAL], ids=["offer", "reveal"])
def test_the_tips_are_the_same_whatever_the_cards_the_seat_cannot_see(phase):
    app, scene = table_app((1280, 800))
    try:
        if phase == Phase.REVEAL:
            to_reveal(app, scene)
        kinds = {t.kind for t in scene.tooltip.regions}
        assert (TipKind.OFFER_FACE_DOWN if phase == Phase.OFFER else TipKind.REVEAL_FACE_DOWN) in kinds
        before = tips_drawn(app, scene)
        session = app.game
        state, seat = session.state, scene.model.shown
        twin = hidden_twin(state, seat, random.Random(7))
        assert changes_hidden_cards(state, twin, seat)
        session.match.state = twin
        assert tips_drawn(app, scene) == before
    finally:
        close_window(app)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_tip_names_a_card(lang):
    """A face-down offer or reveal says whose it is, never what it is; no tip names any card at all."""
    app, scene = table_app((1280, 800), lang)
    try:
        names = {t.name[lang] for t in load_cards().types.values()}
        pattern = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(names, key=len, reverse=True)))
        to_check = list(scene.tooltip.regions)
        to_reveal(app, scene)
        to_check += scene.tooltip.regions
        for region in to_check:
            assert not pattern.search(region.text()), (region.kind, region.text())
        face_down = next(t for t in scene.tooltip.regions if t.kind == TipKind.REVEAL_FACE_DOWN)
        shown = hover(app, scene, face_down)
        assert shown is not None and not pattern.search(shown.text())
    finally:
        close_window(app)
        set_language("en")
