"""`main` parses with one parser a process: later calls read their own arguments, and a command replaced after the
parser was built (as tests replace the window) is the one that runs."""

from __future__ import annotations

from amul_table.cli import main as cli_main
from amul_table.cli.main import main


def test_each_call_reads_its_own_arguments_with_the_one_parser(tmp_path, capsys):
    missing = tmp_path / "none.yaml"
    assert main(["score", str(missing)]) == 2
    first = capsys.readouterr().err
    assert main(["check-save", str(missing)]) == 2
    assert main(["score", str(missing), "--json"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == first.strip()  # no option of a call before leaks in
    assert cli_main._parser() is cli_main._parser()


def test_a_command_replaced_after_the_parser_was_built_is_the_one_called(monkeypatch, capsys):
    cli_main._parser()  # built before either is replaced
    ran: list[tuple] = []
    monkeypatch.setattr(cli_main, "_score", lambda args: ran.append(("score", args.file)) or 0)
    monkeypatch.setattr(cli_main, "_join_window", lambda url, code, name: ran.append(("join", code, name)) or 0)
    assert main(["score", "table.yaml"]) == 0
    assert main(["join", "ws://127.0.0.1:9/", "k7qx2m", "--name", "Ann"]) == 0
    assert ran == [("score", "table.yaml"), ("join", "K7QX2M", "Ann")]
