"""English strings of the five-page rules summary (scenes/rules_summary.py); en.py merges them in."""

from __future__ import annotations

RULES_SUMMARY_EN: dict[str, str] = {
    "rules.title": "Rules summary",
    "rules.page": "Page {n} of {total}",
    "rules.previous": "Previous",
    "rules.next": "Next",
    "rules.cards": "Card browser",
    "rules.back": "Back",
    "rules.goal.title": "The goal",
    "rules.goal.body": (
        "You are merchants on the Silk Road. Over 9 rounds you draft cards from the Market, play one card into "
        "your play area each round and keep others in hand for the end. The most Prestige points wins."
    ),
    "rules.goal.decks": (
        "Market cards make the deck, your hand and the Market. Palace (white marble) and Bazaar (brown "
        "parchment) cards lie face up beside the board: only card effects take them."
    ),
    "rules.goal.setup": (
        "Use only the cards whose circle shows your player count or less. Everyone starts with 5 Market cards. "
        "Each round begins with 1 more card for everyone and a Market fill of 1, 2 or 3 cards (3, 4, 5+ players)."
    ),
    "rules.round.title": "A round: three phases",
    "rules.offer.title": "1 · Offer",
    "rules.offer.body": (
        "Everyone at once chooses a card from their hand and puts it face down into the Market. When all have "
        "offered, the offers turn over together."
    ),
    "rules.pick.title": "2 · Pick",
    "rules.pick.body": (
        "Beginning with the First Pick holder and going clockwise, each player takes one face-up card from the "
        "Market into their hand. Never from the Palace or the Bazaar."
    ),
    "rules.reveal.title": "3 · Reveal",
    "rules.reveal.body": (
        "Everyone at once plays a card from their hand face down, then all turn over. A card with the play-area "
        "icon stays in front of you; a hand-only card is removed from the game."
    ),
    "rules.upkeep.body": (
        "Then effects (Merchants, Contract, Scavenger, Mughal Warlord) take cards from the Palace, Bazaar or "
        "Market, the Market is cleared, and First Pick passes clockwise."
    ),
    "rules.icons.title": "Hand or play area",
    "rules.icons.hand": "Hand icon: keep it in hand, it scores at the end of the game.",
    "rules.icons.table": "Play-area icon: reveal it, it stays in your play area.",
    "rules.icons.both": "Both icons: it scores from either place.",
    "rules.military.title": "Military Prowess",
    "rules.military.body": (
        "Your Military Prowess is the number of Military symbols in your play area. Once First Pick has gone "
        "round the table (after as many rounds as players), players with Military Prowess pick and resolve "
        "effects first, highest first."
    ),
    "rules.military.ties": (
        "Ties go to the best pick-order letter (A before B…). Players without Military Prowess follow, "
        "clockwise from First Pick."
    ),
    "rules.military.example": "Military Prowess 3, best letter B: ahead of a player with 3 and letter D.",
    "rules.scoring.title": "Scoring",
    "rules.scoring.body": (
        "After round 9, hand cards with the hand icon join your play area; the others leave the game. Each card "
        "then scores as its text says, colour by colour, then the Bazaar cards."
    ),
    "rules.scoring.majority": (
        "Majorities: the most Arab symbols and the most Mongol symbols score 8, 4 and 2 for 1st, 2nd and 3rd. "
        "Tied players take the points of the lowest rank they share."
    ),
    "rules.scoring.winner": "Most points wins; a tie goes to the higher Military Prowess, else the victory is shared.",
}
