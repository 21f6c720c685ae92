"""Queued moves: a player queues moves for his next turn, in order of preference.

Each game says which moves may be queued and which named places of its board a condition
may watch (the engine's ``queued`` module: ``TYPES``, ``queue_error``, ``fields``). A seat's
queue is stored beside its standing answers (:class:`~games.models.StandingAnswers`), seen
by its player only; an entry is ``{"move": ..., "fields": {name: what his view showed}}``.
When his turn begins after another's move, the first entry still legal whose fields are
unchanged is played for him and the queue is emptied (``games.play.orders``); a move he
makes himself on his turn empties it too. Queueing and cancelling count against the same
limit of changes an hour as his standing answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.base import Move
from games.errors import Refused
from games.kinds import kind_of
from games.models import Game, Seat, StandingAnswers
from games.play.standing import orders_change_check, orders_counted, orders_open
from games.store.loading import engine_for, load_state

QUEUE_LIMIT = 5
"""A seat queues at most this many moves for its next turn."""


class NotQueueable(Refused):
    """A move the seat's game does not let it queue (the engine says why, in English)."""

    code = "not_queueable"


class QueueFull(Refused):
    """The seat has queued as many moves as it may."""

    code = "queue_full"


class NoSuchField(Refused):
    """A queued move would watch a field its game's board does not have."""

    code = "no_such_field"


class TurnNow(Refused):
    """The seat is at the start of its turn: it plays its move rather than queue it."""

    code = "turn_now"


class NoSuchQueuedMove(Refused):
    """A cancel names a place in the queue that holds no move."""

    code = "no_such_queued_move"


def queued_moves(seat: Seat) -> list[dict[str, Any]]:
    """``seat``'s queued moves, first choice first: for its own player's eyes only."""
    row = StandingAnswers.objects.filter(seat=seat).first()
    return [] if row is None else list(row.queue)


def queue_add(
    *,
    game: Game,
    seat: Seat,
    move: dict[str, Any],
    fields: Sequence[str] = (),
    now: datetime | None = None,
) -> list[dict[str, Any]]:
    """Queue ``move`` last in ``seat``'s queue, played at its next turn only if the ``fields``
    it names still show what its view shows now; return the queue. Refused once the game has
    ended, on the seat's own turn (it plays its move instead), for a move the game does not
    let it queue, a field it does not have, a full queue, and after too many changes."""
    now = now or timezone.now()
    orders_open(game=game, seat=seat)
    engine = engine_for(game)
    player = seat.display_name
    view = engine.view(load_state(game), player)
    rules = engine.queued
    if rules.turn_begins(view, player):
        raise TurnNow(_("It is your turn: play your move now instead of queueing it."))
    if not isinstance(move, dict) or (why := rules.queue_error(view, player, move)) is not None:
        raise NotQueueable(
            why if isinstance(move, dict) and why else _("That move cannot be queued.")
        )
    shown = rules.fields(view)
    unknown = [str(name) for name in fields if not isinstance(name, str) or name not in shown]
    if unknown:
        raise NoSuchField(
            _("This board has no field %(name)s to watch.") % {"name": unknown[0]},
            name=unknown[0],
        )
    entry = {"move": move, "fields": {name: shown[name] for name in dict.fromkeys(fields)}}
    with transaction.atomic():
        row, _created = StandingAnswers.objects.select_for_update().get_or_create(seat=seat)
        if len(row.queue) >= QUEUE_LIMIT:
            raise QueueFull(
                _("You can queue at most %(limit)s moves; cancel one first.")
                % {"limit": QUEUE_LIMIT},
                limit=QUEUE_LIMIT,
            )
        orders_counted(seat)
        row.queue.append(entry)
        row.changed_at = now
        row.save(update_fields=["queue", "changed_at"])
    return list(row.queue)


def queue_cancel(
    *, game: Game, seat: Seat, index: int | None = None, now: datetime | None = None
) -> list[dict[str, Any]]:
    """Cancel ``seat``'s queued move at ``index`` (from 0), or all of them (``None``); return
    the queue. Refused once the game has ended, for an index it does not hold, and after
    too many changes."""
    now = now or timezone.now()
    orders_change_check(game=game, seat=seat)
    with transaction.atomic():
        row, _created = StandingAnswers.objects.select_for_update().get_or_create(seat=seat)
        if index is None:
            row.queue = []
        elif type(index) is int and 0 <= index < len(row.queue):
            del row.queue[index]
        else:
            raise NoSuchQueuedMove(_("There is no such queued move to cancel."))
        row.changed_at = now
        row.save(update_fields=["queue", "changed_at"])
    return list(row.queue)


def orders_cancel(*, game: Game, seat: Seat, now: datetime | None = None) -> None:
    """Cancel all of ``seat``'s standing orders: its standing answers and its whole queue."""
    now = now or timezone.now()
    orders_change_check(game=game, seat=seat)
    StandingAnswers.objects.filter(seat=seat).update(answers={}, queue=[], changed_at=now)


def queue_move_words(game: Game, move: Move) -> str:
    """A queued move in a few words, in the active language."""
    return kind_of(game.kind).move_action(move)
