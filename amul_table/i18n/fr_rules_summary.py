"""French strings of the five-page rules summary (scenes/rules_summary.py); fr.py merges them in."""

from __future__ import annotations

RULES_SUMMARY_FR: dict[str, str] = {
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
        "et Bazar (parchemin brun) sont posées face visible à côté du plateau\u00a0: seuls des effets les prennent."
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
        "de zone de jeu reste devant vous\u00a0; une carte de main seulement sort du jeu."
    ),
    "rules.upkeep.body": (
        "Puis les effets (Marchands, Contrat, Vagabond, Seigneur moghol) prennent des cartes du Palais, du Bazar "
        "ou du Marché, le Marché est vidé et le Premier choix passe dans le sens horaire."
    ),
    "rules.icons.title": "Main ou zone de jeu",
    "rules.icons.hand": "Icône de main\u00a0: gardez-la en main, elle rapporte en fin de partie.",
    "rules.icons.table": "Icône de zone de jeu\u00a0: révélez-la, elle reste dans votre zone de jeu.",
    "rules.icons.both": "Les deux icônes\u00a0: elle rapporte d'un endroit comme de l'autre.",
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
    "rules.military.example": "Puissance militaire 3, meilleure lettre B\u00a0: avant un joueur à 3 avec la lettre D.",
    "rules.scoring.title": "Décompte",
    "rules.scoring.body": (
        "Après la 9e manche, les cartes de main avec l'icône de main rejoignent votre zone de jeu\u00a0; les autres "
        "quittent la partie. Chaque carte rapporte alors selon son texte, couleur par couleur, puis le Bazar."
    ),
    "rules.scoring.majority": (
        "Majorités\u00a0: le plus de symboles Arabe et le plus de symboles Mongol rapportent 8, 4 et 2 points aux 1er, "
        "2e et 3e. Les joueurs à égalité prennent les points du rang le plus bas qu'ils partagent."
    ),
    "rules.scoring.winner": (
        "Le plus de points l'emporte\u00a0; en cas d'égalité, la plus grande Puissance militaire, sinon la "
        "victoire est "
        "partagée."
    ),
}
