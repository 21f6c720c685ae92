"""The store as the rest of the site uses it: every read and write of a game's rows and state.

- **Lock a game with its seats** (:func:`game_locked_with_seats`, one round trip), or read
  them without a lock (:func:`game_with_seats`, :func:`seat_with_game`, :func:`game_rows`).
- **Change it** (:func:`game_change`, :func:`event_append` for a single event): the events
  and the game's row are written together; :func:`rows_update` for the seats' rows.
- **Read a state**: :func:`state_locked` for the locked game's head, :func:`state_read` for
  a reader's, :func:`state_at` at any seq, :func:`game_replay` for the whole fold, and
  :func:`snapshot_on_commit` to keep the new head once the change commits.
- **The outbox's rows**: :func:`outbox_insert` (with a change, or unless the seat was told
  of its turn since it began), :func:`outbox_claim` and :func:`outbox_mark` for the sender, and
  :func:`events_since_own_move` for a turn email's content.

How it is fast stays here: the rows are read and written by fixed statements
(``games.store.rows``); a change's writes wait for the transaction's next statement or
its commit where the database backend can send them so; a state comes from this
process's memory (``games.store.kept``) or the shared snapshots (``games.store.loading``).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connection, models

from games.models import Event, Game, OutboundMail, Seat, StandingAnswers
from games.store import events, rows
from games.store.hashes import chain_link
from games.store.kept import kept_state as state_locked
from games.store.kept import state_read
from games.store.loading import game_replay, load_state, state_at
from games.store.projections import GAME_ROW_FIELDS, projections_set, snapshot_on_commit
from games.store.rows import (
    NoticeHearers,
    Statement,
    game_locked_with_seats,
    game_rows,
    game_with_seats,
    json_text,
    notice_hearers,
    seat_with_game,
    seats_with_orders,
)

# What the repository passes on from the modules behind it (what it defines is its own).
__all__ = [
    "NoticeHearers",
    "game_locked_with_seats",
    "game_replay",
    "game_rows",
    "game_with_seats",
    "load_state",
    "notice_hearers",
    "projections_set",
    "seat_with_game",
    "seats_with_orders",
    "snapshot_on_commit",
    "state_at",
    "state_locked",
    "state_read",
]


class GameChange:
    """The events appended to one locked game in a :func:`game_change` block."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.started = game.last_seq

    def append(
        self,
        *,
        event_type: str,
        payload: dict[str, Any],
        actor: str,
        now: datetime,
        move_id: str | None = None,
    ) -> Event:
        """Append the next event of the game, stamped with the service's clock time ``now``.

        The clock projections are rebuilt from these stamps (``games.store.clock_replay``),
        and ``game.updated_at`` follows the same clock. The event's hash chains on the
        locked row's ``head_hash``, which moves to it with ``last_seq`` at once (the
        game's row is written when the block ends); the event's id stays unread."""
        game = self.game
        version = events.SCHEMA_VERSIONS[event_type]
        nonce, digest = chain_link(
            previous=game.head_hash,
            seq=game.last_seq + 1,
            event_type=event_type,
            version=version,
            payload=payload,
            actor=actor,
            created_at=now,
        )
        event = Event(
            game=game,
            created_at=now,
            seq=game.last_seq + 1,
            type=event_type,
            version=version,
            payload=payload,
            actor=actor,
            move_id=move_id,
            nonce=nonce,
            hash=digest,
        )
        rows.row_insert(event, later=_in_change.open)
        game.last_seq, game.head_hash, game.updated_at = event.seq, digest, now
        return event


class _InChange(threading.local):
    """Whether this thread is in a :func:`game_change` block."""

    open = False


_in_change = _InChange()


@contextmanager
def game_change(game: Game) -> Iterator[GameChange]:
    """Append events to the locked ``game`` in the block; when it ends, write the game's row
    (``GAME_ROW_FIELDS``, as the block left them) if any was appended.

    In the block, writes that need no answer (the events, :func:`rows_update`,
    :func:`outbox_insert` ``with_change``) go with the transaction's next statement or its
    ``COMMIT`` where the backend can (``freibeuter_site.db``): every read still sees them, a
    rollback drops them, and an error in one is raised by the call that carries it."""
    change = GameChange(game)
    outer, _in_change.open = _in_change.open, True
    try:
        yield change
        if game.last_seq != change.started:
            rows_update([(game, GAME_ROW_FIELDS)])
    finally:
        _in_change.open = outer


