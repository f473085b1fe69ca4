"""Every string key the code can ask for resolves in English and in French.

The keys are found by reading the code itself (its syntax tree): every string constant shaped like a key
whose first word names a family of the string tables, and every key built from pieces (an f-string such as
`f"scoring.rank.{n}"`, or `"table.phase." + phase`). A built key's pattern must be listed in `BUILT` below with
every value the code can fill it with, so that a new pattern fails here until its values are enumerated.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

import pytest

from amul_table.ai.reasons import Reason
from amul_table.ai.tiers import BOT_TIERS
from amul_table.i18n import LANGUAGES
from amul_table.i18n.en import EN
from amul_table.i18n.fr import FR
from amul_table.match.protocol import PHRASES, ErrorCode, SeatState
from amul_table.persistence.settings import ANIMATION_SPEEDS
from amul_table.rules.cards import DECKS, MAX_PLAYERS, POSITIONS, SCOPES, SYMBOLS, load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.score_details import ZeroReason
from amul_table.rules.scoring import score_rows
from amul_table.scenes.glossary import PAGES as GLOSSARY_PAGES
from amul_table.scenes.rules_summary import PAGES as RULES_PAGES
from amul_table.scenes.settings import SWITCHES
from amul_table.scenes.table.hint import VERDICTS
from amul_table.scenes.tooltip import YOU_KINDS, TipKind
from tests.code_walk import collector_paused

CODE = Path(__file__).resolve().parents[2] / "amul_table"
KEY = re.compile(r"^[a-z_]+(\.[a-z0-9_]+)+$")
FAMILIES = {k.split(".")[0] for k in EN}
NOT_KEYS = {"settings.yaml", "records.sqlite3", "cards.yaml"}  # file names that look like keys
FRAGMENTS = {"short.{}"}  # builds part of a key (the glossary's `glossary.short.by_copy`), checked through it
PHASES = tuple(p.word for p in Phase)
ACTION_KINDS = tuple(k.word for k in ActionKind)


def each(*values: Iterable[str]) -> list[tuple[str, ...]]:
    """The fillings of a one-hole pattern."""
    return [(v,) for group in values for v in group]


# every built key's pattern, with every value the code can fill it with
BUILT: dict[str, Callable[[], list[tuple[str, ...]]]] = {
    "board.{}": lambda: each(DECKS),
    "source.{}": lambda: each(DECKS),
    "zoom.deck.{}": lambda: each(DECKS),
    "zoom.position.{}": lambda: each(POSITIONS),
    "coach.do.{}": lambda: each(("offer", "pick", "reveal", "effect")),
    "coach.{}.{}": lambda: [(p, v) for p in PHASES if p != Phase.OVER.word for v in ("full", "short")],
    "colour.{}": lambda: each(load_cards().score_pad_colours, {c.type.colour for c in load_cards().cards}),
    "scoring.row.{}": lambda: each(r for r in score_rows() if r not in load_cards().score_pad_colours),
    "scoring.rank.{}": lambda: each(str(n) for n in range(1, MAX_PLAYERS + 1)),
    "scoring.zero.{}": lambda: each(z.value for z in ZeroReason),
    "glossary.page.{}": lambda: each(GLOSSARY_PAGES),
    "glossary.{}": lambda: each(k for keys in GLOSSARY_PAGES.values() for k in keys),
    "glossary.{}.text": lambda: each(k for keys in GLOSSARY_PAGES.values() for k in keys),
    "symbol.{}": lambda: each(SYMBOLS),
    "online.error.{}": lambda: each(code.value for code in ErrorCode),
    "online.phrase.{}": lambda: each(PHRASES),
    "online.state.{}": lambda: each(state.value for state in SeatState),
    "hint.numbers.{}": lambda: each(("ahead", "behind", "level")),
    "hint.verdict.{}": lambda: each([word for _, word in VERDICTS] + ["loss"]),
    "hint.reason.{}": lambda: each(reason.value for reason in Reason),
    "replay.next.{}": lambda: each(ACTION_KINDS),
    "replay.next_hidden.{}": lambda: each(ACTION_KINDS),
    "replay.next.{}.you": lambda: each(ACTION_KINDS),
    "replay.next_hidden.{}.you": lambda: each(ACTION_KINDS),
    "review.chose.{}": lambda: each(ACTION_KINDS),
    "review.chose.{}.you": lambda: each(ACTION_KINDS),
    "rule.scope.{}": lambda: each(SCOPES),
    "rules.icons.{}": lambda: each(POSITIONS),
    "rules.{}.title": lambda: each(RULES_PAGES, ("offer", "pick", "reveal")),
    "rules.{}.body": lambda: each(("offer", "pick", "reveal")),
    "settings.lang.{}": lambda: each(LANGUAGES),
    "settings.{}": lambda: each(SWITCHES),
    "speed.{}": lambda: each(ANIMATION_SPEEDS),
    "table.phase.{}": lambda: each(PHASES),
    "table.prompt.{}": lambda: each(("offer", "pick", "reveal", "over")),  # effects say take / take_up_to
    "tier.{}": lambda: each(BOT_TIERS),
    "tip.{}": lambda: each(k.value for k in TipKind),
}


def code_files() -> list[Path]:
    """The code, not the string tables themselves."""
    return [p for p in sorted(CODE.rglob("*.py")) if not (p.parent.name == "i18n" and p.stem.startswith(("en", "fr")))]


def pattern_of(node: ast.AST) -> str | None:
    """A built key's pattern (`scoring.rank.{}`), if `node` builds a string that begins like a key."""
    if isinstance(node, ast.JoinedStr):
        pattern = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant):
        if not isinstance(node.left.value, str) or not node.left.value.endswith("."):
            return None
        pattern = node.left.value + "{}"
    else:
        return None
    head = pattern.split(".")[0]
    return pattern if head in FAMILIES and "." in pattern and " " not in pattern else None


