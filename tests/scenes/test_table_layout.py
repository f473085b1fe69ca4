"""The table is readable at every window size and player count, checked from the layout's own numbers."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache

import pygame
import pytest

from amul_table.i18n import set_language, tr
from amul_table.match.session import GameSession
from amul_table.rules.cards import load_cards
from amul_table.rules.engine import apply, legal_actions, pending
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.seats import Seat
from amul_table.rules.setup import new_game
from amul_table.rules.views import SeatView, view_for
from amul_table.scenes.table import paint, stacks
from amul_table.scenes.table.layout import CHOICE_PX, CHOICE_W, OPPONENT_PX, TableLayout
from amul_table.scenes.table.model import TableModel, committed_view
from amul_table.scenes.table.paint import static_parts
from amul_table.scenes.table.paint_seats import draw_seat
from amul_table.scenes.table.stacks import chip_width, fitted_label, flow_stacks, grouped, shortened, stack_groups
from amul_table.sprites.cards import band_width, card_name, card_strip, name_band_bottom, name_fits
from amul_table.sprites.style import LEAST_PX, font
from tests.budget import sweep
from tests.scenes.table_text import Drawn, moments, recording, text_of_frames

CAP_PX = 9  # the least height of a capital letter anywhere on the table

SIZES = [(1024, 640), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]
PLAYERS = range(3, 9)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@cache
def seat0_views(players: int, seed: int = 5) -> tuple[SeatView, ...]:
    """Seat 0's view at each of its decisions over a whole game of random moves, and the final table."""
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    views = []
    while not state.is_over:
        now = pending(state)
        if 0 in now.seats:
            views.append(view_for(state, 0))
        seat = now.seats[0]
        apply(state, rng.choice(legal_actions(state, seat)))
    views.append(view_for(state, 0))
    return tuple(views)


@dataclasses.dataclass(frozen=True)
class Moment:
    """A game as the table shows it (link.Shown) at one of seat 0's decisions: its seats and seat 0's view, kept to
    lay the table out at any size, in any language and aid, without playing the game again."""

    seats: tuple[Seat, ...]
    seat0: SeatView

    def view(self, seat: int) -> SeatView:
        assert seat == 0
        return self.seat0

    @classmethod
    def of(cls, session: GameSession) -> Moment:
        return cls(tuple(session.seats), session.view(0))


def text_of_parts(
    monkeypatch, model: TableModel, size: tuple[int, int], drawers: tuple[Callable[..., None], ...]
) -> list[Drawn]:
    """The text that the parts of `model`'s still frame at `size` drawn by `drawers` draw (`static_parts`: the
    board's strips, the seats...), from empty caches: a test of one region's text paints that region alone."""
    model.resize(size)
    surface = pygame.Surface(size)
    parts = [p for p in static_parts(model, set(), [], buttons_left=None, text_left=None) if p.func in drawers]
    with recording(monkeypatch) as drawn:
        for part in parts:
            part(surface)
    return drawn


def choice_cards(view: SeatView) -> list[int]:
    return [a.card for a in view.legal if a.kind != ActionKind.DECLINE]


def size_sweep(sizes: list[tuple[int, int]], counts: range, *, quick: Callable[[tuple[int, int], int], bool]) -> list:
    """Every window size at every player count, a case each ("1024x640-8"): those `quick` picks (the most
    demanding) in the fast suite, the others marked slow (make test runs them all)."""
    return sweep(
        [(size, n) for size in sizes for n in counts],
        fast=lambda case: quick(*case),
        ids=lambda case: f"{case[0][0]}x{case[0][1]}-{case[1]}",
    )


