"""Issue 13's twelve failures, one test each (each failed on the code before the fix, passes after)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.cli.main import main
from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_files import autosave_path, load_game, overwrite_refusal, saves_folder
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.persistence.settings import Settings
from amul_table.persistence.settings_file import load_settings
from amul_table.scenes.routes import Route
from amul_table.scenes.table.pass_and_play import PassAndPlayTable
from amul_table.scenes.table.shield import ShieldScene
from amul_table.scenes.title import TitleScene
from tests.security.helpers import fixture_text, make_fifo, within
from tests.window_driver import close_window, open_window

ROOT = Path(__file__).resolve().parents[2]
ZERO_WIDTH = ("\u200b", "\u200d", "\u202e", "\ufeff", "\u00ad", "\u034f", "\U000e0100", "\u0301")


def _window(tmp_path: Path) -> App:
    app = open_window(bot_pause=0.0)
    app.saves = SavesFolder.open(tmp_path / "saves")
    app.push(TitleScene(app))
    return app


def _post_key(k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))


# --- 1. a hand shows before the first shield --------------------------------------------------------


def _hand_position(table: PassAndPlayTable) -> tuple[int, int] | None:
    """The first point of the lower half's 20 px grid, column by column, on a card of the hand to show."""
    hand = set(table.client.match.state.hands[table.seat_to_show()])
    w, h = table.app.size
    grid = ((x, y) for x in range(0, w, 20) for y in range(h // 2, h, 20))
    return next((point for point in grid if table.model.card_at(point) in hand), None)


FIRST_INPUTS = ["escape", "h", "?", "d", "l", "return", "space", "right", "right-click", "left-click"]


@pytest.mark.parametrize("first", FIRST_INPUTS)
def test_failure_01_no_hand_before_the_first_shield(tmp_path: Path, first: str) -> None:
    app = _window(tmp_path)
    try:
        session = make_session(4, 3, "medium", humans=2)
        probe = app.go(Route.TABLE, session)
        position = _hand_position(probe) or (640, 700)
        table = app.go(Route.TABLE, make_session(4, 3, "medium", humans=2))
        problems: list[str] = []
        original = table.draw

        def draw(surface: pygame.Surface) -> None:
            original(surface)
            hands = {c for s in table.link.human_seats for c in table.client.match.state.hands[s]}
            if table.handed_to is None and table.drawn_faces & hands:
                problems.append("a human hand drawn before anyone lifted the shield")
            owner = table.handed_to
            if owner is not None and table.drawn_faces & (hands - set(table.client.match.state.hands[owner])):
                problems.append("a foreign hand drawn")

        table.draw = draw
        if first.endswith("click"):
            button = 3 if first == "right-click" else 1
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=button))
        else:
            k = {"?": pygame.K_SLASH}.get(first, pygame.key.key_code(first))
            _post_key(k, "?" if first == "?" else "")
        app.push(table)
        for _ in range(5):
            app.step(1 / 60)
        assert not problems
        assert any(isinstance(s, ShieldScene) for s in app.stack)
    finally:
        close_window(app)


# --- 2. a seed of thousands of digits ---------------------------------------------------------------


def test_failure_02_a_seed_beyond_64_bits_is_refused(tmp_path: Path) -> None:
    text = fixture_text()
    huge = hex(44 + (1 << 64) * (1 << 20000))
    path = tmp_path / "huge-seed.yaml"
    path.write_text(re.sub(r"(?m)^seed: 44$", f"seed: {huge}", text), encoding="utf-8")
    with pytest.raises(SaveError, match="seed"):
        load_game(path)


# --- 3. zero-width text ------------------------------------------------------------------------------


def test_failure_03_zero_width_text_never_ends_the_program(tmp_path: Path) -> None:
    import pygame_gui

    from amul_table.app.headless import push_scene

    app = _window(tmp_path)
    try:
        push_scene(app, "setup", 4, 1, "medium", 0)
        app.step(1 / 60)
        entries = [w for w in app.top.widgets.values() if isinstance(w, pygame_gui.elements.UITextEntryLine)]
        assert entries
        for entry in entries:
            for char in ZERO_WIDTH:
                entry.set_text("")
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=entry.rect.center, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=entry.rect.center, button=1))
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
                app.step(1 / 60)
                app.step(1 / 60)
    finally:
        close_window(app)


@pytest.mark.parametrize("name", ["\u034f", "\U000e0100", "\u0301\u0301"])
def test_failure_03_a_name_with_nothing_visible_is_refused(tmp_path: Path, name: str) -> None:
    text = fixture_text().replace("name: Ana", f'name: "{name}"', 1)
    assert name in text
    path = tmp_path / "invisible.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match="name"):
        load_game(path)


