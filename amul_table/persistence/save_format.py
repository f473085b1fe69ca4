"""Saves as data: the YAML format, its validation, and the replay that proves a save is what it says.

A save records the seats, the options, the seed, the bots' secret salt (format 2), the chance outcomes
(the Market deck and the starting player, cards named by printed number such as "A-27"), every action and
a snapshot of the state. Loading checks every field, replays the actions and compares the result with the
snapshot; anything else is refused with a SaveError that says why (a code: errors.py). No files here
(save_files.py reads and writes them) and no pygame.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from amul_table.persistence.errors import SaveError
from amul_table.persistence.illegal_action import illegal_action
from amul_table.persistence.reader import SAVE, FileRefused, check_yaml_shape, one_line, visible_text
from amul_table.persistence.save_fields import (
    card_uid,
    card_uids,
    int_in,
    is_int,
    list_value,
    seat_list,
    time_text,
    time_value,
)
from amul_table.persistence.value_words import describe_value as _describe
from amul_table.persistence.value_words import short_value as _short
from amul_table.rules.cards import load_cards
from amul_table.rules.engine import apply
from amul_table.rules.errors import RuleError
from amul_table.rules.phases import ACTION_WORDS, PHASE_WORDS, ActionKind, Phase
from amul_table.rules.seats import MAX_NAME, Seat
from amul_table.rules.setup import MAX_PLAYERS, MAX_TEA, MIN_PLAYERS, SetupError, game_cards, new_game
from amul_table.rules.state import NO_CARD, ROUNDS, Action, GameState

FORMAT = "amul-table-save"
VERSION = 2  # the newest format version this code writes and reads
LEGACY_VERSION = 1  # no bot_salt: its bots keep their legacy seeds (a game saved before format 2 goes on as one)
SEAT_KINDS = ("human", "bot")
SOURCES = ("palace", "bazaar", "market")
TOP_FIELDS = ("format", "version", "created", "updated", "app_version", "seats", "options", "seed", "chance")
TOP_FIELDS += ("actions", "snapshot")
TOP_FIELDS_V1 = TOP_FIELDS
TOP_FIELDS += ("bot_salt",)  # format 2: after `seed`, the secret that keys the bots' seeds (ai.base.bot_seed)
BOT_SALT_LIMIT = 1 << 64
SNAPSHOT_FIELDS = ("round", "phase", "first_pick", "rng", "deck", "market", "palace", "bazaar", "removed")
SNAPSHOT_FIELDS += ("hands", "play_areas", "offers", "reveals", "order", "pick_index", "effects")
SECRET_FIELDS = frozenset({"hands", "offers", "reveals", "deck", "rng"})  # what no seat's view shows
RNG_LIMIT = 1 << 64
SEED_LIMIT = 1 << 64  # the engine keeps the seed's low 64 bits: a larger one would replay yet not write back

# libyaml when PyYAML was built with it: loading and saving a whole game then take a few milliseconds.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@dataclass(frozen=True)
class GameSetup:
    """Who plays and with which options; the seat at index i is seat i of the engine."""

    seats: tuple[Seat, ...]
    tea: int = 0  # Tea cards added (0 = regular game)
    # The secret keying the bots' seeds; None: a game begun before format 2 (legacy seeds). No default, on purpose.
    bot_salt: int | None = field(kw_only=True, repr=False)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats; more than one means pass-and-play (hands go behind the shield)."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.human)


def utc_now() -> dt.datetime:
    """Now, in UTC, to the second (what a save records)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


@dataclass
class SavedGame:
    """A game as a save holds it: the setup, the full state, and when it was begun and last saved."""

    setup: GameSetup
    state: GameState
    created: dt.datetime = field(default_factory=utc_now)
    updated: dt.datetime | None = None  # set on every save
    app_version: str = ""  # the amul_table version that wrote it

    @property
    def players(self) -> int:
        return self.state.players


