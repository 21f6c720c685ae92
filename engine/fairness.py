"""Provable fairness: commit to a game's hidden setup before the first move.

At creation the service publishes ``commitment(...)``, a SHA-256 digest of
the canonical JSON of the game, players, setup and a random salt. When the
game is over it reveals setup and salt, and anyone can recompute the digest
(``python -m engine verify RECORD COMMITMENT``) to see that the deal was
fixed before play began. The salt (``secrets.token_hex(16)`` or better) keeps
the setup from being guessed from the digest.

Dice rolled during play (in a game with dice) come from the same salt: the dice of
the move stored as event ``seq`` are ``dice(salt, seq, count)``. Block ``i``
of the stream is ``HMAC-SHA256(key=salt, msg="dice:{seq}:{i}")`` (UTF-8);
each byte below 252 gives the die ``byte % 6 + 1`` and bytes 252–255 are
skipped, so every face is equally likely. Nobody can foresee the dice
without the salt, and once the salt is revealed anyone can recompute them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from typing import Any


def canonical_json(value: Any) -> str:
    """The one JSON text of ``value``: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def commitment(game: str, players: Sequence[str], setup: Any, salt: str) -> str:
    """The hex SHA-256 digest that binds a game's setup before play."""
    text = canonical_json({"game": game, "players": list(players), "salt": salt, "setup": setup})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


DIE_BYTES = 252
"""The largest multiple of 6 not above 256: bytes from here on are skipped (no bias)."""


def dice(salt: str, seq: int, count: int) -> list[int]:
    """The ``count`` dice (1–6) of the move stored at ``seq`` in the game with ``salt``."""
    rolled: list[int] = []
    block = 0
    while len(rolled) < count:
        message = f"dice:{seq}:{block}".encode()
        digest = hmac.new(salt.encode("utf-8"), message, hashlib.sha256).digest()
        rolled.extend(byte % 6 + 1 for byte in digest if byte < DIE_BYTES)
        block += 1
    return rolled[:count]


def verify(record: dict[str, Any], expected: str) -> bool:
    """Tell whether ``record`` (with its revealed ``salt``) matches the published commitment."""
    salt = record.get("salt")
    if not isinstance(salt, str):
        return False
    actual = commitment(
        record.get("game", ""), record.get("players", []), record.get("setup"), salt
    )
    return hmac.compare_digest(actual, expected.strip().lower())
