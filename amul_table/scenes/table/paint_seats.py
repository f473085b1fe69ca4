"""The seats: the opponents' panels and the shown seat's hand and play area (pure drawing)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.rules.order import NO_LETTER, best_letter, military_prowess
from amul_table.rules.phases import Phase
from amul_table.scenes.table.animation import LandingSpot
from amul_table.scenes.table.layout import LEAST_PX, TableLayout
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.opponents import header_px, status_px
from amul_table.scenes.table.paint_cards import draw_card, face
from amul_table.scenes.table.stacks import says_colour
from amul_table.scenes.tooltip import Tip, TipKind, tip
from amul_table.sprites import canvas as draw
from amul_table.sprites.cards import any_face, card_back, card_strip, strip_px
from amul_table.sprites.icons import letter_badge, symbol_icon
from amul_table.sprites.style import (
    CREAM,
    GOLD_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_DARK,
    SEAT_COLOURS,
    draw_wrapped,
    fit_text,
    font,
    panel,
    shade,
    text,
    wrap,
)


def draw_markers(
    s: pygame.Surface,
    m: TableModel,
    seat: int,
    right: int,
    cy: int,
    size: int,
    room: int = 10**6,
    tips: list[Tip] | None = None,
) -> int:
    """Starting Player and First Pick tokens, right-aligned; short tokens when `room` is tight."""
    marks = [
        (tr("table.first_pick_short"), "1", (200, 150, 40), TipKind.FIRST_PICK) if seat == m.view.first_pick else None,
        (tr("table.starting_player_short"), "S", (60, 110, 160), TipKind.STARTING_PLAYER)
        if seat == m.view.starting_player
        else None,
    ]
    marks = [m for m in marks if m]
    long_width = sum(text(m[0], size, CREAM, True).get_width() + 14 for m in marks)
    x = right
    for label, short, colour, kind in marks:
        img = text(label if long_width <= room else short, size, CREAM, True)
        pill = pygame.Rect(0, 0, max(img.get_width() + 10, img.get_height() + 4), img.get_height() + 4)
        pill.midright = (x, cy)
        draw.rect(s, colour, pill, border_radius=pill.h // 2)
        draw.rect(s, shade(colour, 1.4), pill, 1, border_radius=pill.h // 2)
        s.blit(img, img.get_rect(center=pill.center))
        if tips is not None:
            tips.append(tip(kind, pill, you=seat == m.you, name=m.names[seat], start=m.view.players + 1))
        x = pill.left - 4
    return x


def draw_stats(
    s: pygame.Surface,
    m: TableModel,
    seat: int,
    rect: pygame.Rect,
    size: int,
    show_pile: bool,
    tips: list[Tip] | None = None,
) -> int:
    """Hand size, Military Prowess with the best letter, Arab and Mongol symbols; returns the end x."""
    area = m.view.play_areas[seat]
    tips = [] if tips is None else tips
    name = m.names[seat]
    x = rect.left
    cy = rect.centery
    icon = max(LEAST_PX, int(size * 1.25))
    if show_pile:
        pile = pygame.Rect(x, rect.top, int(icon * 0.72), icon)
        s.blit(card_back("market", pile.w, pile.h), pile.topleft)
        img = text(f"×{m.view.hand_sizes[seat]}", size, CREAM, True)
        s.blit(img, (pile.right + 3, cy - img.get_height() // 2))
        count = img.get_rect(topleft=(pile.right + 3, cy - img.get_height() // 2))
        tips.append(tip(TipKind.HAND_SIZE, pile.union(count), name=name, n=m.view.hand_sizes[seat]))
        x = pile.right + img.get_width() + 10
    you = seat == m.you
    for kind, count in symbol_counts(tuple(area)):
        s.blit(symbol_icon(kind.value, icon), (x, cy - icon // 2))
        img = text(str(count), size, CREAM, True)
        s.blit(img, (x + icon + 2, cy - img.get_height() // 2))
        token = pygame.Rect(x, cy - icon // 2, icon + 2 + img.get_width(), icon)
        tips.append(tip(kind, token, you=you, name=name, n=count, start=m.view.players + 1))
        x += icon + img.get_width() + 8
        if kind == TipKind.MILITARY:
            letter = best_letter(area)
            if letter != NO_LETTER:
                s.blit(letter_badge(letter, icon), (x - 4, cy - icon // 2))
                badge = pygame.Rect(x - 4, cy - icon // 2, icon, icon)
                tips.append(tip(TipKind.LETTER, badge, you=you, name=name, letter=letter))
                x += icon + 4
    return x


@lru_cache(maxsize=256)
def symbol_counts(area: tuple[int, ...]) -> tuple[tuple[TipKind, int], ...]:
    """A play area's Military Prowess, Arab and Mongol symbols, as its stats row shows them (every seat's, each
    repaint: kept)."""
    cards = load_cards().cards
    arab = sum(cards[uid].symbols.get("arab", 0) for uid in area)
    mongol = sum(cards[uid].symbols.get("mongol", 0) for uid in area)
    return (TipKind.MILITARY, military_prowess(area)), (TipKind.ARAB, arab), (TipKind.MONGOL, mongol)


def draw_seat(
    s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], seat: int, tips: list[Tip] | None = None
) -> None:
    view = m.view
    rect = lay.seat_panel[seat]
    u = lay.u
    active = seat in view.pending.seats and view.phase != Phase.OVER
    panel(s, rect, PANEL, HIGHLIGHT if active else GOLD_DARK, radius=int(10 * u), width=3 if active else 2)
    head = lay.header[seat]
    size = header_px(u)
    first = pygame.Rect(head.left, head.top, head.w, min(head.h, max(18, int(22 * u))))  # the header's first line
    draw.circle(s, SEAT_COLOURS[seat], (head.left + size // 2, first.centery), size // 2)
    bot = m.seats[seat]
    lines = lay.seat_name[seat]
    status = m.status(seat)
    fnt = font(lines.px, True, "serif")
    if status:  # the words where the header's one line leaves them room, else a sign (the border says who acts)
        words = fnt.size(lines.lines[0])[0] + font(status_px(u), True).size(status[0])[0]
        if len(lines.lines) > 1 or words + size + 12 > head.w:
            status = (m.status_sign(seat), status[1])
        img = text(status[0], status_px(u), status[1], True)
        s.blit(img, img.get_rect(midright=(head.right, first.centery)))
    whole = bot.name if bot.human else f"{bot.name} · {tr('tier.' + bot.tier)}"
    y = (first if len(lines.lines) == 1 else head).centery - lines.height(family="serif") // 2
    for line in lines.lines:  # "name · tier" as the layout fitted it, the status never taking the tier's room
        img = text(line, lines.px, CREAM, True, "serif")
        s.blit(img, (head.left + size + 6, y))
        y += fnt.get_linesize()
    if tips is not None:  # the name and status whole, however the panel shortened them
        said = m.status(seat)
        tips.append(tip(TipKind.SEAT_STATUS, head, name=whole, status=said[0] if said else tr("table.no_status")))
    end = draw_stats(s, m, seat, lay.stats[seat], max(LEAST_PX, int(13 * u)), True, tips)
    stats = lay.stats[seat]
    row = lay.marker_row.get(seat)
    if row is not None:
        draw_markers(s, m, seat, row.right, row.centery, max(LEAST_PX, int(11 * u)), row.w, tips)
    else:
        draw_markers(s, m, seat, stats.right, stats.centery, max(LEAST_PX, int(11 * u)), stats.right - end - 6, tips)
    if view.phase == Phase.REVEAL and view.revealed[seat] and m.slot_shown(LandingSpot.REVEAL, seat):
        slot = lay.reveal_slot[seat]
        s.blit(card_back("market", slot.w, slot.h), slot.topleft)
        if tips is not None:
            tips.append(tip(TipKind.REVEAL_FACE_DOWN, slot, name=m.names[seat]))
    draw_stacks(s, m, lay, faces, seat, tips)


def draw_stacks(
    s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], seat: int, tips: list[Tip] | None = None
) -> None:
    """An opponent's play area: one strip per card type with its count, and "+N" for what does not fit."""
    lang, cb = m.settings.language, m.settings.colour_blind
    for stack in lay.stacks.get(seat, []):
        shown = [uid for uid in stack.uids if m.shows(uid)]
        if not shown:
            continue
        faces.update(shown)
        rect = stack.rect
        count = None
        if len(shown) > 1:
            count = text(f"×{len(shown)}", strip_px(rect.h), CREAM, True)
            rect = rect.inflate(-(count.get_width() + 4), 0).move(-(count.get_width() + 4) // 2, 0)
        letter = cb and not says_colour(stack.uids, stack.label)  # a colour's strip ("Yellow ×6") says it already
        strip = card_strip(shown[0], rect.w, rect.h, lang, letter, least=strip_px(rect.h), label=stack.label)
        s.blit(strip, rect.topleft)
        if count:
            at = count.get_rect(midleft=(rect.right + 3, rect.centery))
            s.blit(count, at)
            if tips is not None:
                tips.append(tip(TipKind.STACK_COPIES, at, name=m.names[seat], n=len(shown)))
        if m.hover_uid in stack.uids:
            draw.rect(s, HIGHLIGHT, stack.rect.inflate(2, 2), 2, border_radius=3)
    over = lay.overflow.get(seat)
    if over:
        label = fit_text(
            tr("table.more", n=len(over.uids)), over.rect.w, strip_px(over.rect.h), MUTED, True, min_size=LEAST_PX
        )
        s.blit(label, label.get_rect(midleft=(over.rect.left + 2, over.rect.centery)))


def draw_play_area(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], seat: int) -> None:
    """The shown seat's play area: tucked faces, or stacks of strips where faces would be too small to read."""
    if seat in lay.stacks:
        draw_stacks(s, m, lay, faces, seat)
        return
    lang, cb = m.settings.language, m.settings.colour_blind
    legal = m.legal_cards()
    for uid, rect in lay.play[seat].items():
        if not m.shows(uid):
            continue
        faces.add(uid)
        s.blit(any_face(uid, rect.w, rect.h, lang, cb), rect.topleft)
        if uid == m.hover_uid or uid in legal:
            draw.rect(s, HIGHLIGHT, rect.inflate(2, 2), 2, border_radius=3)


