"""The online commands refuse bad input with one line and status 2, before and without a host."""

from __future__ import annotations

import pytest

from amul_table.cli import main as cli_main
from amul_table.cli.main import main


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["join", "ws://127.0.0.1:9", "ABC10O", "--name", "Ann"], "not a table code"),  # checked before the window
        (["join", "http://127.0.0.1:9", "ABCDEF", "--name", "Ann", "--auto", "easy"], "not a host address"),
        (["join", "ws://127.0.0.1:9", "ABC10O", "--name", "Ann", "--auto", "easy"], "not a table code"),
        (["join", "ws://127.0.0.1:9", "ABCDEF", "--name", " ", "--auto", "easy"], "--name"),
        (["join", "ws://127.0.0.1:9", "ABCDEF", "--name", "Ann", "--auto", "godlike"], "unknown bot tier"),
        (["table", "new", "ws://127.0.0.1:9", "--players", "2"], "nobody can play"),
        (["table", "new", "ws://127.0.0.1:9", "--players", "4", "--bots", "easy,godlike"], "unknown bot tier"),
        (["table", "new", "ws://127.0.0.1:9", "--players", "4", "--seed", "-1"], "--seed"),
        (["table", "new", "ws://127.0.0.1:9", "--players", "4"], "cannot reach the host"),
        (["host", "--data", "x", "--certfile", "c.pem"], "go together"),
        (["host", "--data", "x", "--port", "70000"], "--port"),
        (["host", "--data", "x", "--hello-wait", "0.1"], "--hello-wait is 0.5 to 60 seconds"),
        (["host", "--data", "x", "--hello-wait", "nan"], "--hello-wait"),
    ],
)
def test_a_bad_online_command_is_one_line_and_status_2(args, words, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_join_without_auto_opens_the_window_at_that_table(monkeypatch):
    opened = []
    monkeypatch.setattr(cli_main, "_join_window", lambda url, code, name: opened.append((url, code, name)) or 0)
    assert main(["join", "ws://127.0.0.1:9/", "k7qx2m", "--name", " Ann "]) == 0
    assert opened == [("ws://127.0.0.1:9", "K7QX2M", "Ann")]
