"""The messages between a table's clients and its Match, and their JSON codec (msgspec, decoded strictly).

Every message is a tagged msgspec Struct (`"type"` names it). What a client sends is typed with ranges
and lengths (seats, cards, turns, names, codes, credentials), so a decode either yields a message the
Match can judge or raises ProtocolError with a code; depth needs no check of its own, since no field
accepts an arbitrary value (a nested list where a number belongs is a type error at its first level).
An Update carries a seat's view without its log: the client keeps the log from the events
(`log_from` says where they start), so a message stays small however long the game. Phases and action
kinds travel as their words ("offer", "game_end"): the wire's types below mirror the rules' tuples with
words where the rules hold IntEnums, and the codec converts at this boundary.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Annotated, Literal, get_args, get_type_hints

import msgspec

from amul_table.rules.phases import ACTION_WORDS, PHASE_WORDS, ActionKind, Phase
from amul_table.rules.setup import MAX_PLAYERS, MAX_TEA, MIN_PLAYERS
from amul_table.rules.state import Action, Event, EventKind, Pending
from amul_table.rules.views import SeatView

PROTOCOL_VERSION = 2  # 2: a seat joining a game under way is sent its History (a version 1 client would refuse it)
MAX_MESSAGE_BYTES = 1 << 20  # a whole 8-player game's final record is ~40 kB, a first Update ~30 kB
MAX_NAME = 60  # characters of a seat's name (as in saves)
MAX_TURN = 4096  # more decisions than any game has (an 8-player game takes ~600)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: a code read aloud or copied by hand
CODE_LENGTH = 6
CREDENTIAL_LENGTH = 32  # secrets.token_urlsafe(24)


def is_table_code(text: str) -> bool:
    """Whether `text` is a table code as written: CODE_LENGTH characters of CODE_ALPHABET (TableCode decodes so)."""
    return len(text) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in text)


SeatNumber = Annotated[int, msgspec.Meta(ge=0, lt=MAX_PLAYERS)]
CardUid = Annotated[int, msgspec.Meta(ge=-1, lt=1024)]
Turn = Annotated[int, msgspec.Meta(ge=0, le=MAX_TURN)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
TableCode = Annotated[str, msgspec.Meta(pattern=f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")]
Credential = Annotated[str, msgspec.Meta(pattern=f"^[A-Za-z0-9_-]{{{CREDENTIAL_LENGTH}}}$")]
Tier = Annotated[str, msgspec.Meta(pattern="^[a-z]{1,16}$")]
ActionWord = Literal[ACTION_WORDS]  # type: ignore[valid-type]  # the words of ActionKind
PhaseWord = Literal[PHASE_WORDS]  # type: ignore[valid-type]  # the words of Phase
SPECTATOR = -1  # the seat of a connection that only watches
MAX_CHAT = 200  # characters of a chat line
ChatText = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT)]
Phrase = Literal["hello", "good_luck", "well_played", "thinking", "thanks", "good_game"]  # quick phrases, by key
PHRASES: tuple[str, ...] = get_args(Phrase)


class ErrorCode(StrEnum):
    """Why a message was refused; clients translate the code, the detail is for logs."""

    MALFORMED = "malformed"  # not JSON, or not a message of this protocol
    TOO_LARGE = "too_large"
    VERSION = "version"  # a protocol version this server does not speak
    NOT_JOINED = "not_joined"  # a Command before a Welcome
    NO_TABLE = "no_table"
    TABLE_FULL = "table_full"
    BAD_CREDENTIAL = "bad_credential"
    BAD_OPTIONS = "bad_options"  # a table nobody can play (players, Tea, tiers)
    BAD_NAME = "bad_name"  # a name nobody could see (blank, control characters)
    NOT_YOUR_SEAT = "not_your_seat"  # a seat this connection does not hold, or a bot's
    STALE_TURN = "stale_turn"  # the table has moved on since the view the command was made from
    ILLEGAL = "illegal"  # the rules forbid that action now
    GAME_OVER = "game_over"
    BUSY = "busy"  # too many messages too fast


class ProtocolError(Exception):
    """A message refused before it reached a Match: its code, and a line for the log."""

    def __init__(self, code: ErrorCode, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


class _Message(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """Every message: a frozen, tagged Struct; unknown fields are refused."""


# --- the game ------------------------------------------------------------------------------------


class ActionData(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """An Action on the wire: [kind, seat, card] (card -1 for a decline)."""

    kind: ActionWord
    seat: SeatNumber
    card: CardUid = -1

    def to_action(self) -> Action:
        return Action(ActionKind[self.kind.upper()], self.seat, self.card)

    @classmethod
    def of(cls, action: Action) -> ActionData:
        return cls(action.kind.word, action.seat, action.card)


class EventData(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """An Event on the wire: its fields in order, the phase as its word ("" for no phase)."""

    kind: EventKind
    seat: int = -1
    cards: tuple[int, ...] = ()
    round: int = 0
    phase: PhaseWord | Literal[""] = ""
    order: tuple[int, ...] = ()
    source: str = ""
    kept: int = 0

    def to_event(self) -> Event:
        phase = Phase[self.phase.upper()] if self.phase else None
        return Event(self.kind, self.seat, self.cards, self.round, phase, self.order, self.source, self.kept)

    @classmethod
    def of(cls, event: Event) -> EventData:
        phase = "" if event.phase is None else event.phase.word
        return cls(event.kind, event.seat, event.cards, event.round, phase, event.order, event.source, event.kept)


class PendingData(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """A Pending on the wire: [phase, seats, source, remaining]."""

    phase: PhaseWord
    seats: tuple[int, ...]
    source: str = ""
    remaining: int = 0

    def to_pending(self) -> Pending:
        return Pending(Phase[self.phase.upper()], self.seats, self.source, self.remaining)

    @classmethod
    def of(cls, pending: Pending) -> PendingData:
        return cls(pending.phase.word, pending.seats, pending.source, pending.remaining)


def wire_events(events: Iterable[Event]) -> tuple[EventData, ...]:
    return tuple(EventData.of(e) for e in events)


def game_events(events: Iterable[EventData]) -> tuple[Event, ...]:
    return tuple(e.to_event() for e in events)


class Command(_Message, tag="command"):
    """A seat's decision, made from the view of decision `turn` (the state's count of actions)."""

    seat: SeatNumber
    action: ActionData
    turn: Turn


# A SeatView without its log (the client keeps the log from the Updates' events): the same fields and
# types, made from SeatView itself so that the two cannot drift apart, with words for the enums.
_WIRE_TYPES = {"phase": PhaseWord, "pending": PendingData, "legal": tuple[ActionData, ...]}
_VIEW_TYPES = {**get_type_hints(SeatView), **_WIRE_TYPES}
VIEW_FIELDS = tuple(name for name in _VIEW_TYPES if name != "log")
ViewData = msgspec.defstruct(
    "ViewData",
    [(name, _VIEW_TYPES[name]) for name in VIEW_FIELDS],
    frozen=True,
    forbid_unknown_fields=True,
    module=__name__,
)


def view_data(view: SeatView) -> ViewData:
    """The view as an Update carries it (without the log)."""
    fields = {name: getattr(view, name) for name in VIEW_FIELDS}
    fields.update(
        phase=view.phase.word, pending=PendingData.of(view.pending), legal=tuple(ActionData.of(a) for a in view.legal)
    )
    return ViewData(**fields)


def seat_view(data: ViewData, log: tuple[Event, ...]) -> SeatView:
    """The SeatView an Update's view data and the client's log make."""
    fields = {name: getattr(data, name) for name in VIEW_FIELDS}
    fields.update(
        phase=Phase[data.phase.upper()],
        pending=data.pending.to_pending(),
        legal=tuple(a.to_action() for a in data.legal),
    )
    return SeatView(**fields, log=log)


class Update(_Message, tag="update"):
    """What seat `view.seat` (or a spectator, seat -1) knows after decision `turn`, and what just happened.

    `events` are the log's entries from index `log_from` on: a first Update (log_from 0) carries the
    whole log, later ones only the new events.
    """

    turn: int
    view: ViewData
    events: tuple[EventData, ...]
    log_from: int


# A view of the seat's history on the wire: the view's fields that changed since the view before it (all of them
# in the first), and where in the log it ends: a whole 8-player game is about 40 kB.
PastView = msgspec.defstruct(
    "PastView",
    [("log_end", Annotated[int, msgspec.Meta(ge=0)])]
    + [(name, _VIEW_TYPES[name] | msgspec.UnsetType, msgspec.UNSET) for name in VIEW_FIELDS],
    frozen=True,
    forbid_unknown_fields=True,
    module=__name__,
)


class History(_Message, tag="history"):
    """What seat `seat` knew after each decision of the game so far ([i] after the first i): its own views only,
    sent after the first Update of a seat that joins a game under way (a reconnecting window rebuilds its score
    trail from them, as a continued save does)."""

    seat: SeatNumber
    views: Annotated[tuple[PastView, ...], msgspec.Meta(max_length=MAX_TURN + 1)]


def history_data(seat: int, views: Sequence[SeatView]) -> History:
    """The seat's views as a History carries them: each view's changes since the one before."""
    out, before = [], {}
    for view in views:
        fields = msgspec.structs.asdict(view_data(view))
        changed = {k: v for k, v in fields.items() if k not in before or before[k] != v}
        out.append(PastView(log_end=len(view.log), **changed))
        before = fields
    return History(seat=seat, views=tuple(out))


def past_views(history: History, log: tuple[Event, ...]) -> list[SeatView]:
    """The views a History carries, each with its part of `log` (the seat's whole log, from its Update);
    ProtocolError when they do not make views."""
    views, fields, end = [], {}, 0
    for past in history.views:
        fields.update({k: v for k, v in msgspec.structs.asdict(past).items() if v is not msgspec.UNSET})
        if past.log_end < end or past.log_end > len(log) or len(fields) != len(VIEW_FIELDS) + 1:
            raise ProtocolError(ErrorCode.MALFORMED, f"a past view ending at event {past.log_end} of {len(log)}")
        end = past.log_end
        view = seat_view(ViewData(**{k: v for k, v in fields.items() if k != "log_end"}), log[:end])
        if view.seat != history.seat:
            raise ProtocolError(ErrorCode.MALFORMED, f"a view of seat {view.seat} in seat {history.seat}'s history")
        views.append(view)
    return views


class GameOver(_Message, tag="game_over"):
    """The finished game's full record (a save's YAML, every hand, no bot salt), sent once it is over."""

    save: str


class Error(_Message, tag="error"):
    """A refused message: the code says why; `turn` is the table's decision count when known (-1)."""

    code: ErrorCode
    detail: str = ""
    turn: int = -1