@pytest.mark.parametrize(
    ("size", "players"), size_sweep(SIZES, PLAYERS, quick=lambda size, n: size == (1024, 640) or n in (3, 8))
)
def test_cards_to_choose_from_and_opponents_are_readable(size, players):
    """The smallest window at every player count, and every size at 3 players (the largest cards) and 8 (the most
    seats), in the fast suite."""
    phases = set()
    for view in seat0_views(players):
        lay = TableLayout(size, view, 0)
        assert lay.text_px["opponents"] >= OPPONENT_PX
        cards = choice_cards(view)
        if not cards:
            continue
        phases.add(view.phase)
        if view.phase in (Phase.OFFER, Phase.REVEAL):
            assert lay.text_px["hand"] >= CHOICE_PX, f"hand at {lay.hand_w} px wide, step {lay.hand_step}"
            zone = lay.hand
        else:
            region = "tray" if lay.tray else "market"
            assert lay.text_px[region] >= CHOICE_PX, f"{region} too small in {view.phase}"
            zone = lay.tray or lay.market
        rects = [zone[u] for u in cards]
        screen = pygame.Rect(0, 0, *size)
        for uid, rect in zip(cards, rects, strict=True):
            assert rect.w >= CHOICE_W and screen.contains(rect)
            assert name_fits(uid, rect.w, "en") and name_fits(uid, rect.w, "fr")
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :]), "cards overlap"
    assert {Phase.OFFER, Phase.PICK, Phase.REVEAL} <= phases


def test_palace_and_bazaar_takes_always_use_the_chooser_tray():
    for players in PLAYERS:
        for view in seat0_views(players):
            if (
                view.phase in (Phase.EFFECTS, Phase.GAME_END)
                and view.pending.source in ("palace", "bazaar")
                and view.legal
            ):
                lay = TableLayout((1600, 900), view, 0)
                assert set(choice_cards(view)) <= set(lay.tray)


@pytest.mark.parametrize(
    "widths",
    [range(CHOICE_W, 150), pytest.param(range(150, 400), marks=pytest.mark.slow)],
    ids=["narrowest", "wider"],
)
def test_every_card_name_shows_whole_at_any_choice_width(widths):
    """Each name once (a card's name is its type's: 66 types, 172 cards). The narrowest faces, where names wrap to
    two lines and long words are hyphenated, are in the fast suite; the wider ones (a name's text grows with the
    face, down to the same least size when it does not fit) are slow."""
    named = {
        (card_name(card.type, "en"), card_name(card.type, "fr")): uid for uid, card in enumerate(load_cards().cards)
    }
    for w in widths:
        for uid in named.values():
            assert name_fits(uid, w, "en") and name_fits(uid, w, "fr"), (uid, w)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_8_players_1024x640_opponents_cards_show_whole_shortened_or_by_colour_never_cut_or_behind_more(
    monkeypatch, lang
):
    """Issue 23 #12: opponents' names were cut to "Mo…" or "A.. ×2" and stacks hid behind "+N more" that only a
    hover opened. Each opponent's strip now says a whole name, one shortened by syllables ("Mong. Merchant"), or
    a colour with its count; every card is on a strip, none under a face-down Reveal."""
    set_language(lang)
    for model in table_moments(8):
        monkeypatch.setattr(model.settings, "language", lang)
        monkeypatch.setattr(model, "layout", model.lay_out((1024, 640)))  # in this language (the shared model's kept)
        lay = model.layout
        for seat in lay.seat_panel:
            assert seat not in lay.overflow, (model.view.round, model.view.phase, seat)
            stacks = lay.stacks[seat]
            assert sorted(u for st in stacks for u in st.uids) == sorted(model.view.play_areas[seat])
            assert all(lay.play_rect[seat].contains(st.rect) for st in stacks)
            if model.view.phase == Phase.REVEAL and model.view.revealed[seat]:
                assert lay.reveal_slot[seat].collidelist([st.rect for st in stacks]) == -1
        drawn = text_of_parts(monkeypatch, model, (1024, 640), (draw_seat,))
        seats = [d.value for d in drawn if "draw_seat" in d.within]
        assert seats and not [v for v in seats if "…" in v or v.startswith("+")], (model.view.round, seats)


