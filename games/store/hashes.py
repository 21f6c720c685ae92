"""The site side of the hash chain over each game's events (the rule: ``engine.chain``).

:func:`chain_link` gives the nonce and hash of an event being appended;
:func:`chain_events` a game's chain as the record carries it; :func:`chain_check`
finds the first stored event that breaks it. A payload is hashed as it reads back
from the database (keys as strings), so the hash of an append and of a later read
are the same.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from engine import chain
from games.models import Game

CONTENT_FIELDS = ("seq", "type", "version", "payload", "actor", "created_at", "nonce", "hash")
"""The stored columns of a chain entry, in ``engine.chain.CONTENT_KEYS`` order, and its hash."""


def stamp(moment: datetime) -> str:
    """An event's time as its hash covers it: ISO 8601 in UTC with microseconds."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def chain_link(
    *,
    previous: str,
    seq: int,
    event_type: str,
    version: int,
    payload: dict[str, Any],
    actor: str,
    created_at: datetime,
) -> tuple[str, str]:
    """A fresh nonce for the event appended after ``previous``, and the event's hash."""
    nonce = secrets.token_hex(16)
    content = {
        "seq": seq,
        "type": event_type,
        "version": version,
        "payload": json.loads(json.dumps(payload)),
        "actor": actor,
        "created_at": stamp(created_at),
        "nonce": nonce,
    }
    return nonce, chain.link(previous, content)


def chain_events(*, game: Game) -> list[dict[str, Any]]:
    """Every event of ``game`` with its content and hash, in seq order (nonces included:
    only for a finished game's record)."""
    rows = game.events.order_by("seq").values_list(*CONTENT_FIELDS, named=True)
    return [{**row._asdict(), "created_at": stamp(row.created_at)} for row in rows]


@dataclass(frozen=True)
class ChainBreak:
    """Where a game's chain breaks: the first event whose hash does not follow, or the
    ``head_hash`` projection differing from the last event's hash (``seq`` is then None)."""

    seq: int | None
    event_type: str | None


def chain_check(*, game: Game) -> ChainBreak | None:
    """Recompute ``game``'s chain from its stored events; the first break, if any."""
    events = chain_events(game=game)
    broken = chain.first_broken(events)
    if broken is not None:
        event = events[broken]
        return ChainBreak(event["seq"], event["type"])
    head = events[-1]["hash"] if events else chain.GENESIS
    return None if head == game.head_hash else ChainBreak(None, None)


def chain_hashes(*, game: Game) -> list[tuple[int, str]]:
    """``(seq, hash)`` of every event of ``game``: the head hash at each seq."""
    return list(game.events.order_by("seq").values_list("seq", "hash"))
