"""French strings of the replay viewer, the review and Learn to play; fr.py merges them in."""

from __future__ import annotations

LEARNING_FR: dict[str, str] = {
    "replay.open": "Revoir",
    "replay.round": "Manche",
    "replay.phase": "Phase",
    "replay.play": "Lire",
    "replay.pause": "Pause",
    "replay.back": "Retour",
    "replay.score_pad": "Feuille de score",
    "replay.where": "Étape {step} sur {last} · Manche {round}",
    "replay.at_end": "la partie est finie (S\u00a0: la feuille de score)",
    "replay.at_now": "la partie en est là aujourd'hui",
    "replay.next.offer": "ensuite\u00a0: {name} offre {card}",
    "replay.next.pick": "ensuite\u00a0: {name} prend {card}",
    "replay.next.reveal": "ensuite\u00a0: {name} révèle {card}",
    "replay.next.take": "ensuite\u00a0: {name} récupère {card}",
    "replay.next.decline": "ensuite\u00a0: {name} ne prend rien",
    "replay.next_hidden.offer": "ensuite\u00a0: {name} offre une carte face cachée",
    "replay.next_hidden.reveal": "ensuite\u00a0: {name} révèle une carte face cachée",
    "replay.next_hidden.pick": "ensuite\u00a0: {name} prend une carte",
    "replay.next_hidden.take": "ensuite\u00a0: {name} récupère une carte",
    "replay.next_hidden.decline": "ensuite\u00a0: {name} ne prend rien",
    "replay.next.offer.you": "ensuite\u00a0: vous offrez {card}",
    "replay.next.pick.you": "ensuite\u00a0: vous prenez {card}",
    "replay.next.reveal.you": "ensuite\u00a0: vous révélez {card}",
    "replay.next.take.you": "ensuite\u00a0: vous récupérez {card}",
    "replay.next.decline.you": "ensuite\u00a0: vous ne prenez rien",
    "replay.next_hidden.offer.you": "ensuite\u00a0: vous offrez une carte face cachée",
    "replay.next_hidden.reveal.you": "ensuite\u00a0: vous révélez une carte face cachée",
    "replay.next_hidden.pick.you": "ensuite\u00a0: vous prenez une carte",
    "replay.next_hidden.take.you": "ensuite\u00a0: vous récupérez une carte",
    "replay.next_hidden.decline.you": "ensuite\u00a0: vous ne prenez rien",
    "replay.refused_unfinished": (
        "Une partie en cours ne peut être revue que si une seule personne la joue contre des bots."
    ),
    "replay.refused_seat": "Seule votre propre vue d'une partie en cours peut être montrée.",
    "review.open": "Analyse",
    "review.back": "Retour",
    "review.seat": "Analyse de\u00a0: {name}",
    "review.title": "L'analyse du coach\u00a0: {name}",
    "review.not_finished": "Seule une partie terminée peut être analysée.",
    "review.working": "Le coach examine chaque décision, avec ce qui était connu à ce moment…",
    "review.progress": "{done} coups sur {total}",
    "review.failed": "Le coach n'a pas pu finir cette analyse\u202f; Retour, puis Analyse, la relance.",
    "review.accuracy": "Précision",
    "review.mean_loss": "Perte moyenne par décision (points)",
    "review.final_margin": "Écart final avec le meilleur rival",
    "review.decisions": "Décisions notées",
    "review.accuracy_note": "Précision\u00a0: la part des décisions à moins de 0,5 point de la meilleure option.",
    "review.chart": "Écart final attendu au fil de la partie",
    "review.legend_best": "avec le meilleur choix",
    "review.legend_chosen": "avec le choix fait",
    "review.legend_costly": "les plus coûteuses",
    "review.costliest": "Les trois décisions les plus coûteuses (cliquez, ou 1 2 3, pour voir la table)",
    "review.no_loss": "Aucune décision n'a rien coûté\u00a0: chaque choix valait le meilleur trouvé par le coach.",
    "review.every": "Chaque décision\u00a0: choix → mieux, points perdus",
    "review.when": "Manche {round}, {phase}",
    "review.open_replay": "voir la table",
    "review.nothing": "rien",
    "review.chose.offer": "{name} a offert {card}",
    "review.chose.pick": "{name} a pris {card}",
    "review.chose.reveal": "{name} a révélé {card}",
    "review.chose.take": "{name} a récupéré {card}",
    "review.chose.decline": "{name} n'a rien pris",
    "review.chose.offer.you": "Vous avez offert {card}",
    "review.chose.pick.you": "Vous avez pris {card}",
    "review.chose.reveal.you": "Vous avez révélé {card}",
    "review.chose.take.you": "Vous avez récupéré {card}",
    "review.chose.decline.you": "Vous n'avez rien pris",
    "review.line": "{chose}\u00a0; {best} valait {loss} de plus. Le coach\u00a0: {why}.",
    "review.was_best": "{chose}\u00a0: le meilleur choix. Le coach\u00a0: {why}.",
    "review.row": "{round} · {phase}\u00a0: {chosen}",
    "title.learn": "Apprendre à jouer",
    "tutorial.you": "Vous",
    "tutorial.coach": "Votre coach",
    "tutorial.keys": "F1 règles · G glossaire · H conseil · Échap quitter",
    "coach.welcome_title": "Bienvenue à Amul",
    "coach.welcome": (
        "Neuf manches d'Offre, de Choix et de Révélation. Les cartes révélées vont dans votre zone de jeu "
        "et comptent à la fin\u00a0; le plus de points l'emporte. Les anneaux dorés montrent où cliquer."
    ),
    "coach.now": "Maintenant\u00a0: {phase}",
    "coach.offer.full": (
        "Chacun pose en même temps une carte de sa main face cachée dans le Marché, puis les offres sont "
        "retournées. Offrez la carte dont vous avez le moins besoin\u00a0: un rival peut la prendre."
    ),
    "coach.offer.short": "Offrez la carte dont vous avez le moins besoin\u00a0; vos rivaux peuvent la prendre.",
    "coach.pick.full": (
        "Dans l'ordre du tour, chaque marchand prend une carte du Marché dans sa main. Le Premier choix "
        "commence\u00a0; plus tard, l'ordre suit la Puissance militaire."
    ),
    "coach.pick.short": "Prenez la carte du Marché qui vous rapporte le plus, ou celle qu'un rival veut le plus.",
    "coach.reveal.full": (
        "Chacun joue en même temps une carte de sa main face cachée, puis toutes sont retournées. Une carte "
        "avec l'icône de zone de jeu y reste et compte\u00a0; une carte avec seulement l'icône de main "
        "sort du jeu."
    ),
    "coach.reveal.short": "Révélez une carte qui compte dans votre zone de jeu, ou dont l'effet vous aide.",
    "coach.effects.full": (
        "Les cartes révélées avec un effet agissent dans l'ordre du tour\u00a0: elles prennent des cartes du "
        "Palais, du Bazar ou du Marché pour votre zone de jeu. Vous pouvez toujours refuser."
    ),
    "coach.effects.short": "Les effets agissent dans l'ordre du tour\u00a0; prenez ou refusez.",
    "coach.game_end.full": (
        "La partie est finie\u00a0: les cartes de main avec l'icône de main rejoignent votre zone de jeu, puis "
        "les effets de fin de partie agissent."
    ),
    "coach.game_end.short": "Les effets de fin de partie agissent dans l'ordre du tour.",
    "coach.do.offer": "À vous\u00a0: cliquez la carte à offrir (ou ←/→ et Entrée).",
    "coach.do.pick": "À vous\u00a0: cliquez une carte du Marché pour la prendre.",
    "coach.do.reveal": "À vous\u00a0: cliquez la carte à révéler.",
    "coach.do.effect": "Votre {card}\u00a0: cliquez une carte du {source} pour la prendre, ou Refuser.",
    "coach.wait": "Les bots choisissent\u00a0; regardez la table.",
    "coach.over": (
        "La feuille de score montre chaque ligne\u00a0; l'analyse du coach dit quels choix ont coûté le plus."
    ),
    "coach.revealed": "Révélées\u00a0: {cards}.",
    "coach.revealed_one": "{name}\u00a0: {card}",
    "coach.removed": "{card} de {name} n'a que l'icône de main\u00a0: la carte sort du jeu.",
    "coach.took": "{name} a récupéré {card} du {source}.",
    "coach.declined": "{name} a laissé passer l'effet de {card}.",
    "coach.empty": "{card} de {name} a trouvé le {source} vide.",
    "coach.removed.you": "Votre {card} n'a que l'icône de main\u00a0: la carte sort du jeu.",
    "coach.took.you": "Vous avez récupéré {card} du {source}.",
    "coach.declined.you": "Vous avez laissé passer l'effet de {card}.",
    "coach.empty.you": "Votre {card} a trouvé le {source} vide.",
    "coach.score_moved": "Votre score si la partie s'arrêtait maintenant\u00a0: {before} → {after}.",
    "coach.rows_moved": "Lignes qui ont bougé\u00a0: {rows}.",
    "coach.rows_still": "Aucune ligne de votre score n'a bougé cette manche.",
    "coach.new_cards": "Nouveau dans votre zone de jeu\u00a0: {cards}.",
    "coach.round_over_title": "Manche {n}\u00a0: ce qui s'est passé",
    "coach.game_over_title": "La partie est finie",
    "glossary.title": "Glossaire",
    "glossary.close": "Une touche ou un clic ferme le glossaire",
    "glossary.market": "Marché",
    "glossary.market.text": (
        "Les cartes au centre à chaque manche\u00a0: les nouvelles et toutes les offres. On y choisit."
    ),
    "glossary.palace": "Palais",
    "glossary.palace.text": "Une rangée de cartes face visible où certains effets prennent.",
    "glossary.bazaar": "Bazar",
    "glossary.bazaar.text": (
        "Les Négociants, face visible\u00a0; certains effets les prennent. Ils comptent par séries."
    ),
    "glossary.hand": "Main",
    "glossary.hand.text": "Vos cartes cachées\u00a0: vous y offrez et révélez, et vos choix y arrivent.",
    "glossary.play_area": "Zone de jeu",
    "glossary.play_area.text": "Vos cartes révélées, devant vous\u00a0: à la fin, ce sont elles qui comptent.",
    "glossary.icons": "Icônes de main et de zone",
    "glossary.icons.text": (
        "Une carte avec l'icône de zone de jeu reste une fois révélée\u00a0; une avec l'icône de main compte "
        "depuis votre main à la fin."
    ),
    "glossary.first_pick": "Premier choix",
    "glossary.first_pick.text": (
        "Le marchand qui choisit en premier cette manche\u00a0; la carte passe à chaque manche."
    ),
    "glossary.military": "Puissance militaire",
    "glossary.military.text": (
        "Les épées de votre zone de jeu\u00a0; une fois le Premier choix passé partout, le plus fort choisit d'abord."
    ),
    "glossary.majority": "Majorités arabe et mongole",
    "glossary.majority.text": "Des points pour le plus de symboles arabes ou mongols dans sa zone de jeu.",
    "glossary.neighbours": "Voisins",
    "glossary.neighbours.text": (
        "Les marchands à votre gauche et à votre droite\u00a0; certaines cartes comptent ce qu'ils ont."
    ),
    "glossary.page.words": "Les mots",
    "glossary.page.symbols": "Les cinq symboles",
    "glossary.page.shorthand": "Abréviations des cartes",
    "glossary.page.marks": "Marques du paquet",
    "glossary.turn": "←/→ tournent la page · une autre touche ou un clic ferme",
    "glossary.symbol.arab": "Arabe",
    "glossary.symbol.arab.text": "Compte pour la majorité arabe (8, 4 ou 2 points) et pour certaines cartes.",
    "glossary.symbol.mongol": "Mongol",
    "glossary.symbol.mongol.text": "Compte pour la majorité mongole (8, 4 ou 2 points) et pour certaines cartes.",
    "glossary.symbol.object": "Objet",
    "glossary.symbol.object.text": "Certaines cartes rapportent pour chaque symbole Objet (Nomade, Colporteur).",
    "glossary.symbol.trade": "Commerce",
    "glossary.symbol.trade.text": "Certaines cartes comptent chaque symbole Commerce (Caravansérail, Percepteur).",
    "glossary.symbol.military": "Militaire",
    "glossary.symbol.military.text": (
        "Votre Puissance militaire\u00a0: elle fixe l'ordre des choix aux manches suivantes et départage une "
        "égalité finale."
    ),
    "glossary.short.set": "Série 1/2/3\u00a0: 3/7/13",
    "glossary.short.set.text": (
        "1, 2 ou 3 exemplaires rapportent 3, 7 ou 13 en tout\u00a0; un de plus commence une nouvelle série."
    ),
    "glossary.short.condition": "3\u00a0; 5 avec une Lampe",
    "glossary.short.condition.text": (
        "3 points, ou 5 si la condition après «\u00a0avec\u00a0» est remplie dans votre zone de jeu."
    ),
    "glossary.short.by_copy": "1–2 selon la carte",
    "glossary.short.by_copy.text": "Chaque exemplaire imprime ses propres points, de 1 à 2.",
    "glossary.short.per": "Chacun, par",
    "glossary.short.per.text": "Des points pour chaque carte ou symbole compté.",
    "glossary.short.in_play": "En jeu 1/2/3\u00a0: 6/4/2",
    "glossary.short.in_play.text": (
        "Compte les exemplaires de toutes les zones de jeu ensemble\u00a0: plus rare, plus de points."
    ),
    "glossary.short.neighbours": "vous+voisins",
    "glossary.short.neighbours.text": (
        "Compte votre zone de jeu et celles de vos deux voisins\u00a0; «\u00a0des voisins\u00a0» ne compte "
        "que les leurs."
    ),
    "glossary.short.effect": "+1 carte Palais",
    "glossary.short.effect.text": (
        "L'effet une fois révélée\u00a0: prenez autant de cartes du Palais, du Bazar ou du Marché."
    ),
    "glossary.mark.index": "A-12",
    "glossary.mark.index.text": "Le numéro de la carte dans le paquet, en bas à gauche.",
    "glossary.mark.players": "Un nombre dans un cercle",
    "glossary.mark.players.text": "Le nombre minimal de joueurs pour utiliser la carte (en bas à droite).",
    "glossary.mark.palace": "Cadre de marbre blanc",
    "glossary.mark.palace.text": "Une carte Palais\u00a0: posée face visible à côté du plateau.",
    "glossary.mark.bazaar": "Parchemin brun",
    "glossary.mark.bazaar.text": "Une carte Bazar (les Négociants)\u00a0: posée face visible à côté du plateau.",
}
