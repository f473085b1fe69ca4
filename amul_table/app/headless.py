"""Headless tooling: `render` draws one scene to a PNG, `autoplay` times the real loop with bots only.

Also the made-up sessions and saves they show: a quick game's seats, a game played on to a round,
the sample saves of the Load scene, and the stacks of the comfort scenes (shield, settings, cards, rules).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from amul_table.app.stopping import Terminated
from amul_table.app.window import DEFAULT_SIZE, App
from amul_table.i18n import tr, tr_error
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.persistence.settings import Settings
from amul_table.rules.errors import RuleError
from amul_table.rules.phases import Phase
from amul_table.scenes.routes import Route

if TYPE_CHECKING:
    from amul_table.match.session import GameSession

SHOWCASE_SCENES = ("shield", "settings", "cards", "rules", "records", "replay", "review", "tutorial")
SCENES = ("title", "setup", "table", "scoring", "load", *SHOWCASE_SCENES)


def use_dummy_drivers() -> None:
    """Render without a screen or sound card (render, autoplay, tests)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


# --- sample sessions -----------------------------------------------------------------------------


def make_session(
    players: int, seed: int | None, bots: str, humans: int = 1, tea: int = 0, *, bot_salt: int | None = None
) -> GameSession:
    """Seats for a quick game: `humans` human seats first, then bots of one tier (or one per seat).

    `bot_salt` None: one derived from the seed, so that a render, an autoplay or a test replays exactly
    from its --seed (without a seed, a fresh one); `play` passes a fresh one, as a game set up in the window has.
    """
    from amul_table.ai.base import derived_bot_salt
    from amul_table.match.session import GameSession
    from amul_table.rules.seats import BOT_NAMES, Seat

    if bot_salt is None and seed is not None:
        bot_salt = derived_bot_salt(seed, seed)

    tiers = [t.strip() for t in bots.split(",") if t.strip()] or ["medium"]
    seats = []
    for i in range(players):
        if i < humans:
            seats.append(Seat.of_human(tr("setup.name_human") if humans == 1 else tr("table.player_n", n=i + 1)))
        else:
            tier = tiers[(i - humans) % len(tiers)]
            seats.append(Seat.bot(BOT_NAMES[(i - humans) % len(BOT_NAMES)], tier))
    return GameSession(seats, seed, tea, bot_salt=bot_salt)


def advance_to(session: GameSession, round_number: int) -> None:
    """Play a session (humans choosing by a seeded coin) until `round_number`'s Offer waits on a human."""
    import random

    rng = random.Random(session.seed)
    while not session.is_over:
        session.run_bots_now()
        if session.is_over:
            break
        view = session.view(session.shown_seat())
        if view.round >= round_number and view.phase == Phase.OFFER and view.legal:
            break
        if view.legal:
            session.client.submit(rng.choice(view.legal))
            if refused := session.client.errors():  # a bug, never a loop: the view's own legal action refused
                raise RuleError(refused[0].detail or refused[0].code)


