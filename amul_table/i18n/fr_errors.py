"""French texts of the persistence errors (codes error.*); fr.py merges them in."""

from __future__ import annotations

ERRORS_FR: dict[str, str] = {
    "error.save.setup_seats": "la mise en place a {setup} places mais la partie a {game} joueurs",
    "error.save.setup_tea": "la mise en place indique {setup} cartes Thé mais la partie en a {game}",
    "error.save.yaml_at": "le fichier n'est pas du YAML valide à la ligne {line}, colonne {column}\u00a0: {problem}",
    "error.save.yaml": "le fichier n'est pas du YAML valide\u00a0: {problem}",
    "error.save.not_mapping": "ce n'est pas une sauvegarde amul-table\u00a0: le fichier contient {value}, "
    "pas une table de champs",
    "error.save.no_format": "ce n'est pas une sauvegarde amul-table\u00a0: il n'y a pas de champ `format` "
    "(attendu\u00a0: `format\u00a0: {format}`)",
    "error.save.wrong_format": "ce n'est pas une sauvegarde amul-table\u00a0: `format` vaut {value}, attendu {format}",
    "error.save.not_whole": "`{where}` doit être un nombre entier, pas {value}",
    "error.save.not_text": "`{where}` doit être du texte, pas {value}",
    "error.save.newer": "cette sauvegarde a été écrite par une version plus récente d'amul_table "
    "(format de sauvegarde {version})\u00a0; cette version lit le format {reads}",
    "error.save.old_version": "format de sauvegarde {version} inconnu (cette version lit le format {reads})",
    "error.save.seat_count": "`seats` compte {seats} places mais `options.players` vaut {players}",
    "error.save.setup_again": (
        "la partie ne peut pas être remise en place à partir de `options` et `chance`\u00a0: {reason}"
    ),
    "error.save.illegal": "`actions[{index}]` {action} n'est pas autorisée à ce moment-là\u00a0: {reason}",
    "error.save.illegal_hidden": "`actions[{index}]` [{kind}, {seat}, une carte cachée (non montrée)] n'est pas "
    "autorisée à ce moment-là\u00a0: {reason}",
    "error.save.illegal_hidden_place": "la carte n'est pas là où cette action la prend",
    "error.save.snapshot": "l'instantané ne correspond pas à la partie rejouée\u00a0: `snapshot.{key}` vaut {mine} "
    "dans le fichier, mais rejouer les actions donne {theirs}",
    "error.save.snapshot_secret": "l'instantané ne correspond pas à la partie rejouée\u00a0: `snapshot.{key}` "
    "diffère (ses cartes sont secrètes\u00a0: elles ne sont pas montrées)",
    "error.save.deck_twice": "`chance.market_deck` contient {card} deux fois",
    "error.save.deck_foreign": "`chance.market_deck` contient {card}, qui n'est pas une carte Marché de cette partie",
    "error.save.deck_missing": "il manque {cards} dans `chance.market_deck`",
    "error.save.name": "`{where}` doit compter de 1 à {limit} caractères imprimables, pas {value}",
    "error.save.kind": "`{where}` doit valoir human ou bot, pas {value}",
    "error.save.human_tier": "`{where}` est une place humaine mais a un niveau de bot `tier`",
    "error.save.tier": "`{where}` doit être le nom d'un niveau de bot, pas {value}",
    "error.save.tier_unknown": "`{where}` vaut {tier}, un niveau de bot que cette version n'a pas ({tiers})",
    "error.save.action_shape": "`{where}` doit être [type, place, numéro de carte ou null], pas {value}",
    "error.save.action_kind": "`{where}` a un type inconnu {value} (types\u00a0: {kinds})",
    "error.save.decline_card": "`{where}` est un refus, qui ne nomme aucune carte (null), pas {value}",
    "error.save.one_of": "`{where}` doit valoir l'un de {choices}, pas {value}",
    "error.save.missing": "le champ `{field}` manque",
    "error.save.unknown_field": "champ inconnu `{field}` (une sauvegarde de version {version} n'a pas ce champ)",
    "error.save.mapping": "`{where}` doit être une table de champs, pas {value}",
    "error.save.list": "`{where}` doit être une liste, pas {value}",
    "error.save.per_seat": "`{where}` doit avoir une entrée par place ({players}), pas {count}",
    "error.save.range": "`{where}` doit être un nombre entier de {low} à {high}, pas {value}",
    "error.save.card": "`{where}` doit être un numéro de carte de cette édition comme 'A-27', pas {value}",
    "error.save.time": "`{where}` doit être une date comme 2026-01-31T18\u00a0:05\u00a0:00Z, pas {value}",
    "error.save.time_range": "`{where}` est hors limites\u00a0: {value}",
    "error.value.null": "rien (null)",
    "error.value.bool": "la valeur de vérité {value}",
    "error.value.int": "le nombre {value}",
    "error.value.float": "le nombre décimal {value}",
    "error.value.text": "le texte {value}",
    "error.value.list": "une liste de {n}",
    "error.value.mapping": "une table",
    "error.value.other": "un {type} {value}",
    "error.saves.create_folder": "impossible de créer le dossier de sauvegardes {folder}\u00a0: {reason}",
    "error.saves.not_folder": "le dossier de sauvegardes {folder} n'est pas un dossier",
    "error.saves.write_folder": "impossible d'écrire dans le dossier de sauvegardes {folder}\u00a0: {reason}",
    "error.saves.no_name": "donnez un nom à la sauvegarde (lettres ou chiffres)",
    "error.saves.autosave_name": "{name} est le nom de la sauvegarde automatique\u00a0; choisissez-en un autre",
    "error.saves.untouched": "{file} n'est pas modifié\u00a0: ce n'est pas une sauvegarde que cette version sait lire "
    "({reason})",
    "error.saves.write": "impossible d'enregistrer dans {path}\u00a0: {reason}",
    "error.saves.no_autosave_name": "aucun nom de sauvegarde automatique n'est libre dans {folder}\u00a0: "
    "déplacez les sauvegardes automatiques refusées",
    "error.saves.not_a_file": "ce n'est pas un fichier",
    "error.saves.not_save_file": "{file} n'est pas un fichier de sauvegarde (les sauvegardes finissent par {suffix})",
    "error.saves.delete": "impossible de supprimer {file}\u00a0: {reason}",
    "error.saves.read": "impossible de lire {file}\u00a0: {reason}",
    "error.saves.too_large": "le fichier dépasse {kb} Ko, bien trop pour une sauvegarde",
    "error.saves.not_utf8": "le fichier n'est pas du texte UTF-8 (l'octet {byte} est illisible)",
    "error.file.read": "impossible de lire {file}\u00a0: {reason}",
    "error.file.not_regular": (
        "impossible de lire {file}\u00a0: ce n'est pas un fichier ordinaire (dossier, périphérique ou tube)"
    ),
    "error.file.too_large": "le fichier dépasse {kb} Ko, bien trop pour ce qu'il prétend être",
    "error.file.not_utf8": "le fichier n'est pas du texte UTF-8 (l'octet {byte} est illisible)",
    "error.file.too_deep": "le YAML s'imbrique sur plus de {depth} niveaux",
    "error.file.alias": "le YAML utilise des alias (*nom), dont ce fichier n'a jamais besoin",
    "error.file.too_many": "le YAML contient plus de {nodes} valeurs",
    "error.file.value": "une valeur est illisible\u00a0: {problem}",
    "error.file.no_home": "{path}\u00a0: aucun dossier personnel pour cet utilisateur",
    "error.save.seed": "la graine doit être un nombre entier de 0 à 2**64 - 1, pas {value}",
    "error.save.bot_salt": "`bot_salt` doit être un nombre entier de 0 à 2**64 - 1, pas {value}",
    "error.save.bot_salt_missing": (
        "le champ `bot_salt` manque (une sauvegarde de version {version} garde le sel de ses robots)"
    ),
    "error.save.name_invisible": "{where}\u00a0: le nom n'affiche rien (que des caractères invisibles)\u00a0: {value}",
    "settings.bad_value": (
        "Des réglages de {path} étaient abîmés ({fields})\u00a0; leurs valeurs par défaut sont utilisées."
    ),
    "settings.bad_path": "Fichier de réglages introuvable ({reason})\u00a0; les réglages par défaut sont utilisés.",
    "app.crashed": (
        "Un problème est survenu et la partie a été sauvegardée (détails dans {log}). "
        "Quitter maintenant\u00a0? Non pour continuer."
    ),
    "error.saves.list_folder": "impossible de lister le dossier de sauvegardes {folder}\u00a0: {reason}",
    "error.saves.off": "L'enregistrement est désactivé\u00a0: {reason}.",
    "error.saves.saving_off": "l'enregistrement est désactivé",
    "error.saves.autosave_failed": "La sauvegarde automatique a échoué\u00a0: {reason}. La partie continue.",
}
