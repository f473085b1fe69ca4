"""Drawing the table: pure functions of (surface, model, layout) that keep no state and read no input.

`paint_static` draws everything that stays still between two changes of the model; the scene
caches it and draws the flights, banners and the hover zoom over it each frame. Every function
that draws a card face adds its uid to `faces`, so tests can check no hidden card is ever drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.rules.state import Action
from amul_table.scenes.overlays import draw_zoom
from amul_table.scenes.table.animation import LandingSpot
from amul_table.scenes.table.cloth import cloth_areas
from amul_table.scenes.table.layout import CHOICE_W, LEAST_PX, TableLayout
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint_cards import RING_REACH, draw_card, face, focus_ring, seat_tag
from amul_table.scenes.table.paint_seats import draw_seat, draw_shown_seat
from amul_table.scenes.table.paint_sidebar import draw_sidebar
from amul_table.scenes.table.stacks import Stack, chip_width, grouped, letter_lead, stack_groups
from amul_table.scenes.tooltip import Tip, TipKind, tip
from amul_table.sprites import canvas as draw
from amul_table.sprites.board import backdrop
from amul_table.sprites.cards import any_face, card_back, card_name, card_strip, strip_px
from amul_table.sprites.style import (
    ACTIVE,
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL_DARK,
    WARNING,
    fit_text,
    fitting_size,
    font,
    panel,
    shade,
    text,
    translucent_plate,
    wrapped_lines,
)
from amul_table.sprites.tween import Banner, Flight


def paint_static(
    s: pygame.Surface,
    m: TableModel,
    *,
    buttons_left: int | None,
    text_left: int | None = None,
    tips: list[Tip] | None = None,
) -> set[int]:
    """The still part of a frame: felt, board, seats, prompt bar (its text between `text_left` and `buttons_left`,
    where the scene's buttons end and start) and sidebar; returns the faces drawn, and adds each token to `tips`."""
    tips = [] if tips is None else tips
    lay = m.layout
    faces: set[int] = set()
    paint_cloth(s, lay)
    for part in static_parts(m, faces, tips, buttons_left=buttons_left, text_left=text_left):
        part(s)
    if lay.tray_rect is not None:  # the tray covers the tokens under it
        tips[:] = [t for t in tips if not lay.tray_rect.colliderect(t.rect)]
    return faces


def paint_cloth(s: pygame.Surface, lay: TableLayout) -> None:
    """The felt, where the layout leaves it showing."""
    w, h = s.get_size()
    cloth = backdrop(w, h, tuple(lay.triangle))
    for area in cloth_areas(lay, (w, h)):
        s.blit(cloth, area, area)


def static_parts(
    m: TableModel, faces: set[int], tips: list[Tip], *, buttons_left: int | None, text_left: int | None
) -> list[Callable[[pygame.Surface], None]]:
    """What `paint_static` draws over the cloth, in order, a region a part: the board, each seat, the shown seat,
    the tray, the prompt and the sidebar (frames drawn ahead paint them one at a time: ahead_frames.py)."""
    lay = m.layout
    return [
        *board_parts(m, lay, faces, tips),
        *(partial(draw_seat, m=m, lay=lay, faces=faces, seat=seat, tips=tips) for seat in lay.seat_panel),
        partial(draw_shown_seat, m=m, lay=lay, faces=faces, tips=tips),
        *tray_parts(m, lay, faces),
        partial(draw_prompt, m=m, lay=lay, buttons_left=buttons_left, text_left=text_left),
        partial(draw_sidebar, m=m, lay=lay, tips=tips),
    ]


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
    face_of = flight_face(m)
    for f in flights:
        started = now >= f.start or f.wait_visible
        if started and f.uid is not None and (f.up_from or f.up_to):
            faces.add(f.uid)
        f.draw(s, now, face_of, card_back)
    draw_banners(s, lay, banners, now)
    draw_overflow_list(s, m, lay, faces)
    if zoom_at is not None and m.hover_uid is not None:
        w, h = s.get_size()
        scale = min(w, h * 1.6) / 1600 * 0.8
        bounds = pygame.Rect(0, 0, w, lay.prompt.top)
        lang, cb = m.settings.language, m.settings.colour_blind
        draw_zoom(s, m.hover_uid, zoom_centre(m, lay, zoom_at, scale, bounds), scale, lang, cb, bounds)
        faces.add(m.hover_uid)
    return faces


def flight_face(m: TableModel) -> Callable[[int, int, int], pygame.Surface]:
    """The face a flight shows at a size, in the table's language and colour aid."""
    lang, cb = m.settings.language, m.settings.colour_blind
    return lambda uid, w, h: any_face(uid, w, h, lang, cb)


def warm_flight(m: TableModel, flight: Flight) -> None:
    """Draw ahead, into the caches, the faces and backs `paint_moving` will show for `flight`."""
    flight.warm(flight_face(m), card_back)


def draw_overflow_list(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int]) -> None:
    """Hovering an opponent's "+N more", or a strip standing for a colour's cards ("Yellow ×6"), opens the stacks
    it stands for, as strips with their names whole and their counts."""
    colours = (st for sts in lay.stacks.values() for st in sts if grouped([st]))
    over = next((st for st in (*lay.overflow.values(), *colours) if m.hover_uid in st.uids), None)
    if over is None:
        return
    lang, cb = m.settings.language, m.settings.colour_blind
    groups = stack_groups(over.uids)
    sh = over.rect.h
    cards = load_cards().cards
    names = [(g, card_name(cards[g[0]].type, lang)) for g in groups]
    w = max(
        over.rect.w, *(chip_width(n, sh, len(g), lead=letter_lead(g, n, sh, lang if cb else None)) for g, n in names)
    )
    box = pygame.Rect(0, 0, w + 12, len(groups) * (sh + 2) + 10)
    box.topleft = (over.rect.left - 6, over.rect.bottom + 2)
    box.clamp_ip(pygame.Rect(0, 0, lay.sidebar.left, lay.prompt.top))
    panel(s, box, PANEL_DARK, GOLD, radius=6)
    y = box.top + 5
    for group in groups:
        strip = pygame.Rect(box.left + 6, y, w, sh)
        count = text(f"×{len(group)}", strip_px(sh), CREAM, True) if len(group) > 1 else None
        if count:
            strip.w -= count.get_width() + 4
            s.blit(count, count.get_rect(midleft=(strip.right + 3, strip.centery)))
        s.blit(card_strip(group[0], strip.w, strip.h, lang, cb, least=strip_px(sh)), strip.topleft)
        faces.update(group)
        y += sh + 2