def write_sample_saves(folder: str | Path, players: int, seed: int, bots: str) -> None:
    """A few saves to show the Load scene with (`amul-table render --scene load`): games at several
    rounds, a finished one, and a damaged file that is refused."""
    import dataclasses
    import datetime as dt

    from amul_table.ai.base import derived_bot_salt
    from amul_table.persistence.save_format import dump_save

    folder = Path(folder)
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    games = [  # name, players, humans, tea, round, hours ago
        ("autosave", players, 1, 0, 6, 0.2),
        ("Evening with the caravan", min(8, players + 1), 2, 2, 3, 26),
        ("Three of us", 3, 3, 0, 8, 50),
        ("Bots only, seed test", max(3, players - 1), 0, 0, 99, 75),
    ]
    for i, (name, n, humans, tea, round_number, hours) in enumerate(games):
        session = make_session(n, seed + i, bots, humans=humans, tea=tea, bot_salt=derived_bot_salt(seed, seed + i))
        advance_to(session, round_number)
        when = now - dt.timedelta(hours=hours)
        saved = dataclasses.replace(session.saved_game(), created=when - dt.timedelta(minutes=40), updated=when)
        (folder / f"{name}.yaml").write_text(dump_save(saved), encoding="utf-8")
    text = (folder / "Three of us.yaml").read_text(encoding="utf-8")
    broken = folder / "Sunday game.yaml"
    broken.write_text(text[: len(text) // 2], encoding="utf-8")
    old = (now - dt.timedelta(days=3)).timestamp()
    os.utime(broken, (old, old))


# --- render --------------------------------------------------------------------------------------


def render_scene(
    scene: str,
    players: int,
    seed: int,
    out: str,
    size: tuple[int, int],
    bots: str = "medium",
    tea: int = 0,
    lang: str = "en",
    page: int = 1,
    saves: str | None = None,
) -> None:
    """Draw one scene headless and save it as a PNG (`saves`: the folder the title and Load scene read)."""
    import tempfile

    if scene not in SCENES:
        raise ValueError(f"unknown scene {scene!r} (scenes: title, setup, table, scoring, load)")
    use_dummy_drivers()
    app = App(Settings(language=lang, animation_speed="instant", bot_pause=0.0), size)
    sample = None
    if saves is not None:
        app.saves = SavesFolder.open(saves)
    elif scene == "load":  # a few made-up saves in a temporary folder
        sample = tempfile.TemporaryDirectory(prefix="amul-saves-")
        write_sample_saves(sample.name, players, seed, bots)
        app.saves = SavesFolder(Path(sample.name))
    if scene in SHOWCASE_SCENES:
        push_showcase(app, scene, players, seed, bots, tea, page)
    else:
        push_scene(app, scene, players, seed, bots, tea)
    if app.saves.problem:
        app.notify(tr_error(app.saves.problem))
    for _ in range(3):
        app.step(0.0)
    app.mark_dirty()
    app.step(0.0)
    pygame.image.save(app.screen, out)
    app.close()
    if sample is not None:
        sample.cleanup()


def push_scene(app: App, scene: str, players: int, seed: int, bots: str, tea: int) -> None:
    """Push one of the main scenes (title, setup, table, scoring, load) as a render shows it."""
    from amul_table.scenes.load import LoadScene
    from amul_table.scenes.score_pad import ScoringScene
    from amul_table.scenes.setup import SetupScene
    from amul_table.scenes.table.scene import TableScene
    from amul_table.scenes.title import TitleScene

    if scene == "title":
        app.push(TitleScene(app))
    elif scene == "setup":
        app.push(TitleScene(app))
        setup = SetupScene(app)
        setup.players = players
        app.push(setup)
        setup.build()
    elif scene == "table":
        session = make_session(players, seed, bots, tea=tea)
        advance_to(session, 5)
        app.push(TableScene(app, session.client, intro=False))
    elif scene == "scoring":
        session = make_session(players, seed, bots, tea=tea)
        advance_to(session, 99)
        score = ScoringScene(app, session.saved_game())
        app.push(score)
        score.clock = 1e9
    elif scene == "load":
        app.push(TitleScene(app))
        app.push(LoadScene(app))
    else:
        raise ValueError(f"unknown scene {scene!r} (scenes: title, setup, table, scoring, load)")


def push_showcase(app: App, scene: str, players: int, seed: int, bots: str, tea: int, page: int = 1) -> None:
    """Push `scene` as a person would see it: the shield over a pass-and-play table, the others on the title."""
    from amul_table.scenes.browser.scene import CardBrowserScene
    from amul_table.scenes.rules_summary import RulesScene
    from amul_table.scenes.settings import SettingsScene
    from amul_table.scenes.table.pass_and_play import table_scene
    from amul_table.scenes.title import TitleScene

    if scene == "shield":  # a pass-and-play table raises it by itself on its first frame
        session = make_session(players, seed, bots, humans=2, tea=tea)
        advance_to(session, 3)
        app.push(table_scene(app, session.client, intro=False))
        return
    app.push(TitleScene(app))
    if scene == "settings":
        app.push(SettingsScene(app))
    elif scene == "cards":
        app.push(CardBrowserScene(app, players, tea > 0))
    elif scene == "rules":
        app.push(RulesScene(app, page=page - 1))
    elif scene == "records":  # made-up games: a render never reads the player's records
        from amul_table.persistence.records_sample import sample_summary
        from amul_table.scenes.records import RecordsScene

        app.push(RecordsScene(app, sample_summary(60, seed)))
    elif scene in ("replay", "review", "tutorial"):
        push_learning(app, scene, players, seed, bots, tea)
    else:
        raise ValueError(f"unknown scene {scene!r}")


def push_learning(app: App, scene: str, players: int, seed: int, bots: str, tea: int) -> None:
    """The replay viewer and the review of a finished sample game, or the guided first game."""
    from amul_table.match.replay import Replay
    from amul_table.scenes.replay import ReplayScene

    if scene == "tutorial":  # the learner's first Pick, after the Offers turned over
        tutorial = app.go(Route.TUTORIAL)
        app.push(tutorial)
        tutorial.act(tutorial.link.view(0).legal[0])
        app.game.run_bots_now()
        while events := tutorial.link.poll(app.time):
            tutorial.show_events(events)
        return
    session = make_session(players, seed, bots, tea=tea)
    advance_to(session, 99)
    replay = Replay.of_saved(session.saved_game())
    if scene == "replay":
        app.push(ReplayScene(app, replay, step=replay.last * 4 // 9 + 5))
    elif scene == "review":
        from amul_table.scenes.review import ReviewScene
        from amul_table.scenes.review_job import Reviewed

        review = ReviewScene(app, Reviewed.of_saved(session.saved_game()), 0)
        review.wait()
        app.push(review)
    else:
        raise ValueError(f"unknown scene {scene!r}")


# --- autoplay ------------------------------------------------------------------------------------


def autoplay(
    players: int,
    seed: int,
    bots: str = "medium",
    size: tuple[int, int] = DEFAULT_SIZE,
    bot_pause: float | None = None,
    tea: int = 0,
    max_seconds: float = 900.0,
) -> dict:
    """Run the real loop with bots in every seat, normal animation speed, from the deal to the score pad."""
    use_dummy_drivers()
    from amul_table.scenes.score_pad import ScoringScene

    settings = Settings(animation_speed="normal")
    if bot_pause is not None:
        settings.bot_pause = bot_pause
    app = App(settings, size)
    session = make_session(players, seed, bots, humans=0, tea=tea)
    app.push(app.go(Route.TABLE, session))
    app.record_frames = True
    app.catch_sigterm()  # SDL would make SIGTERM a quit event, and "quit?" waits for an answer nobody gives
    start = time.perf_counter()
    while app.running:
        dt = app.clock.tick(app.fps) / 1000.0
        app.step(min(dt, 0.1))
        top = app.top
        if isinstance(top, ScoringScene) and top.filled and not top.dirty:
            break
        if time.perf_counter() - start > max_seconds:
            raise RuntimeError(f"autoplay did not reach the score pad within {max_seconds:.0f} s")
    totals = top.shown_totals() if isinstance(top, ScoringScene) else []
    frames = frame_stats(app.frame_ms)
    app.close()
    if app.terminating:
        raise Terminated
    return {**frames, "seconds": round(time.perf_counter() - start, 2), "totals": totals}


def frame_stats(frame_ms: list[float]) -> dict:
    """How many frames did work, and their CPU time's percentiles (autoplay and benchmarks/frames.py)."""
    v = sorted(frame_ms)
    return {
        "frames": len(v),
        "p50_ms": round(percentile(v, 50), 3),
        "p95_ms": round(percentile(v, 95), 3),
        "p99_ms": round(percentile(v, 99), 3),
        "max_ms": round(v[-1], 3) if v else 0.0,
    }


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not values:
        return 0.0
    k = max(0, min(len(values) - 1, round(p / 100 * len(values) + 0.5) - 1))
    return values[k]