def draw_shown_seat(
    s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], tips: list[Tip] | None = None
) -> None:
    view = m.view
    seat = m.shown
    u = lay.u
    b = lay.bottom
    draw.rect(s, PANEL_DARK, b)
    draw.line(s, GOLD_DARK, b.topleft, b.topright, 2)
    head = lay.header[seat]
    img, where = hand_title(m, lay)
    x = where.right + 16
    status = m.status(seat)
    if status and not view.legal:
        st = text(status[0], max(LEAST_PX, int(14 * u)), status[1], True)
        s.blit(st, (x, head.centery - st.get_height() // 2))
    draw_markers(s, m, seat, lay.hand_area.right, head.centery, max(LEAST_PX, int(12 * u)), tips=tips)
    draw_stats(s, m, seat, lay.stats[seat], max(LEAST_PX, int(14 * u)), False, tips)
    legal = m.legal_cards()
    selected = m.selected_card()
    for uid, rect in lay.hand.items():
        if uid != m.hover_uid:
            draw_card(s, m, faces, uid, rect, legal, selected)
    if m.hover_uid in lay.hand:
        draw_card(s, m, faces, m.hover_uid, lay.hand[m.hover_uid], legal, selected)
    for uid, rect in lay.hand.items():
        if m.shows(uid) and m.leaves_on_reveal(uid):
            draw_leaves_ribbon(s, lay, rect)
    # the title last, on its own plate: the raised focus ring of the first card reaches up to it
    size = max(LEAST_PX, int(17 * u))
    draw.circle(s, SEAT_COLOURS[seat], (head.left + size // 2, head.centery), size // 2)
    draw.rect(s, PANEL_DARK, where.inflate(8, 0), border_radius=4)
    s.blit(img, where)
    if not view.play_areas[seat]:
        where = lay.play_rect[seat]
        img = fit_text(tr("table.play_area"), where.w - 8, max(LEAST_PX, int(14 * u)), MUTED, min_size=12)
        s.blit(img, img.get_rect(center=where.center))
    draw_play_area(s, m, lay, faces, seat)
    draw_reveal_slot(s, m, lay, faces)


def hand_title(m: TableModel, lay: TableLayout) -> tuple[pygame.Surface, pygame.Rect]:
    """The shown seat's title over its hand ("You — Your hand"), and where it goes."""
    seat, head = m.shown, lay.header[m.shown]
    size = max(LEAST_PX, int(17 * lay.u))
    who = m.seats[seat]
    title = f"{who.name} — {tr('table.hand')}" if who.human else f"{who.name} · {tr('tier.' + who.tier)}"
    img = text(title, size + 2, CREAM, True, "serif")
    return img, img.get_rect(midleft=(head.left + size + 8, head.centery))


def draw_leaves_ribbon(s: pygame.Surface, lay: TableLayout, rect: pygame.Rect) -> None:
    """A red ribbon across a hand card that leaves the game if revealed."""
    px = max(LEAST_PX, int(12 * lay.u))
    lines = wrap(tr("table.hand_only"), rect.w - 8, font(px, True))[:2]  # on two lines rather than cut
    imgs = [fit_text(line, rect.w - 6, px, CREAM, True, min_size=LEAST_PX) for line in lines]
    band = pygame.Rect(rect.left + 2, 0, rect.w - 4, sum(i.get_height() for i in imgs) + 4)
    band.bottom = rect.bottom - int(rect.h * 0.13)
    draw.rect(s, (170, 40, 32), band, border_radius=3)
    draw.rect(s, shade((170, 40, 32), 0.6), band, 1, border_radius=3)
    y = band.top + 2
    for img in imgs:
        s.blit(img, img.get_rect(midtop=(band.centerx, y)))
        y += img.get_height()


def draw_reveal_slot(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int]) -> None:
    """The shown seat's Reveal, face up to its owner, at the end of its hand (the empty slot only where the hand
    leaves room for it)."""
    view = m.view
    if view.phase != Phase.REVEAL:
        return
    slot = lay.reveal_slot[m.shown]
    u = lay.u
    if view.my_reveal >= 0 and m.slot_shown(LandingSpot.REVEAL, m.shown):
        s.blit(face(m, faces, view.my_reveal, slot.w, slot.h), slot.topleft)
        tag = fit_text(
            tr("table.your_reveal"), slot.w - 4, max(LEAST_PX, int(13 * u)), HIGHLIGHT, True, min_size=LEAST_PX
        )
        plate = tag.get_rect(midbottom=(slot.centerx, slot.bottom - 3)).inflate(6, 2)
        draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
        s.blit(tag, tag.get_rect(center=plate.center))
    elif view.my_reveal < 0 and not any(slot.colliderect(r) for r in lay.hand.values()):  # room for it still
        draw.rect(s, PANEL_DARK, slot, border_radius=max(4, slot.w // 12))
        draw.rect(s, GOLD_DARK, slot, 2, border_radius=max(4, slot.w // 12))
        inner = slot.inflate(-8, -8)  # what the empty slot is for: a bare frame in the hand said nothing
        draw_wrapped(s, tr("table.reveal_goes_here"), inner, max(LEAST_PX, int(13 * u)), MUTED, min_size=LEAST_PX)
