"""Shared steps of the tooltip tests: a table at a human's Offer or Reveal, and a hover held long enough."""

from __future__ import annotations

import time

import pygame

from amul_table.app.window import App
from amul_table.rules.phases import Phase
from amul_table.scenes.routes import Route
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.tooltip import TIP_DELAY, Tip, TipKind
from tests.scenes.played import played
from tests.window_driver import open_window


def table_app(size: tuple[int, int], lang: str = "en", players: int = 5, seed: int = 3) -> tuple[App, TableScene]:
    """A table at round 5's Offer, waiting on the human, drawn once."""
    app = open_window(size, language=lang, bot_pause=0.0)
    table = app.go(Route.TABLE, played(players, seed, "medium", round_number=5), intro=False)
    app.push(table)
    app.step(0.0)
    app.step(0.0)
    return app, table


def to_reveal(app: App, table: TableScene, seconds: float = 60) -> None:
    """Offer and pick the first legal cards, then wait until every rival's Reveal lies face down."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = table.model.view
        if view.phase == Phase.REVEAL and all(view.revealed[s] for s in range(view.players) if s != view.seat):
            app.step(0.0)
            return
        if view.legal and not table.animating and view.phase != Phase.REVEAL:
            table.act(view.legal[0])
        app.step(1 / 30)
    raise AssertionError(f"no Reveal with every rival's card face down (phase {table.model.view.phase})")


def move_to(app: App, table: TableScene, pos: tuple[int, int]) -> None:
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.0)


def hover(app: App, table: TableScene, region: Tip) -> Tip | None:
    """Rest the mouse on `region` past the delay; the tip shown then."""
    move_to(app, table, region.rect.center)
    app.step(TIP_DELAY + 0.05)
    return table.tooltip.shown


def first_of_each_kind(table: TableScene) -> dict[TipKind, Tip]:
    out: dict[TipKind, Tip] = {}
    for region in table.tooltip.regions:
        out.setdefault(region.kind, region)
    return out