def change_rows_written(statements: list[Statement]) -> None:
    """Run ``statements``, fixed writes whose answer goes unread (an ``INSERT … SELECT``); in
    a :func:`game_change`, with the change's writes."""
    rows.rows_written(statements, later=_in_change.open)


def rows_update(changes: Iterable[tuple[models.Model, Iterable[str]]]) -> None:
    """Write the fields of each instance to its row, in one call where the database takes
    several statements; in a :func:`game_change`, with the change's writes."""
    rows.rows_update(changes, later=_in_change.open)


def event_append(
    game: Game,
    *,
    event_type: str,
    payload: dict[str, Any],
    actor: str,
    now: datetime,
    move_id: str | None = None,
) -> Event:
    """Append one event to the locked ``game`` and write the game's row with it (set its
    projections first)."""
    with game_change(game) as change:
        return change.append(
            event_type=event_type, payload=payload, actor=actor, now=now, move_id=move_id
        )


def _last_own_move() -> str:
    """The query of the seq of a seat's last move up to a seq (``None``: it has made none);
    its parameters: the game's id, the seat's name, the seq."""
    return (
        "SELECT MAX(seq) FROM games_event WHERE game_id = %s AND type = 'move'"
        f" AND {json_text('payload', 'player')} = %s AND seq <= %s"
    )


@functools.cache
def _told_since_turn_begun() -> str:
    """The query finding a turn email of a game to a seat's address since the seat's turn began
    (built once): since its own last move before anyone else's last move, so the moves it
    made since, in a row, are steps of the turn (none: since the game's start). Its
    parameters, each given once so that the change's statement stays one psycopg parses
    once and keeps: the game's id, the seat's id, the address, the seat's name, the seq."""
    player, seq = json_text("own.payload", "player"), json_text("told.context", "seq")
    others_last = (
        "SELECT MAX(others.seq) FROM games_event AS others WHERE others.game_id = asked.game_id"
        " AND others.type = 'move'"
        f" AND {json_text('others.payload', 'player')} <> asked.player AND others.seq <= asked.seq"
    )
    begun = (
        "SELECT MAX(own.seq) FROM games_event AS own WHERE own.game_id = asked.game_id"
        f" AND own.type = 'move' AND {player} = asked.player"
        f" AND own.seq < COALESCE(({others_last}), 0)"
    )
    return (
        "SELECT 1 FROM (SELECT %s AS game_id, %s AS seat_id, %s AS address, %s AS player,"
        " %s AS seq) AS asked JOIN games_outboundmail AS told"
        " ON told.game_id = asked.game_id AND told.seat_id = asked.seat_id"
        f" AND told.kind = 'turn' AND told.{connection.ops.quote_name('to')} = asked.address"
        f" AND CAST({seq} AS INTEGER) >= COALESCE(({begun}), 0)"
    )


def outbox_insert(
    mail: OutboundMail, *, notify: str | None, unless_told: bool = False, with_change: bool = False
) -> bool | None:
    """Write the new outbox row ``mail`` (one fixed ``INSERT``), give it its id and tell whether
    it was written. ``notify`` names a channel told the id when the transaction commits
    (PostgreSQL's ``NOTIFY``, in the same statement). ``unless_told``: not if its seat's
    address has a turn email of its game since the seat's turn began
    (:func:`_told_since_turn_begun`: since its own last move, or, while its own moves are
    the game's last, since its own move before them), as the ``INSERT`` itself finds.
    ``with_change``: in a :func:`game_change` it goes with the change's writes, its id and
    whether it was written unread (``None``)."""
    unless = None
    if unless_told:
        game, seat = mail.game, mail.seat
        assert game is not None and seat is not None, "a turn email belongs to a seat of a game"
        asked = [game.pk, seat.pk, mail.to, seat.display_name, game.last_seq]
        unless = (_told_since_turn_begun(), asked)
    later = with_change and _in_change.open
    return rows.row_insert(mail, notify=notify, unless=unless, later=later)


SINCE_LIMIT = 40


