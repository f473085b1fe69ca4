"""End to end: the real app, driven only by synthetic mouse and keyboard events, from the title to the score pad."""

import random

import pygame

from amul_table.app import App
from amul_table.rules.scoring import score_game
from amul_table.scenes.score_pad import ScoringScene
from amul_table.scenes.setup import SetupScene
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.title import TitleScene
from amul_table.settings import Settings


def frame(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frame(app, 2)


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    frame(app)


def type_text(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frame(app)


def widget_centre(setup: SetupScene, name: str) -> tuple[int, int]:
    return setup.widgets[name].rect.center


def test_one_human_against_three_medium_bots_from_title_to_score_pad(inline_bots):
    app = App(Settings(animation_speed="instant", bot_pause=0.0), (1280, 800))
    try:
        app.push(TitleScene(app))
        frame(app, 2)
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
        session = table.session
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
            frame(app)
            view = table.model.view
            cards = [a.card for a in view.legal if a.kind != "decline"]
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
                frame(app)
            assert len(session.state.actions) > before, "a confirmed card was not played"
            clicks += 1
        assert isinstance(app.top, ScoringScene), "the game did not finish"
        human_actions = [a for a in session.state.actions if a.seat == 0]
        assert clicks == len(human_actions) >= 9 * 3
        pad = app.top
        frame(app, 3)
        expected = [s.total for s in score_game(session.state.play_areas).seats]
        assert pad.shown_totals() == expected
        assert pad.filled
    finally:
        app.close()