def zoom_centre(
    m: TableModel, lay: TableLayout, mouse: tuple[int, int], scale: float, bounds: pygame.Rect
) -> tuple[int, int]:
    """Where the zoom goes: clear of the cards to choose from and of the mouse, else as far from them as can be."""
    zu = max(0.7, scale * 1.6)
    area = pygame.Rect(0, 0, int(536 * zu), int(308 * zu))
    keep_clear = [r for a in m.choices() if (r := lay.rest(a.card)) is not None]
    keep_clear.append(pygame.Rect(mouse[0] - 8, mouse[1] - 8, 16, 16))
    main = pygame.Rect(0, 0, lay.sidebar.left, lay.prompt.top)
    candidates = [
        (main.left + area.w // 2, main.centery),
        (main.right - area.w // 2, main.centery),
        (main.centerx, main.top + area.h // 2),
        (main.centerx, main.bottom - area.h // 2),
        (bounds.right - area.w // 2, main.centery),
    ]

    def overlap(centre: tuple[int, int]) -> tuple[int, float]:
        box = area.copy()
        box.center = centre
        box.clamp_ip(bounds)
        covered = sum(box.clip(r).w * box.clip(r).h for r in keep_clear)
        return covered, -((box.centerx - mouse[0]) ** 2 + (box.centery - mouse[1]) ** 2)

    return min(candidates, key=overlap)


def board_parts(
    m: TableModel, lay: TableLayout, faces: set[int], tips: list[Tip]
) -> list[Callable[[pygame.Surface], None]]:
    """The Palace and Bazaar strips, the Market, the offers, the deck and the cards out of the game: a part each
    strip and Market card (painted ahead, one part drew all the Market's new faces at 4K in one frame: 8 ms)."""
    legal = m.legal_cards()
    selected = m.selected_card()
    below_title = under_market_label(lay)
    return [
        *(
            partial(draw_board_stack, m=m, stack=stack, faces=faces, legal=legal, selected=selected)
            for name in ("palace", "bazaar")
            for stack in lay.board_stacks[name]
        ),
        partial(draw_market_slots, lay=lay),
        *(
            partial(
                draw_card, m=m, faces=faces, uid=uid, rect=rect, legal=legal, selected=selected, ceiling=below_title
            )
            for uid, rect in lay.market.items()
        ),
        partial(draw_offers, m=m, lay=lay, faces=faces, tips=tips),
        partial(draw_deck_and_removed, m=m, lay=lay, faces=faces, tips=tips),
    ]


def under_market_label(lay: TableLayout) -> int:
    """How high a raised Market card on the board may reach: under MARKET, its focus ring clear of the letters."""
    label, px = lay.board_labels()["market"]
    return max(label.bottom, label.top + font(px, True, "serif").get_ascent() + RING_REACH)


def draw_board_stack(
    s: pygame.Surface, m: TableModel, stack: Stack, faces: set[int], legal: dict[int, Action], selected: int | None
) -> None:
    """A Palace or Bazaar card's strip (the copies as one band with their count)."""
    shown = [uid for uid in stack.uids if m.shows(uid)]
    if not shown:
        return
    faces.update(shown)
    rect = stack.rect
    if len(shown) > 1:
        count = text(f"×{len(shown)}", strip_px(rect.h), CREAM, True)
        rect = rect.inflate(-(count.get_width() + 4), 0).move(-(count.get_width() + 4) // 2, 0)
        plate = count.get_rect(midleft=(rect.right + 2, rect.centery)).inflate(2, 0)
        draw.rect(s, PANEL_DARK, plate, border_radius=3)
        s.blit(count, count.get_rect(center=plate.center))
    lang, cb = m.settings.language, m.settings.colour_blind
    strip = card_strip(shown[0], rect.w, rect.h, lang, cb, with_rule=True, least=strip_px(rect.h), label=stack.label)
    s.blit(strip, rect.topleft)
    if any(u in legal for u in shown) or m.hover_uid in shown:
        colour = HIGHLIGHT if m.hover_uid in shown else ACTIVE
        draw.rect(s, colour, stack.rect.inflate(4, 4), 2, border_radius=4)
    if selected in shown and selected in legal:
        focus_ring(s, stack.rect.inflate(-2, -2), 4)


def draw_market_slots(s: pygame.Surface, lay: TableLayout) -> None:
    where, px = lay.board_labels()["market"]
    s.blit(text(tr("board.market").upper(), px, (120, 80, 40), True, "serif"), where)
    for slot in lay.market_slots:
        draw.rect(s, shade((226, 196, 146), 0.85), slot, 1, border_radius=max(3, slot.w // 12))


def tray_parts(m: TableModel, lay: TableLayout, faces: set[int]) -> list[Callable[[pygame.Surface], None]]:
    """The cards to choose from, full size over the board, under a title naming where they lie: its plate, each
    card and the title, a part each (a tray at 4K draws a dozen faces at a new size: ahead, one at a time)."""
    if lay.tray_rect is None:
        return []
    legal = m.legal_cards()
    selected = m.selected_card()
    below_title = tray_title_plate(m, lay).bottom  # a raised top-row card stops under the title, not behind it
    return [
        partial(draw_tray_plate, lay=lay),
        *(
            partial(
                draw_card, m=m, faces=faces, uid=uid, rect=rect, legal=legal, selected=selected, ceiling=below_title
            )
            for uid, rect in lay.tray.items()
        ),
        partial(draw_tray_title, m=m, lay=lay),
    ]


def draw_tray_plate(s: pygame.Surface, lay: TableLayout) -> None:
    assert lay.tray_rect is not None
    r = lay.tray_rect
    s.blit(translucent_plate(r.w, r.h, (*PANEL_DARK, 232), (*GOLD_DARK, 255), int(12 * lay.u)), r.topleft)


def draw_tray_title(s: pygame.Surface, m: TableModel, lay: TableLayout) -> None:
    title, where = tray_title(m, lay)  # last, on its own plate: a raised card's focus ring reaches up to it
    draw.rect(s, PANEL_DARK, tray_title_plate(m, lay), border_radius=4)
    s.blit(title, where)


def tray_title_plate(m: TableModel, lay: TableLayout) -> pygame.Rect:
    """The plate under the tray's title: the raised cards of the top row stop under it."""
    return tray_title(m, lay)[1].inflate(10, 2)


def tray_title(m: TableModel, lay: TableLayout) -> tuple[pygame.Surface, pygame.Rect]:
    """The tray's title (MARKET, PALACE or BAZAAR) and where it goes."""
    source = m.view.pending.source if m.view.phase != Phase.PICK else "market"
    title = text(tr(f"board.{source}").upper(), max(LEAST_PX, int(18 * lay.u)), GOLD, True, "serif")
    return title, title.get_rect(midtop=lay.tray_title_at)


def draw_offers(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], tips: list[Tip]) -> None:
    """Face-down offers in their Market slots: the shown seat sees its own, veiled."""
    view = m.view
    u = lay.u
    if view.phase != Phase.OFFER:
        return
    for seat, rect in lay.offer_slot.items():
        if not view.offered[seat] or not m.slot_shown(LandingSpot.OFFER, seat):
            continue
        if seat == m.shown and view.my_offer >= 0:
            s.blit(face(m, faces, view.my_offer, rect.w, rect.h), rect.topleft)
            s.blit(translucent_plate(rect.w, rect.h, (40, 20, 10, 90)), rect.topleft)
            tag = fit_text(tr("table.your_offer"), rect.w, max(LEAST_PX, int(13 * u)), CREAM, True, min_size=LEAST_PX)
            s.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.bottom - 3)))
        else:
            s.blit(card_back("market", rect.w, rect.h), rect.topleft)
            seat_tag(s, m, seat, rect)
            tips.append(tip(TipKind.OFFER_FACE_DOWN, rect, name=m.names[seat]))


def draw_deck_and_removed(s: pygame.Surface, m: TableModel, lay: TableLayout, faces: set[int], tips: list[Tip]) -> None:
    """The deck with its count, the Palace and Bazaar names, and the last card out of the game."""
    view = m.view
    u = lay.u
    d = lay.deck
    if view.deck_size:
        for k in range(min(4, view.deck_size // 10 + 1)):
            s.blit(card_back("market", d.w, d.h), (d.x - k * 2, d.y - k * 2))
    count = text(str(view.deck_size), max(LEAST_PX, int(14 * u)), CREAM, True)
    plate = pile_count_plate(lay, d, count, side=+1)
    draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
    draw.rect(s, GOLD, plate, 1, border_radius=plate.h // 2)
    s.blit(count, count.get_rect(center=plate.center))
    tips.append(tip(TipKind.DECK, d.union(plate), n=view.deck_size))
    labels = lay.board_labels()
    for key, cards, kind in (("palace", view.palace, TipKind.PALACE), ("bazaar", view.bazaar, TipKind.BAZAAR)):
        where, px = labels[key]
        s.blit(text(tr(f"board.{key}").upper(), px, GOLD, True, "serif"), where)
        tips.append(tip(kind, where, n=len(cards)))
        if not cards:
            note = text(tr("board.empty"), max(LEAST_PX, int(13 * u)), MUTED, True)
            s.blit(note, note.get_rect(midtop=(where.centerx, where.bottom + 2)))
    rm = lay.removed
    draw.rect(s, shade((226, 196, 146), 0.8), rm, 2, border_radius=max(3, rm.w // 12))
    if view.removed:
        last = view.removed[-1]
        if m.shows(last) and rm.w >= CHOICE_W:  # a face too small to read is left out (the log names it)
            img = face(m, faces, last, rm.w, rm.h).copy()
            img.set_alpha(150)
            s.blit(img, rm.topleft)
    count = text(str(len(view.removed)), max(LEAST_PX, int(14 * u)), CREAM, True)
    plate = pile_count_plate(lay, rm, count, side=-1)
    draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
    draw.rect(s, GOLD, plate, 1, border_radius=plate.h // 2)
    s.blit(count, count.get_rect(center=plate.center))
    tips.append(tip(TipKind.REMOVED, rm.union(plate), n=len(view.removed)))
    lbl, plate = removed_label(lay)
    draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
    s.blit(lbl, lbl.get_rect(center=plate.center))


def pile_count_plate(lay: TableLayout, pile: pygame.Rect, count: pygame.Surface, *, side: int) -> pygame.Rect:
    """Where a pile's count goes: on its foot, or beside a pile too small for it (after it, or before: `side`)."""
    plate = count.get_rect().inflate(10, 4)
    if lay.board_lists:
        if side > 0:
            plate.midleft = (pile.right + 4, pile.centery)
        else:
            plate.midright = (pile.left - 4, pile.centery)
    else:
        plate.center = (pile.centerx, pile.bottom - int(pile.h * 0.18))
    return plate


def removed_label(lay: TableLayout) -> tuple[pygame.Surface, pygame.Rect]:
    """The "Out of the game" label on its plate, where the layout put it (above the piles)."""
    lbl = fit_text(tr("board.removed"), lay.removed_label.w - 8, lay.removed_label_px, CREAM, True, min_size=LEAST_PX)
    return lbl, lay.removed_label


def draw_prompt(
    s: pygame.Surface, m: TableModel, lay: TableLayout, buttons_left: int | None, text_left: int | None = None
) -> None:
    r = lay.prompt
    u = lay.u
    s.blit(translucent_plate(r.w, r.h, (20, 10, 5, 150)), r.topleft)
    mine = bool(m.view.legal)
    colour = HIGHLIGHT if mine else CREAM
    message = m.message or m.prompt_text()
    x = buttons_left - int(10 * u) if buttons_left is not None else r.right - int(12 * u)
    colour = WARNING if m.message or m.warns() else colour
    left = (text_left if text_left is not None else r.left) + int(16 * u)
    width, px = x - left - int(12 * u), max(LEAST_PX, int(19 * u))
    if font(fitting_size(message, width, px, True, "sans", LEAST_PX), True).size(message)[0] <= width:
        img = fit_text(message, width, px, colour, True, min_size=LEAST_PX)
        s.blit(img, img.get_rect(midleft=(left, r.centery)))
        return
    px, lines = wrapped_lines(message, width, r.h, px, True, "sans", LEAST_PX)  # ("Waiting for" seven long names)
    line_h = font(px, True).get_linesize()
    shown = lines[: max(1, r.h // line_h)]
    y = r.centery - len(shown) * line_h // 2
    for i, line in enumerate(shown):
        last = i == len(shown) - 1 and len(shown) < len(lines)
        img = fit_text(line + ("\u2026" if last else ""), width, px, colour, True, min_size=px)
        s.blit(img, (left, y))
        y += line_h


def draw_banners(s: pygame.Surface, lay: TableLayout, banners: list[Banner], now: float) -> None:
    u = lay.u
    area = lay.board_area
    for b in banners:
        a = b.alpha(now)
        if a <= 0:
            continue
        size = int(46 * u) if b.big else int(16 * u) if b.at else int(22 * u)
        img = text(b.text, max(12, size), GOLD if b.big else CREAM, True, "serif")
        box = img.get_rect().inflate(int(50 * u) if not b.at else int(16 * u), int(18 * u) if not b.at else int(8 * u))
        if b.at:
            box.midtop = b.at
            box.clamp_ip(pygame.Rect(0, 0, lay.sidebar.left, lay.prompt.top))
        else:
            box.center = (area.centerx, int(area.top + area.h * (0.42 if b.big else 0.58)))
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*PANEL_DARK, 255), plate.get_rect(), border_radius=box.h // 3)  # the bands under
        # it do not show through: the banner is on top of everything while it stands
        pygame.draw.rect(plate, (*GOLD, 255), plate.get_rect(), 2, border_radius=box.h // 3)
        plate.blit(img, img.get_rect(center=(box.w // 2, box.h // 2)))
        plate.set_alpha(a)
        s.blit(plate, box.topleft)
