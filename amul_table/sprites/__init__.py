"""Drawing: cards, board, icons, tweens. Everything is cached per size; `clear_caches` forgets it all."""

from __future__ import annotations


def clear_caches() -> None:
    """Forget every cached font and surface (pygame.quit makes fonts unusable)."""
    from amul_table.sprites import any_text, board, cards, icons, style

    for fn in (
        style.font,
        style.text,
        style.fit_text,
        style.wrapped_lines,
        style.translucent_plate,
        cards.card_face,
        cards.card_back,
        cards.card_strip,
        cards._marble,
        cards._parchment,
        cards._flecks,
        cards._shadow,
        icons.symbol_icon,
        icons.letter_badge,
        icons.position_icon,
        board.felt,
        board.board,
        board.backdrop,
        any_text._probe,
        any_text._font,
        any_text.any_text,
        any_text.fit_any_text,
    ):
        fn.cache_clear()