def is_literal_key(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.match(node.value)):
        return False
    return node.value.split(".")[0] in FAMILIES and node.value not in NOT_KEYS


def called(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") == name and bool(node.args)


def keys_under(node: ast.AST) -> list[str]:
    """The literal keys in an argument (`"a.b" if x else "a.c"`; `plural_key("a.b", n)` gives a.b and a.b_one)."""
    keys = [n.value for n in ast.walk(node) if is_literal_key(n)]
    plural = [k + "_one" for call in ast.walk(node) if called(call, "plural_key") for k in keys_under(call.args[0])]
    return keys + plural


KEY_NODES = (ast.Constant, ast.Call, ast.JoinedStr, ast.BinOp)  # what is_literal_key, called and pattern_of take


@cache  # the code read once for the four tests that ask
def keys_in_code() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(literal keys, built patterns), each with the files that hold it."""
    literal: dict[str, set[str]] = {}
    built: dict[str, set[str]] = {}
    with collector_paused():
        for path in code_files():
            where = str(path.relative_to(CODE.parent))
            # walked once, looked at twice: only the kinds of node a key is made of (a constant, a call, a built text)
            nodes = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, KEY_NODES)]
            pieces = {id(v) for node in nodes if isinstance(node, ast.JoinedStr) for v in node.values}
            game_log = path.name == "game_log.py"
            for node in nodes:
                if is_literal_key(node) and id(node) not in pieces:
                    literal.setdefault(node.value, set()).add(where)
                if called(node, "plural_key"):  # `plural_key(key, n)` asks for `key_one` too
                    for key in keys_under(node.args[0]):
                        literal.setdefault(key + "_one", set()).add(where)
                if game_log and called(node, "line"):  # the log's `line(key)` asks for `key.you` too
                    for key in keys_under(node.args[0]):
                        literal.setdefault(key + ".you", set()).add(where)
                pattern = pattern_of(node)
                if pattern is not None and pattern not in FRAGMENTS:
                    built.setdefault(pattern, set()).add(where)
    return literal, built


def built_keys() -> dict[str, str]:
    """Every key the enumerated patterns make, with its pattern."""
    keys = {}
    for pattern, fillings in BUILT.items():
        for values in fillings():
            keys[pattern.format(*values)] = pattern
    keys |= {f"tip.{k.value}.you": "tip.{}.you" for k in YOU_KINDS}
    return keys


def test_the_finder_sees_literal_and_built_keys():
    literal, built = keys_in_code()
    assert "scoring.title" in literal and "review.failed" in literal
    assert {"scoring.rank.{}", "table.phase.{}", "tip.{}", "coach.{}.{}"} <= set(built)
    assert "log.pick.you" in literal


def test_every_built_key_pattern_in_the_code_has_its_values_enumerated():
    _, built = keys_in_code()
    unknown = {p: sorted(files) for p, files in built.items() if p not in BUILT}
    assert unknown == {}, "enumerate every value these built keys can take in BUILT"


@pytest.mark.parametrize("lang,table", [("en", EN), ("fr", FR)])
def test_every_key_the_code_can_ask_for_is_in_both_languages(lang, table):
    literal, _ = keys_in_code()
    missing = sorted(f"{key} ({', '.join(sorted(files))})" for key, files in literal.items() if key not in table)
    missing += sorted(f"{key} (from {pattern})" for key, pattern in built_keys().items() if key not in table)
    assert missing == []


def test_the_draw_time_guard_stops_a_key_on_screen(no_string_key_drawn):
    from amul_table.sprites import style

    with pytest.raises(AssertionError, match=r"scoring\.rank\.99"):
        style.text("scoring.rank.99", 12)
    style.text("Scores: 1st, 2nd.", 12)  # words with dots are text
    no_string_key_drawn.clear()  # this test drew it on purpose
