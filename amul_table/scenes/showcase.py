"""Stacks for headless renders of the comfort scenes: shield, settings, cards, rules and records."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from amul_table.app import App

SCENES = ("shield", "settings", "cards", "rules", "records")


def push_showcase(app: App, scene: str, players: int, seed: int, bots: str, tea: int, page: int = 1) -> None:
    """Push `scene` as a person would see it: the shield over a pass-and-play table, the others on the title."""
    from amul_table.app import advance_to, make_session
    from amul_table.scenes.cards import CardBrowserScene
    from amul_table.scenes.pass_and_play import table_scene
    from amul_table.scenes.rules import RulesScene
    from amul_table.scenes.settings import SettingsScene
    from amul_table.scenes.title import TitleScene

    if scene == "shield":  # a pass-and-play table raises it by itself on its first frame
        session = make_session(players, seed, bots, humans=2, tea=tea)
        advance_to(session, 3)
        app.push(table_scene(app, session, intro=False))
        return
    app.push(TitleScene(app))
    if scene == "settings":
        app.push(SettingsScene(app, save=lambda settings: ""))
    elif scene == "cards":
        app.push(CardBrowserScene(app, players, tea > 0))
    elif scene == "rules":
        app.push(RulesScene(app, page=page - 1))
    elif scene == "records":  # made-up games: a render never reads the player's records
        from amul_table.persistence.records_sample import sample_summary
        from amul_table.scenes.records import RecordsScene

        app.push(RecordsScene(app, sample_summary(60, seed)))
    else:
        raise ValueError(f"unknown scene {scene!r}")