# --- 4. damaged settings -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "bot_pause: " + "9" * 400,
        "bot_pause: " + "9" * 5000,
        "bot_pause: " + "[" * 5000,
        "bot_pause: " + "{a: " * 3000,
        "bot_pause: .nan",
        "bot_pause: .inf",
        "bot_pause: 12345678901234567890",
        "language: [fr]",
        "a: &a [x]\nb: [*a, *a, *a]",
    ],
)
def test_failure_04_damaged_settings_give_defaults_and_a_warning(tmp_path: Path, content: str) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(content, encoding="utf-8")
    settings, problem = within(2, lambda: load_settings(path))
    assert settings == Settings()
    assert problem is not None and "\n" not in str(problem)


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "folder"])
def test_failure_04_settings_file_that_is_no_file(tmp_path: Path, special: str) -> None:
    if special == "fifo":
        path = make_fifo(tmp_path, "settings.yaml")
    elif special == "folder":
        path = tmp_path / "settings.yaml"
        path.mkdir()
    else:
        path = Path(special)
    settings, problem = within(2, lambda: load_settings(path))
    assert settings == Settings() and problem is not None


def test_failure_04_the_window_warns_about_damaged_settings(tmp_path: Path, monkeypatch) -> None:
    from amul_table.app.start import window_app

    path = tmp_path / "settings.yaml"
    path.write_text("bot_pause: .nan\n", encoding="utf-8")
    monkeypatch.setenv("AMUL_TABLE_SETTINGS", str(path))
    monkeypatch.setenv("AMUL_TABLE_SAVES", str(tmp_path / "saves"))
    app = window_app(None)
    try:
        assert app.settings.bot_pause == Settings().bot_pause
        assert any("settings" in n.text.lower() for n in app.notices.items)
    finally:
        close_window(app)


# --- 5. score files ---------------------------------------------------------------------------------

ALIAS_BOMB = (
    "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nseats:\n- {name: *g, cards: [silver]}\n- {name: B}\n- {name: C}\n"
)


@pytest.mark.parametrize(
    "content",
    [
        ALIAS_BOMB,
        "seats: " + "[" * 2000 + "]" * 2000,
        "seats: " + "{a: " * 1000 + "1" + "}" * 1000,
        "seats:\n- {name: [a, b]}\n- {name: B}\n- {name: C}\n",
        "seats:\n- {name: {a: 1}}\n- {name: B}\n- {name: C}\n",
        "seats:\n- {name: null}\n- {name: B}\n- {name: C}\n",
        'seats:\n- {name: "\\e[31mred\\e]0;owned\\a"}\n- {name: B}\n- {name: C}\n',
        "seats:\n- {name: A, cards: [" + "x" * 100000 + "]}\n- {name: B}\n- {name: C}\n",
    ],
)
def test_failure_05_hostile_score_files_are_refused_in_one_line(tmp_path: Path, capsys, content: str) -> None:
    path = tmp_path / "score.yaml"
    path.write_text(content, encoding="utf-8")
    assert within(2, lambda: main(["score", str(path)])) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert err.count("\n") == 1 and len(err) < 400 and "\x1b" not in err and "\x07" not in err


@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_failure_05_score_file_that_is_no_file(tmp_path: Path, capsys, special: str) -> None:
    path = make_fifo(tmp_path) if special == "fifo" else Path(special)
    assert within(2, lambda: main(["score", str(path)])) == 2
    assert capsys.readouterr().err.count("\n") == 1


# --- 6. junk just under the old 4 MB cap ---------------------------------------------------------------


