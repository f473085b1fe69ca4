"""The table's sidebar: round, phases, turn order, live score and the public log (pure drawing)."""

from __future__ import annotations

import pygame

from amul_table.i18n import tr
from amul_table.rules.order import NO_LETTER, best_letter, military_prowess
from amul_table.rules.phases import Phase
from amul_table.scenes.table.layout import LEAST_PX, TableLayout
from amul_table.scenes.table.log_view import log_rows, row_style
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.score_box import ScorePx
from amul_table.scenes.table.score_trail import breakdown_text, projected_rows, rows_text, signed
from amul_table.scenes.tooltip import Tip, TipKind, tip
from amul_table.sprites import canvas as draw
from amul_table.sprites.icons import letter_badge, symbol_icon
from amul_table.sprites.seat_names import NameLines
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
    WARNING,
    fit_text,
    font,
    panel,
    shade,
    text,
)

UNDERLINE = shade(CREAM, 0.6)  # a card name in the log (hover it to zoom the card)
DONE = shade(GOLD, 0.55)  # a round played

PHASE_TIPS = {
    Phase.OFFER: TipKind.PHASE_OFFER,
    Phase.PICK: TipKind.PHASE_PICK,
    Phase.REVEAL: TipKind.PHASE_REVEAL,
    Phase.EFFECTS: TipKind.PHASE_EFFECTS,
}


def draw_sidebar(s: pygame.Surface, m: TableModel, lay: TableLayout, tips: list[Tip] | None = None) -> None:
    """Round, phases, turn order, the live score and the public log, top to bottom (tokens added to `tips`)."""
    tips = [] if tips is None else tips
    r = lay.sidebar
    u = lay.u
    draw.rect(s, PANEL_DARK, r)
    draw.line(s, GOLD_DARK, r.topleft, r.bottomleft, 2)
    x = r.left + int(14 * u)
    parts = (
        (draw_round_tracker, "round"),
        (draw_phases, "phases"),
        (draw_turn_order, "order"),
        (draw_live_score, "score"),
        (draw_log, "log"),
    )
    for part, key in parts:
        part(s, m, lay, x, lay.side_tops[key], tips)
    hint = text(tr("table.help_hint"), max(LEAST_PX, int(13 * u)), MUTED)
    s.blit(hint, hint.get_rect(midbottom=(r.centerx, r.bottom - int(8 * u))))