def test_hovering_a_colours_strip_lists_its_cards_by_name(monkeypatch):
    """A strip that stands for a colour's cards ("Yellow ×6") opens, under the pointer, a strip for each of its
    card types, wide enough for the whole name."""
    cards = load_cards().cards
    model = table_moments(8)[-1]
    model.resize((1024, 640))
    colour = next(st for sts in model.layout.stacks.values() for st in sts if grouped([st]))
    monkeypatch.setattr(model, "hover_uid", colour.uids[0])
    listed = []

    def spy(uid, w, h, *args, **kwargs):
        listed.append((uid, w, h))
        return card_strip(uid, w, h, *args, **kwargs)

    monkeypatch.setattr(paint, "card_strip", spy)
    paint.draw_overflow_list(pygame.Surface((1024, 640)), model, model.layout, set())
    types = {cards[u].type.id: u for u in colour.uids}
    assert sorted(cards[uid].type.id for uid, _, _ in listed) == sorted(types)
    for uid, w, h in listed:
        assert w >= chip_width(card_name(cards[uid].type, "en"), h, 1)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tucked_card_starts_below_the_name_band_of_the_card_it_covers(lang):
    """A two-line name ("Sabre mongol") on a large tucked face was cut by the next card's band."""
    set_language(lang)
    checked = 0
    for players in (3, 8):
        for view in seat0_views(players)[-3:]:
            for size in [(1600, 900), (2560, 1440), (3840, 2160)]:
                lay = TableLayout(size, view, 0)
                faces = lay.play[0] if 0 not in lay.stacks else {}
                for uid, rect in faces.items():
                    for other in faces.values():
                        if other.left == rect.left and other.top > rect.top:
                            assert other.top - rect.top > name_band_bottom(uid, rect.w, rect.h, lang), (uid, size)
                            checked += 1
    assert checked


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1600, 900), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_bazaar_band_shows_its_summary_at_8_players(lang, size):
    """The Palace and Bazaar lists shrank alike where they shared the width, and in French at 1600×900 half the
    Bazaar summaries dropped (Négociant byzantin…): the width now goes where it shows the most summaries."""
    set_language(lang)
    for view in seat0_views(8):
        lay = TableLayout(size, view, 0)
        for st in lay.board_stacks["bazaar"]:
            assert st.rect.w >= band_width(st.uids[0], st.rect.h, lang, len(st.uids)), (view.round, st.uids)


def test_the_strip_widths_and_labels_kept_are_those_measured_afresh_after_pygame_started_again(window):
    """chip_width and fitted_label keep their answers past pygame.quit (a width outlives the fonts measuring it):
    measured again with the new pygame's fonts, every name at every strip height gives the same."""
    names = sorted({card_name(t, lang) for t in load_cards().types.values() for lang in ("en", "fr")})
    asked = [(name, h, count) for name in names for h in (10, 14, 22) for count in (1, 3)]
    first = window()
    kept = {a: (chip_width(*a), fitted_label(a[0], a[2], 1, a[1], 120)) for a in asked}
    first.close()  # pygame quits: its fonts are gone
    window()
    for (name, h, count), (width, label) in kept.items():
        assert chip_width.__wrapped__(name, h, count) == width == chip_width(name, h, count)
        assert fitted_label.__wrapped__(name, count, 1, h, 120) == label == fitted_label(name, count, 1, h, 120)


def test_the_band_widths_kept_are_those_measured_afresh_in_either_language_after_pygame_started_again(window):
    """band_width keeps its answers past pygame.quit and apart by language: measured again with the new pygame's
    fonts, every card at every band height, with and without its rule, in English and French, gives the same."""
    asked = [
        (uid, h, lang, count, rule)
        for uid in range(0, len(load_cards().cards), 7)
        for h in (12, 18, 26)
        for lang in ("en", "fr")
        for count in (1, 2)
        for rule in (True, False)
    ]
    first = window()
    kept = {a: band_width(*a[:4], with_rule=a[4]) for a in asked}
    first.close()  # pygame quits: its fonts are gone
    window()
    for (uid, h, lang, count, rule), width in kept.items():
        assert band_width.__wrapped__(uid, h, lang, count, with_rule=rule) == width
        assert band_width(uid, h, lang, count, with_rule=rule) == width
    english, french = ({band_width(uid, 18, lang) for uid in range(len(load_cards().cards))} for lang in ("en", "fr"))
    assert english != french  # the names differ: a width kept for one language is not given for the other


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_flowed_strips_kept_are_those_flowed_afresh_in_new_rects(lang):
    """flow_stacks keeps its strips by what they depend on (the groups, the area, the height, the language): at
    every seat's play area of a game, at two heights, what it gives equals flowing afresh, in Rects of its own
    (the layout shortens them)."""
    set_language(lang)
    checked = 0
    for view in seat0_views(8):
        for area in view.play_areas[1:]:
            groups = stack_groups(area)
            for rect, sh in ((pygame.Rect(10, 20, 150, 90), 14), (pygame.Rect(0, 0, 90, 40), 10)):
                kept = flow_stacks(groups, rect, sh, lang, pygame.Rect(120, 20, 40, 30))
                afresh = stacks._flow_stacks(groups, rect, sh, lang, pygame.Rect(120, 20, 40, 30))
                assert kept == afresh
                if kept:
                    kept[0].rect.width = 1  # as clear_of does
                    assert flow_stacks(groups, rect, sh, lang, pygame.Rect(120, 20, 40, 30)) == afresh
                    checked += 1
    assert checked > 100


