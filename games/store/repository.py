"""The store as the rest of the site uses it: every read and write of a game's rows and state.

- **Lock a game with its seats** (:func:`game_locked_with_seats`, one round trip), or read
  them without a lock (:func:`game_with_seats`, :func:`seat_with_game`, :func:`game_rows`).
- **Change it** (:func:`game_change`): append events to the locked game, each chained on
  its head, and on leaving the block write the game's row (:data:`GAME_ROW_FIELDS`: last
  seq, head hash, projections) with them; :func:`event_append` for a single event, and
  :func:`rows_update` for the seats' rows that change with it. No caller saves the game's
  bookkeeping itself.
- **Read a state**: :func:`state_locked` for the locked game's head, :func:`state_read` for
  a reader's, :func:`state_at` at any seq, :func:`game_replay` for the whole fold, and
  :func:`snapshot_on_commit` to keep the new head once the change commits.

How it is fast stays here: the rows are read and written by fixed statements
(``games.store.rows``); a change's writes wait for the transaction's next statement or
its commit where the database backend can send them so (``freibeuter_site.db``; every
read in the transaction still sees them, a rollback drops them); a state comes from this
process's memory (``games.store.kept``) or the shared snapshots (``games.store.loading``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from games.models import Event, Game
from games.store import events
from games.store.hashes import chain_link
from games.store.kept import kept_state as state_locked
from games.store.kept import state_read
from games.store.loading import game_replay, load_state, state_at
from games.store.projections import projections_set, snapshot_on_commit
from games.store.rows import (
    game_locked_with_seats,
    game_rows,
    game_with_seats,
    row_insert,
    rows_update,
    seat_with_game,
    sent_together,
)
from games.timecontrol.deadlines import CLOCK_FIELDS

__all__ = [
    "GAME_ROW_FIELDS",
    "GameChange",
    "event_append",
    "game_change",
    "game_locked_with_seats",
    "game_replay",
    "game_rows",
    "game_with_seats",
    "load_state",
    "projections_set",
    "rows_update",
    "seat_with_game",
    "snapshot_on_commit",
    "state_at",
    "state_locked",
    "state_read",
]

GAME_ROW_FIELDS = [
    "last_seq",
    "head_hash",
    "to_move",
    "scores",
    "winners",
    "status",
    "updated_at",
    *CLOCK_FIELDS,
]
"""The ``Game`` fields a change writes: the head of its history and the projections."""


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
        row_insert(event, later=True)
        game.last_seq, game.head_hash, game.updated_at = event.seq, digest, now
        return event


@contextmanager
def game_change(game: Game) -> Iterator[GameChange]:
    """Append events to the locked ``game`` in the block; when it ends, write the game's row
    (:data:`GAME_ROW_FIELDS`, as the block left them) if any was appended."""
    change = GameChange(game)
    with sent_together():
        yield change
        if game.last_seq != change.started:
            rows_update([(game, GAME_ROW_FIELDS)])


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
