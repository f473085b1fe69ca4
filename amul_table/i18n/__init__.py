"""Every string the window shows, by key and language, so that French is a data change only.

Card names and rule texts come from the card data (`type.name[lang]`, `type.text[lang]`,
`type.short[lang]`); while a text is missing, a plain rule is written from the card's scoring data
(card_texts.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from amul_table.i18n.en import EN
from amul_table.i18n.fr import FR
from amul_table.rules.cards import CardType, load_cards

LANGUAGES = ("en", "fr")
_language = "en"

STRINGS: dict[str, dict[str, str]] = {"en": EN, "fr": FR}


def set_language(lang: str) -> None:
    """Switch every later string lookup; unknown languages keep English."""
    global _language
    _language = lang if lang in STRINGS else "en"


def language() -> str:
    return _language


def tr(key: str, **values: Any) -> str:
    """The string `key` in the current language (English when missing), filled with `values`."""
    text = _lookup(_language, key)
    return text.format(**values) if values else text


def tr_error(error: Any, lang: str | None = None) -> str:
    """A coded message (anything with `code` and `args_for_text`, such as a persistence error) in `lang`,
    by default the current language; arguments that are coded messages themselves are translated too."""
    lang = lang or _language
    values = {
        name: tr_error(value, lang) if hasattr(value, "args_for_text") else value
        for name, value in error.args_for_text.items()
    }
    return _lookup(lang, error.code).format(**values)


def decimal(value: float, spec: str = ".1f") -> str:
    """`value` formatted by `spec` with the language's decimal mark ("0.15" in English, "0,15" in French)."""
    return format(value, spec).replace(".", tr("number.decimal_mark"))


def plural_key(key: str, n: int) -> str:
    """`key`, or its singular form `key_one` when `n` is singular in the window's language (1 in English;
    0 and 1 in French): "keeps 1 card", never "1 card(s)"."""
    singular = n in (0, 1) if _language == "fr" else n == 1
    return f"{key}_one" if singular else key


def is_you_name(name: str) -> bool:
    """Whether a seat bears the name the window gives a lone human ("You", "Vous"): the log then speaks to it
    ("You pick"), whichever seat the screen shows."""
    return any(table.get("setup.name_human") == name for table in STRINGS.values())


def shown_name(name: str) -> str:
    """A seat's name as the window shows it: the default "You" ("Vous") in the window's language, so a game begun
    in French and resumed in English reads "You — Your hand", not "Vous — Your hand"; any other name as typed."""
    return tr("setup.name_human") if is_you_name(name) else name


def _lookup(lang: str, key: str) -> str:
    return STRINGS.get(lang, {}).get(key) or STRINGS["en"].get(key, key)


# --- hint reasons -------------------------------------------------------------------------------


def hint_reason(reason: str, args: dict[str, Any], lang: str | None = None) -> str:
    """A hint's reason (a code of ai/reasons.py's Reason) in `lang`: a `card` uid becomes the card's name, a
    `source` the deck's, numbers take the language's decimal mark (`amul-table review` says it in English)."""
    lang = lang or _language
    values: dict[str, Any] = {}
    for name, value in args.items():
        if name == "card":
            values[name] = card_name(load_cards().cards[value].type, lang)
        elif name == "source":
            values[name] = _lookup(lang, f"source.{value}")
        elif isinstance(value, float):
            values[name] = _Decimal(value, _lookup(lang, "number.decimal_mark"))
        else:
            values[name] = value
    return _lookup(lang, f"hint.reason.{reason}").format(**values)


@dataclass(frozen=True)
class _Decimal:
    """A number formatted with the language's decimal mark: 1.5 in English, 1,5 in French."""

    value: float
    mark: str

    def __format__(self, spec: str) -> str:
        value = 0.0 if round(self.value, 1) == 0 else self.value  # never "-0.0": a sign that is not there
        return format(value, spec).replace(".", self.mark)


def card_name(ctype: CardType, lang: str | None = None) -> str:
    lang = lang or _language
    return ctype.name.get(lang) or ctype.name["en"]
