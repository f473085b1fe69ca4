"""Checked reading of one value of a save document: each returns the value, typed, or raises a SaveError that
says where in the save it is and what was found (save_format.py reads whole saves with these)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from amul_table.persistence.errors import SaveError
from amul_table.persistence.value_words import describe_value as _describe
from amul_table.persistence.value_words import short_value as _short
from amul_table.rules.cards import load_cards

YEARS = (1970, 2999)  # created/updated outside these are damage (and overflow local time in the Load scene)


def list_value(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise SaveError("error.save.list", where=where, value=_describe(value))
    return value


def seat_list(value: Any, where: str, players: int) -> list:
    rows = list_value(value, where)
    if len(rows) != players:
        raise SaveError("error.save.per_seat", where=where, players=players, count=len(rows))
    return rows


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_in(value: Any, where: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise SaveError("error.save.range", where=where, low=low, high=high, value=_describe(value))
    return value


def card_uid(value: Any, where: str) -> int:
    card = load_cards().by_number.get(value) if isinstance(value, str) else None
    if card is None:
        raise SaveError("error.save.card", where=where, value=_describe(value))
    return card.uid


def card_uids(value: Any, where: str) -> list[int]:
    by_number = load_cards().by_number
    rows = list_value(value, where)
    uids = []
    for i, number in enumerate(rows):
        card = by_number.get(number) if isinstance(number, str) else None
        if card is None:
            card_uid(number, f"{where}[{i}]")
        uids.append(card.uid)
    return uids


def time_value(value: Any, where: str) -> dt.datetime:
    """An ISO 8601 time; one without a zone is read as UTC. YAML may already have made it a datetime."""
    if isinstance(value, dt.datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = dt.datetime.fromisoformat(value)
        except ValueError:
            raise SaveError("error.save.time", where=where, value=_short(value)) from None
    else:
        raise SaveError("error.save.time", where=where, value=_describe(value))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    try:
        moment = moment.astimezone(dt.UTC)
    except (OverflowError, ValueError):
        raise SaveError("error.save.time_range", where=where, value=moment.isoformat()) from None
    if not YEARS[0] <= moment.year <= YEARS[1]:
        raise SaveError("error.save.time_range", where=where, value=moment.isoformat())
    return moment


def time_text(moment: dt.datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")
