"""Join codes and seat credentials: short codes to read aloud, long secrets kept only as digests on the host."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from amul_table.match.protocol import CODE_ALPHABET, CODE_LENGTH


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A table's join code: 6 characters without look-alikes (30⁶ ≈ 7·10⁸ codes), not one already in use."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_credential() -> str:
    """A seat's secret: 24 random bytes, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def digest(credential: str) -> str:
    """What the host keeps of a credential: its SHA-256, so that its data folder holds no usable secret."""
    return hashlib.sha256(credential.encode()).hexdigest()


def matches(credential: str, kept: str) -> bool:
    """Whether `credential` is the one whose digest is `kept` (in constant time)."""
    return hmac.compare_digest(digest(credential), kept)
