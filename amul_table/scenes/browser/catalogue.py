"""The card browser's catalogue: every card of a player count, one entry per card and deck, filtered.

No pygame here: the browser scene draws entries, tests check them. A card with copies in two decks
(Silver in the Market and the Palace) gives two entries, because the decks play differently.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from amul_table.rules.cards import Card, CardType, load_cards
from amul_table.rules.setup import game_cards

ALL = "all"


@dataclass(frozen=True)
class Entry:
    """One card type in one deck, with the uids of its copies used at this player count."""

    type: CardType
    deck: str
    uids: tuple[int, ...]

    @property
    def copies(self) -> int:
        return len(self.uids)

    @property
    def first(self) -> Card:
        return load_cards().cards[self.uids[0]]

    @property
    def colour(self) -> str:
        return self.type.colour


def catalogue(players: int, tea: bool) -> list[Entry]:
    """Every card in a game of `players` (with one Tea card per player when `tea`), in card-data order."""
    market, palace, bazaar = game_cards(players, players if tea else 0)
    cards = load_cards().cards
    groups: dict[tuple[str, str], list[int]] = {}
    for uid in sorted(market + palace + bazaar):
        card = cards[uid]
        groups.setdefault((card.type.id, card.deck), []).append(uid)
    entries = [Entry(cards[uids[0]].type, deck, tuple(uids)) for (_, deck), uids in groups.items()]
    deck_rank = {"market": 0, "palace": 1, "bazaar": 2}
    return sorted(entries, key=lambda e: (deck_rank[e.deck], e.uids[0]))


def filter_entries(entries: list[Entry], colour: str = ALL, deck: str = ALL, search: str = "") -> list[Entry]:
    """The entries of a colour and deck whose English or French name contains `search` (accents ignored)."""
    wanted = fold(search)
    return [
        e
        for e in entries
        if (colour == ALL or e.colour == colour)
        and (deck == ALL or e.deck == deck)
        and (not wanted or any(wanted in fold(name) for name in e.type.name.values()))
    ]


def fold(value: str) -> str:
    """Lower case without accents, so that "epices" finds "Épices"."""
    decomposed = unicodedata.normalize("NFKD", value.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()
