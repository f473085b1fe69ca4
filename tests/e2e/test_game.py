"""End to end: the real app, driven only by synthetic mouse and keyboard events, from the title to the score pad."""

import random

import pygame

from amul_table.rules.phases import ActionKind
from amul_table.rules.scoring import score_game
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.setup import SetupScene
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.title import TitleScene
from tests.window_driver import click, frames, key, type_text


def widget_centre(setup: SetupScene, name: str) -> tuple[int, int]:
    return setup.widgets[name].rect.center


def test_one_human_against_three_medium_bots_from_title_to_score_pad(window, inline_bots):
    app = window(bot_pause=0.0)
    app.push(TitleScene(app))
    frames(app, 2)
    click(app, app.top.widgets["new_game"].rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    # five players, then back to four, all with the mouse
    click(app, widget_centre(setup, "players+"))
    assert setup.players == 5
    click(app, widget_centre(setup, "players-"))
    assert setup.players == 4
    # the human seat gets a typed name
    click(app, widget_centre(setup, "name0"))
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Aisha")
    # seat 2 goes round every kind and back to a medium bot
    for _ in range(5):  # medium -> hard -> expert -> person -> easy -> medium
        click(app, widget_centre(setup, "kind1"))
    assert (setup.seats[1].human, setup.seats[1].tier) == (False, "medium")
    click(app, widget_centre(setup, "seed"))
    type_text(app, "2024")
    click(app, widget_centre(setup, "start"))
    table = app.top
    assert isinstance(table, TableScene)
    session = app.game
    assert session.seats[0].name == "Aisha"
    assert [(s.human, s.tier) for s in session.seats] == [
        (True, None),
        (False, "medium"),
        (False, "medium"),
        (False, "medium"),
    ]
    assert session.seed == 2024

    rng = random.Random(1)
    clicks = 0
    for _ in range(5000):
        if isinstance(app.top, ScoringScene):
            break
        frames(app)
        view = table.model.view
        cards = [a.card for a in view.legal if a.kind != ActionKind.DECLINE]
        if not cards or table.animating:
            continue
        uid = rng.choice(cards)
        rect = table.model.layout.rest(uid)
        before = len(session.state.actions)
        click(app, (rect.left + 3, rect.top + 3))  # selects the card
        assert table.model.chosen == uid, "a click on a legal card did not select it"
        click(app, table.prompt_bar.rect("confirm").center)  # sends it (an Offer or Reveal once the others chose)
        for _ in range(500):
            if len(session.state.actions) > before:
                break
            frames(app)
        assert len(session.state.actions) > before, "a confirmed card was not played"
        clicks += 1
    assert isinstance(app.top, ScoringScene), "the game did not finish"
    human_actions = [a for a in session.state.actions if a.seat == 0]
    assert clicks == len(human_actions) >= 9 * 3
    pad = app.top
    frames(app, 3)
    expected = [s.total for s in score_game(session.state.play_areas).seats]
    assert pad.shown_totals() == expected
    assert pad.filled