# --- joining a table -------------------------------------------------------------------------------


class SeatState(StrEnum):
    """How a seat is played right now."""

    OPEN = "open"  # a human's chair nobody has claimed yet
    CONNECTED = "connected"
    AWAY = "away"  # its human dropped; a bot covers it after the host's wait
    COVERED = "covered"  # a bot plays it until its human returns
    BOT = "bot"


class SeatInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One chair as every client sees it."""

    name: str
    tier: str | None  # a bot's tier; None for a human's chair
    state: SeatState


class Hello(_Message, tag="hello"):
    """Join table `table`: claim a free seat, reclaim one (its credential), or watch.

    A claim may bring its own new credential (`claim` true): the client keeps it before asking, so that
    a client stopped between the host's answer and its own write still holds the seat it was given.
    """

    protocol: int
    table: TableCode
    name: Name = "Player"
    credential: Credential | None = None
    claim: bool = False  # with a credential no seat has yet: claim a free seat with it
    watch: bool = False


class Welcome(_Message, tag="welcome"):
    """The seat this connection holds (-1: watching) and its credential, to keep for reconnecting."""

    protocol: int
    table: str
    seat: int
    credential: str
    seats: tuple[SeatInfo, ...]
    turn_timer: float = 0.0  # seconds a human has for each decision before a bot makes it (0: no timer)


class TableStatus(_Message, tag="status"):
    """Who is at the table, sent whenever a seat's state changes."""

    seats: tuple[SeatInfo, ...]