def test_failure_06_junk_is_refused_fast_and_remembered(tmp_path: Path, monkeypatch) -> None:
    from amul_table.persistence import save_files

    calls = []
    real = save_files.parse_save
    monkeypatch.setattr(save_files, "parse_save", lambda *a, **k: calls.append(1) or real(*a, **k))
    path = tmp_path / "autosave.yaml"
    path.write_text("actions:\n" + "- [offer, 0, A-1]\n" * (4 * 1024 * 1024 // 18 - 10), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_game(path)
    assert refused.value.code == "error.saves.too_large" and calls == []  # fast: by its size, never parsed
    small = tmp_path / "small.yaml"
    small.write_text("format: amul-table-save\nversion: 1\nseats: [1, 2]\n", encoding="utf-8")
    assert overwrite_refusal(small) is not None
    first = len(calls)
    assert first == 1  # read once
    for _ in range(5):
        assert overwrite_refusal(small) is not None
    assert len(calls) == first  # refused once, remembered by size and time


# --- 7. extreme timestamps ----------------------------------------------------------------------------


@pytest.mark.parametrize("moment", ["'9999-12-31T23:59:59Z'", "'0001-01-01T00:00:00Z'", "9999-12-31 23:59:59"])
def test_failure_07_extreme_years_are_refused(tmp_path: Path, moment: str) -> None:
    text = re.sub(r"(?m)^created: .*$", f"created: {moment}", fixture_text())
    path = tmp_path / "old.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match="created"):
        load_game(path)


# --- 8. ~unknownuser paths ------------------------------------------------------------------------------

NOBODY = "~no_such_user_amul_13/saves"


def test_failure_08_unknown_user_paths_give_a_message(tmp_path: Path, monkeypatch, capsys) -> None:
    with pytest.raises(SaveError):
        saves_folder(NOBODY)
    place = SavesFolder.open(NOBODY)
    assert place.folder is None and place.problem is not None
    monkeypatch.setenv("AMUL_TABLE_SAVES", NOBODY)
    assert SavesFolder.open().problem is not None
    monkeypatch.setenv("AMUL_TABLE_SETTINGS", "~no_such_user_amul_13/settings.yaml")
    settings, problem = load_settings()
    assert settings == Settings() and problem is not None
    assert main(["simulate", "--players", "3", "--games", "1", "--save-dir", NOBODY]) == 2
    assert capsys.readouterr().err.count("\n") == 1


# --- 9. check-save on a FIFO, control characters --------------------------------------------------------


def test_failure_09_check_save_on_a_fifo_does_not_hang(tmp_path: Path, capsys) -> None:
    path = make_fifo(tmp_path)
    assert within(2, lambda: main(["check-save", str(path)])) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("code", [c for c in range(32) if c not in (9, 10, 13)] + [127])
def test_failure_09_control_characters_give_one_line(tmp_path: Path, capsys, code: int) -> None:
    text = fixture_text().replace("app_version:", f"app_version{chr(code)}:", 1)
    path = tmp_path / "control.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check-save", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("\n")
    assert not any(ord(c) < 32 or ord(c) == 127 for c in err[:-1])


# --- 10. stray temp files ------------------------------------------------------------------------------


def test_failure_10_stale_temp_files_are_cleaned_when_the_folder_opens(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    stale = [folder / ".autosave.yaml.k2j3h4.tmp", folder / ".autosave.yaml.bak.1234.tmp", folder / ".x.yaml.abc.tmp"]
    for path in stale:
        path.write_bytes(b"half a save")
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    mine = folder / ".notes.tmp"  # not one of ours
    mine.write_bytes(b"keep")
    os.utime(mine, (time.time() - 3600, time.time() - 3600))
    SavesFolder.open(folder)
    assert not any(p.exists() for p in stale)
    assert mine.exists()


# --- 11. a crash loses at most the decision being made -----------------------------------------------------


def test_failure_11_every_decision_is_autosaved(tmp_path: Path) -> None:
    app = _window(tmp_path)
    try:
        table = app.go(Route.TABLE, make_session(3, 5, "random"))
        app.push(table)
        app.step(0.0)
        session = app.game
        for _ in range(3):  # three human decisions, no round starting in between
            legal = table.model.view.legal
            table.act(legal[0])
            deadline = time.monotonic() + 60  # a hang guard: the bots think in their thread
            while session.human_seats[0] not in session.waiting_for() and time.monotonic() < deadline:
                app.step(1 / 60)
            app.saves.flush()
            saved = load_game(autosave_path(app.saves.folder))
            assert len(saved.state.actions) == len(session.state.actions)
    finally:
        close_window(app)


# --- 12. output paths checked first; SIGTERM saves and leaves ------------------------------------------------


def test_failure_12_frames_json_is_checked_before_the_game(capsys, monkeypatch) -> None:
    from amul_table.app import headless

    played = []
    stats = dict.fromkeys(("frames", "p50_ms", "p95_ms", "p99_ms", "max_ms", "seconds", "totals"), 0)
    monkeypatch.setattr(headless, "autoplay", lambda *args: played.append(args) or stats)
    assert main(["autoplay", "--players", "3", "--frames-json", "/nonexistent/x.json"]) == 2
    assert played == []  # refused before the game, not after it was played
    assert "x.json" in capsys.readouterr().err


@pytest.mark.slow  # a real window process; test_frame_guard.py sends the signal in process in make test-fast
def test_failure_12_sigterm_autosaves_and_exits(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    env["AMUL_TABLE_SETTINGS"] = str(tmp_path / "settings.yaml")
    env["AMUL_TABLE_DATA"] = str(tmp_path / "data")
    saves = tmp_path / "saves"
    proc = subprocess.Popen(
        [sys.executable, "-m", "amul_table", "--saves", str(saves), "play", "--players", "3", "--seed", "4"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60  # a hang guard: a loaded machine starts the window slowly
        while not (saves / "autosave.yaml").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert (saves / "autosave.yaml").exists()
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    load_game(saves / "autosave.yaml")


def test_failure_12_render_out_is_checked_first(capsys) -> None:
    assert main(["render", "--scene", "title", "--out", "/nonexistent/x.png"]) == 2
    assert json.dumps(capsys.readouterr().err).count("\\n") == 1
