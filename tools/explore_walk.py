"""The explorer's walk: every scene and overlay of the window, reached from the title by keyboard and mouse.

Each route starts on the title and ends anywhere (the next one goes home first). The dice (the
driver's seeded RNG) choose mouse or keys, which card, when to open an aid; every kind of decision
is still made at least once per game: Decline and a take from the Palace or Bazaar tray, Take back,
the hint, the Esc menu and everything in it, a hover zoom and a right-click zoom.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from amul_table.rules.phases import Phase
from amul_table.scenes.overlays import BOT_PAUSES
from tools.explore_driver import Driver, WalkLost

EFFECT_PHASES = (Phase.EFFECTS, Phase.GAME_END)
AIDS = ("menu", "hint", "glossary", "keys", "zoom", "hover", "live", "wheel", "skip", "save_as", "rules", "resize")
STALL = 900  # frames without a human decision nor a new action: the table is stuck


# --- the title's plain scenes -----------------------------------------------------------------------


def title_keys(d: Driver) -> None:
    """The title's focus ring by arrows and Tab, then the mouse over it."""
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
        d.key(k)
    d.move((d.size[0] // 2, d.size[1] // 3))


def settings(d: Driver) -> None:
    """Every option of the settings, both languages, back in the walk's own, left by Back or Esc."""
    d.press("settings")
    resize(d)
    scene = d.top
    speed = d.app.settings.animation_speed
    order = sorted(k for k in scene.ui.elements if k != "back")
    d.rng.shuffle(order)
    for name in order:
        if name.startswith(("language=", "fullscreen=")):
            continue
        d.press(name, scene=scene)
        scene = d.top
    d.press("fullscreen=True", scene=scene)  # and straight back: the walk's window keeps its size
    d.press("fullscreen=False", scene=d.top)
    other = "fr" if d.lang == "en" else "en"
    d.press(f"language={other}", scene=scene)
    d.frames(2)
    d.press(f"language={d.lang}", scene=d.top)
    d.press(f"animation_speed={speed}", scene=d.top)
    d.press("mute=True", scene=d.top)
    leave(d, "back")


def leave(d: Driver, button: str) -> None:
    """Leave the top scene by its button or by Esc, as the dice say."""
    if d.rng.random() < 0.5:
        d.press(button)
    else:
        d.key(pygame.K_ESCAPE)


def browser(d: Driver) -> None:
    """Rules & cards: filters, search typed, every move key, a card picked by mouse, the wheel, the rules
    summary's pages and its glossary, the glossary's pages."""
    d.press("rules")
    scene = d.top
    for name in [k for k in scene.ui.elements if k not in ("back", "rules", "glossary", "search")]:
        if d.rng.random() < 0.6:
            d.press(name, scene=d.top)
    search = d.top.ui.elements["search"]
    d.click(search.rect.center)
    d.type_text(d.rng.choice(("mon", "silk", "é", "zz")))
    d.key(pygame.K_ESCAPE)  # out of the field
    for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_HOME, pygame.K_LEFT):
        d.key(k)
    w, h = d.size
    d.click((w // 3, h // 2))
    d.wheel((w // 3, h // 2), -2)
    resize(d)
    d.press("glossary", scene=d.top)
    glossary(d)
    d.press("rules", scene=d.top)  # the rules take the browser's place (and its Cards button gives it back)
    rules_summary(d)


def glossary(d: Driver) -> None:
    """Every page forward and one back, then closed by a click or a key."""
    for k in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_SPACE, pygame.K_PAGEDOWN, pygame.K_LEFT):
        d.key(k)
    if d.rng.random() < 0.5:
        d.click((5, 5))
    else:
        d.key(pygame.K_g)


def rules_summary(d: Driver) -> None:
    """Each page of the rules summary, by keys and buttons, and its glossary."""
    for _ in range(6):
        d.key(d.rng.choice((pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE)))
    for _ in range(6):
        if d.top.ui.elements["previous"].is_enabled:
            d.press("previous")
    for _ in range(6):
        if d.top.ui.elements["next"].is_enabled:
            d.press("next")
    d.press("glossary")
    glossary(d)
    leave(d, "back")


def records(d: Driver) -> None:
    """The records, empty or not; from the empty page its New game button leads to the setup."""
    d.press("records")
    scene = d.top
    if not scene.empty:
        d.findings.count("records of finished games")
    if "new_game" in scene.ui.elements and d.rng.random() < 0.5:
        d.press("new_game")
        d.key(pygame.K_ESCAPE)
        return
    d.move((d.size[0] // 2, d.size[1] // 2))
    leave(d, "back")


def load(d: Driver) -> None:
    """Load: the list by keys, wheel and mouse; a finished game's replay to its score pad and review and back,
    an unfinished game's replay; Delete refused, then done; then a save loaded to the table."""
    if "load" not in d.top.ui.elements:
        return
    d.press("load")
    scene = d.top
    for k in (pygame.K_DOWN, pygame.K_END, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_PAGEDOWN, pygame.K_UP):
        d.key(k)
    d.wheel((d.size[0] // 2, d.size[1] // 2), -1)
    resize(d)
    finished = [i for i, save in enumerate(scene.saves) if save.ok and save.over]
    if finished:
        d.findings.count("load lists a finished game")
        choose_row(d, scene, finished[0])
        d.press("replay", scene=scene)
        expect(d, "ReplayScene")
        replay(d, to_pad=True)
        expect(d, scene)
    unfinished = [  # a solo game still in play (pass and play's replay waits for its end: it would show hands)
        i for i, save in enumerate(scene.saves) if save.ok and not save.over and sum(s.human for s in save.seats) == 1
    ]
    if unfinished:  # its replay ends where the game is, with no review
        choose_row(d, scene, unfinished[-1])
        d.press("replay", scene=scene)
        expect(d, "ReplayScene")
        replay(d, to_pad=False)
    if len(scene.saves) > 1:
        choose_row(d, scene, len(scene.saves) - 1)
        d.press("delete", scene=scene)
        d.key(pygame.K_ESCAPE)  # no
        d.press("delete", scene=scene)
        d.press("yes")
    expect(d, scene)
    playable = [i for i, save in enumerate(scene.saves) if save.ok and not save.over]
    if playable:
        choose_row(d, scene, playable[0])
        d.press("load", scene=scene)
        if not hasattr(d.top, "link") and not d.top_is("ShieldScene"):
            raise WalkLost(f"Load left {type(d.top).__name__} on top")
    else:
        leave(d, "back")


def choose_row(d: Driver, scene: Any, index: int) -> None:
    """Select the save `index` of the load list: by the keys, or by a click on its row."""
    d.key(pygame.K_HOME)
    w, h = d.size
    row_y = next((y for y in range(0, h, 3) if scene.row_at((w // 2, y)) == index), None)
    if row_y is not None and d.rng.random() < 0.5:
        d.click((w // 2, row_y))
    else:
        for _ in range(index):
            d.key(pygame.K_DOWN)
    if scene.selected != index:
        raise WalkLost(f"the load list selected row {scene.selected}, not {index}")


# --- the replay, the review, the score pad -------------------------------------------------------------


def replay(d: Driver, *, to_pad: bool) -> None:
    """Every stride of the replay both ways, play and pause, speed, seats, the timeline (once a game: a replay
    of it opened again goes straight on); from a finished game the review (R, then its costliest decision's
    replay); `to_pad`: its score pad (S), the review from there and Main menu refused, then Back or Esc to the
    replay. Then Back."""
    scene = d.top
    if once(d, "replay", scene.replay.states[0].seed, scene.replay.last):
        sweep(d, scene)
    if scene.replay.finished:
        d.key(pygame.K_r) if d.rng.random() < 0.5 or "review" not in scene.ui.elements else d.press("review")
        review(d, replays=not to_pad)
        if to_pad:
            d.key(pygame.K_s) if d.rng.random() < 0.5 or "score" not in scene.ui.elements else d.press("score")
            expect(d, "ScoringScene")
            score_pad(d, own=False)
            d.press("main_menu")
            d.press("no")
            d.press("back") if d.rng.random() < 0.5 else d.key(pygame.K_ESCAPE)
    expect(d, scene)
    leave(d, "back")


def sweep(d: Driver, scene: Any) -> None:
    """The replay's every stride both ways by keys and buttons, play and pause, the timeline, a resize."""
    keys = [
        pygame.K_RIGHT,
        pygame.K_RIGHT,
        pygame.K_PAGEDOWN,
        pygame.K_DOWN,
        pygame.K_END,
        pygame.K_LEFT,
        pygame.K_PAGEUP,
        pygame.K_UP,
        pygame.K_HOME,
        pygame.K_TAB,
    ]
    for k in keys:
        d.key(k)
    for name in ("step+", "phase+", "round+", "end", "step-", "phase-", "round-", "start", "speed", "seat"):
        if name in scene.ui.elements:
            d.press(name, scene=scene)
    d.press("play", scene=scene)
    d.frames(12, dt=0.1)
    d.key(pygame.K_SPACE)
    timeline = scene.timeline
    d.click((timeline.left + timeline.w * 2 // 3, timeline.centery))
    d.move((d.size[0] // 3, d.size[1] // 3), frames=8)
    resize(d)


def once(d: Driver, *what: Any) -> bool:
    """True the first time the walk comes to `what`."""
    first = what not in d.walked
    d.walked.add(what)
    return first


def resize(d: Driver) -> None:
    """The window dragged to another size for a few frames, and back to the walk's: once a walk for each kind of
    scene on top (the review, opened four times, lays out the same way each time)."""
    if not once(d, "resize", type(d.top).__name__):
        return
    w, h = d.size
    d.post(pygame.VIDEORESIZE, size=(w * 5 // 4, h * 9 // 10), w=w * 5 // 4, h=h * 9 // 10)
    d.frames(3)
    d.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
    d.frames(2)
    if d.app.size != d.size:
        raise WalkLost(f"the window is {d.app.size} after resizing back to {d.size}")


def expect(d: Driver, scene: Any) -> None:
    """The walk is lost unless `scene` (a scene or a class name) is on top."""
    top = d.app.top
    if (top is not scene) if not isinstance(scene, str) else (type(top).__name__ != scene):
        wanted = scene if isinstance(scene, str) else type(scene).__name__
        raise WalkLost(f"expected {wanted} on top, found {type(top).__name__}")


def review(d: Driver, *, replays: bool) -> None:
    """The review: it must finish; then every seat, the wheel, Back. `replays`: its costliest decision
    (key 1) and a row of the list open the replay there, each left by Esc."""
    expect(d, "ReviewScene")
    scene = d.top
    came_from = type(d.app.stack[-2]).__name__
    d.findings.count(f"review from {came_from}")
    for _ in range(2):
        d.frame(0.1)
        if scene.review is None:  # the frame waited for its worker: it failed (and said so), or it hangs
            if not getattr(scene.job, "failed", False):
                d.findings.unfinished_jobs.append(
                    f"the review of seat {scene.seat} (opened from {came_from}) stopped at {scene.progress[0]} "
                    f"of {scene.progress[1]}, its worker gone"
                )
            raise WalkLost("the review did not finish")
        resize(d)
        d.move(scene.list_box.center)
        d.wheel(scene.list_box.center, -2)
        d.wheel(scene.list_box.center, 1)
        if replays:
            replays = False
            d.key(pygame.K_1)
            if d.top is not scene:
                expect(d, "ReplayScene")
                d.key(pygame.K_ESCAPE)
            if scene.rows:
                d.click(scene.rows[-1][0].center)
                expect(d, "ReplayScene")
                d.key(pygame.K_BACKSPACE)
        expect(d, scene)
        d.press("seat", scene=scene)
    leave(d, "back")


def score_pad(d: Driver, *, own: bool = True) -> None:
    """The score pad filled in (Space), each seat's area by its tab, the cells hovered (once a game), the review
    from it; `own` (the game's own pad): the replay from it too, left by Back."""
    expect(d, "ScoringScene")
    scene = d.top
    d.key(pygame.K_SPACE)
    d.frames(3, dt=0.1)
    if once(d, "score pad", scene.game.state.seed, len(scene.game.state.actions)):  # a game's pad again: its review
        for i in d.rng.sample(range(len(scene.names)), k=min(3, len(scene.names))):
            d.press(f"seat{i}", scene=scene, how="mouse")
        for _seat, _row, rect in scene.cell_rects[:: max(1, len(scene.cell_rects) // 5)]:
            d.move(rect.center, frames=2)
        if scene.card_rects:
            d.move(scene.card_rects[0][1].center, frames=2)
        resize(d)
    d.press("review", scene=scene)
    review(d, replays=own)
    expect(d, scene)
    if own:
        d.press("replay", scene=scene)
        expect(d, "ReplayScene")
        replay(d, to_pad=False)
        expect(d, scene)


# --- the table -------------------------------------------------------------------------------------------


@dataclass
class Play:
    """How one seat plays its decisions: `coach` "follow" plays as the tutorial's coach says (its rings,
    a card with an effect to reveal, a take), "ignore" does everything else first; `aids` opens the
    table's aids along the way."""

    d: Driver
    coach: str = ""
    aids: bool = True
    decisions: int = 0
    effects: int = 0
    used: set[str] = field(default_factory=set)

    def table(self) -> Any:
        return next((s for s in reversed(self.d.app.stack) if hasattr(s, "model") and hasattr(s, "link")), None)

    def ready(self, table: Any) -> bool:
        m = table.model
        return (
            self.d.app.top is table
            and bool(m.view.legal)
            and m.seats[m.shown].human
            and not table.animating
            and m.held is None
        )

    def game(self, stop: Callable[[Any], bool] = lambda table: False) -> None:
        """Play until the score pad shows, the table is left, or `stop(table)`."""
        d = self.d
        idle, last = 0, -1
        while True:
            top = d.app.top
            name = type(top).__name__
            if name == "ShieldScene":
                self.shield(top)
                continue
            if name == "ScoringScene":
                return
            table = self.table()
            if table is None or stop(table):
                return
            done = len(table.client.match.state.actions)
            if done != last:
                idle, last = 0, done
            if top is table and self.ready(table):
                self.decide(table)
                idle = 0
                continue
            idle += 1
            if idle > STALL:
                raise WalkLost(f"the table waited {STALL} frames with nothing to do (top: {name})")
            d.frame(0.1)

    def shield(self, shield: Any) -> None:
        """Wait for the shield to arm, sometimes open the menu behind it, then lift it by Space or a click."""
        d = self.d
        d.frames(8, dt=0.1)
        if "shield_menu" not in self.used:
            self.used.add("shield_menu")
            d.key(pygame.K_ESCAPE)
            if d.top_is("MenuOverlay"):
                d.press("resume")
        if d.top is shield:
            d.findings.count("shield lifted")
            if d.rng.random() < 0.5:
                d.key(pygame.K_SPACE)
            else:
                d.click((d.size[0] // 2, d.size[1] // 2))

    # --- one decision ---------------------------------------------------------------------------------

    def decide(self, table: Any) -> None:
        d, m = self.d, table.model
        self.decisions += 1
        if self.coach == "ignore":
            self.ignore_coach(table)
        elif self.aids:
            self.maybe_aid(table)
        if not self.ready(table):
            return
        view = m.view
        cards = [a.card for a in m.choices()]
        if view.phase in EFFECT_PHASES:
            self.effects += 1
            decline = m.can_decline() and (  # a take first, then Decline, then each in turn
                self.coach == "ignore" or (self.coach != "follow" and self.effects % 2 == 0) or not cards
            )
            if decline:
                self.decline(table)
                return
        uid = self.pick(table, cards)
        if uid is None:
            if m.can_decline():
                self.decline(table)
            return
        if self.coach != "follow" and m.can_decline() and d.rng.random() < 0.3:  # Decline, then a take after all
            self.decline(table, send=False)
        if self.coach != "follow" and len(cards) > 1 and d.rng.random() < 0.2:  # a change of mind first
            self.select(table, d.rng.choice([c for c in cards if c != uid]))
        self.select(table, uid)
        self.confirm(table)
        d.findings.count("take from the tray" if view.phase in EFFECT_PHASES else view.phase.word)
        if m.held is not None and "take_back" not in self.used and d.rng.random() < 0.5:
            self.used.add("take_back")
            d.click(table.prompt_bar.rect("take_back").center)
            d.findings.count("take back")

    def pick(self, table: Any, cards: list[int]) -> int | None:
        if not cards:
            return None
        m = table.model
        if self.coach == "follow":
            self.d.findings.count("coach followed")
            if m.view.phase == Phase.REVEAL:  # the coach: a card whose effect helps now, or one that scores
                lasting = [c for c in cards if not m.leaves_on_reveal(c)] or cards
                with_effect = [c for c in lasting if _has_effect(c)]
                return (with_effect or lasting)[0]
            return cards[0]
        if m.view.phase == Phase.REVEAL and (self.effects < 2 or self.d.rng.random() < 0.4):  # a take or Decline next
            with_effect = [c for c in cards if _has_effect(c) and not m.leaves_on_reveal(c)]
            if with_effect:
                return self.d.rng.choice(with_effect)
        return self.d.rng.choice(cards)

    def select(self, table: Any, uid: int) -> None:
        """Select `uid` by a click on it or by the arrows."""
        d, m = self.d, table.model
        if self.coach == "follow" or d.rng.random() < 0.5:
            rect = m.layout.rest(uid)
            if rect is not None:
                d.click((rect.centerx, rect.top + rect.h // 3))
                return
        arrow = d.rng.choice((pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP))
        for _ in range(len(m.choices()) + 1):  # the arrows go round the choices
            if m.chosen == uid:
                return
            d.key(arrow)
        if m.chosen != uid:
            d.key(pygame.K_RETURN)

    def confirm(self, table: Any) -> None:
        d, m = self.d, table.model
        if not m.confirming():
            raise WalkLost(
                f"no card selected in the {m.view.phase} after choosing one (chosen {m.chosen}, selected "
                f"{m.selected}, legal {sorted(m.legal_cards())}, top {type(d.top).__name__})"
            )
        rect = table.prompt_bar.rect("confirm")
        if rect is not None and d.rng.random() < 0.5:
            d.click(rect.center)
        else:
            d.key(pygame.K_RETURN)

    def decline(self, table: Any, *, send: bool = True) -> None:
        """Decline by its button or D (that selects taking nothing), then send it by D again, Enter or Confirm
        (a Decline that is the one thing left to do goes at once)."""
        d, m = self.d, table.model
        rect = table.prompt_bar.rect("decline")
        if rect is not None and d.rng.random() < 0.5:
            d.click(rect.center)
        else:
            d.key(pygame.K_d)
        if not send or not getattr(m, "declining", False) or not self.ready(table):
            d.findings.count("decline" if send else "decline, then a take")
            return
        d.findings.count("decline")
        how = d.rng.choice(("d", "enter", "confirm"))
        confirm = table.prompt_bar.rect("confirm")
        if how == "confirm" and confirm is not None:
            d.click(confirm.center)
        else:
            d.key(pygame.K_d if how == "d" else pygame.K_RETURN)

    # --- the aids and the coach ignored -----------------------------------------------------------------

    def maybe_aid(self, table: Any) -> None:
        """Each aid once early in the game, then now and then."""
        d = self.d
        unused = [a for a in AIDS if a not in self.used]
        if unused and self.decisions % 2 == 0:
            aid = unused[0]
        elif d.rng.random() < 0.05:
            aid = d.rng.choice(AIDS)
        else:
            return
        self.used.add(aid)
        self.aid(table, aid)
        d.findings.count(f"aid: {aid}")

    def aid(self, table: Any, aid: str) -> None:
        d, m = self.d, table.model
        if aid == "menu":
            esc_menu(d, table)
        elif aid == "hint":
            rect = table.prompt_bar.rect("hint")
            d.click(rect.center) if rect is not None and d.rng.random() < 0.5 else d.key(pygame.K_h)
            d.frames(3, dt=0.1)
            if d.top_is("HintOverlay"):
                d.key(pygame.K_ESCAPE) if d.rng.random() < 0.5 else d.click((5, 5))
        elif aid == "glossary":
            d.key(pygame.K_g)
            glossary(d)
        elif aid == "keys":
            d.key(pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
            d.key(pygame.K_a)
        elif aid in ("zoom", "hover"):
            cards = [a.card for a in m.choices()] or list(m.layout.market)
            rect = m.layout.rest(cards[0]) if cards else None
            if rect is None:
                return
            if aid == "zoom":
                d.click(rect.center, button=3)
                if d.top_is("ZoomOverlay"):
                    d.move((rect.centerx + 3, rect.centery), frames=3)
                    d.key(pygame.K_ESCAPE)
            else:
                d.move((rect.centerx - 4, rect.centery))
                d.move(rect.center, frames=8)
                d.move((2, 2))
        elif aid == "live":
            d.key(pygame.K_l)
            d.key(pygame.K_l)
        elif aid == "wheel":
            side = m.layout.sidebar
            d.wheel(side.center, 3)
            d.wheel(side.center, -1)
            d.wheel(side.center, -5)
        elif aid == "skip":
            d.key(pygame.K_SPACE)
        elif aid == "resize":
            resize(d)
        elif aid == "save_as":
            d.key(pygame.K_ESCAPE)
            save_as(d)
            if d.top_is("MenuOverlay"):
                d.press("resume")
        elif aid == "rules":
            d.key(pygame.K_ESCAPE)
            d.press("rules")
            d.key(pygame.K_END)
            d.key(pygame.K_ESCAPE)
            d.press("resume")
        if d.app.top is not table:
            raise WalkLost(f"the {aid} aid left {type(d.app.top).__name__} on top")

    def ignore_coach(self, table: Any) -> None:
        """What a learner does instead of what the coach says: clicks beside the rings, a Decline that is not
        offered, the rules, the glossary, the hint, the menu; then chooses as the dice say."""
        d, m = self.d, table.model
        d.findings.count("coach ignored")
        d.click((m.layout.sidebar.left - 8, d.size[1] // 3))  # the felt
        if not m.can_decline():
            d.key(pygame.K_d)
        extra = ["f1", "g", "h", "esc", "space", "enter"][self.decisions % 6]
        if extra == "f1":  # the rules in full the first time, a glance after
            d.key(pygame.K_F1)
            expect(d, "RulesScene")
            if "f1" in self.used:
                d.key(pygame.K_RIGHT)
                d.key(pygame.K_ESCAPE)
            else:
                rules_summary(d)
        elif extra == "g":
            d.key(pygame.K_g)
            d.key(pygame.K_RIGHT)
            d.key(pygame.K_ESCAPE)
        elif extra == "h" and "hint" not in self.used:  # one search is enough: each costs the hint's work
            self.aid(table, "hint")
            self.used.add("hint")
        elif extra == "esc":
            d.key(pygame.K_ESCAPE)
            d.press("resume")
        elif extra == "space":
            d.key(pygame.K_SPACE)
        else:
            d.key(pygame.K_RETURN)  # selects the first choice: chosen again below as the dice say
        self.used.add(extra)
        if d.app.top is not table:
            raise WalkLost(f"ignoring the coach left {type(d.app.top).__name__} on top")


def esc_menu(d: Driver, table: Any) -> None:
    """The Esc menu: every setting it cycles (round to where it was), keys, glossary, settings, then Resume; opened
    again in the same walk, Resume at once (each setting relays the whole table out: a second round of them all
    was a fifth of a walk's time)."""
    d.key(pygame.K_ESCAPE)
    menu = d.top
    if not once(d, "the Esc menu's every setting"):
        d.press("resume", scene=menu)
        return
    for name in ("speed", "speed", "speed", "speed", "pause", "score", "score", "colour", "colour", "sound", "sound"):
        d.press(name, scene=menu)
    d.press("volume", scene=menu)
    for _ in range(len(BOT_PAUSES) - 1):
        d.press("pause", scene=menu)
    d.press("keys", scene=menu)
    d.key(pygame.K_ESCAPE)
    d.press("glossary", scene=menu)
    glossary(d)
    d.press("settings", scene=menu)  # the other language for a moment: the table below relabels
    d.press(f"language={'fr' if d.lang == 'en' else 'en'}")
    d.press(f"language={d.lang}")
    d.key(pygame.K_ESCAPE)
    d.press("main_menu", scene=menu)
    d.press("no")
    d.press("resume", scene=menu)


def save_as(d: Driver) -> None:
    """Save as…: the suggested name, then the same name again (the replace question, refused then taken)."""
    d.press("save_as")
    for answer in ("", "no", "yes"):
        if not d.top_is("SaveAsOverlay"):
            d.press("save_as")
        if answer:
            d.key(pygame.K_END)
            d.type_text("x")
        d.press("save")
        if d.top_is("ConfirmOverlay"):
            d.press(answer or "yes")
        if d.top_is("SaveAsOverlay") and answer == "no":
            d.key(pygame.K_ESCAPE)


def _has_effect(uid: int) -> bool:
    from amul_table.rules.cards import load_cards

    return bool(load_cards().cards[uid].type.effect)


# --- setup and whole games --------------------------------------------------------------------------------


def setup(d: Driver, players: int, humans: int, seed: int, tier: str, tea: int = 0) -> None:
    """New game: the player count and Tea by their steppers, the seats' kinds by their buttons (one round all
    of them), a name typed, a seed that is refused and then the right one."""
    d.press("new_game")
    scene = d.top
    while scene.players != players:
        d.press("players+" if scene.players < players else "players-", scene=scene)
    kinds = ("human", "easy", "medium", "hard", "expert")
    for _ in kinds:  # the last seat's button once round every kind, back to where it was
        d.press(f"kind{players - 1}", scene=scene, how="mouse")
    for i in range(players):
        want = "human" if i < humans else tier
        for _ in range(len(kinds)):
            seat = scene.seats[i]
            if (seat.tier or "human") == want:
                break
            d.press(f"kind{i}", scene=scene, how="mouse")
    d.press("tea+", scene=scene)
    d.press("tea-", scene=scene)
    while scene.tea != tea:
        d.press("tea+" if scene.tea < tea else "tea-", scene=scene)
    name = scene.ui.elements["name0"]
    d.click(name.rect.center)
    d.key(pygame.K_END)
    d.type_text("é")
    seed_field = scene.ui.elements["seed"]
    d.click(seed_field.rect.center)
    d.type_text("x1")
    d.press("start", scene=scene, how="mouse")
    if not scene.error:
        raise WalkLost("a seed of letters was taken")
    d.click(scene.ui.elements["seed"].rect.center)
    d.key(pygame.K_END)
    for _ in range(3):
        d.key(pygame.K_BACKSPACE)
    d.type_text(str(seed))
    if d.rng.random() < 0.5:
        d.key(pygame.K_RETURN, frames=2)  # the field says it is finished, then the scene starts
    else:
        d.press("start", scene=scene, how="mouse")
    if not hasattr(d.top, "link") and not d.top_is("ShieldScene"):
        raise WalkLost(f"Start left {type(d.top).__name__} on top")


def quit_window(d: Driver) -> None:
    """The window's close button in a game (No), the menu's Quit (No), then the title's Quit: the app ends."""
    d.press("continue") if "continue" in d.top.ui.elements else setup(d, 3, 1, 1, "easy")
    d.until(lambda: d.top_is("ShieldScene") or hasattr(d.top, "link"), what="the table")
    d.post(pygame.QUIT)
    d.frame()
    expect(d, "ConfirmOverlay")
    d.press("no")
    d.key(pygame.K_ESCAPE)
    d.press("quit")
    d.press("no")
    d.press("main_menu")
    d.press("yes")
    expect(d, "TitleScene")
    d.closing = True
    d.press("quit", how="mouse")
    if d.app.running:
        raise WalkLost("the title's Quit left the window open")
