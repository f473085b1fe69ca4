"""Every window string in French, by the same keys as the English table (placeholders unchanged).

The game's own words follow the French edition: Marché, Palais, Bazar, Premier choix, Premier joueur,
Puissance militaire, points de Prestige. Card names and rule texts come from the card data.
"""

from __future__ import annotations

from amul_table.i18n.fr_errors import ERRORS_FR
from amul_table.i18n.fr_learning import LEARNING_FR
from amul_table.i18n.fr_online import ONLINE_FR
from amul_table.i18n.fr_rules_summary import RULES_SUMMARY_FR
from amul_table.i18n.fr_tips import TIPS_FR

FR: dict[str, str] = {
    "app.title": "Amul — le jeu de cartes de la Route de la soie",
    "title.subtitle": "Un jeu de draft sur la Route de la soie",
    "title.new_game": "Nouvelle partie",
    "title.quit": "Quitter",
    "setup.title": "Nouvelle partie",
    "setup.players": "Joueurs",
    "setup.seat": "Place {n}",
    "setup.human": "Humain",
    "setup.bot": "Robot · {tier}",
    "setup.tea": "Variante Thé",
    "setup.tea_off": "Sans",
    "setup.tea_count": "{n} cartes Thé",
    "setup.seed": "Graine",
    "setup.seed_hint": "au hasard",
    "setup.start": "Commencer",
    "setup.back": "Retour",
    "setup.bad_seed": "La graine doit être un nombre entier (ou vide pour une graine au hasard).",
    "setup.need_name": "Chaque place a besoin d'un nom.",
    "setup.name_human": "Vous",
    "tier.easy": "facile",
    "tier.medium": "moyen",
    "tier.hard": "difficile",
    "tier.expert": "expert",
    "tier.random": "au hasard",
    "board.palace": "Palais",
    "board.bazaar": "Bazar",
    "board.market": "Marché",
    "board.deck": "Pioche",
    "board.removed": "Hors jeu",
    "table.round": "Manche {n} sur 9",
    "table.phase.offer": "Offre",
    "table.phase.pick": "Choix",
    "table.phase.reveal": "Révélation",
    "table.phase.effects": "Effets",
    "table.phase.game_end": "Fin de partie",
    "table.phase.over": "Partie terminée",
    "table.prompt.offer": "Offrez une carte de votre main\u00a0: elle rejoint le Marché face cachée.",
    "table.prompt.pick": "À vous de choisir\u00a0: prenez une carte du Marché dans votre main.",
    "table.prompt.reveal": "Révélez une carte de votre main\u00a0: les cartes de zone de jeu restent devant vous.",
    "table.prompt.take": "{card}\u00a0: prenez une carte du {source}, ou refusez.",
    "table.prompt.take_up_to": "{card}\u00a0: prenez jusqu'à {n} cartes du {source}, ou refusez.",
    "table.prompt.wait": "En attente de {names}…",
    "table.prompt.watch": "Les robots jouent entre eux.",
    "table.prompt.over": "La partie est terminée.",
    "table.decline": "Refuser",
    "table.declining": "Ne rien prendre du {source}\u00a0? Validez, ou choisissez une carte.",
    "table.hand": "Votre main",
    "table.play_area": "Votre zone de jeu",
    "table.cards_in_hand": "{n} en main",
    "table.prowess": "Militaire {n}",
    "table.best_letter": "meilleure lettre {letter}",
    "table.choosing": "choisit…",
    "table.no_status": "rien à décider pour l'instant",
    "table.ready": "prêt",
    "table.to_play": "à jouer",
    "table.starting_player": "Premier joueur",
    "table.first_pick": "Premier choix",
    "table.first_pick_short": "1er choix",
    "table.starting_player_short": "1er joueur",
    "table.order": "Ordre",
    "table.order_line": "Ordre\u00a0: {order}",
    "table.military_order": "ordre de Puissance militaire",
    "table.clockwise_order": "sens horaire depuis le Premier\u00a0choix",  # the name never splits
    "table.log": "Journal",
    "table.score": "Votre score actuel",
    "table.score_hint": "si la partie s'arrêtait maintenant",
    "table.score_moved": "{before} → {after}\u00a0: {rows}",
    "table.score_last": "Dernier changement\u00a0: {before} → {after} ({rows}).",
    "table.your_offer": "votre offre",
    "table.reveal_goes_here": "Votre carte attend ici que chacun ait choisi",
    "table.your_reveal": "votre carte",
    "table.help_hint": "Échap menu ·\u00a0? touches",
    "table.skip_hint": "clic ou Espace pour passer",
    "source.palace": "Palais",
    "source.bazaar": "Bazar",
    "source.market": "Marché",
    "log.you": "vous",
    "log.round": "La manche {n} commence\u00a0; {name} a le Premier choix.",
    "log.round.you": "La manche {n} commence\u00a0; vous avez le Premier choix.",
    "log.pick.you": "Vous prenez {card}.",
    "log.take.you": "Vous prenez {card} du {source}.",
    "log.decline.you": "Vous ne prenez rien du {source}.",
    "log.effect_empty.you": "Vous\u00a0: le {source} est vide.",
    "log.first_pick.you": "Le Premier choix passe à vous.",
    "log.end_hand.you": "Vous gardez {kept} cartes de votre main en jeu.",
    "log.end_hand_one.you": "Vous gardez {kept} carte de votre main en jeu.",
    "log.offers": "Les offres sont retournées\u00a0: {cards}.",
    "log.pick": "{name} prend {card}.",
    "log.reveals": "Cartes révélées\u00a0: {cards}.",
    "log.removed": "{card} sort du jeu.",
    "log.take": "{name} prend {card} du {source}.",
    "log.decline": "{name} ne prend rien du {source}.",
    "log.effect_empty": "{name}\u00a0: le {source} est vide.",
    "log.market_emptied": "Le Marché est vidé\u00a0: {cards}.",
    "log.first_pick": "Le Premier choix passe à {name}.",
    "log.end_hand": "{name} garde {kept} cartes de sa main en jeu.",
    "log.end_hand_one": "{name} garde {kept} carte de sa main en jeu.",
    "log.game_over": "La partie est terminée.",
    "log.score_round": "Votre score à la manche {n}\u00a0: {before} → {after} ({rows}).",
    "log.score_round_still": "Votre score n'a pas bougé à la manche {n}\u00a0: {points}.",
    "menu.title": "Menu",
    "menu.resume": "Reprendre",
    "menu.keys": "Touches",
    "menu.glossary": "Glossaire",
    "menu.speed": "Animations\u00a0: {speed}",
    "menu.bot_pause": "Pause des robots\u00a0: {seconds} s",
    "menu.live_score_on": "Score en direct\u00a0: affiché",
    "menu.live_score_off": "Score en direct\u00a0: caché",
    "menu.colour_letters_on": "Lettres de couleur\u00a0: oui",
    "menu.colour_letters_off": "Lettres de couleur\u00a0: non",
    "speed.slow": "lentes",
    "speed.normal": "normales",
    "speed.fast": "rapides",
    "speed.instant": "instantanées",
    "menu.main_menu": "Menu principal",
    "menu.quit": "Quitter",
    "confirm.quit": "Quitter la partie en cours\u00a0?",
    "confirm.leave": "Quitter cette partie pour le menu principal\u00a0?",
    "confirm.yes": "Oui",
    "confirm.no": "Non",
    "keys.title": "Touches",
    "keys.arrows": "Gauche / Droite\u00a0: passer d'une carte jouable à l'autre",
    "keys.enter": (
        "Entrée\u00a0: choisir la carte en surbrillance (un clic la choisit aussi)\u00a0; "
        "Entrée à nouveau ou Valider l'envoie"
    ),
    "keys.decline": "D\u00a0: choisir de ne rien prendre d'un effet\u00a0; D à nouveau, Entrée ou Valider l'envoie",
    "keys.space": "Espace ou clic\u00a0: passer l'animation",
    "keys.zoom": "Survol ou clic droit sur une carte\u00a0: l'agrandir avec sa règle",
    "keys.live": "L\u00a0: afficher ou cacher votre score en direct",
    "keys.esc": "Échap\u00a0: menu (vitesse des animations, pause des robots, score en direct)",
    "keys.help": "?\u00a0: cette liste",
    "keys.glossary": "G\u00a0: le glossaire (mots, symboles, abréviations des cartes)",
    "keys.f11": "F11\u00a0: plein écran",
    "keys.close": "Cliquez ou appuyez sur une touche pour fermer",
    "scoring.title": "Scores finaux",
    "scoring.winner": "{names} gagne\u00a0!",
    "scoring.winner.you": "Vous gagnez\u00a0!",
    "scoring.winners": "{names} se partagent la victoire\u00a0!",
    "scoring.play_again": "Rejouer",
    "scoring.main_menu": "Menu principal",
    "scoring.play_area_of": "Zone de jeu de {name}",
    "scoring.row.bazaar": "Bazar",
    "scoring.row.arab": "Majorité arabe",
    "scoring.row.mongol": "Majorité mongole",
    "scoring.row.total": "Total",
    "scoring.tie_military": (
        "Égalité à {points} points\u00a0: la plus grande Puissance militaire ({military}) l'emporte."
    ),
    "scoring.tie_shared": (
        "Égalité à {points} points et en Puissance militaire ({military})\u00a0: la victoire est partagée."
    ),
    "colour.yellow": "Jaune",
    "colour.light_blue": "Bleu clair",
    "colour.orange": "Orange",
    "colour.green": "Vert",
    "colour.purple": "Violet",
    "colour.red": "Rouge",
    "colour.brown": "Bazar",
    "symbol.arab": "Arabe",
    "symbol.mongol": "Mongol",
    "symbol.object": "Objet",
    "symbol.trade": "Commerce",
    "symbol.military": "Militaire",
    "zoom.copies_for": "dès {n} joueurs",
    "zoom.position.hand": "Gardez-la en main\u00a0: elle rapporte des points en fin de partie.",
    "zoom.position.table": "Révélez-la\u00a0: elle reste dans votre zone de jeu.",
    "zoom.position.both": "Rapporte des points depuis votre main ou votre zone de jeu.",
    "zoom.deck.market": "Carte Marché",
    "zoom.deck.palace": "Carte Palais",
    "zoom.deck.bazaar": "Carte Bazar",
    "rule.flat": "{points} points.",
    "rule.flat_copy": "Vaut les points imprimés dessus.",
    "rule.set": "Une série rapporte {table} pour {counts} cartes\u00a0; une série complète en commence une nouvelle.",
    "rule.conditional": "{base} points\u00a0; {bonus} si vous avez {condition}.",
    "rule.count_in_play": "Rapporte selon le nombre d'exemplaires dans toutes les zones de jeu\u00a0: {table}.",
    "rule.per_card": "{points} par {cards} {scope}.",
    "rule.per_symbol": "{points} par symbole {symbol} {scope}.",
    "rule.per_symbol_choice": "{points} par symbole {symbol} du voisin de votre choix.",
    "rule.per_pair": "{points} par paire de symboles {symbols} {scope}.",
    "rule.base_minus": "{base} points, moins {minus} par {counted} {scope}.",
    "rule.trader": "{points} points par série de {cards} dans votre zone de jeu.",
    "rule.effect.upkeep": "Une fois révélée, vous pouvez prendre {n} cartes du {source}.",
    "rule.effect.upkeep_one": "Une fois révélée, vous pouvez prendre {n} carte du {source}.",
    "rule.effect.game_end": "En fin de partie, vous pouvez prendre jusqu'à {n} cartes du {source}.",
    "rule.effect.game_end_one": "En fin de partie, vous pouvez prendre {n} carte du {source}.",
    "rule.scope.self": "dans votre zone de jeu",
    "rule.scope.neighbours": "de vos deux voisins",
    "rule.scope.self_and_neighbours": "de vous et de vos deux voisins",
    "rule.scope.all": "dans toutes les zones de jeu",
    "rule.scope.one_neighbour_choice": "d'un voisin",
    "rule.a_card": "un(e) {name}",
    "rule.n_cards": "{n} {name}",
    "rule.a_symbol": "un symbole {symbol}",
    "rule.n_symbols": "{n} symboles {symbol}",
    "rule.or": " ou ",
    "rule.and": " et ",
    "short.set": "Série {table}",
    "short.conditional": "{base}, ou {bonus} avec {condition}",
    "short.count_in_play": "En jeu\u00a0: {table}",
    "short.per": "+{points} par {what}",
    "short.base_minus": "{base} − {minus} par {counted} (voisins)",
    "short.trader": "{points} par {cards}",
    "short.take": "Prenez {n} du {source}",
    "short.thief": "Fin\u00a0: prenez {n} du {source}",
    "error.title": "Un problème est survenu",
    # saves: Continue, Load, Save as…
    "title.continue": "Continuer",
    "title.load": "Charger une partie",
    "menu.save_as": "Enregistrer sous…",
    "load.autosave": "Sauvegarde automatique",
    "load.finished_game": "Partie terminée, {when}",
    "load.back": "Retour",
    "load.bot": "robot {tier}",
    "load.cannot": "Ne peut pas être chargée, et n'est jamais écrasée.",
    "load.confirm_delete": "Supprimer la sauvegarde «\u00a0{name}\u00a0»\u00a0? C'est définitif.",
    "load.delete": "Supprimer",
    "load.deleted": "«\u00a0{name}\u00a0» supprimée.",
    "load.empty": "Aucune sauvegarde pour l'instant.",
    "load.file_time": "Fichier du {when}",
    "load.folder": "Sauvegardes dans {folder}",
    "load.load": "Charger",
    "load.no_tea": "sans Thé",
    "load.over": "Partie terminée",
    "load.players": "{n} joueurs",
    "load.readonly": (
        "Ce dossier n'est pas modifiable\u00a0: on peut y charger des sauvegardes, pas en créer ni en supprimer."
    ),
    "load.refused": "Refusée",
    "load.round": "Manche {n} sur 9",
    "load.saved": "Enregistrée le {when}",
    "load.tea": "{n} cartes Thé",
    "load.title": "Charger une partie",
    "save_as.cancel": "Annuler",
    "save_as.hint": "Tapez un nom, puis Entrée ou Enregistrer.",
    "save_as.off": "L'enregistrement est désactivé.",
    "save_as.over": "Partie terminée",
    "save_as.refused": (
        "{file} n'est jamais remplacé\u00a0: ce n'est pas une sauvegarde que cette version sait lire ({reason}). "
        "Choisissez un autre nom."
    ),
    "save_as.replace": "Remplacer la sauvegarde «\u00a0{name}\u00a0»\u00a0?",
    "save_as.save": "Enregistrer",
    "save_as.saved": "Enregistrée sous «\u00a0{name}\u00a0» dans {folder}.",
    "save_as.title": "Enregistrer sous…",
    "save_as.where": "Dans {folder}",
    "saves.folder": "Sauvegardes\u00a0: {folder}",
    # the comfort screens (English in i18n_screens.py)
    "title.settings": "Réglages",
    "title.rules": "Règles et cartes",
    "settings.title": "Réglages",
    "settings.language": "Langue",
    "settings.lang.en": "English",
    "settings.lang.fr": "Français",
    "settings.animation": "Vitesse des animations",
    "settings.bot_pause": "Pause des robots",
    "settings.seconds": "{n} s",
    "settings.fullscreen": "Plein écran",
    "settings.colour_blind": "Aide daltoniens",
    "settings.colour_blind_hint": "Chaque bandeau de couleur porte aussi sa lettre\u00a0: {letters}.",
    "settings.live_score": "Score estimé en direct",
    "settings.on": "Oui",
    "settings.off": "Non",
    "settings.back": "Retour",
    "settings.applied": "Les changements s'appliquent tout de suite et sont enregistrés.",
    "settings.not_saved": "Les réglages n'ont pas pu être enregistrés dans {path} ({reason}).",
    "settings.unreadable": (
        "Le fichier de réglages {path} est illisible ({reason})\u00a0; les réglages par défaut sont utilisés."
    ),
    "settings.not_yaml": (
        "Le fichier de réglages {path} n'est pas du YAML valide\u00a0; les réglages par défaut sont utilisés."
    ),
    "settings.not_mapping": (
        "Le fichier de réglages {path} ne contient pas de réglages\u00a0; les réglages par défaut sont utilisés."
    ),
    "settings.too_large": (
        "Le fichier de réglages {path} est trop gros pour en être un\u00a0; les réglages par défaut sont utilisés."
    ),
    "cards.title": "Cartes",
    "cards.players": "Joueurs",
    "cards.tea": "Variante Thé",
    "cards.tea_on": "Avec Thé",
    "cards.tea_off": "Sans Thé",
    "cards.colour": "Couleur",
    "cards.deck": "Paquet",
    "cards.all": "Toutes",
    "cards.search": "Chercher un nom (français ou anglais)",
    "cards.summary": "{kinds} · {copies}",
    "cards.count_kinds": "{n} sortes de cartes",
    "cards.count_kinds_one": "{n} sorte de carte",
    "cards.count_copies": "{n} exemplaires",
    "cards.count_copies_one": "{n} exemplaire",
    "cards.none": "Aucune carte ne correspond à ces filtres.",
    "cards.copies": "{n} exemplaires dans une partie à {players} joueurs",
    "cards.copy": "1 exemplaire dans une partie à {players} joueurs",
    "cards.copy_letter": "{number}\u00a0: lettre {letter}",
    "cards.copy_points": "{number}\u00a0: vaut {points}",
    "cards.copy_letter_points": "{number}\u00a0: lettre {letter}, vaut {points}",
    "cards.numbers": "Numéros\u00a0: {numbers}",
    "cards.other_name": "En {language}\u00a0: {name}",
    "cards.rules": "Résumé des règles",
    "cards.back": "Retour",
    "cards.scroll_hint": "Molette ou flèches pour parcourir · cliquez sur une carte pour la lire",
    **RULES_SUMMARY_FR,  # the rules summary's pages, in fr_rules_summary.py
    "shield.pass": "Passez à {name}",
    "shield.ready": "{name}, appuyez sur Espace ou cliquez quand personne d'autre ne voit l'écran.",
    "shield.round": "Manche {n} · {phase}",
    "shield.menu": "Échap\u00a0: menu",
    "keys.hint": "H\u00a0: un conseil (les meilleurs choix du robot le plus fort, et pourquoi)",
    "keys.shield": "Écran de passage\u00a0: Espace ou clic quand seul le joueur nommé voit l'écran",
    "table.confirm": "Valider",
    "table.selected": "Sélection\u00a0: {card}. Validez, ou choisissez une autre carte.",
    "hint.button": "Conseil",
    "hint.title": "Conseil pour {name}",
    "hint.title.you": "Votre conseil",
    "hint.close": "Cliquez ou appuyez sur une touche pour fermer",
    "hint.none": "Aucun conseil pour l'instant.",
    "hint.thinking": "Le coach joue la partie jusqu'au bout à partir d'ici",
    "hint.percent": "{n}\u00a0%",
    "hint.numbers.ahead": (
        "Chances de gagner\u00a0: {win}\u00a0; finit en moyenne {points}\u00a0points devant le meilleur rival "
        "(sur {games}\u00a0parties simulées)."
    ),
    "hint.numbers.behind": (
        "Chances de gagner\u00a0: {win}\u00a0; finit en moyenne {points}\u00a0points derrière le meilleur rival "
        "(sur {games}\u00a0parties simulées)."
    ),
    "hint.numbers.level": (
        "Chances de gagner\u00a0: {win}\u00a0; finit en moyenne à égalité avec le meilleur rival "
        "(sur {games}\u00a0parties simulées)."
    ),
    "hint.verdict.big_gain": "un gros gain",
    "hint.verdict.gain": "un gain",
    "hint.verdict.even": "à peu près nul",
    "hint.verdict.loss": "une perte",
    "hint.option": "{card}\u00a0: {reason}",
    "hint.reason.decline": "ne rien prendre\u00a0: aucune carte ne vous y fait progresser",
    "hint.reason.take": "prendre {card}\u00a0: {gain:+.1f} pour votre position",
    "hint.reason.offer_harmless": "offrir {card}\u00a0: personne, vous compris, n'y gagne grand-chose",
    "hint.reason.offer_cost": (
        "offrir {card}\u00a0: vous y perdez {cost:.1f}\u00a0; l'adversaire le plus susceptible de prendre cette "
        "carte y gagne environ {rival:.1f}"
    ),
    "hint.reason.offer_rival": (
        "offrir {card}\u00a0: vous n'y perdez rien\u202f; l'adversaire le plus susceptible de prendre cette carte "
        "y gagne environ {rival:.1f}"
    ),
    "hint.reason.offer_own": "offrir {card}\u00a0: vous y perdez {cost:.1f}, et aucun adversaire n'y gagne grand-chose",
    "hint.reason.offer_playouts": (
        "offrir {card}\u00a0: à première vue, une offre plus bas donne moins, mais dans les parties simulées du coach "
        "vous finissez mieux après celle-ci"
    ),
    "hint.reason.pick_playouts": (
        "choisir {card}\u00a0: à première vue, une option plus bas vaut davantage, mais dans les parties simulées du "
        "coach vous finissez mieux après celle-ci"
    ),
    "hint.reason.reveal_playouts": (
        "révéler {card}\u00a0: à première vue, une option plus bas vaut davantage, mais dans les parties simulées du "
        "coach vous finissez mieux après celle-ci"
    ),
    "hint.reason.take_playouts": (
        "prendre {card}\u00a0: à première vue, une option plus bas vaut davantage, mais dans les parties simulées du "
        "coach vous finissez mieux après celle-ci"
    ),
    "hint.reason.decline_playouts": (
        "ne rien prendre\u00a0: à première vue, une carte plus bas vaut davantage, mais dans les parties simulées du "
        "coach vous finissez mieux sans"
    ),
    "hint.reason.pick_denial": (
        "choisir {card}\u00a0: surtout pour en priver le joueur suivant ou le meneur ({denial:+.1f})"
    ),
    "hint.reason.pick_effect": (
        "choisir {card}\u00a0: son effet devrait rapporter {effects:+.1f} quand vous jouerez cette carte"
    ),
    "hint.reason.pick_hand": "choisir {card}\u00a0: {gain:+.1f} à votre score prévu (à garder en main)",
    "hint.reason.pick_play": "choisir {card}\u00a0: {gain:+.1f} à votre score prévu (à jouer plus tard)",
    "hint.reason.pick_hand_denies": (
        "choisir {card}\u00a0: {gain:+.1f} à votre score prévu (à garder en main), et en prive un adversaire "
        "({denial:+.1f})"
    ),
    "hint.reason.pick_play_denies": (
        "choisir {card}\u00a0: {gain:+.1f} à votre score prévu (à jouer plus tard), et en prive un adversaire "
        "({denial:+.1f})"
    ),
    "hint.reason.reveal_lost": (
        "révéler {card}\u00a0: cette carte n'a que l'icône de main et sera perdue, mais c'est celle dont vous avez "
        "le moins besoin"
    ),
    "hint.reason.reveal_effect": "révéler {card}\u00a0: son effet prend une carte du {source} ({effect:+.1f})",
    "hint.reason.reveal_table_only": (
        "révéler {card}\u00a0: une carte de zone de jeu, qui ne rapporte qu'une fois révélée"
    ),
    "hint.reason.reveal_frees_hand": (
        "révéler {card}\u00a0: cette carte rapporte dans votre zone de jeu et libère votre main pour les "
        "marchandises de main"
    ),
    "number.decimal_mark": ",",
    "scoring.collecting_line": "{name} collectionnait {what}",
    "scoring.collecting_item": "{card} ×{n}\u00a0: {points}",
    "scoring.collecting_majority": "{row}\u00a0: {points}",
    "scoring.collecting_nothing": "rien qui rapporte",
    **ERRORS_FR,  # persistence errors, in fr_errors.py
    # records
    "title.records": "Palmarès",
    "records.title": "Votre palmarès",
    "records.back": "Retour",
    "records.new_game": "Nouvelle partie",
    "records.off": "Le palmarès est désactivé\u00a0: {reason}. Les sauvegardes et la partie continuent.",
    "records.set_aside": (
        "Votre fichier de palmarès était endommagé\u00a0: il a été mis de côté sous le nom {name} "
        "et un nouveau a été commencé."
    ),
    "records.not_recorded": (
        "Cette partie n'a pas pu être enregistrée\u00a0: {reason}. Les sauvegardes et la partie continuent."
    ),
    "records.empty_title": "Aucune partie enregistrée pour l'instant",
    "records.empty_body": (
        "Terminez une partie et elle apparaîtra ici\u00a0: vos victoires contre chaque niveau de bot, "
        "votre meilleur score, vos scores au fil des parties et les couleurs qui vous rapportent le plus."
    ),
    "records.games": "Parties jouées",
    "records.wins": "Victoires",
    "records.win_rate": "{rate} gagnées",
    "records.mean_score": "Score moyen",
    "records.best_score": "Meilleur score",
    "records.chart": "Vos scores, partie après partie",
    "records.chart_latest": "vos {n} derniers scores",
    "records.chart_latest_one": "votre dernier score",
    "records.replay_latest": "Revoir la dernière partie",
    "records.review_latest": "Analyser la dernière partie",
    "records.chart_mean": "moyenne {mean}",
    "records.chart_won": "gagnée",
    "records.colours": "Vos couleurs préférées",
    "records.colours_none": "Aucun point marqué pour l'instant.",
    "records.points": "{points} pts",
    "records.by_tier": "Contre chaque bot",
    "records.by_tier_none": "Aucune partie contre des bots pour l'instant.",
    "records.by_players": "Selon le nombre de joueurs",
    "records.players": "{n} joueurs",
    "records.tally": "{wins} sur {games}",
    "scoring.play_deal_again": "Rejouer cette donne",
    # score pad: ranks, majorities, the story behind a cell
    "scoring.rank.1": "1er",
    "scoring.rank.2": "2e",
    "scoring.rank.3": "3e",
    "scoring.rank.4": "4e",
    "scoring.rank.5": "5e",
    "scoring.rank.6": "6e",
    "scoring.rank.7": "7e",
    "scoring.rank.8": "8e",
    "scoring.cell_title": "{name}, {row}\u00a0: {points}",
    "scoring.cell_majority": "Symboles {symbol}\u00a0: {symbols}, soit {points} points",
    "scoring.cell_majority_none": "Symboles {symbol}\u00a0: {symbols}, aucune part de la majorité",
    "scoring.cell_empty": "Aucune carte sur cette ligne.",
    "scoring.cell_card": "{card}\u00a0: {points}",
    "scoring.cell_card_zero": "{card}\u00a0: 0, {reason}",
    "scoring.zero.set_copy": "sa série compte sur le premier exemplaire",
    "scoring.zero.condition": "sa condition n'est pas remplie",
    "scoring.zero.condition_cancels": "sa condition lui a retiré ses points",
    "scoring.zero.no_set": "aucune série complète",
    "scoring.zero.penalties": "les pénalités l'ont annulée",
    "scoring.zero.nothing_counted": "rien à compter",
    "scoring.confirm_leave": "Quitter les scores finaux pour le menu principal\u00a0?",
    # sound
    "settings.volume": "Volume",
    "settings.sound": "Son",
    "settings.percent": "{n}\u00a0%",
    "menu.volume": "Volume\u00a0: {percent}\u00a0%",
    "menu.sound_on": "Son\u00a0: oui",
    "menu.sound_off": "Son\u00a0: non",
    **LEARNING_FR,  # learning, in fr_learning.py
    # table readability (issue 10: the table part)
    "board.empty": "vide",
    "table.more": "+{n} autres",
    "table.take_back": "Reprendre",
    "table.committed": (
        "{card} est face cachée\u00a0: vous pouvez reprendre cette carte tant que les cartes ne sont pas retournées."
    ),
    "table.reveal_warning": "{card} ne compte que dans une main\u00a0: une fois révélée, cette carte sort du jeu.",
    "table.hand_only": "sort du jeu",
    "table.prowess_banner": "Désormais, ordre de Puissance militaire",
    "log.military": "Désormais, l'ordre du tour suit la Puissance militaire.",
    "log.header": "Manche {n}",
    "table.player_n": "Joueur {n}",
    "table.log_scroll": "(faites défiler pour remonter)",
    **TIPS_FR,  # the tooltips on the table's icons and tokens, in fr_tips.py
    **ONLINE_FR,  # playing across machines, in fr_online.py
}
