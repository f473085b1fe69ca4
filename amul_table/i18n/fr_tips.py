"""The tooltips on the table's icons and tokens in French (drawn by scenes/tooltip.py)."""

from __future__ import annotations

TIPS_FR: dict[str, str] = {
    "tip.hand_size": "Main de {name}\u00a0: {n} cartes, face cachée.",
    "tip.military": (
        "Puissance militaire {n}\u00a0: les épées dans la zone de jeu de {name}. À partir de la manche {start}, "
        "on choisit par ordre de Puissance, la plus forte d'abord."
    ),
    "tip.letter": (
        "Meilleure lettre {letter} dans la zone de jeu de {name}\u00a0: à Puissance militaire égale, "
        "la lettre la plus tôt dans l'alphabet choisit d'abord."
    ),
    "tip.arab": (
        "{n} symboles arabes dans la zone de jeu de {name}. "
        "Le plus de symboles arabes remporte la majorité arabe en fin de partie."
    ),
    "tip.mongol": (
        "{n} symboles mongols dans la zone de jeu de {name}. "
        "Le plus de symboles mongols remporte la majorité mongole en fin de partie."
    ),
    "tip.first_pick": (
        "Premier choix\u00a0: {name} choisit en premier cette manche\u00a0; "
        "le jeton passe en sens horaire à chaque manche. À partir de la manche {start}, "
        "la Puissance militaire fixe l'ordre."
    ),
    "tip.starting_player": "Premier joueur\u00a0: {name}. La donne a commencé à sa gauche.",
    "tip.deck": "Pioche du Marché\u00a0: {n} cartes restantes, face cachée. Le Marché s'y remplit à chaque manche.",
    "tip.removed": "Hors jeu\u00a0: {n} cartes. La dernière est face visible.",
    "tip.palace": "Palais\u00a0: {n} cartes, face visible. Certains effets de cartes y prennent.",
    "tip.bazaar": "Bazar\u00a0: {n} cartes, face visible. Certains effets de cartes y prennent.",
    "tip.offer_face_down": (
        "Offre de {name}, face cachée. Toutes les offres se retournent ensemble quand chacun a offert."
    ),
    "tip.reveal_face_down": (
        "Révélation de {name}, face cachée. Toutes les Révélations se retournent ensemble quand chacun a choisi."
    ),
    "tip.round_done": "Manche {n} sur 9\u00a0: jouée.",
    "tip.round_now": "Manche {n} sur 9\u00a0: en cours.",
    "tip.round_to_come": "Manche {n} sur 9\u00a0: à venir.",
    "tip.phase_offer": "Offre\u00a0: chacun pose une carte de sa main face cachée dans le Marché.",
    "tip.phase_pick": "Choix\u00a0: dans l'ordre du tour, chacun prend une carte du Marché dans sa main.",
    "tip.phase_reveal": (
        "Révélation\u00a0: chacun joue une carte de sa main face cachée\u00a0; elles se retournent ensemble."
    ),
    "tip.phase_effects": (
        "Effets\u00a0: dans l'ordre du tour, les effets des cartes révélées prennent au Palais, au Bazar ou au Marché."
    ),
    "tip.live_score": (
        "{n} points si la partie s'arrêtait maintenant (cartes qui comptent en main incluses). "
        "Lignes\u00a0: {rows}. {change}"
    ),
    "tip.military.you": (
        "Puissance militaire {n}\u00a0: les épées dans votre zone de jeu. À partir de la manche {start}, "
        "on choisit par ordre de Puissance, la plus forte d'abord."
    ),
    "tip.letter.you": (
        "Votre meilleure lettre {letter}\u00a0: à Puissance militaire égale, "
        "la lettre la plus tôt dans l'alphabet choisit d'abord."
    ),
    "tip.arab.you": (
        "{n} symboles arabes dans votre zone de jeu. "
        "Le plus de symboles arabes remporte la majorité arabe en fin de partie."
    ),
    "tip.mongol.you": (
        "{n} symboles mongols dans votre zone de jeu. "
        "Le plus de symboles mongols remporte la majorité mongole en fin de partie."
    ),
    "tip.first_pick.you": (
        "Premier choix\u00a0: vous choisissez en premier cette manche\u00a0; "
        "le jeton passe en sens horaire à chaque manche. À partir de la manche {start}, "
        "la Puissance militaire fixe l'ordre."
    ),
    "tip.starting_player.you": "Premier joueur\u00a0: vous. La donne a commencé à votre gauche.",
    "tip.final_military": (
        "Puissance militaire de {name}\u00a0: {n}. Elle départage une égalité pour le plus de points."
    ),
    "tip.final_military.you": (
        "Votre Puissance militaire\u00a0: {n}. Elle départage une égalité pour le plus de points."
    ),
    "tip.stack_copies": "{n} exemplaires de cette carte dans la zone de jeu de {name}.",
    "tip.log_earlier": "Lignes plus anciennes au-dessus\u00a0: faites défiler le journal avec la molette.",
    "tip.copies": "{n} exemplaires de cette carte dans une partie à {players} joueurs.",
    "tip.symbol_arab": (
        "Symbole arabe\u00a0: compte pour la majorité arabe (8, 4 ou 2 points) et pour certaines cartes."
    ),
    "tip.symbol_mongol": (
        "Symbole mongol\u00a0: compte pour la majorité mongole (8, 4 ou 2 points) et pour certaines cartes."
    ),
    "tip.symbol_object": "Symbole Objet\u00a0: certaines cartes rapportent pour chaque symbole Objet.",
    "tip.symbol_trade": "Symbole Commerce\u00a0: certaines cartes rapportent pour chaque symbole Commerce.",
    "tip.symbol_military": (
        "Symbole militaire\u00a0: 1 de Puissance militaire, qui fixe l'ordre de choix dans les manches suivantes "
        "et départage une égalité à la fin."
    ),
    "tip.card_letter": (
        "Lettre d'ordre {letter}\u00a0: à Puissance militaire égale, "
        "la lettre la plus tôt dans l'alphabet choisit d'abord."
    ),
    "tip.position_hand": "Icône de main\u00a0: elle compte depuis votre main à la fin.",
    "tip.position_table": "Icône de zone de jeu\u00a0: révélée, elle reste dans votre zone de jeu et y compte.",
    "tip.position_both": "Icônes de main et de zone de jeu\u00a0: elle compte depuis votre main ou votre zone de jeu.",
    "tip.card_number": "Numéro de carte {number}\u00a0: le numéro de cet exemplaire dans son paquet.",
    "tip.seat_name": "Joueur\u00a0: {name}",
    "tip.seat_status": "{name}\u00a0: {status}",
    "tip.min_players": "Nombre de joueurs {n}\u00a0: cet exemplaire sert dans les parties à {n} joueurs ou plus.",
}
