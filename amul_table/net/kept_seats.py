"""The seats this user holds at hosted tables: one small file per table under the data folder's tables/.

`$XDG_DATA_HOME/amul_table/tables/HOST_PORT_CODE.json` (or $AMUL_TABLE_DATA/tables/) keeps the seat's
credential, readable by its owner only, so that `join` run again reclaims the same seat.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import msgspec

from amul_table.persistence.atomic import write_atomic
from amul_table.persistence.records import data_folder

MAX_BYTES = 4096
_UNSAFE = re.compile(r"[^A-Za-z0-9.-]+")


class KeptSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    url: str
    code: str
    seat: int
    credential: str
    name: str


@dataclass(frozen=True)
class KeptSeats:
    folder: Path

    @classmethod
    def default(cls) -> KeptSeats:
        return cls(data_folder() / "tables")

    def path(self, url: str, code: str) -> Path:
        parts = urlsplit(url)
        where = _UNSAFE.sub("-", f"{parts.hostname or 'host'}_{parts.port or 0}")
        return self.folder / f"{where}_{code}.json"

    def get(self, url: str, code: str) -> KeptSeat | None:
        """The seat kept for this table, or None (a damaged file counts as none: the seat is claimed anew)."""
        try:
            with self.path(url, code).open("rb") as f:
                data = f.read(MAX_BYTES + 1)
            return None if len(data) > MAX_BYTES else msgspec.json.decode(data, type=KeptSeat)
        except (OSError, msgspec.DecodeError):
            return None

    def keep(self, seat: KeptSeat) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(seat.url, seat.code)
        write_atomic(path, msgspec.json.encode(seat))
        os.chmod(path, 0o600)
