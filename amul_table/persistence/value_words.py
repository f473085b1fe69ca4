"""Values described for messages: a save's refusals name what they found, briefly, whatever it is.

A value from a hostile file may be an alias bomb, nested thousands deep or a number of 5,000 digits
(which `repr` refuses): these renderings are bounded in levels, items and characters.
"""

from __future__ import annotations

import reprlib
from typing import Any

from amul_table.persistence.errors import Phrase


def describe_value(value: Any) -> Phrase:
    """A value's YAML kind and a short rendering, for messages."""
    if value is None:
        return Phrase("error.value.null")
    if isinstance(value, bool):
        return Phrase("error.value.bool", {"value": str(value).lower()})
    if isinstance(value, int):
        return Phrase("error.value.int", {"value": short_value(value)})
    if isinstance(value, float):
        return Phrase("error.value.float", {"value": str(value)})
    if isinstance(value, str):
        return Phrase("error.value.text", {"value": short_value(value)})
    if isinstance(value, list):
        return Phrase("error.value.list", {"n": len(value)})
    if isinstance(value, dict):
        return Phrase("error.value.mapping")
    return Phrase("error.value.other", {"type": type(value).__name__, "value": short_value(value)})


def short_value(value: Any) -> str:
    """A bounded rendering: reprlib stops at a few levels and items, however the YAML nests or aliases."""
    if (
        isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128
    ):  # repr() refuses ints of over 4,300 digits
        return f"{'-' if value < 0 else ''}<a number of {value.bit_length()} bits>"
    text = _REPR.repr(value)
    return text if len(text) <= 100 else text[:96] + " ..."


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxlong, _REPR.maxother = 2, 6, 4, 60, 30, 60
