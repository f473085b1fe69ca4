"""Persistence errors carry an i18n code and arguments: English on the command line, French in a French window."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import amul_table.persistence as persistence
from amul_table.i18n import tr_error
from amul_table.i18n.en import EN
from amul_table.i18n.fr import FR
from amul_table.persistence.errors import Phrase, SaveError, SettingsError
from amul_table.persistence.save_files import load_game, save_path
from amul_table.persistence.save_format import parse_save

SOURCES = sorted(Path(persistence.__file__).parent.glob("*.py"))
CODES = sorted(
    {code for path in SOURCES for code in re.findall(r'(?:Error|Phrase)\(\s*"([a-z_.]+)"', path.read_text("utf-8"))}
)
FIXTURE = Path(__file__).parents[1] / "data" / "saves_v1" / "midgame-4p-solo.yaml"


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_codes_are_found_in_the_sources() -> None:
    assert len(CODES) > 60 and "error.save.missing" in CODES and "settings.not_saved" in CODES


@pytest.mark.parametrize("code", CODES)
def test_every_code_has_an_english_and_a_french_text_with_the_same_placeholders(code: str) -> None:
    assert code in EN and code in FR
    assert fields(EN[code]) == fields(FR[code])
    values = {name: "X" for name in fields(EN[code])}
    for lang in ("en", "fr"):
        text = _fill(code, values, lang)
        assert "{" not in text and "}" not in text


def _fill(code: str, values: dict[str, str], lang: str) -> str:
    return tr_error(Phrase(code, values), lang)


def broken_saves() -> list[str]:
    good = FIXTURE.read_text(encoding="utf-8")
    return [
        "[1, 2",
        "just text",
        "format: amul-table-save\nversion: 99\n",
        good.replace("version: 1", "version: true"),
        good.replace("kind: human", "kind: robot", 1),
        good.replace("seed:", "colour: red\nseed:", 1),
        good.replace("round:", "round: 42\nx_round:", 1),
    ]


@pytest.mark.parametrize("text", broken_saves())
def test_a_refused_save_reads_in_english_and_french_without_placeholders(text: str) -> None:
    with pytest.raises(SaveError) as caught:
        parse_save(text)
    error = caught.value
    english, french = tr_error(error, "en"), tr_error(error, "fr")
    assert str(error) == english  # what check-save prints
    assert error.code in EN and english != french
    for line in (english, french):
        assert not re.search(r"\{[a-z_]+\}", line)  # no placeholder left


def test_file_errors_nest_their_reasons_and_translate_them_too(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert caught.value.code == "error.saves.not_utf8" and caught.value.args_for_text == {"byte": 0}
    with pytest.raises(SaveError) as caught:
        save_path(tmp_path, "autosave")
    french = "'autosave' est le nom de la sauvegarde automatique\u00a0; choisissez-en un autre"
    assert tr_error(caught.value, "fr") == french
    outer = SaveError("error.saves.off", reason=SaveError("error.saves.not_folder", folder="/x"))
    assert str(outer) == "Saving is off: the saves folder /x is not a folder."
    french = "L'enregistrement est désactivé\u00a0: le dossier de sauvegardes /x n'est pas un dossier."
    assert tr_error(outer, "fr") == french


def test_errors_are_value_errors_with_the_english_sentence() -> None:
    error = SettingsError("settings.not_yaml", path="/s.yaml")
    assert isinstance(error, ValueError)
    assert str(error) == "The settings file /s.yaml is not valid YAML; the defaults are used."


def test_the_persistence_layer_imports_no_pygame_and_no_scenes() -> None:
    import subprocess
    import sys

    code = (
        "import sys, importlib\n"
        "for name in ('atomic', 'errors', 'save_format', 'save_files', 'saves_folder', 'settings_file'):\n"
        "    importlib.import_module('amul_table.persistence.' + name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith(('amul_table.scenes',"
        " 'amul_table.sprites'))]\n"
        "print(bad)\n"
    )
    root = Path(__file__).parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
