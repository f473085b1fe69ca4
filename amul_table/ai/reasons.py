"""Why a hint's option is good, as a typed code: the AI says which reason, the string tables (i18n, key
`hint.reason.<code>`) say it in words, in every language. No wording here, so `--help` never loads the AI."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """A hint's reason; its arguments (`card` a uid, `source` a deck, numbers) travel beside it."""

    DECLINE = "decline"
    TAKE = "take"
    OFFER_HARMLESS = "offer_harmless"
    OFFER_COST = "offer_cost"
    OFFER_RIVAL = "offer_rival"
    OFFER_OWN = "offer_own"
    PICK_DENIAL = "pick_denial"
    PICK_EFFECT = "pick_effect"
    PICK_HAND = "pick_hand"
    PICK_PLAY = "pick_play"
    PICK_HAND_DENIES = "pick_hand_denies"
    PICK_PLAY_DENIES = "pick_play_denies"
    REVEAL_LOST = "reveal_lost"
    REVEAL_EFFECT = "reveal_effect"
    REVEAL_TABLE_ONLY = "reveal_table_only"
    REVEAL_FREES_HAND = "reveal_frees_hand"
    # the search's playouts prefer an option that medium's quick estimate rates below one shown under it
    OFFER_PLAYOUTS = "offer_playouts"
    PICK_PLAYOUTS = "pick_playouts"
    REVEAL_PLAYOUTS = "reveal_playouts"
    TAKE_PLAYOUTS = "take_playouts"
    DECLINE_PLAYOUTS = "decline_playouts"
