"""Drawing the table: pure functions of (surface, model, layout) that keep no state and read no input.

`paint_static` draws everything that stays still between two changes of the model; the scene
caches it and draws the flights, banners and the hover zoom over it each frame. Every function
that draws a card face adds its uid to `faces`, so tests can check no hidden card is ever drawn.
"""

from __future__ import annotations

import pygame

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.rules.order import NO_LETTER, best_letter, military_prowess
from amul_table.rules.state import EFFECTS, GAME_END, OFFER, OVER, PICK, REVEAL, Action
from amul_table.scenes.overlays import draw_zoom
from amul_table.scenes.table.animation import Place
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.table.model import TableModel
from amul_table.sprites.board import board, felt
from amul_table.sprites.cards import any_face, card_back, card_face, card_strip, shadow
from amul_table.sprites.icons import letter_badge, symbol_icon
from amul_table.sprites.style import (
    ACTIVE,
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    SEAT_COLOURS,
    WARNING,
    fit_text,
    font,
    panel,
    shade,
    text,
    wrap,
)
from amul_table.sprites.tween import Banner, Flight

PHASES = (OFFER, PICK, REVEAL, EFFECTS)


def paint_static(s: pygame.Surface, m: TableModel, *, buttons_left: int | None) -> set[int]:
    """The still part of a frame: felt, board, seats, prompt bar (its text stops at `buttons_left`, where the
    scene's buttons start) and sidebar; returns the faces drawn."""
    lay = m.layout
    faces: set[int] = set()
    w, h = s.get_size()
    s.blit(felt(w, h), (0, 0))
    tri = lay.triangle
    s.blit(board(tri.w, tri.h, "", ""), tri.topleft)
    draw_board_cards(s, m, lay, faces)
    for seat in lay.seat_panel:
        draw_seat(s, m, lay, faces, seat)
    draw_shown_seat(s, m, lay, faces)
    draw_prompt(s, m, lay, buttons_left)
    draw_sidebar(s, m, lay)
    return faces


def paint_moving(
    s: pygame.Surface,
    m: TableModel,
    flights: list[Flight],
    banners: list[Banner],
    now: float,
    *,
    zoom_at: tuple[int, int] | None,
) -> set[int]:
    """The moving part of a frame: flights, banners and the hovered card's zoom near `zoom_at`; returns the faces."""
    lay = m.layout
    faces: set[int] = set()
    lang, cb = m.settings.language, m.settings.colour_blind
    for f in flights:
        started = now >= f.start or f.wait_visible
        if started and f.uid is not None and (f.up_from or f.up_to):
            faces.add(f.uid)
        f.draw(s, now, lambda uid, w, h: any_face(uid, w, h, lang, cb), card_back)
    draw_banners(s, lay, banners, now)
    if zoom_at is not None and m.hover_uid is not None:
        w, h = s.get_size()
        mx = zoom_at[0]
        scale = min(w, h * 1.6) / 1600 * 0.8
        half = int(268 * max(0.7, scale * 1.6)) + int(30 * lay.u)
        centre = (mx + half if mx < w / 2 else mx - half, lay.board_area.centery)
        bounds = pygame.Rect(0, 0, w, lay.prompt.top)
        draw_zoom(s, m.hover_uid, centre, scale, lang, cb, bounds)
        faces.add(m.hover_uid)
    return faces


def face(m: TableModel, faces: set[int], uid: int, w: int, h: int) -> pygame.Surface:
    faces.add(uid)
    return card_face(uid, w, h, m.settings.language, m.settings.colour_blind)