def draw_round_tracker(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """The round number and nine dots, the current one lit."""
    round_now, phase = m.tracker()
    u = lay.u
    img = text(tr("table.round", n=max(1, round_now)), max(13, int(22 * u)), GOLD, True, "serif")
    s.blit(img, (x, y))
    y += img.get_height() + int(6 * u)
    dot = lay.round_dot
    for i in range(9):
        c = (x + i * (dot + 3) + dot // 2, y + dot // 2)
        done = i + 1 < round_now or phase == Phase.OVER
        now = i + 1 == round_now and phase != Phase.OVER
        draw.circle(s, GOLD if now else (DONE if done else PANEL), c, dot // 2)
        draw.circle(s, GOLD_DARK, c, dot // 2, 1)
        n = text(str(i + 1), max(LEAST_PX, int(dot * 0.5)), INK if now else CREAM, True)
        s.blit(n, n.get_rect(center=c))
        kind = TipKind.ROUND_NOW if now else TipKind.ROUND_DONE if done else TipKind.ROUND_TO_COME
        tips.append(tip(kind, pygame.Rect(0, 0, dot, dot).move(c[0] - dot // 2, c[1] - dot // 2), n=i + 1))
    y += dot + int(10 * u)
    return y


def draw_phases(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """The round's phases as pills (laid out by the layout, all four always), the current one lit."""
    _, shown = m.tracker()
    for pill in lay.phase_pills:
        current = shown == pill.phase or (pill.phase == Phase.EFFECTS and shown == Phase.GAME_END)
        img = text(tr(f"table.phase.{pill.phase.word}"), pill.px, INK if current else MUTED, True)
        draw.rect(s, HIGHLIGHT if current else PANEL, pill.rect, border_radius=pill.rect.h // 2)
        s.blit(img, img.get_rect(center=pill.rect.center))
        tips.append(tip(PHASE_TIPS[pill.phase], pill.rect))
    return max(p.rect.bottom for p in lay.phase_pills)


def draw_turn_order(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """Who picks and resolves effects in which order this round."""
    view = m.view
    u = lay.u
    inner_w = lay.sidebar.w - 2 * int(14 * u)
    caption = lay.order_caption
    line_h = font(caption.px).get_linesize()
    for i, line in enumerate(caption.lines):
        s.blit(text(line, caption.px, MUTED), (x, y + i * line_h))
    y += lay.order_line_h
    names = m.names
    size = lay.order_px
    cols, top = lay.order_cols, 0
    for i, seat in enumerate(view.order):
        colour = (
            HIGHLIGHT
            if seat in view.pending.seats and view.phase in (Phase.PICK, Phase.EFFECTS, Phase.GAME_END)
            else CREAM
        )
        col, row = divmod(i, -(-len(view.order) // cols))
        top = 0 if row == 0 else top
        at = (x + col * inner_w // cols, y + top)
        name = lay.order_names.get(seat, NameLines((names[seat],), size))  # (a layout made before the names came)
        top += max(lay.order_row_h, name.height())
        number = text(f"{i + 1}. ", size, colour, True)
        s.blit(number, at)
        left, mid = at[0] + number.get_width(), at[1] + number.get_height() // 2
        line_h, ends = font(name.px, True).get_linesize(), []
        for k, line in enumerate(name.lines):
            img = text(line, name.px, colour, True)
            s.blit(img, img.get_rect(midleft=(left, mid + k * line_h)))
            ends.append(left + img.get_width())
        if view.military_order:  # after the name's first line
            for kind, rect, values in draw_prowess(s, view.play_areas[seat], (ends[0] + 4, mid), size):
                tips.append(tip(kind, rect, you=seat == m.you, name=names[seat], start=view.players + 1, **values))
    return y + lay.order_h + int(10 * u)


def draw_prowess(
    s: pygame.Surface, area: tuple[int, ...], left_mid: tuple[int, int], size: int
) -> list[tuple[TipKind, pygame.Rect, dict[str, object]]]:
    """A seat's Military Prowess and its best letter, which settle the order between equal prowess; returns
    the two tokens drawn, with their values."""
    x, cy = left_mid
    icon = max(size, 15)  # a badge that holds its letter at 12 px
    s.blit(symbol_icon("military", icon), (x, cy - icon // 2))
    prowess = military_prowess(area)
    num = text(str(prowess), size, CREAM, True)
    s.blit(num, (x + icon + 1, cy - num.get_height() // 2))
    drawn: list[tuple[TipKind, pygame.Rect, dict[str, object]]] = [
        (TipKind.MILITARY, pygame.Rect(x, cy - icon // 2, icon + 1 + num.get_width(), icon), {"n": prowess})
    ]
    letter = best_letter(area)
    if letter != NO_LETTER:
        badge = pygame.Rect(x + icon + num.get_width() + 4, cy - icon // 2, icon, icon)
        s.blit(letter_badge(letter, icon), badge.topleft)
        drawn.append((TipKind.LETTER, badge, {"letter": letter}))
    return drawn


def draw_live_score(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """The shown human's total if the game ended now (when the setting is on), and why it last moved; its
    tooltip lists the rows it comes from."""
    box = lay.score_box
    if box is None or not m.shows_live_score():
        return y
    u = lay.u
    px = ScorePx.of(u)
    panel(s, box, PANEL, GOLD_DARK, radius=int(8 * u))
    pad, left = max(3, int(6 * u)), box.left + int(10 * u)
    total = m.live_score()
    val = text(str(total), px.total, GOLD, True, "serif")
    first = max(font(px.label, True).get_height(), val.get_height())
    val_rect = val.get_rect(midright=(box.right - int(12 * u), box.top + pad + first // 2))
    s.blit(val, val_rect)
    trail = m.score_trail()
    last = trail.last if trail is not None else None
    room = box.right - int(10 * u) - left
    if last is not None:
        change = text(signed(last.after - last.before), px.note, ACTIVE if last.after > last.before else WARNING, True)
        s.blit(change, change.get_rect(midright=(val_rect.left - int(6 * u), val_rect.centery)))
        label_room = change.get_rect(midright=(val_rect.left - int(6 * u), 0)).left - left - int(6 * u)
    else:
        label_room = val_rect.left - left - int(8 * u)
    lbl = fit_text(tr("table.score"), label_room, px.label, CREAM, True, min_size=px.label)
    s.blit(lbl, lbl.get_rect(midleft=(left, box.top + pad + first // 2)))
    if last is not None:
        why = tr("table.score_moved", before=last.before, after=last.after, rows=rows_text(last.rows) or "\u2014")
        note = fit_text(why, room, px.note, CREAM, min_size=px.note)
        change_line = tr("table.score_last", before=last.before, after=last.after, rows=rows_text(last.rows))
    else:
        note = fit_text(tr("table.score_hint"), room, px.note, MUTED, min_size=px.note)
        change_line = ""
    s.blit(note, (left, box.top + pad + first))
    rows = breakdown_text(projected_rows(m.view, m.shown))
    tips.append(tip(TipKind.LIVE_SCORE, box, n=total, rows=rows, change=change_line))
    return box.bottom + int(12 * u)


def draw_log(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """The public log, scrolled `m.log_scroll` rows up from the newest, round headers in gold, card names
    underlined (hover one to zoom it)."""
    u = lay.u
    title = text(tr("table.log"), max(LEAST_PX, int(16 * u)), GOLD, True, "serif")
    s.blit(title, (x, y))
    rows, most = log_rows(m.log_lines, lay.log_rect, lay.log_px, m.log_scroll)
    if most and m.log_scroll < most:
        more = text("▲", max(LEAST_PX, int(12 * u)), MUTED)
        s.blit(more, more.get_rect(topright=(lay.log_rect.right, y + 2)))
        tips.append(tip(TipKind.LOG_EARLIER, more.get_rect(topright=(lay.log_rect.right, y + 2)).inflate(8, 0)))
    for row in rows:
        size, bold, family = row_style(lay.log_px, header=row.header)
        colour = GOLD if row.header or row.note else CREAM
        img = text(row.text, size, colour, bold, family)  # cached: a repaint renders no row
        s.blit(img, row.at)
        for rect, uid in row.names:
            colour = HIGHLIGHT if uid == m.hover_uid else UNDERLINE
            draw.line(s, colour, (rect.left, rect.bottom - 2), (rect.right, rect.bottom - 2), 1)
    return lay.log_rect.bottom