# --- writing ----------------------------------------------------------------------------------


def dump_save(saved: SavedGame) -> str:
    """The YAML text of a save. Raises SaveError for a game that could not be loaded back."""
    return yaml.dump(
        to_document(saved),
        Dumper=_Dumper,
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=100,
    )


def to_document(saved: SavedGame) -> dict[str, Any]:
    """The save as plain YAML data (mappings, lists, strings, numbers)."""
    state, setup = saved.state, saved.setup
    if setup.players != state.players:
        raise SaveError("error.save.setup_seats", setup=setup.players, game=state.players)
    if setup.tea != state.tea:
        raise SaveError("error.save.setup_tea", setup=setup.tea, game=state.tea)
    for i, seat in enumerate(setup.seats):
        _seat_from_document(_seat_to_document(seat), f"seats[{i}]", None)  # refuse what we could not load
    if (salt := setup.bot_salt) is not None:
        _bot_salt({"bot_salt": salt})  # refuse what we could not load
    numbers = [c.number for c in load_cards().cards]
    updated = saved.updated or saved.created
    return {
        "format": FORMAT,
        "version": VERSION if salt is not None else LEGACY_VERSION,
        "created": time_text(saved.created),
        "updated": time_text(updated),
        "app_version": saved.app_version,
        "seats": [_seat_to_document(seat) for seat in setup.seats],
        "options": {"players": state.players, "tea": state.tea},
        "seed": state.seed,
        **({} if salt is None else {"bot_salt": salt}),  # a legacy game stays version 1: its bots keep their seeds
        "chance": {
            "starting_player": state.starting_player,
            "market_deck": [numbers[uid] for uid in state.initial_deck],
        },
        "actions": [
            [kind.word, seat, None if card == NO_CARD else numbers[card]] for kind, seat, card in state.actions
        ],
        "snapshot": _to_numbers(snapshot(state), numbers),
    }


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything about the state that play changes, with cards as uids (saves write numbers) and the
    phase as its word."""
    return {
        "round": state.round,
        "phase": state.phase.word,
        "first_pick": state.first_pick,
        "rng": state.rng,
        "deck": list(state.deck),
        "market": list(state.market),
        "palace": list(state.palace),
        "bazaar": list(state.bazaar),
        "removed": list(state.removed),
        "hands": [list(h) for h in state.hands],
        "play_areas": [list(a) for a in state.play_areas],
        "offers": [None if c == NO_CARD else c for c in state.offers],
        "reveals": [None if c == NO_CARD else c for c in state.reveals],
        "order": list(state.order),
        "pick_index": state.pick_index,
        "effects": [
            {"seat": e.seat, "card": e.card, "source": e.source, "remaining": e.remaining} for e in state.effects
        ],
    }


# --- reading ----------------------------------------------------------------------------------


def parse_save(text: str | bytes, tiers: Collection[str] | None = None) -> SavedGame:
    """Validate, replay and check a save. `tiers`: the bot tiers this program knows (None: any).

    Raises SaveError, and nothing else, for any text that is not a save this version can trust.
    """
    try:
        check_yaml_shape(text, SAVE)  # depth, size in nodes, no aliases: before anything is built
        data = yaml.load(text, Loader=_Loader)  # a safe loader: CSafeLoader or SafeLoader
    except FileRefused as exc:
        raise SaveError(exc.code, **exc.args_for_text) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        problem = one_line(str(exc.problem or exc))
        if mark:
            raise SaveError("error.save.yaml_at", line=mark.line + 1, column=mark.column + 1, problem=problem) from None
        raise SaveError("error.save.yaml", problem=problem) from None
    except Exception as exc:  # untrusted input: any failure of the parser is a refusal
        raise SaveError("error.save.yaml", problem=one_line(str(exc))) from None
    return from_document(data, tiers)


def from_document(data: Any, tiers: Collection[str] | None = None) -> SavedGame:
    """A SavedGame from parsed YAML, after checking every field, replaying and comparing the snapshot."""
    if not isinstance(data, dict):
        raise SaveError("error.save.not_mapping", value=_describe(data))
    if "format" not in data:
        raise SaveError("error.save.no_format", format=FORMAT)
    if data["format"] != FORMAT:
        raise SaveError("error.save.wrong_format", value=_describe(data["format"]), format=repr(FORMAT))
    version = _need(data, "version", "")
    if not is_int(version):
        raise SaveError("error.save.not_whole", where="version", value=_describe(version))
    if version > VERSION:
        raise SaveError("error.save.newer", version=_short(version), reads=VERSION)
    if version < 1:
        raise SaveError("error.save.old_version", version=_short(version), reads=VERSION)
    _only(data, TOP_FIELDS if version >= 2 else TOP_FIELDS_V1, "", version)
    created = time_value(_need(data, "created", ""), "created")
    updated = time_value(_need(data, "updated", ""), "updated")
    app_version = _need(data, "app_version", "")
    if not isinstance(app_version, str):
        raise SaveError("error.save.not_text", where="app_version", value=_describe(app_version))

    options = _mapping(_need(data, "options", ""), "options", ("players", "tea"))
    players = int_in(_need(options, "players", "options."), "options.players", MIN_PLAYERS, MAX_PLAYERS)
    tea = int_in(_need(options, "tea", "options."), "options.tea", 0, MAX_TEA)
    seats_data = list_value(_need(data, "seats", ""), "seats")
    if len(seats_data) != players:
        raise SaveError("error.save.seat_count", seats=len(seats_data), players=players)
    seats = tuple(_seat_from_document(s, f"seats[{i}]", tiers) for i, s in enumerate(seats_data))
    seed = _need(data, "seed", "")
    if not is_int(seed):
        raise SaveError("error.save.not_whole", where="seed", value=_describe(seed))
    if not 0 <= seed < SEED_LIMIT:
        raise SaveError("error.save.seed", value=_describe(seed))
    bot_salt = _bot_salt(data) if version >= 2 else None

    chance = _mapping(_need(data, "chance", ""), "chance", ("starting_player", "market_deck"))
    starting_player = int_in(_need(chance, "starting_player", "chance."), "chance.starting_player", 0, players - 1)
    market_deck = card_uids(_need(chance, "market_deck", "chance."), "chance.market_deck")
    _check_market_deck(market_deck, players, tea)
    actions = _actions(_need(data, "actions", ""), players)
    recorded = _snapshot_from_document(_need(data, "snapshot", ""), players)

    state = _replay(players, seed, tea, market_deck, starting_player, actions)
    _compare(recorded, snapshot(state))
    return SavedGame(GameSetup(seats, tea, bot_salt=bot_salt), state, created, updated, app_version)


# --- replay and comparison --------------------------------------------------------------------


def _replay(
    players: int, seed: int, tea: int, deck: list[int], starting_player: int, actions: list[Action]
) -> GameState:
    try:
        state = new_game(players, seed, tea=tea, deck_order=deck, starting_player=starting_player)
    except SetupError as exc:
        raise SaveError("error.save.setup_again", reason=str(exc)) from None
    for i, action in enumerate(actions):
        try:
            apply(state, action)
        except RuleError as exc:
            raise illegal_action(state, i, action, str(exc)) from None
    return state


def _compare(recorded: dict[str, Any], replayed: dict[str, Any]) -> None:
    numbers = [c.number for c in load_cards().cards]
    for key in (k for k in SNAPSHOT_FIELDS if recorded[k] != replayed[k]):
        if key in SECRET_FIELDS:  # named, never shown: the Load scene shows no hand of a damaged shared game
            raise SaveError("error.save.snapshot_secret", key=key)
        mine, theirs = (_short(_to_numbers({key: side[key]}, numbers)[key]) for side in (recorded, replayed))
        raise SaveError("error.save.snapshot", key=key, mine=mine, theirs=theirs)


def _check_market_deck(deck: list[int], players: int, tea: int) -> None:
    expected, _, _ = game_cards(players, tea)
    if sorted(deck) == expected:
        return
    numbers = [c.number for c in load_cards().cards]
    have, want = sorted(deck), set(expected)
    seen: set[int] = set()
    for uid in have:
        if uid in seen:
            raise SaveError("error.save.deck_twice", card=numbers[uid])
        seen.add(uid)
        if uid not in want:
            raise SaveError("error.save.deck_foreign", card=numbers[uid])
    missing = [numbers[uid] for uid in expected if uid not in seen]
    raise SaveError("error.save.deck_missing", cards=f"{', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''}")


# --- fields -----------------------------------------------------------------------------------


def _seat_to_document(seat: Seat) -> dict[str, Any]:
    doc: dict[str, Any] = {"name": seat.name, "kind": "human" if seat.human else "bot"}
    if not seat.human:
        doc["tier"] = seat.tier
    return doc


def _seat_from_document(data: Any, where: str, tiers: Collection[str] | None) -> Seat:
    data = _mapping(data, where, ("name", "kind", "tier"))
    name = _need(data, "name", f"{where}.")
    if not isinstance(name, str):
        raise SaveError("error.save.not_text", where=f"{where}.name", value=_describe(name))
    if not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        raise SaveError("error.save.name", where=f"{where}.name", limit=MAX_NAME, value=_short(name))
    if not visible_text(name):
        raise SaveError("error.save.name_invisible", where=f"{where}.name", value=ascii(name))
    kind = _need(data, "kind", f"{where}.")
    if kind not in SEAT_KINDS:
        raise SaveError("error.save.kind", where=f"{where}.kind", value=_describe(kind))
    if kind == "human":
        if data.get("tier") is not None:
            raise SaveError("error.save.human_tier", where=where)
        return Seat.of_human(name)
    tier = _need(data, "tier", f"{where}.")
    if not isinstance(tier, str) or not tier:
        raise SaveError("error.save.tier", where=f"{where}.tier", value=_describe(tier))
    if tiers is not None and tier not in tiers:
        raise SaveError("error.save.tier_unknown", where=f"{where}.tier", tier=repr(tier), tiers=", ".join(tiers))
    return Seat.bot(name, tier)


def _actions(data: Any, players: int) -> list[Action]:
    actions = []
    for i, raw in enumerate(list_value(data, "actions")):
        where = f"actions[{i}]"
        if not isinstance(raw, list) or len(raw) != 3:
            raise SaveError("error.save.action_shape", where=where, value=_short(raw))
        word, seat, card = raw
        kind = ActionKind.of_word(word)
        if kind is None:
            raise SaveError("error.save.action_kind", where=where, value=_describe(word), kinds=", ".join(ACTION_WORDS))
        seat = int_in(seat, f"{where} seat", 0, players - 1)
        if kind == ActionKind.DECLINE:
            if card is not None:
                raise SaveError("error.save.decline_card", where=where, value=_describe(card))
            actions.append(Action(kind, seat))
        else:
            actions.append(Action(kind, seat, card_uid(card, f"{where} card")))
    return actions


def _snapshot_from_document(data: Any, players: int) -> dict[str, Any]:
    """The recorded snapshot with its types checked and cards turned into uids."""
    data = _mapping(data, "snapshot", SNAPSHOT_FIELDS)
    for key in SNAPSHOT_FIELDS:
        _need(data, key, "snapshot.")
    out: dict[str, Any] = {
        "round": int_in(data["round"], "snapshot.round", 1, ROUNDS),
        "phase": data["phase"],
        "first_pick": int_in(data["first_pick"], "snapshot.first_pick", 0, players - 1),
        "rng": int_in(data["rng"], "snapshot.rng", 0, RNG_LIMIT - 1),
        "pick_index": int_in(data["pick_index"], "snapshot.pick_index", 0, players),
    }
    if Phase.of_word(out["phase"]) is None:
        raise SaveError(
            "error.save.one_of", where="snapshot.phase", choices=", ".join(PHASE_WORDS), value=_describe(out["phase"])
        )
    for key in ("deck", "market", "palace", "bazaar", "removed"):
        out[key] = card_uids(data[key], f"snapshot.{key}")
    for key in ("hands", "play_areas"):
        rows = seat_list(data[key], f"snapshot.{key}", players)
        out[key] = [card_uids(row, f"snapshot.{key}[{s}]") for s, row in enumerate(rows)]
    for key in ("offers", "reveals"):
        rows = seat_list(data[key], f"snapshot.{key}", players)
        out[key] = [None if c is None else card_uid(c, f"snapshot.{key}[{s}]") for s, c in enumerate(rows)]
    order = list_value(data["order"], "snapshot.order")
    out["order"] = [int_in(s, f"snapshot.order[{i}]", 0, players - 1) for i, s in enumerate(order)]
    effects = []
    for i, raw in enumerate(list_value(data["effects"], "snapshot.effects")):
        where = f"snapshot.effects[{i}]"
        step = _mapping(raw, where, ("seat", "card", "source", "remaining"))
        source = _need(step, "source", f"{where}.")
        if source not in SOURCES:
            raise SaveError(
                "error.save.one_of", where=f"{where}.source", choices=", ".join(SOURCES), value=_describe(source)
            )
        effects.append(
            {
                "seat": int_in(_need(step, "seat", f"{where}."), f"{where}.seat", 0, players - 1),
                "card": card_uid(_need(step, "card", f"{where}."), f"{where}.card"),
                "source": source,
                "remaining": int_in(_need(step, "remaining", f"{where}."), f"{where}.remaining", 1, 9),
            }
        )
    out["effects"] = effects
    return out


def _bot_salt(data: dict) -> int:
    """Format 2's `bot_salt`: required, a whole number from 0 to 2**64 - 1."""
    if "bot_salt" not in data:
        raise SaveError("error.save.bot_salt_missing", version=VERSION)
    salt = data["bot_salt"]
    if not is_int(salt) or not 0 <= salt < BOT_SALT_LIMIT:
        raise SaveError("error.save.bot_salt", value=_describe(salt))
    return salt