def draw_card(
    s: pygame.Surface,
    m: TableModel,
    faces: set[int],
    uid: int,
    rect: pygame.Rect,
    legal: dict[int, Action],
    selected: int | None,
) -> None:
    if not m.shows(uid):
        return
    lift = 0
    if uid in legal and (uid == m.hover_uid or uid == selected):
        lift = max(4, rect.h // 12)
    r = rect.move(0, -lift)
    s.blit(shadow(r.w, r.h), (r.x - 1, r.y + 2))
    s.blit(face(m, faces, uid, r.w, r.h), r.topleft)
    if uid in legal:
        colour = HIGHLIGHT if (uid == selected or uid == m.hover_uid) else ACTIVE
        pygame.draw.rect(s, colour, r.inflate(6, 6), 3, border_radius=max(4, r.w // 10))


def draw_board_cards(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int]) -> None:
    """The Palace and Bazaar strips, the Market, the offers, the deck and the cards out of the game."""
    u = lay.u
    legal = m.legal_cards()
    selected = m.selected_card()
    lang, cb = m.settings.language, m.settings.colour_blind
    for zone in (lay.palace, lay.bazaar):
        for uid, rect in zone.items():
            if not m.shows(uid):
                continue
            faces.add(uid)
            s.blit(card_strip(uid, rect.w, rect.h, lang, cb), rect.topleft)
            if uid in legal or uid == m.hover_uid:
                colour = HIGHLIGHT if (uid == selected or uid == m.hover_uid) else ACTIVE
                pygame.draw.rect(s, colour, rect.inflate(4, 4), 2, border_radius=4)
    label = text(tr("board.market").upper(), max(11, int(18 * u)), (120, 80, 40), True, "serif")
    s.blit(label, label.get_rect(midbottom=lay.market_label_at))
    for slot in lay.market_slots:
        pygame.draw.rect(s, shade((226, 196, 146), 0.85), slot, 1, border_radius=max(3, slot.w // 12))
    for uid, rect in lay.market.items():
        draw_card(s, m, faces, uid, rect, legal, selected)
    draw_offers(s, m, lay, faces)
    draw_deck_and_removed(s, m, lay, faces)


def draw_offers(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int]) -> None:
    """Face-down offers in their Market slots: the shown seat sees its own, veiled."""
    view = m.view
    u = lay.u
    if view.phase != OFFER:
        return
    for seat, rect in lay.offer_slot.items():
        if not view.offered[seat] or not m.slot_shown(Place.OFFER, seat):
            continue
        if seat == m.shown and view.my_offer >= 0:
            s.blit(face(m, faces, view.my_offer, rect.w, rect.h), rect.topleft)
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((40, 20, 10, 90))
            s.blit(veil, rect.topleft)
            tag = fit_text(tr("table.your_offer"), rect.w, max(9, int(13 * u)), CREAM, True)
            s.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.bottom - 3)))
        else:
            s.blit(card_back("market", rect.w, rect.h), rect.topleft)
            seat_tag(s, m, seat, rect)


