"""The hint reasons' English templates, in one place: explain() fills them for logs, scripts and the review's
JSON; the window's English strings (i18n/en.py) take the same table, and French has its own."""

from __future__ import annotations

REASONS_EN: dict[str, str] = {
    "hint.reason.decline": "take nothing: no card there improves your standing",
    "hint.reason.take": "take {card}: {gain:+.1f} to your standing",
    "hint.reason.offer_harmless": "offer {card}: nobody, you included, gains much from it",
    "hint.reason.offer_cost": (
        "offer {card}: it costs you {cost:.1f}; the rival most likely to pick it gains about {rival:.1f}"
    ),
    "hint.reason.offer_rival": (
        "offer {card}: you lose nothing by it; the rival most likely to pick it gains about {rival:.1f}"
    ),
    "hint.reason.offer_own": "offer {card}: it costs you {cost:.1f}, and no rival gains much from it",
    "hint.reason.offer_playouts": (
        "offer {card}: at first sight an offer below gives less away, but in the coach's playouts you end better off"
        " after this one"
    ),
    "hint.reason.pick_playouts": (
        "pick {card}: at first sight an option below is worth more, but in the coach's playouts you end better off"
        " after this one"
    ),
    "hint.reason.reveal_playouts": (
        "reveal {card}: at first sight an option below is worth more, but in the coach's playouts you end better off"
        " after this one"
    ),
    "hint.reason.take_playouts": (
        "take {card}: at first sight an option below is worth more, but in the coach's playouts you end better off"
        " after this one"
    ),
    "hint.reason.decline_playouts": (
        "take nothing: at first sight a card below is worth more, but in the coach's playouts you end better off"
        " without it"
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
}
