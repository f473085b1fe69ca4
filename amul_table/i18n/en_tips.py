"""The tooltips on the table's icons and tokens in English (drawn by scenes/tooltip.py)."""

from __future__ import annotations

TIPS_EN: dict[str, str] = {
    "tip.hand_size": "{name}'s hand: {n} cards, face down.",
    "tip.military": (
        "Military Prowess {n}: the swords in {name}'s play area. From round {start}, "
        "the seats pick in order of Prowess, most first."
    ),
    "tip.letter": (
        "Best letter {letter} in {name}'s play area: between equal Military Prowess, the earlier letter picks first."
    ),
    "tip.arab": "{n} Arab symbols in {name}'s play area. The most Arab symbols wins the Arab majority at the end.",
    "tip.mongol": (
        "{n} Mongol symbols in {name}'s play area. The most Mongol symbols wins the Mongol majority at the end."
    ),
    "tip.first_pick": (
        "First Pick: {name} picks first this round; the token passes clockwise each round. From round {start}, "
        "Military Prowess sets the order instead."
    ),
    "tip.starting_player": "Starting Player: {name}. The deal began on their left.",
    "tip.deck": "Market deck: {n} cards left, face down. The Market is refilled from it each round.",
    "tip.removed": "Out of the game: {n} cards. The last one lies face up.",
    "tip.palace": "Palace: {n} cards, face up. Some card effects take from it.",
    "tip.bazaar": "Bazaar: {n} cards, face up. Some card effects take from it.",
    "tip.offer_face_down": "{name}'s offer, face down. All the offers turn over together once every seat has offered.",
    "tip.reveal_face_down": (
        "{name}'s Reveal, face down. All the Reveals turn over together once every seat has chosen."
    ),
    "tip.round_done": "Round {n} of 9: played.",
    "tip.round_now": "Round {n} of 9: being played now.",
    "tip.round_to_come": "Round {n} of 9: still to come.",
    "tip.phase_offer": "Offer: each seat puts one card from its hand face down into the Market.",
    "tip.phase_pick": "Pick: in turn order, each seat takes one card from the Market into its hand.",
    "tip.phase_reveal": "Reveal: each seat plays one card from its hand face down; they turn over together.",
    "tip.phase_effects": "Effects: in turn order, the revealed cards' effects take from the Palace, Bazaar or Market.",
    "tip.live_score": (
        "{n} points if the game ended now (hand cards that count in a hand included). Rows: {rows}. {change}"
    ),
    "tip.military.you": (
        "Military Prowess {n}: the swords in your play area. "
        "From round {start}, the seats pick in order of Prowess, most first."
    ),
    "tip.letter.you": ("Your best letter {letter}: between equal Military Prowess, the earlier letter picks first."),
    "tip.arab.you": ("{n} Arab symbols in your play area. The most Arab symbols wins the Arab majority at the end."),
    "tip.mongol.you": (
        "{n} Mongol symbols in your play area. The most Mongol symbols wins the Mongol majority at the end."
    ),
    "tip.first_pick.you": (
        "First Pick: you pick first this round; the token passes clockwise each round. "
        "From round {start}, Military Prowess sets the order instead."
    ),
    "tip.starting_player.you": "Starting Player: you. The deal began on your left.",
    "tip.final_military": "{name}'s Military Prowess: {n}. It breaks a tie for the most points.",
    "tip.final_military.you": "Your Military Prowess: {n}. It breaks a tie for the most points.",
    "tip.stack_copies": "{n} copies of this card in {name}'s play area.",
    "tip.log_earlier": "Earlier lines above: scroll the log with the mouse wheel.",
    "tip.copies": "{n} copies of this card in a game for {players} players.",
    "tip.symbol_arab": "Arab symbol: counts toward the Arab majority (8, 4 or 2 points) and for some cards.",
    "tip.symbol_mongol": "Mongol symbol: counts toward the Mongol majority (8, 4 or 2 points) and for some cards.",
    "tip.symbol_object": "Object symbol: some cards score for each Object symbol.",
    "tip.symbol_trade": "Trade symbol: some cards score for each Trade symbol.",
    "tip.symbol_military": (
        "Military symbol: 1 Military Prowess, which sets the pick order in later rounds and breaks a tie at the end."
    ),
    "tip.card_letter": "Pick-order letter {letter}: between equal Military Prowess, the earlier letter picks first.",
    "tip.position_hand": "Hand icon: it scores from your hand at the end.",
    "tip.position_table": "Play-area icon: it stays in your play area when revealed, and scores there.",
    "tip.position_both": "Hand and play-area icons: it scores from your hand or your play area.",
    "tip.card_number": "Card number {number}: this copy's number in its deck.",
    "tip.seat_name": "Player: {name}",
    "tip.seat_status": "{name}: {status}",
    "tip.min_players": "Player count {n}: this copy is used in games of {n} players or more.",
}
