"""A game's tamper-evident history: every event's hash covers its predecessor's hash.

The service stores, with each event ``n`` of a game (``seq`` 1, 2, …)::

    hash(n) = SHA-256( hash(n-1) + canonical_json(content(n)) )   (UTF-8, hex digests)

with ``hash(0) = GENESIS`` (64 zeros) and ``canonical_json`` the one of
:mod:`engine.fairness` (sorted keys, no spaces, UTF-8 as is). An event's
*content* is every stored field that says what happened: ``seq``, ``type``,
``version`` (its payload's schema version), ``payload`` (as stored, not
upcast), ``actor``, ``created_at`` (ISO 8601 in UTC with microseconds,
``2026-12-01T09:00:00.000000Z``) and ``nonce``. The game's id is not
content (a record keeps its history when imported elsewhere); the first
event, ``game_created``, already binds the chain to one game through its
commitment and salt. The ``nonce`` is 32 random hex digits per event, kept
secret with the deal until the game is over: without it, a published hash
could be checked against guesses of what is still hidden (a sealed rowing
choice has three values).

The service publishes the head hash at every seq (fairness page, API, turn
emails). Changing, dropping or inserting any event changes every later hash,
so a history rewritten even from scratch no longer gives a hash that a
player kept. A finished game's record carries its chain (``chain`` below);
``python -m engine verify-chain RECORD [HASH…]`` checks it offline.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.fairness import canonical_json
from engine.record import RecordError

GENESIS = "0" * 64
"""The hash before a game's first event."""

CONTENT_KEYS = ("seq", "type", "version", "payload", "actor", "created_at", "nonce")
"""The fields of an event that its hash covers."""

SCHEME = (
    "sha256(previous_hash + canonical_json({actor, created_at, nonce, payload, seq, type, "
    "version})), previous_hash of seq 1 = 64 zeros"
)
"""The chain's rule in one line, as published next to the hashes."""


def link(previous: str, content: Mapping[str, Any]) -> str:
    """The hash of an event with ``content`` following the event whose hash is ``previous``."""
    text = previous + canonical_json({key: content[key] for key in CONTENT_KEYS})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def first_broken(events: Iterable[Mapping[str, Any]]) -> int | None:
    """The 0-based index of the first event whose ``seq`` or ``hash`` does not follow the
    chain, or ``None`` when every one does."""
    previous = GENESIS
    for index, event in enumerate(events):
        if event.get("seq") != index + 1 or event.get("hash") != link(previous, event):
            return index
        previous = event["hash"]
    return None


def _moves(events: Sequence[Mapping[str, Any]]) -> list[Any]:
    """The moves the chain's ``move`` events leave once ``move_taken_back`` undid the last."""
    played: list[Any] = []
    for event in events:
        if event["type"] == "move_taken_back" and played:
            played.pop()
        elif event["type"] == "move":
            payload = event["payload"]
            played.append({"player": payload["player"], **payload["move"]})
    return played


def _chain_events(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    chain = record.get("chain")
    events = chain.get("events") if isinstance(chain, dict) else None
    if not isinstance(events, list) or not events:
        raise RecordError("no_chain", "The record carries no chain of events to check.", None)
    for index, event in enumerate(events):
        if not isinstance(event, dict) or not all(key in event for key in (*CONTENT_KEYS, "hash")):
            raise RecordError(
                "invalid_chain",
                f"Chain entry {index} must be an object with {', '.join(CONTENT_KEYS)} and hash.",
                None,
            )
    return events


def verify_chain(record: Mapping[str, Any], hashes: Sequence[str]) -> dict[str, Any]:
    """Check a record's chain, that it holds the record's deal and moves, and that each of
    ``hashes`` (kept from emails or pages) is the hash of one of its events.

    Raises :class:`RecordError` naming the first event that breaks the chain or the
    first hash it does not contain; returns the head and where each hash was found.
    """
    events = _chain_events(record)
    broken = first_broken(events)
    if broken is not None:
        raise RecordError(
            "chain_broken",
            f"Event seq {broken + 1} ({events[broken].get('type')}) does not follow the chain: "
            "it or an event before it was changed, dropped or inserted.",
            None,
        )
    created = events[0]["payload"] if events[0]["type"] == "game_created" else {}
    deal = {key: record.get(key) for key in ("game", "players", "setup")}
    if {key: created.get(key) for key in deal} != deal:
        raise RecordError(
            "chain_mismatch", "The record's game, players or setup differ from the chain's.", None
        )
    if _moves(events) != record.get("moves", []):
        raise RecordError("chain_mismatch", "The record's moves differ from the chain's.", None)
    at = {event["hash"]: event["seq"] for event in events}
    found = []
    for kept in hashes:
        digest = kept.strip().lower()
        if digest not in at:
            raise RecordError(
                "hash_not_in_chain",
                f"No event of this history has the hash {digest}: the history was rewritten "
                "after that hash was published.",
                None,
            )
        found.append({"hash": digest, "seq": at[digest]})
    return {"head": {"seq": events[-1]["seq"], "hash": events[-1]["hash"]}, "found": found}