def test_a_shortened_name_keeps_its_longest_word_then_a_syllable_of_each():
    assert shortened("Mongol Merchant", 1) == "Mong. Merchant"
    assert shortened("Négociant byzantin", 1) == "Négociant byz."
    assert shortened("Fournisseur d'épices", 1) == "Fournisseur d'ép."
    assert shortened("Mongol Merchant", 2) == "Mong. Merch."
    assert shortened("Amul City Guard", 2) == "Amul City Guard"
    assert shortened("Caravansérail", 2) == "Caravansérail"


def test_an_overflowing_play_area_keeps_every_card_reachable():
    """Stacks that do not fit go behind a "+N" slot, which still leads to each card (hover opens the list)."""
    view = seat0_views(8)[-1]
    lay = TableLayout((1024, 640), view, 0)
    for seat in lay.seat_panel:
        placed = {u for st in lay.stacks[seat] for u in st.uids}
        hidden = set(lay.overflow[seat].uids) if seat in lay.overflow else set()
        assert placed | hidden == set(view.play_areas[seat]) and not placed & hidden
        assert set(lay.play[seat]) == set(view.play_areas[seat])


@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_reveal_slot_never_covers_the_play_area_or_the_hand(size, players):
    """At 1024×640 the empty Reveal slot hid the whole play area (ten cards in round 9), at 1600×900 its first
    column: it waits at the end of the hand, where the revealed card leaves a gap."""
    for view in seat0_views(players):
        if view.phase != Phase.REVEAL or not view.legal:
            continue
        lay = TableLayout(size, view, 0)
        slot = lay.reveal_slot[0]
        assert not slot.colliderect(lay.play_rect[0])
        assert not any(slot.colliderect(r) for r in lay.play[0].values())
        held = committed_view(view, view.legal[0])
        lay = TableLayout(size, held, 0)
        slot = lay.reveal_slot[0]
        assert lay.bottom.contains(slot)
        assert not slot.colliderect(lay.play_rect[0])
        assert not any(slot.colliderect(r) for r in lay.hand.values()), "the revealed card covers the hand"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [3, 8])
