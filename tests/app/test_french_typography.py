"""French typography: a non-breaking space before : ; ! ? and inside « », in every French string."""

from __future__ import annotations

import re

from amul_table.i18n import fr, fr_errors, fr_learning, fr_rules_summary

NBSP = ("\u00a0", "\u202f")  # a non-breaking space, or its narrow form
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def french_strings() -> list[tuple[str, str]]:
    found = []
    for module in (fr, fr_errors, fr_learning, fr_rules_summary):
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            if isinstance(value, dict):
                found += [(k, v) for k, v in value.items() if isinstance(k, str) and isinstance(v, str)]
    return found


def slips(value: str) -> list[str]:
    """The places in `value` where French typography wants a non-breaking space and has none."""
    bare = PLACEHOLDER.sub("x", value)  # "{points:.1f}" holds no punctuation of the sentence
    wrong = []
    for i, ch in enumerate(bare):
        if ch in ":;!?" and i > 0 and bare[i - 1] not in NBSP and bare[i - 1] not in ":;!?":
            if ch == ":" and bare[i + 1 : i + 3] == "//":  # an address
                continue
            wrong.append(bare[max(0, i - 12) : i + 2])
        if ch == "«" and bare[i + 1 : i + 2] not in NBSP:
            wrong.append(bare[i : i + 12])
        if ch == "»" and bare[i - 1 : i] not in NBSP:
            wrong.append(bare[max(0, i - 12) : i + 1])
    return wrong


def test_the_checker_knows_a_slip_from_good_typography():
    assert slips("Hors jeu: 12") == ["Hors jeu: "]
    assert slips("Hors jeu : 12") == ["Hors jeu : "]
    assert slips("Hors jeu\u00a0: {n:d} « carte\u00a0»") == ["« carte\u00a0»"]
    assert slips("Hors jeu\u00a0: {n:d} «\u00a0carte\u00a0» ?!".replace(" ?", "\u00a0?")) == []


def test_every_french_string_has_its_non_breaking_spaces():
    """One test over every string (not one item each: 1,219 items cost the suite seconds); it names every slip."""
    strings = french_strings()
    assert len(strings) > 1000  # the tables were found, so an empty pass means nothing was missed
    wrong = [f"{key}: {found}" for key, value in strings if (found := slips(value))]
    assert not wrong, f"{len(wrong)} French strings lack a non-breaking space:\n" + "\n".join(wrong)


def test_wrapping_never_puts_the_colon_at_the_start_of_a_line():
    from amul_table.sprites.style import font, wrap

    fnt = font(16)
    value = "Le Marché est vidé\u00a0: Chameau"
    width = fnt.size("Le Marché est vidé")[0] + 2
    assert all(not line.startswith(("\u00a0", ":")) for line in wrap(value, width, fnt))
    assert wrap(value, width, fnt)[0] == "Le Marché est"
