"""The table's sidebar: round, phases, turn order, live score and the public log (pure drawing)."""

from __future__ import annotations

import pygame

from amul_table.i18n import tr
from amul_table.rules.order import NO_LETTER, best_letter, military_prowess
from amul_table.rules.state import EFFECTS, GAME_END, OFFER, OVER, PICK, REVEAL
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.table.log_view import log_rows, row_style
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.tooltip import Tip, TipKind, tip
from amul_table.sprites.icons import letter_badge, symbol_icon
from amul_table.sprites.style import (
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    fit_text,
    panel,
    shade,
    text,
)

PHASE_TIPS = {
    OFFER: TipKind.PHASE_OFFER,
    PICK: TipKind.PHASE_PICK,
    REVEAL: TipKind.PHASE_REVEAL,
    EFFECTS: TipKind.PHASE_EFFECTS,
}


def draw_sidebar(s: pygame.Surface, m: TableModel, lay: TableLayout, tips: list[Tip] | None = None) -> None:
    """Round, phases, turn order, the live score and the public log, top to bottom (tokens added to `tips`)."""
    tips = [] if tips is None else tips
    r = lay.sidebar
    u = lay.u
    pygame.draw.rect(s, PANEL_DARK, r)
    pygame.draw.line(s, GOLD_DARK, r.topleft, r.bottomleft, 2)
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
    hint = text(tr("table.help_hint"), max(10, int(13 * u)), MUTED)
    s.blit(hint, hint.get_rect(midbottom=(r.centerx, r.bottom - int(8 * u))))


def draw_round_tracker(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """The round number and nine dots, the current one lit."""
    round_now, phase = m.tracker()
    u = lay.u
    inner_w = lay.sidebar.w - 2 * int(14 * u)
    img = text(tr("table.round", n=max(1, round_now)), max(13, int(22 * u)), GOLD, True, "serif")
    s.blit(img, (x, y))
    y += img.get_height() + int(6 * u)
    dot = min(int(inner_w / 9) - 4, int(26 * u))
    for i in range(9):
        c = (x + i * (dot + 4) + dot // 2, y + dot // 2)
        done = i + 1 < round_now or phase == OVER
        now = i + 1 == round_now and phase != OVER
        pygame.draw.circle(s, GOLD if now else (shade(GOLD, 0.55) if done else PANEL), c, dot // 2)
        pygame.draw.circle(s, GOLD_DARK, c, dot // 2, 1)
        n = text(str(i + 1), max(8, int(dot * 0.5)), INK if now else CREAM, True)
        s.blit(n, n.get_rect(center=c))
        kind = TipKind.ROUND_NOW if now else TipKind.ROUND_DONE if done else TipKind.ROUND_TO_COME
        tips.append(tip(kind, pygame.Rect(0, 0, dot, dot).move(c[0] - dot // 2, c[1] - dot // 2), n=i + 1))
    y += dot + int(10 * u)
    return y


def draw_phases(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """The round's phases as pills (laid out by the layout, all four always), the current one lit."""
    _, shown = m.tracker()
    for pill in lay.phase_pills:
        current = shown == pill.phase or (pill.phase == EFFECTS and shown == GAME_END)
        img = text(tr(f"table.phase.{pill.phase}"), pill.px, INK if current else MUTED, True)
        pygame.draw.rect(s, HIGHLIGHT if current else PANEL, pill.rect, border_radius=pill.rect.h // 2)
        s.blit(img, img.get_rect(center=pill.rect.center))
        tips.append(tip(PHASE_TIPS[pill.phase], pill.rect))
    return max(p.rect.bottom for p in lay.phase_pills)


def draw_turn_order(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """Who picks and resolves effects in which order this round."""
    view = m.view
    u = lay.u
    inner_w = lay.sidebar.w - 2 * int(14 * u)
    order_label = tr("table.military_order") if view.military_order else tr("table.clockwise_order")
    s.blit(fit_text(tr("table.order_line", order=order_label), inner_w, max(10, int(13 * u)), MUTED), (x, y))
    y += int(18 * u)
    names = m.names
    size = max(10, int(14 * u))
    col_w = inner_w // 2 - 6
    for i, seat in enumerate(view.order):
        colour = HIGHLIGHT if seat in view.pending.seats and view.phase in (PICK, EFFECTS, GAME_END) else CREAM
        col, row = divmod(i, (len(view.order) + 1) // 2)
        at = (x + col * inner_w // 2, y + row * lay.order_row_h)
        room = col_w - (prowess_width(size) if view.military_order else 0)
        img = fit_text(f"{i + 1}. {names[seat]}", room, size, colour, True)
        s.blit(img, at)
        if view.military_order:
            left_mid = (at[0] + img.get_width() + 4, at[1] + img.get_height() // 2)
            for kind, rect, values in draw_prowess(s, view.play_areas[seat], left_mid, size):
                tips.append(tip(kind, rect, you=seat == m.you, name=names[seat], start=view.players + 1, **values))
    return y + ((len(view.order) + 1) // 2) * lay.order_row_h + int(10 * u)


def prowess_width(size: int) -> int:
    return 3 * size + 12


def draw_prowess(
    s: pygame.Surface, area: tuple[int, ...], left_mid: tuple[int, int], size: int
) -> list[tuple[TipKind, pygame.Rect, dict[str, object]]]:
    """A seat's Military Prowess and its best letter, which settle the order between equal prowess; returns
    the two tokens drawn, with their values."""
    x, cy = left_mid
    icon = size
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
    tips.append(tip(TipKind.LIVE_SCORE, box, n=m.live_score()))
    return box.bottom + int(12 * u)


def draw_log(s: pygame.Surface, m: TableModel, lay: TableLayout, x: int, y: int, tips: list[Tip]) -> int:
    """The public log, scrolled `m.log_scroll` rows up from the newest, round headers in gold, card names
    underlined (hover one to zoom it)."""
    u = lay.u
    title = text(tr("table.log"), max(12, int(16 * u)), GOLD, True, "serif")
    s.blit(title, (x, y))
    rows, most = log_rows(m.log_lines, lay.log_rect, lay.log_px, m.log_scroll)
    if most and m.log_scroll < most:
        more = text("▲", max(10, int(12 * u)), MUTED)
        s.blit(more, more.get_rect(topright=(lay.log_rect.right, y + 2)))
        tips.append(tip(TipKind.LOG_EARLIER, more.get_rect(topright=(lay.log_rect.right, y + 2)).inflate(8, 0)))
    for row in rows:
        size, bold, family = row_style(lay.log_px, header=row.header)
        img = text(row.text, size, GOLD if row.header else CREAM, bold, family)  # cached: a repaint renders no row
        s.blit(img, row.at)
        for rect, uid in row.names:
            colour = HIGHLIGHT if uid == m.hover_uid else shade(CREAM, 0.6)
            pygame.draw.line(s, colour, (rect.left, rect.bottom - 2), (rect.right, rect.bottom - 2), 1)
    return lay.log_rect.bottom