def draw_deck_and_removed(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int]) -> None:
    """The deck with its count, the Palace and Bazaar names, and the last card out of the game."""
    view = m.view
    u = lay.u
    d = lay.deck
    if view.deck_size:
        for k in range(min(4, view.deck_size // 10 + 1)):
            s.blit(card_back("market", d.w, d.h), (d.x - k * 2, d.y - k * 2))
    count = text(str(view.deck_size), max(9, int(14 * u)), CREAM, True)
    plate = count.get_rect(center=(d.centerx, d.bottom - int(d.h * 0.18))).inflate(10, 4)
    pygame.draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
    pygame.draw.rect(s, GOLD, plate, 1, border_radius=plate.h // 2)
    s.blit(count, count.get_rect(center=plate.center))
    for zone, key in ((lay.palace, "board.palace"), (lay.bazaar, "board.bazaar")):
        if zone:
            first = min(zone.values(), key=lambda r: r.top)
            lbl = text(tr(key).upper(), max(10, int(15 * u)), GOLD, True, "serif")
            s.blit(lbl, lbl.get_rect(midbottom=(first.centerx, first.top - 2)))
    rm = lay.removed
    pygame.draw.rect(s, shade((226, 196, 146), 0.8), rm, 2, border_radius=max(3, rm.w // 12))
    if view.removed:
        last = view.removed[-1]
        if m.shows(last):
            img = face(m, faces, last, rm.w, rm.h).copy()
            img.set_alpha(150)
            s.blit(img, rm.topleft)
    lbl = fit_text(f"{tr('board.removed')}: {len(view.removed)}", int(rm.w * 2.4), max(9, int(12 * u)), CREAM, True)
    plate = lbl.get_rect(midbottom=(rm.centerx, rm.top - 4)).inflate(8, 2)
    pygame.draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
    s.blit(lbl, lbl.get_rect(center=plate.center))


def seat_tag(s: pygame.Surface, m: TableModel, seat: int, rect: pygame.Rect) -> None:
    name = fit_text(m.names[seat], rect.w - 4, max(9, rect.w // 7), CREAM, True)
    bg = pygame.Rect(0, 0, name.get_width() + 6, name.get_height() + 2)
    bg.midbottom = (rect.centerx, rect.bottom - 3)
    pygame.draw.rect(s, PANEL_DARK, bg, border_radius=4)
    s.blit(name, name.get_rect(center=bg.center))


def draw_markers(s: pygame.Surface, m: TableModel, seat: int, right: int, cy: int, size: int, room: int = 10**6) -> int:
    """Starting Player and First Pick tokens, right-aligned; short tokens when `room` is tight."""
    marks = [
        (tr("table.first_pick_short"), "1", (200, 150, 40)) if seat == m.view.first_pick else None,
        (tr("table.starting_player_short"), "S", (60, 110, 160)) if seat == m.view.starting_player else None,
    ]
    marks = [m for m in marks if m]
    long_width = sum(text(m[0], size, CREAM, True).get_width() + 14 for m in marks)
    x = right
    for label, short, colour in marks:
        img = text(label if long_width <= room else short, size, CREAM, True)
        pill = pygame.Rect(0, 0, max(img.get_width() + 10, img.get_height() + 4), img.get_height() + 4)
        pill.midright = (x, cy)
        pygame.draw.rect(s, colour, pill, border_radius=pill.h // 2)
        pygame.draw.rect(s, shade(colour, 1.4), pill, 1, border_radius=pill.h // 2)
        s.blit(img, img.get_rect(center=pill.center))
        x = pill.left - 4
    return x


def draw_stats(s: pygame.Surface, m: TableModel, seat: int, rect: pygame.Rect, size: int, show_pile: bool) -> int:
    """Hand size, Military Prowess with the best letter, Arab and Mongol symbols; returns the end x."""
    area = m.view.play_areas[seat]
    x = rect.left
    cy = rect.centery
    icon = max(10, int(size * 1.25))
    if show_pile:
        pile = pygame.Rect(x, rect.top, int(icon * 0.72), icon)
        s.blit(card_back("market", pile.w, pile.h), pile.topleft)
        img = text(f"×{m.view.hand_sizes[seat]}", size, CREAM, True)
        s.blit(img, (pile.right + 3, cy - img.get_height() // 2))
        x = pile.right + img.get_width() + 10
    sym = {"arab": 0, "mongol": 0}
    cards = load_cards().cards
    for uid in area:
        for k in sym:
            sym[k] += cards[uid].symbols.get(k, 0)
    prowess = military_prowess(area)
    items = [("military", prowess), ("arab", sym["arab"]), ("mongol", sym["mongol"])]
    for symbol, count in items:
        s.blit(symbol_icon(symbol, icon), (x, cy - icon // 2))
        img = text(str(count), size, CREAM, True)
        s.blit(img, (x + icon + 2, cy - img.get_height() // 2))
        x += icon + img.get_width() + 8
        if symbol == "military":
            letter = best_letter(area)
            if letter != NO_LETTER:
                s.blit(letter_badge(letter, icon), (x - 4, cy - icon // 2))
                x += icon + 4
    return x


def draw_seat(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], seat: int) -> None:
    view = m.view
    rect = lay.seat_panel[seat]
    u = lay.u
    active = seat in view.pending.seats and view.phase != OVER
    panel(s, rect, PANEL, HIGHLIGHT if active else GOLD_DARK, radius=int(10 * u), width=3 if active else 2)
    head = lay.header[seat]
    size = max(10, int(15 * u))
    pygame.draw.circle(s, SEAT_COLOURS[seat], (head.left + size // 2, head.centery), size // 2)

    status = m.status(seat)
    name_right = head.right
    if status:
        img = text(status[0], max(9, int(13 * u)), status[1], True)
        s.blit(img, img.get_rect(midright=(head.right, head.centery)))
        name_right = head.right - img.get_width() - 6
    bot = m.seats[seat]
    label = bot.name if bot.human else f"{bot.name} · {tr('tier.' + bot.tier)}"
    name = fit_text(label, name_right - head.left - size - 6, size + 2, CREAM, True, "serif")
    s.blit(name, (head.left + size + 6, head.centery - name.get_height() // 2))
    end = draw_stats(s, m, seat, lay.stats[seat], max(9, int(13 * u)), True)
    stats = lay.stats[seat]
    draw_markers(s, m, seat, stats.right, stats.centery, max(8, int(11 * u)), stats.right - end - 6)
    if view.phase == REVEAL and view.revealed[seat] and m.slot_shown(Place.REVEAL, seat):
        slot = lay.reveal_slot[seat]
        s.blit(card_back("market", slot.w, slot.h), slot.topleft)
    draw_play_area(s, m, lay, faces, seat)


def draw_play_area(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], seat: int) -> None:
    lang, cb = m.settings.language, m.settings.colour_blind
    legal = m.legal_cards()
    for uid, rect in lay.play[seat].items():
        if not m.shows(uid):
            continue
        faces.add(uid)
        s.blit(any_face(uid, rect.w, rect.h, lang, cb), rect.topleft)
        if uid == m.hover_uid or uid in legal:
            pygame.draw.rect(s, HIGHLIGHT, rect.inflate(2, 2), 2, border_radius=3)


def draw_shown_seat(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int]) -> None:
    view = m.view
    seat = m.shown
    u = lay.u
    b = lay.bottom
    pygame.draw.rect(s, PANEL_DARK, b)
    pygame.draw.line(s, GOLD_DARK, b.topleft, b.topright, 2)
    head = lay.header[seat]
    size = max(11, int(17 * u))
    pygame.draw.circle(s, SEAT_COLOURS[seat], (head.left + size // 2, head.centery), size // 2)
    who = m.seats[seat]
    title = f"{who.name} — {tr('table.hand')}" if who.human else f"{who.name} · {tr('tier.' + who.tier)}"
    img = text(title, size + 2, CREAM, True, "serif")
    s.blit(img, (head.left + size + 8, head.centery - img.get_height() // 2))
    x = head.left + size + 8 + img.get_width() + 16
    status = m.status(seat)
    if status and not view.legal:
        st = text(status[0], max(10, int(14 * u)), status[1], True)
        s.blit(st, (x, head.centery - st.get_height() // 2))
    draw_markers(s, m, seat, lay.hand_area.right, head.centery, max(9, int(12 * u)))
    draw_stats(s, m, seat, lay.stats[seat], max(10, int(14 * u)), False)
    legal = m.legal_cards()
    selected = m.selected_card()
    for uid, rect in lay.hand.items():
        if uid != m.hover_uid:
            draw_card(s, m, faces, uid, rect, legal, selected)
    if m.hover_uid in lay.hand:
        draw_card(s, m, faces, m.hover_uid, lay.hand[m.hover_uid], legal, selected)
    slot = lay.reveal_slot[seat]
    if view.phase == REVEAL and view.my_reveal >= 0 and m.slot_shown(Place.REVEAL, seat):
        s.blit(face(m, faces, view.my_reveal, slot.w, slot.h), slot.topleft)
        tag = fit_text(tr("table.your_reveal"), slot.w, max(9, int(13 * u)), HIGHLIGHT, True)
        s.blit(tag, tag.get_rect(midtop=(slot.centerx, slot.bottom + 2)))
    elif view.phase == REVEAL:
        pygame.draw.rect(s, GOLD_DARK, slot, 2, border_radius=max(4, slot.w // 12))
    play = lay.play_rect[seat]
    if not view.play_areas[seat]:
        img = text(tr("table.play_area"), max(10, int(14 * u)), MUTED)
        s.blit(img, img.get_rect(center=play.center))
    draw_play_area(s, m, lay, faces, seat)


def draw_prompt(s: pygame.Surface, m: TableModel, lay: TableLayout, buttons_left: int | None) -> None:
    r = lay.prompt
    u = lay.u
    veil = pygame.Surface(r.size, pygame.SRCALPHA)
    veil.fill((20, 10, 5, 150))
    s.blit(veil, r.topleft)
    mine = bool(m.view.legal)
    colour = HIGHLIGHT if mine else CREAM
    message = m.message or m.prompt_text()
    x = buttons_left - int(10 * u) if buttons_left is not None else r.right - int(12 * u)
    img = fit_text(message, x - r.left - int(28 * u), max(12, int(19 * u)), WARNING if m.message else colour, True)
    s.blit(img, img.get_rect(midleft=(r.left + int(16 * u), r.centery)))


def draw_sidebar(s: pygame.Surface, m: TableModel, lay: TableLayout) -> None:
    """Round, phases, turn order, the live score and the public log, top to bottom."""
    r = lay.sidebar
    u = lay.u
    pygame.draw.rect(s, PANEL_DARK, r)
    pygame.draw.line(s, GOLD_DARK, r.topleft, r.bottomleft, 2)
    pad = int(14 * u)
    x = r.left + pad
    y = r.top + pad
    for part in (draw_round_tracker, draw_phases, draw_turn_order, draw_live_score, draw_log):
        y = part(s, m, lay, x, y)
    hint = text(tr("table.help_hint"), max(10, int(13 * u)), MUTED)
    s.blit(hint, hint.get_rect(midbottom=(r.centerx, r.bottom - int(8 * u))))


def draw_round_tracker(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int) -> int:
    """The round number and nine dots, the current one lit."""
    view = m.view
    u = lay.u
    inner_w = lay.sidebar.w - 2 * int(14 * u)
    img = text(tr("table.round", n=max(1, view.round)), max(13, int(22 * u)), GOLD, True, "serif")
    s.blit(img, (x, y))
    y += img.get_height() + int(6 * u)
    dot = min(int(inner_w / 9) - 4, int(26 * u))
    for i in range(9):
        c = (x + i * (dot + 4) + dot // 2, y + dot // 2)
        done = i + 1 < view.round or view.phase == OVER
        now = i + 1 == view.round and view.phase != OVER
        pygame.draw.circle(s, GOLD if now else (shade(GOLD, 0.55) if done else PANEL), c, dot // 2)
        pygame.draw.circle(s, GOLD_DARK, c, dot // 2, 1)
        n = text(str(i + 1), max(8, int(dot * 0.5)), INK if now else CREAM, True)
        s.blit(n, n.get_rect(center=c))
    y += dot + int(10 * u)
    return y


def draw_phases(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int) -> int:
    """The round's phases as pills, the current one lit."""
    view = m.view
    u = lay.u
    px = x
    size = max(10, int(14 * u))
    for phase in PHASES:
        label = tr(f"table.phase.{phase}")
        current = view.phase == phase or (phase == EFFECTS and view.phase == GAME_END)
        img = text(label, size, INK if current else MUTED, True)
        pill = pygame.Rect(px, y, img.get_width() + 12, img.get_height() + 6)
        if pill.right > lay.sidebar.right - int(14 * u):
            break
        pygame.draw.rect(s, HIGHLIGHT if current else PANEL, pill, border_radius=pill.h // 2)
        s.blit(img, img.get_rect(center=pill.center))
        px = pill.right + 5
    y += int(size * 2.2)
    return y


def draw_turn_order(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int) -> int:
    """Who picks and resolves effects in which order this round."""
    view = m.view
    u = lay.u
    inner_w = lay.sidebar.w - 2 * int(14 * u)
    order_label = tr("table.military_order") if view.military_order else tr("table.clockwise_order")
    s.blit(fit_text(f"{tr('table.order')}: {order_label}", inner_w, max(10, int(13 * u)), MUTED), (x, y))
    y += int(18 * u)
    names = m.names
    for i, seat in enumerate(view.order):
        colour = HIGHLIGHT if seat in view.pending.seats and view.phase in (PICK, EFFECTS, GAME_END) else CREAM
        img = fit_text(f"{i + 1}. {names[seat]}", inner_w // 2 - 6, max(10, int(14 * u)), colour, True)
        col, row = divmod(i, (len(view.order) + 1) // 2)
        s.blit(img, (x + col * inner_w // 2, y + row * int(19 * u)))
    y += ((len(view.order) + 1) // 2) * int(19 * u) + int(10 * u)
    return y


def draw_live_score(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int) -> int:
    """The shown human's total if the game ended now (when the setting is on)."""
    u = lay.u
    inner_w = lay.sidebar.w - 2 * int(14 * u)
    if not (m.settings.live_score and m.seats[m.shown].human):
        return y
    box = pygame.Rect(x, y, inner_w, int(54 * u))
    panel(s, box, PANEL, GOLD_DARK, radius=int(8 * u))
    lbl = fit_text(tr("table.score"), int(inner_w * 0.62), max(11, int(15 * u)), CREAM, True)
    s.blit(lbl, (box.left + 10, box.top + int(6 * u)))
    hint = fit_text(tr("table.score_hint"), int(inner_w * 0.62), max(9, int(12 * u)), MUTED)
    s.blit(hint, (box.left + 10, box.top + int(8 * u) + lbl.get_height()))
    val = text(str(m.live_score()), max(16, int(30 * u)), GOLD, True, "serif")
    s.blit(val, val.get_rect(midright=(box.right - 12, box.centery)))
    return box.bottom + int(12 * u)


def draw_log(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int) -> int:
    """The newest lines of the public log that fit above the help line."""
    u = lay.u
    inner_w = lay.sidebar.w - 2 * int(14 * u)
    title = text(tr("table.log"), max(12, int(16 * u)), GOLD, True, "serif")
    s.blit(title, (x, y))
    y += title.get_height() + 4
    bottom = lay.sidebar.bottom - int(30 * u)
    fsize = max(10, int(13 * u))
    fnt = font(fsize)
    lines: list[str] = []
    for entry in reversed(m.log_lines):
        wrapped = wrap(entry, inner_w, fnt)
        lines = wrapped + lines
        if len(lines) * fnt.get_linesize() > bottom - y:
            break
    visible = (bottom - y) // fnt.get_linesize()
    lines = lines[-visible:] if visible > 0 else []
    for line in lines:
        s.blit(text(line, fsize, CREAM), (x, y))
        y += fnt.get_linesize()
    return y


def draw_banners(s: pygame.Surface, lay: TableLayout, banners: list[Banner], now: float) -> None:
    u = lay.u
    area = lay.board_area
    for b in banners:
        a = b.alpha(now)
        if a <= 0:
            continue
        size = int(46 * u) if b.big else int(22 * u)
        img = text(b.text, max(12, size), GOLD if b.big else CREAM, True, "serif")
        box = img.get_rect().inflate(int(50 * u), int(18 * u))
        box.center = (area.centerx, area.top + area.h * (0.42 if b.big else 0.58))
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*PANEL_DARK, 220), plate.get_rect(), border_radius=box.h // 3)
        pygame.draw.rect(plate, (*GOLD, 255), plate.get_rect(), 2, border_radius=box.h // 3)
        plate.blit(img, img.get_rect(center=(box.w // 2, box.h // 2)))
        plate.set_alpha(a)
        s.blit(plate, box.topleft)