def test_every_phase_tab_shows_whole_in_the_sidebar(lang, players):
    """Issue 23 #13: in French at 1600×900 the Effets tab was missing (the row ran out of room)."""
    set_language(lang)
    view = seat0_views(players)[0]
    for size in SIZES:
        lay = TableLayout(size, view, 0)
        pills = lay.phase_pills
        assert [p.phase for p in pills] == [Phase.OFFER, Phase.PICK, Phase.REVEAL, Phase.EFFECTS]
        for i, pill in enumerate(pills):
            assert lay.sidebar.contains(pill.rect)
            assert font(pill.px, True).size(tr(f"table.phase.{pill.phase}"))[0] <= pill.rect.w
            assert not any(pill.rect.colliderect(q.rect) for q in pills[i + 1 :])
        assert max(p.rect.bottom for p in pills) < lay.side_tops["order"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", PLAYERS)
def test_the_turn_orders_caption_shows_whole_above_the_names(lang, players):
    """Re-check of issue 23 #12: at 8 players the French "Ordre : sens horaire depuis le Premier choix" was cut
    ("…depuis le Premie…") at 1024×640 and 2560×1440. The caption wraps to two lines rather than cut a word."""
    set_language(lang)
    clockwise = seat0_views(players)[0]
    for view in (clockwise, dataclasses.replace(clockwise, military_order=True)):
        order = tr("table.military_order") if view.military_order else tr("table.clockwise_order")
        whole = tr("table.order_line", order=order)
        for size in SIZES:
            lay = TableLayout(size, view, 0)
            caption = lay.order_caption
            inner_w = lay.sidebar.w - 2 * int(14 * lay.u)
            assert " ".join(caption.lines) == whole, "every word of the caption is drawn"
            assert 1 <= len(caption.lines) <= 2 and caption.px >= LEAST_PX
            assert all(font(caption.px).size(line)[0] <= inner_w for line in caption.lines), (size, caption)
            assert caption.height <= lay.order_line_h, "the caption ends above the first name"


# --- the net: minimums measured from what the layout and the painter produce -----------------------------------

TEXT_SIZES = [(1024, 640), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]
QUICK = {((1024, 640), 3), ((1024, 640), 8), ((1600, 900), 8), ((2560, 1440), 3), ((2560, 1440), 8)}
SWEEP = size_sweep(TEXT_SIZES, PLAYERS, quick=lambda size, n: (size, n) in QUICK)


@cache
def table_moments(players: int) -> tuple:
    return tuple(moments(players))


@pytest.mark.parametrize(("size", "players"), SWEEP)
def test_no_text_on_the_table_has_capitals_under_9_px(monkeypatch, size, players):
    """Issue 23 #6 and the net: Market capitals were 4–5 px at 1024×640; every line the table draws, in every
    phase (the Reveal held, effect choices, the end), is rendered and measured (a card's fine print aside)."""
    models = table_moments(players)
    for model, drawn in zip(models, text_of_frames(monkeypatch, models, size), strict=True):
        small = {(d.value, d.cap, d.by) for d in drawn if d.cap < CAP_PX}
        assert not small, (model.view.round, model.view.phase, sorted(small)[:8])


@pytest.mark.parametrize(("size", "players"), SWEEP)
def test_nothing_the_player_owns_is_covered_and_no_label_lies_on_another(size, players):
    """Issue 23 #4 and #12: the Reveal slot covered the play area, the Market the Palace bands, "Out of the game"
    the deck. The hand and play area stay clear of every slot, label and board card; the board's titles, bands,
    Market slots and piles lie on none of each other."""
    for model in table_moments(players):
        model.resize(size)
        lay, seat = model.layout, model.shown
        owned = [lay.play_rect[seat], *lay.hand.values(), *lay.play[seat].values()]
        if model.view.my_reveal >= 0:
            owned.append(lay.reveal_slot[seat])
        labels = {name: rect for name, (rect, _) in lay.board_labels().items()}
        board = {
            **{f"label {k}": r for k, r in labels.items()},
            **{f"{name} band {i}": st.rect for name, sts in lay.board_stacks.items() for i, st in enumerate(sts)},
            **{f"market slot {i}": r for i, r in enumerate(lay.market_slots)},
            "deck": lay.deck,
            "removed": lay.removed,
        }
        coverers = [*board.values(), lay.prompt, *lay.seat_panel.values()]
        if lay.tray_rect is not None:
            coverers.append(lay.tray_rect)
        for rect in owned:
            assert rect.collidelist(coverers) == -1 or rect == lay.reveal_slot[seat], (model.view.phase, rect)
        if (
            model.view.phase == Phase.REVEAL
        ):  # the empty slot, where it is drawn (beside the hand), or the revealed card
            assert lay.reveal_slot[seat].collidelist([lay.play_rect[seat], *lay.play[seat].values()]) == -1
        names = list(board)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                if a.startswith("label") or b.startswith("label") or a.split()[0] != b.split()[0]:
                    assert not board[a].colliderect(board[b]), (model.view.round, model.view.phase, a, b)
