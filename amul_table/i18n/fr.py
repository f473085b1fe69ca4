"""Every window string in French, by the same keys as the English table (placeholders unchanged).

The game's own words follow the French edition: Marché, Palais, Bazar, Premier choix, Premier joueur,
Puissance militaire, points de Prestige. Card names and rule texts come from the card data.
"""

from __future__ import annotations

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
    "table.prompt.offer": "Offrez une carte de votre main : elle rejoint le Marché face cachée.",
    "table.prompt.pick": "À vous de choisir : prenez une carte du Marché dans votre main.",
    "table.prompt.reveal": "Révélez une carte de votre main : les cartes de zone de jeu restent devant vous.",
    "table.prompt.take": "{card} : prenez une carte du {source}, ou refusez.",
    "table.prompt.take_up_to": "{card} : prenez jusqu'à {n} cartes du {source}, ou refusez.",
    "table.prompt.wait": "En attente de {names}…",
    "table.prompt.watch": "Les robots jouent entre eux.",
    "table.prompt.over": "La partie est terminée.",
    "table.decline": "Refuser",
    "table.hand": "Votre main",
    "table.play_area": "Votre zone de jeu",
    "table.cards_in_hand": "{n} en main",
    "table.prowess": "Militaire {n}",
    "table.best_letter": "meilleure lettre {letter}",
    "table.choosing": "choisit…",
    "table.ready": "prêt",
    "table.to_play": "à jouer",
    "table.starting_player": "Premier joueur",
    "table.first_pick": "Premier choix",
    "table.first_pick_short": "1er choix",
    "table.starting_player_short": "1er joueur",
    "table.order": "Ordre",
    "table.military_order": "ordre de Puissance militaire",
    "table.clockwise_order": "sens horaire depuis le Premier choix",
    "table.log": "Journal",
    "table.score": "Votre score actuel",
    "table.score_hint": "si la partie s'arrêtait maintenant",
    "table.your_offer": "votre offre",
    "table.your_reveal": "votre carte",
    "table.help_hint": "Échap menu · ? touches",
    "table.skip_hint": "clic ou Espace pour passer",
    "source.palace": "Palais",
    "source.bazaar": "Bazar",
    "source.market": "Marché",
    "log.you": "vous",
    "log.round": "La manche {n} commence ; {name} a le Premier choix.",
    "log.round.you": "La manche {n} commence ; vous avez le Premier choix.",
    "log.pick.you": "Vous prenez {card}.",
    "log.take.you": "Vous prenez {card} du {source}.",
    "log.decline.you": "Vous ne prenez rien du {source}.",
    "log.effect_empty.you": "Vous : le {source} est vide.",
    "log.first_pick.you": "Le Premier choix passe à vous.",
    "log.end_hand.you": "Vous gardez {kept} carte(s) de votre main en jeu.",
    "log.offers": "Les offres sont retournées : {cards}.",
    "log.pick": "{name} prend {card}.",
    "log.reveals": "Cartes révélées : {cards}.",
    "log.removed": "{card} quitte la partie.",
    "log.take": "{name} prend {card} du {source}.",
    "log.decline": "{name} ne prend rien du {source}.",
    "log.effect_empty": "{name} : le {source} est vide.",
    "log.market_emptied": "Le Marché est vidé : {cards}.",
    "log.first_pick": "Le Premier choix passe à {name}.",
    "log.end_hand": "{name} garde {kept} carte(s) de sa main en jeu.",
    "log.game_over": "La partie est terminée.",
    "menu.title": "Menu",
    "menu.resume": "Reprendre",
    "menu.keys": "Touches",
    "menu.speed": "Animations : {speed}",
    "menu.bot_pause": "Pause des robots : {seconds} s",
    "menu.live_score_on": "Score en direct : affiché",
    "menu.live_score_off": "Score en direct : caché",
    "menu.colour_letters_on": "Lettres de couleur : oui",
    "menu.colour_letters_off": "Lettres de couleur : non",
    "speed.slow": "lentes",
    "speed.normal": "normales",
    "speed.fast": "rapides",
    "speed.instant": "instantanées",
    "menu.main_menu": "Menu principal",
    "menu.quit": "Quitter",
    "confirm.quit": "Quitter la partie en cours ?",
    "confirm.leave": "Quitter cette partie pour le menu principal ?",
    "confirm.yes": "Oui",
    "confirm.no": "Non",
    "keys.title": "Touches",
    "keys.arrows": "Gauche / Droite : passer d'une carte jouable à l'autre",
    "keys.enter": "Entrée : jouer la carte en surbrillance",
    "keys.decline": "D : refuser un effet",
    "keys.space": "Espace ou clic : passer l'animation",
    "keys.zoom": "Survol ou clic droit sur une carte : l'agrandir avec sa règle",
    "keys.live": "L : afficher ou cacher votre score en direct",
    "keys.esc": "Échap : menu (vitesse des animations, pause des robots, score en direct)",
    "keys.help": "? : cette liste",
    "keys.f11": "F11 : plein écran",
    "keys.close": "Cliquez ou appuyez sur une touche pour fermer",
    "scoring.title": "Scores finaux",
    "scoring.winner": "{names} gagne !",
    "scoring.winners": "{names} se partagent la victoire !",
    "scoring.play_again": "Rejouer",
    "scoring.main_menu": "Menu principal",
    "scoring.play_area_of": "Zone de jeu de {name}",
    "scoring.row.bazaar": "Bazar",
    "scoring.row.arab": "Majorité arabe",
    "scoring.row.mongol": "Majorité mongole",
    "scoring.row.total": "Total",
    "scoring.tie_military": "Égalité à {points} points : la plus grande Puissance militaire ({military}) l'emporte.",
    "scoring.tie_shared": (
        "Égalité à {points} points et en Puissance militaire ({military}) : la victoire est partagée."
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
    "zoom.position.hand": "Gardez-la en main : elle rapporte des points en fin de partie.",
    "zoom.position.table": "Révélez-la : elle reste dans votre zone de jeu.",
    "zoom.position.both": "Rapporte des points depuis votre main ou votre zone de jeu.",
    "zoom.deck.market": "Carte Marché",
    "zoom.deck.palace": "Carte Palais",
    "zoom.deck.bazaar": "Carte Bazar",
    "rule.flat": "{points} points.",
    "rule.flat_copy": "Vaut les points imprimés dessus.",
    "rule.set": "Une série rapporte {table} pour {counts} cartes ; une série complète en commence une nouvelle.",
    "rule.conditional": "{base} points ; {bonus} si vous avez {condition}.",
    "rule.count_in_play": "Rapporte selon le nombre d'exemplaires dans toutes les zones de jeu : {table}.",
    "rule.per_card": "{points} par {cards} {scope}.",
    "rule.per_symbol": "{points} par symbole {symbol} {scope}.",
    "rule.per_symbol_choice": "{points} par symbole {symbol} du voisin de votre choix.",
    "rule.per_pair": "{points} par paire de symboles {symbols} {scope}.",
    "rule.base_minus": "{base} points, moins {minus} par {counted} {scope}.",
    "rule.trader": "{points} points par série de {cards} dans votre zone de jeu.",
    "rule.effect.upkeep": "Une fois révélée, vous pouvez prendre {n} carte(s) du {source}.",
    "rule.effect.game_end": "En fin de partie, vous pouvez prendre jusqu'à {n} carte(s) du {source}.",
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
    "short.count_in_play": "En jeu : {table}",
    "short.per": "+{points} par {what}",
    "short.base_minus": "{base} − {minus} par {counted} (voisins)",
    "short.trader": "{points} par {cards}",
    "short.take": "Prenez {n} du {source}",
    "short.thief": "Fin : prenez {n} du {source}",
    "error.title": "Un problème est survenu",
    # saves: Continue, Load, Save as…
    "title.continue": "Continuer",
    "title.load": "Charger une partie",
    "menu.save_as": "Enregistrer sous…",
    "load.autosave": "Sauvegarde automatique",
    "load.back": "Retour",
    "load.bot": "robot {tier}",
    "load.cannot": "Ne peut pas être chargée, et n'est jamais écrasée.",
    "load.confirm_delete": "Supprimer la sauvegarde « {name} » ? C'est définitif.",
    "load.delete": "Supprimer",
    "load.deleted": "« {name} » supprimée.",
    "load.empty": "Aucune sauvegarde pour l'instant.",
    "load.file_time": "Fichier du {when}",
    "load.folder": "Sauvegardes dans {folder}",
    "load.load": "Charger",
    "load.no_tea": "sans Thé",
    "load.over": "Partie terminée",
    "load.players": "{n} joueurs",
    "load.readonly": (
        "Ce dossier n'est pas modifiable : on peut y charger des sauvegardes, pas en créer ni en supprimer."
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
        "{file} n'est jamais remplacé : ce n'est pas une sauvegarde que cette version sait lire ({reason}). "
        "Choisissez un autre nom."
    ),
    "save_as.replace": "Remplacer la sauvegarde « {name} » ?",
    "save_as.save": "Enregistrer",
    "save_as.saved": "Enregistrée sous « {name} » dans {folder}.",
    "save_as.title": "Enregistrer sous…",
    "save_as.where": "Dans {folder}",
    "saves.folder": "Sauvegardes : {folder}",
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
    "settings.colour_blind_hint": "Chaque bandeau de couleur porte aussi sa lettre : {letters}.",
    "settings.live_score": "Score estimé en direct",
    "settings.on": "Oui",
    "settings.off": "Non",
    "settings.back": "Retour",
    "settings.applied": "Les changements s'appliquent tout de suite et sont enregistrés.",
    "settings.not_saved": "Les réglages n'ont pas pu être enregistrés dans {path} ({reason}).",
    "settings.unreadable": (
        "Le fichier de réglages {path} est illisible ({reason}) ; les réglages par défaut sont utilisés."
    ),
    "settings.not_yaml": (
        "Le fichier de réglages {path} n'est pas du YAML valide ; les réglages par défaut sont utilisés."
    ),
    "settings.not_mapping": (
        "Le fichier de réglages {path} ne contient pas de réglages ; les réglages par défaut sont utilisés."
    ),
    "settings.too_large": (
        "Le fichier de réglages {path} est trop gros pour en être un ; les réglages par défaut sont utilisés."
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
    "cards.summary": "{kinds} sortes de cartes · {copies} exemplaires",
    "cards.none": "Aucune carte ne correspond à ces filtres.",
    "cards.copies": "{n} exemplaires dans une partie à {players} joueurs",
    "cards.copy": "1 exemplaire dans une partie à {players} joueurs",
    "cards.copy_letter": "{number} : lettre {letter}",
    "cards.copy_points": "{number} : vaut {points}",
    "cards.copy_letter_points": "{number} : lettre {letter}, vaut {points}",
    "cards.numbers": "Numéros : {numbers}",
    "cards.other_name": "En {language} : {name}",
    "cards.rules": "Résumé des règles",
    "cards.back": "Retour",
    "cards.scroll_hint": "Molette ou flèches pour parcourir · cliquez sur une carte pour la lire",
    "rules.title": "Résumé des règles",
    "rules.page": "Page {n} sur {total}",
    "rules.previous": "Précédente",
    "rules.next": "Suivante",
    "rules.cards": "Les cartes",
    "rules.back": "Retour",
    "rules.goal.title": "Le but",
    "rules.goal.body": (
        "Vous êtes marchands sur la Route de la soie. Pendant 9 manches, vous choisissez des cartes au Marché, "
        "jouez une carte dans votre zone de jeu à chaque manche et gardez les autres en main pour la fin. "
        "Le plus de points de Prestige l'emporte."
    ),
    "rules.goal.decks": (
        "Les cartes Marché forment la pioche, votre main et le Marché. Les cartes Palais (cadre de marbre blanc) "
        "et Bazar (parchemin brun) sont posées face visible à côté du plateau : seuls des effets les prennent."
    ),
    "rules.goal.setup": (
        "N'utilisez que les cartes dont le cercle montre votre nombre de joueurs ou moins. Chacun commence avec "
        "5 cartes Marché. Chaque manche commence par 1 carte de plus pour tous et 1, 2 ou 3 cartes au Marché "
        "(3, 4, 5+ joueurs)."
    ),
    "rules.round.title": "Une manche en trois phases",
    "rules.offer.title": "1 · Offre",
    "rules.offer.body": (
        "Tous en même temps choisissent une carte de leur main et la posent face cachée au Marché. Quand tout le "
        "monde a offert, les offres sont retournées ensemble."
    ),
    "rules.pick.title": "2 · Choix",
    "rules.pick.body": (
        "En commençant par le détenteur du Premier choix, dans le sens horaire, chacun prend une carte face "
        "visible du Marché dans sa main. Jamais du Palais ni du Bazar."
    ),
    "rules.reveal.title": "3 · Révélation",
    "rules.reveal.body": (
        "Tous en même temps jouent une carte de leur main face cachée, puis la retournent. Une carte avec l'icône "
        "de zone de jeu reste devant vous ; une carte de main seulement quitte la partie."
    ),
    "rules.upkeep.body": (
        "Puis les effets (Marchands, Contrat, Vagabond, Seigneur moghol) prennent des cartes du Palais, du Bazar "
        "ou du Marché, le Marché est vidé et le Premier choix passe dans le sens horaire."
    ),
    "rules.icons.title": "Main ou zone de jeu",
    "rules.icons.hand": "Icône de main : gardez-la en main, elle rapporte en fin de partie.",
    "rules.icons.table": "Icône de zone de jeu : révélez-la, elle reste dans votre zone de jeu.",
    "rules.icons.both": "Les deux icônes : elle rapporte d'un endroit comme de l'autre.",
    "rules.military.title": "Puissance militaire",
    "rules.military.body": (
        "Votre Puissance militaire est le nombre de symboles Militaire dans votre zone de jeu. Quand le Premier "
        "choix a fait le tour de la table (après autant de manches que de joueurs), les joueurs qui ont de la "
        "Puissance militaire choisissent et résolvent leurs effets d'abord, du plus fort au plus faible."
    ),
    "rules.military.ties": (
        "En cas d'égalité, la meilleure lettre d'ordre de choix passe d'abord (A avant B…). Les joueurs sans "
        "Puissance militaire suivent, dans le sens horaire depuis le Premier choix."
    ),
    "rules.military.example": "Puissance militaire 3, meilleure lettre B : avant un joueur à 3 avec la lettre D.",
    "rules.scoring.title": "Décompte",
    "rules.scoring.body": (
        "Après la 9e manche, les cartes de main avec l'icône de main rejoignent votre zone de jeu ; les autres "
        "quittent la partie. Chaque carte rapporte alors selon son texte, couleur par couleur, puis le Bazar."
    ),
    "rules.scoring.majority": (
        "Majorités : le plus de symboles Arabe et le plus de symboles Mongol rapportent 8, 4 et 2 points aux 1er, "
        "2e et 3e. Les joueurs à égalité prennent les points du rang le plus bas qu'ils partagent."
    ),
    "rules.scoring.winner": (
        "Le plus de points l'emporte ; en cas d'égalité, la plus grande Puissance militaire, sinon la victoire est "
        "partagée."
    ),
    "shield.pass": "Passez à {name}",
    "shield.ready": "{name}, appuyez sur Espace ou cliquez quand vous seul voyez l'écran.",
    "shield.round": "Manche {n} · {phase}",
    "shield.menu": "Échap : menu",
    "keys.hint": "H : un conseil (les meilleurs choix du robot moyen, et pourquoi)",
    "keys.confirm": "Jeu à plusieurs : un clic ou Entrée choisit une carte ; Valider ou Entrée à nouveau l'envoie",
    "keys.shield": "Écran de passage : Espace ou clic quand seul le joueur nommé voit l'écran",
    "table.confirm": "Valider",
    "table.selected": "{card} choisie : validez, ou choisissez une autre carte.",
    "hint.button": "Conseil",
    "hint.title": "Conseil pour {name}",
    "hint.close": "Cliquez ou appuyez sur une touche pour fermer",
    "hint.none": "Aucun conseil pour l'instant.",
    "hint.option": "{card} : {reason}",
    "hint.reason.decline": "ne rien prendre : aucune carte ne vous y fait progresser",
    "hint.reason.take": "prendre {card} : {gain:+.1f} pour votre position",
    "hint.reason.offer_harmless": "offrir {card} : personne, vous compris, n'y gagne grand-chose",
    "hint.reason.offer_cost": (
        "offrir {card} : vous y perdez {cost:.1f} ; l'adversaire le plus susceptible de la prendre y gagne "
        "environ {rival:.1f}"
    ),
    "hint.reason.pick_denial": (
        "choisir {card} : surtout pour en priver le joueur suivant ou le meneur ({denial:+.1f})"
    ),
    "hint.reason.pick_effect": "choisir {card} : son effet devrait rapporter {effects:+.1f} quand vous la jouerez",
    "hint.reason.pick_hand": "choisir {card} : {gain:+.1f} à votre score prévu (gardez-la en main)",
    "hint.reason.pick_play": "choisir {card} : {gain:+.1f} à votre score prévu (jouez-la plus tard)",
    "hint.reason.pick_hand_denies": (
        "choisir {card} : {gain:+.1f} à votre score prévu (gardez-la en main), et en prive un adversaire "
        "({denial:+.1f})"
    ),
    "hint.reason.pick_play_denies": (
        "choisir {card} : {gain:+.1f} à votre score prévu (jouez-la plus tard), et en prive un adversaire "
        "({denial:+.1f})"
    ),
    "hint.reason.reveal_lost": (
        "révéler {card} : elle n'a que l'icône de main et sera perdue, mais c'est celle dont vous avez le moins besoin"
    ),
    "hint.reason.reveal_effect": "révéler {card} : son effet prend une carte du {source} ({effect:+.1f})",
    "hint.reason.reveal_table_only": ("révéler {card} : une carte de zone de jeu, qui ne rapporte qu'une fois révélée"),
    "hint.reason.reveal_frees_hand": (
        "révéler {card} : elle rapporte dans votre zone de jeu et libère votre main pour les marchandises de main"
    ),
    "number.decimal_mark": ",",
    "scoring.collecting_line": "{name} collectionnait {what}",
    "scoring.collecting_item": "{card} ×{n} : {points}",
    "scoring.collecting_majority": "{row} : {points}",
    "scoring.collecting_nothing": "rien qui rapporte",
    # records
    "title.records": "Palmarès",
    "records.title": "Votre palmarès",
    "records.back": "Retour",
    "records.new_game": "Nouvelle partie",
    "records.off": "Le palmarès est désactivé : {reason}. Les sauvegardes et la partie continuent.",
    "records.set_aside": (
        "Votre fichier de palmarès était endommagé : il a été mis de côté sous le nom {name} "
        "et un nouveau a été commencé."
    ),
    "records.not_recorded": (
        "Cette partie n'a pas pu être enregistrée : {reason}. Les sauvegardes et la partie continuent."
    ),
    "records.empty_title": "Aucune partie enregistrée pour l'instant",
    "records.empty_body": (
        "Terminez une partie et elle apparaîtra ici : vos victoires contre chaque niveau de bot, "
        "votre meilleur score, vos scores au fil des parties et les couleurs qui vous rapportent le plus."
    ),
    "records.games": "Parties jouées",
    "records.wins": "Victoires",
    "records.win_rate": "{rate} gagnées",
    "records.mean_score": "Score moyen",
    "records.best_score": "Meilleur score",
    "records.chart": "Vos scores, partie après partie",
    "records.chart_latest": "vos {n} derniers scores",
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
}