def _need(mapping: dict, key: str, prefix: str) -> Any:
    if key not in mapping:
        raise SaveError("error.save.missing", field=f"{prefix}{key}")
    return mapping[key]


def _only(mapping: dict, allowed: Sequence[str], prefix: str, version: int = VERSION) -> None:
    for key in mapping:
        if key not in allowed:
            raise SaveError("error.save.unknown_field", field=f"{prefix}{key}", version=version)


def _mapping(value: Any, where: str, allowed: Sequence[str]) -> dict:
    if not isinstance(value, dict):
        raise SaveError("error.save.mapping", where=where, value=_describe(value))
    _only(value, allowed, f"{where}.")
    return value


# --- words ------------------------------------------------------------------------------------


def _to_numbers(snap: dict[str, Any], numbers: Sequence[str]) -> dict[str, Any]:
    """A snapshot (or part of one) with card uids written as their printed numbers."""
    out = dict(snap)
    for key in ("deck", "market", "palace", "bazaar", "removed"):
        if key in out:
            out[key] = [numbers[c] for c in out[key]]
    for key in ("hands", "play_areas"):
        if key in out:
            out[key] = [[numbers[c] for c in row] for row in out[key]]
    for key in ("offers", "reveals"):
        if key in out:
            out[key] = [None if c is None else numbers[c] for c in out[key]]
    if "effects" in out:
        out["effects"] = [{**e, "card": numbers[e["card"]]} for e in out["effects"]]
    return out
