"""Tooltips for the printed marks of a large card face: its symbols, letter, position icon, number and player count."""

from __future__ import annotations

import pygame

from amul_table.scenes.tooltip import Tip, TipKind, tip
from amul_table.sprites.cards import FaceMark, face_marks


def face_tips(uid: int, rect: pygame.Rect, lang: str, colour_blind: bool) -> list[Tip]:
    """A tip for each mark of `card_face(uid, rect.w, rect.h, ...)` drawn at `rect` (the face's own rects, moved)."""
    return [mark_tip(mark, rect.topleft) for mark in face_marks(uid, rect.w, rect.h, lang, colour_blind)]


def mark_tip(mark: FaceMark, at: tuple[int, int]) -> Tip:
    where = mark.rect.move(at)
    if mark.kind == "symbol":
        return tip(TipKind(f"symbol_{mark.value}"), where)
    if mark.kind == "letter":
        return tip(TipKind.CARD_LETTER, where, letter=mark.value)
    if mark.kind == "position":
        return tip(TipKind(f"position_{mark.value}"), where)
    if mark.kind == "number":
        return tip(TipKind.CARD_NUMBER, where, number=mark.value)
    return tip(TipKind.MIN_PLAYERS, where, n=mark.value)
