"""English strings of the comfort screens: settings, card browser, rules summary, shield, hints.

Kept apart from the table's strings in i18n.py, which merges them in; French for both is in i18n_fr.py.
"""

from __future__ import annotations

SCREENS_EN: dict[str, str] = {
    "title.settings": "Settings",
    "title.rules": "Rules & cards",
    # settings
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.lang.en": "English",
    "settings.lang.fr": "Français",
    "settings.animation": "Animation speed",
    "settings.bot_pause": "Bot pause",
    "settings.seconds": "{n} s",
    "settings.fullscreen": "Full screen",
    "settings.colour_blind": "Colour-blind aid",
    "settings.colour_blind_hint": "Every colour band also carries its letter: {letters}.",
    "settings.live_score": "Live score estimate",
    "settings.on": "On",
    "settings.off": "Off",
    "settings.back": "Back",
    "settings.applied": "Changes apply at once and are saved.",
    "settings.not_saved": "The settings could not be saved to {path} ({reason}).",
    "settings.unreadable": "The settings file {path} could not be read ({reason}); the defaults are used.",
    "settings.not_yaml": "The settings file {path} is not valid YAML; the defaults are used.",
    "settings.not_mapping": "The settings file {path} does not hold settings; the defaults are used.",
    "settings.too_large": "The settings file {path} is too large to be a settings file; the defaults are used.",
    # card browser
    "cards.title": "Cards",
    "cards.players": "Players",
    "cards.tea": "Tea variant",
    "cards.tea_on": "With Tea",
    "cards.tea_off": "Without Tea",
    "cards.colour": "Colour",
    "cards.deck": "Deck",
    "cards.all": "All",
    "cards.search": "Search a name (English or French)",
    "cards.summary": "{kinds} kinds of card · {copies} copies",
    "cards.none": "No card matches these filters.",
    "cards.copies": "{n} copies in a game for {players} players",
    "cards.copy": "1 copy in a game for {players} players",
    "cards.copy_letter": "{number}: letter {letter}",
    "cards.copy_points": "{number}: worth {points}",
    "cards.copy_letter_points": "{number}: letter {letter}, worth {points}",
    "cards.numbers": "Card numbers: {numbers}",
    "cards.other_name": "In {language}: {name}",
    "cards.rules": "Rules summary",
    "cards.back": "Back",
    "cards.scroll_hint": "Wheel or arrows to browse · click a card to read it",
    # rules summary
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
    # the pass-and-play shield
    "shield.pass": "Pass to {name}",
    "shield.ready": "{name}, press Space or click when only you can see the screen.",
    "shield.round": "Round {n} · {phase}",
    "shield.menu": "Esc: menu",
    "keys.hint": "H: a hint (the medium bot's best options and why)",
    "keys.confirm": "Pass and play: a click or Enter selects a card; Confirm or Enter again sends it",
    "keys.shield": "Shield: Space or click once only the named player sees the screen",
    # pass and play at the table
    "table.confirm": "Confirm",
    "table.selected": "{card} selected: Confirm, or choose another card.",
    # hints and the end-of-game summary
    "hint.button": "Hint",
    "hint.title": "Hint for {name}",
    "hint.close": "Click or press any key to close",
    "hint.none": "No hint is available now.",
    "hint.option": "{card}: {reason}",
    "hint.reason.decline": "take nothing: no card there improves your standing",
    "hint.reason.take": "take {card}: {gain:+.1f} to your standing",
    "hint.reason.offer_harmless": "offer {card}: nobody, you included, gains much from it",
    "hint.reason.offer_cost": (
        "offer {card}: it costs you {cost:.1f}; the rival most likely to pick it gains about {rival:.1f}"
    ),
    "hint.reason.pick_denial": "pick {card}: mostly to keep it from the next picker or the leader ({denial:+.1f})",
    "hint.reason.pick_effect": "pick {card}: its effect should bring {effects:+.1f} when you play it",
    "hint.reason.pick_hand": "pick {card}: {gain:+.1f} to your projected score (keep it in hand)",
    "hint.reason.pick_play": "pick {card}: {gain:+.1f} to your projected score (play it later)",
    "hint.reason.pick_hand_denies": (
        "pick {card}: {gain:+.1f} to your projected score (keep it in hand), and denies a rival {denial:+.1f}"
    ),
    "hint.reason.pick_play_denies": (
        "pick {card}: {gain:+.1f} to your projected score (play it later), and denies a rival {denial:+.1f}"
    ),
    "hint.reason.reveal_lost": (
        "reveal {card}: it has only the hand icon and is lost, but it is the card you need least"
    ),
    "hint.reason.reveal_effect": "reveal {card}: its effect takes a card from the {source} ({effect:+.1f})",
    "hint.reason.reveal_table_only": "reveal {card}: a play-area card that scores only once revealed",
    "hint.reason.reveal_frees_hand": "reveal {card}: scores in your play area and frees your hand for hand-only goods",
    "number.decimal_mark": ".",
    "scoring.collecting_line": "{name} was collecting {what}",
    "scoring.collecting_item": "{card} ×{n}: {points}",
    "scoring.collecting_majority": "{row}: {points}",
    "scoring.collecting_nothing": "nothing that scored",
}