class SinceTold(NamedTuple):
    """What a turn email at an event reads of its seat's past, in one call."""

    last: int | None
    """The seq of the seat's last move up to the event (``None``: it has made none)."""
    events: list[tuple[int, str, int, dict[str, Any]]]
    """The events the email tells of (seq, type, version and stored payload)."""
    answers: dict[str, Any]
    """The seat's standing answers (``StandingAnswers.answers``; none stored: ``{}``)."""
    queue: list[Any]
    """The seat's queued moves (``StandingAnswers.queue``; none stored: ``[]``)."""


def events_since_told(game: Game, seat: Seat, seq: int) -> SinceTold:
    """What a turn email at event ``seq`` tells ``seat`` of its past: the seq of its last move
    up to ``seq``, the events since (up to ``seq``, at most :data:`SINCE_LIMIT`): those after
    its last move, or after its previous turn email where that came first, so its own moves
    since are among them (none made yet: all since the game's start); and its standing orders
    as stored now. In one call where the database takes several statements."""
    last_own = (_last_own_move(), [game.pk, seat.display_name, seq])
    told_seq = f"CAST({json_text('context', 'seq')} AS INTEGER)"
    told = (
        f"SELECT MAX({told_seq}) FROM {OutboundMail._meta.db_table}"
        f" WHERE game_id = %s AND seat_id = %s AND kind = 'turn' AND {told_seq} < %s"
    )
    start = f"CASE WHEN ({told}) < ({last_own[0]}) THEN ({told}) ELSE ({last_own[0]}) END"
    since = (
        "SELECT seq, type, version, payload FROM games_event WHERE game_id = %s"
        f" AND seq > COALESCE({start}, 1) AND seq <= %s ORDER BY seq LIMIT {SINCE_LIMIT}",
        [game.pk, game.pk, seat.pk, seq, *last_own[1], game.pk, seat.pk, seq, *last_own[1], seq],
    )
    orders = (
        f"SELECT answers, queue FROM {StandingAnswers._meta.db_table} WHERE seat_id = %s",
        [seat.pk],
    )
    ((last,),), stored, found = rows.rows_read([last_own, since, orders])
    payload = rows.column_loader(Event, "payload")
    events = [(number, kind, version, payload(raw)) for number, kind, version, raw in stored]
    if not found:
        return SinceTold(last, events, {}, [])
    answers, queue = found[0]
    return SinceTold(
        last,
        events,
        rows.column_loader(StandingAnswers, "answers")(answers),
        rows.column_loader(StandingAnswers, "queue")(queue),
    )


NOT_DURABLE = "SET LOCAL synchronous_commit TO OFF"
"""How the outbox's own marks commit (:func:`_not_durable`)."""


def _not_durable(statements: list[Statement]) -> list[Statement]:
    """``statements``, the outbox's own marks, committing without waiting for the disk (in
    the same call). Only claims and sent marks run so: should PostgreSQL crash right after
    such a commit, the worst outcome is one email sent again with the same Message-ID, the
    duplicate the outbox already allows; events and outbox rows always commit durably."""
    return [(NOT_DURABLE, []), *statements] if connection.vendor == "postgresql" else statements


def outbox_claim(mail_id: int, *, until: datetime, now: datetime) -> OutboundMail | None:
    """Lease the outbox row ``mail_id`` until ``until`` if it is pending and no one holds a
    lease (none, or one run out by ``now``), counting the attempt; the row as it is then,
    with its game and seat, read in one call where the database takes several statements.
    ``None``: another holds it, or it is done."""
    at = connection.ops.adapt_datetimefield_value
    claim = (
        f"UPDATE {OutboundMail._meta.db_table} SET claimed_until = %s, attempts = attempts + 1"
        " WHERE id = %s AND status = %s AND (claimed_until IS NULL OR claimed_until < %s)",
        [at(until), mail_id, OutboundMail.Status.PENDING.value, at(now)],
    )
    return rows.row_changed(_not_durable([claim]), OutboundMail, mail_id, ("game", "seat"))


def outbox_mark(mail: OutboundMail, fields: Iterable[str]) -> None:
    """Write ``fields`` of the outbox row ``mail`` (its sent mark) by one fixed ``UPDATE``."""
    rows.rows_written(_not_durable([rows.row_update_statement(mail, fields)]))