class NewTable(_Message, tag="new_table"):
    """Ask the server for a table: `players` chairs, the last ones played by bots of `bots`' tiers."""

    protocol: int
    players: Annotated[int, msgspec.Meta(ge=MIN_PLAYERS, le=MAX_PLAYERS)]
    bots: Annotated[tuple[Tier, ...], msgspec.Meta(max_length=MAX_PLAYERS)] = ()
    seed: Annotated[int, msgspec.Meta(ge=0, le=(1 << 63) - 1)] | None = None
    tea: Annotated[int, msgspec.Meta(ge=0, le=MAX_TEA)] = 0
    bot_names: Annotated[tuple[Name, ...], msgspec.Meta(max_length=MAX_PLAYERS)] = ()  # the bots' names, in order


class TableMade(_Message, tag="table_made"):
    """The new table's join code and its chairs."""

    code: str
    seats: tuple[SeatInfo, ...]


class Say(_Message, tag="say"):
    """A chat line from a seat: free text, or one of the quick phrases (each client words it in its language)."""

    text: ChatText | None = None
    phrase: Phrase | None = None


class Said(_Message, tag="said"):
    """A chat line, sent to everyone at the table (the host checked it; clients draw it as plain text)."""

    seat: int
    text: str | None
    phrase: str | None


ClientMessage = Command | Hello | NewTable | Say
ServerMessage = Update | History | GameOver | Error | Welcome | TableStatus | TableMade | Said
Message = ClientMessage | ServerMessage

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_any_decoder = msgspec.json.Decoder(Message)


def encode(message: Message) -> bytes:
    """The message as compact JSON."""
    return _encoder.encode(message)


def decode_client(data: bytes | str) -> ClientMessage:
    """A message from a client (server side), or ProtocolError(MALFORMED or TOO_LARGE)."""
    return _decode(_client_decoder, data)


def decode_server(data: bytes | str) -> ServerMessage:
    """A message from the server (client side), or ProtocolError."""
    return _decode(_server_decoder, data)


def decode(data: bytes | str) -> Message:
    """Any message of this protocol (tests, tools), or ProtocolError."""
    return _decode(_any_decoder, data)


def _decode(decoder: msgspec.json.Decoder, data: bytes | str) -> msgspec.Struct:
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(ErrorCode.TOO_LARGE, f"{len(data)} bytes (at most {MAX_MESSAGE_BYTES})")
    try:
        return decoder.decode(data)
    except (msgspec.DecodeError, RecursionError) as exc:  # ValidationError is a DecodeError
        raise ProtocolError(ErrorCode.MALFORMED, str(exc)[:200]) from None
