"""`amul-table score`: YAML in, score pad or JSON out; bad input gives one line and exit status 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from amul_table.cli.main import main
from amul_table.rules.scoring import score_rows

LINDA_LUKAS_MARKUS = """
seats:
  - name: Linda
    cards: [silver, silver, silver, A-27, gem]
  - name: Lukas
    cards: [spice, camel, gold, babylonian_trader, A-26]
  - name: Markus
    cards: [lamp, oil]
"""


def run(capsys, tmp_path: Path, text: str, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "table.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["score", str(path), *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_exactly_the_documented_shape(capsys, tmp_path):
    code, out, err = run(capsys, tmp_path, LINDA_LUKAS_MARKUS, "--json")
    assert code == 0 and err == ""
    tables = json.loads(out)
    assert isinstance(tables, list) and len(tables) == 1
    assert set(tables[0]) == {"seats", "winners"}
    for seat in tables[0]["seats"]:
        assert set(seat) == {"name", "total", "rows", "military"}
        assert list(seat["rows"]) == score_rows()
        assert seat["total"] == seat["rows"]["total"]
    assert [s["name"] for s in tables[0]["seats"]] == ["Linda", "Lukas", "Markus"]


def test_json_scores_the_table(capsys, tmp_path):
    _, out, _ = run(capsys, tmp_path, LINDA_LUKAS_MARKUS, "--json")
    (table,) = json.loads(out)
    linda, lukas, markus = table["seats"]
    assert linda["rows"]["yellow"] == 13 + 1 and linda["rows"]["red"] == 1 and linda["rows"]["arab"] == 8
    assert lukas["rows"]["bazaar"] == 8 and lukas["rows"]["mongol"] == 8 and lukas["military"] == 1
    assert markus["total"] == 3 + 5
    assert (linda["total"], lukas["total"]) == (23, 24)
    assert table["winners"] == ["Lukas"]


def test_the_pad_prints_rows_down_and_seats_across(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path, LINDA_LUKAS_MARKUS)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Linda", "Lukas", "Markus"]
    assert any(line.split() == ["Total", "23", "24", "8"] for line in lines)
    assert any(line.split()[:2] == ["Arab", "majority"] for line in lines)
    assert lines[-1] == "Lukas wins"


def test_several_tables_give_one_entry_each(capsys, tmp_path):
    text = "tables:\n" + "\n".join(
        "  - seats: [{name: A, cards: [gold]}, {name: B, cards: [" + cards + "]}, {name: C, cards: []}]"
        for cards in ("lamp", "medallion")
    )
    _, out, _ = run(capsys, tmp_path, text, "--json")
    tables = json.loads(out)
    assert [t["winners"] for t in tables] == [["A"], ["A", "B"]]


def test_a_card_id_takes_distinct_copies_and_names_and_numbers_are_forgiving(capsys, tmp_path):
    text = "seats: [{name: A, cards: [Silver, silver, a-140]}, {name: B, cards: [Arab Sword]}, {name: C}]"
    code, out, _ = run(capsys, tmp_path, text, "--json")
    assert code == 0
    assert json.loads(out)[0]["seats"][0]["rows"]["yellow"] == 13


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "seats: [{name: A, cards: [arab_guard]}, {name: B}, {name: C}]",
            "'arab_guard' is ambiguous.*A-27, A-28, A-64",
        ),
        ("seats: [{name: A, cards: [mercenaries, A-118]}, {name: B}, {name: C}]", "A-118 appears twice"),
        ("seats: [{name: A, cards: [unicorn]}, {name: B}, {name: C}]", "unknown card 'unicorn'"),
        ("seats: [{name: A, cards: [slver]}, {name: B}, {name: C}]", "did you mean silver"),
        ("seats: [{name: A, cards: [7]}, {name: B}, {name: C}]", "card 7 is not a card id"),
        ("seats: [{name: A, cards: [" + ", ".join(["gold"] * 10) + "]}, {name: B}, {name: C}]", "more 'gold' cards"),
        ("seats: [{name: A}, {name: B}]", "3 to 8 players"),
        ("seats: [{name: A, cards: gold}, {name: B}, {name: C}]", "`cards` must be a list"),
        ("seats: [nobody, {name: B}, {name: C}]", "must be a mapping"),
        ("players: 3", "expected `seats: \\[...\\]` or `tables: \\[...\\]`"),
        ("tables: []", "non-empty list"),
        ("seats: [", "not valid YAML \\(line 1, column 9\\)"),
        ("", "expected `seats"),
    ],
)
def test_bad_input_gives_a_message_and_exit_status_two(capsys, tmp_path, text, message):
    code, out, err = run(capsys, tmp_path, text)
    assert code == 2 and out == ""
    assert err.startswith("amul-table: ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert re.search(message, err), err


def test_a_missing_file_is_an_error_not_a_traceback(capsys, tmp_path):
    assert main(["score", str(tmp_path / "missing.yaml")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_file_that_is_not_text_is_an_error(capsys, tmp_path):
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00seats")
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is not UTF-8 text" in err and "Traceback" not in err


def test_the_module_runs_from_the_command_line(tmp_path, capsys):
    """The pad is made by the program (`python -m amul_table`); its refusal of a missing file in this process, as
    the program's entry point runs the same `main` (a second interpreter started for it cost 0.13 s of CPU)."""
    path = tmp_path / "table.yaml"
    path.write_text(LINDA_LUKAS_MARKUS, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "amul_table", "score", str(path), "--json"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["winners"] == ["Lukas"]
    assert main(["score", str(tmp_path / "nope.yaml")]) == 2
    assert "Traceback" not in capsys.readouterr().err
