"""The deadline sweep: reminders and the timeout ladder, each step an event and an email.

Celery beat runs :func:`deadline_sweep` every minute. It locks due games with
``SELECT … FOR UPDATE SKIP LOCKED`` and re-checks the deadline under the lock, so a
late, duplicated or concurrent sweep changes nothing twice: once a deadline is dealt
with, the seat's and the game's ``deadline_at`` have moved on, and a reminder sent is
recorded (``reminder_sent``), even across a rebuild. Where several players decide at
once, each is timed out on his own deadline. The ladder, by the game's ``timeout_policy``:

1. ``turn_timed_out`` is recorded for the late player;
2. with the ``bot`` policy the game's timeout move is played for this turn (``move`` with
   ``auto: true``; the greedy bot's, or the step's default), and after ``replace_after``
   timeouts in a row the seat becomes a bot seat (``seat_replaced``, at the ladder's
   level) until a moderator invites a replacement (``games.interventions.services``);
3. with the ``pause`` policy the game is paused for a moderator (``game_paused``).

A bot seat whose turn it is is not played under the lock: the locked transaction only
notes its game, and once it has committed the sweep plays the bots' moves
(``games.play.bots.bots_play``: chosen without the lock, submitted with the seq read).

The late player is told what happened only after it has been recorded. A run reads the
due games oldest first, a batch at a time, each twice the last while the backlog lasts
(a keyset on the due time and id, on the ``(status, remind_at)`` and ``(status,
deadline_at)`` indexes), and takes no new game after :data:`SWEEP_SECONDS`; what is
left is the first the next run reads.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial

from django.db import transaction
from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from engine.base import Move
from games.interventions.services import seat_hand_over
from games.kinds import kind_of
from games.models import Game, Seat
from games.play.bots import BOT_CHAIN, bots_play
from games.play.levels import ladder_level
from games.play.orders import Order, seat_order
from games.play.services import move_submit
from games.play.signals import deadline_near, turn_timed_out
from games.play.turns import clocks_update
from games.store import events
from games.store.loading import engine_for
from games.store.repository import game_change, load_state
from games.timecontrol.deadlines import clocks_earliest, time_control

log = logging.getLogger(__name__)

BATCH = 200
"""Due games in a run's first read; each further read takes twice as many, up to MAX_BATCH."""
MAX_BATCH = 6400
CHUNK = 20
"""Due games dealt with in one transaction: one lock statement (reminders) and one commit."""
SWEEP_SECONDS = 45.0
"""A run takes no new game after this long, ending within the beat's minute."""
SWEEP = "system:deadline"
"""The actor of the events the sweep appends."""


def _remind(game_ids: list[int], now: datetime) -> int:
    """Send the due reminders of the games ``game_ids``, locked in one statement (those no
    other sweep holds, re-checked under the lock) and committed together; count the games."""
    with transaction.atomic():
        games = (
            Game.objects.select_for_update(skip_locked=True)
            .filter(pk__in=game_ids, status=Game.Status.ACTIVE, remind_at__lte=now)
            .order_by("pk")
            .prefetch_related(Prefetch("seats", Seat.objects.order_by("game_id", "position")))
        )
        return sum(_remind_seats(game, now) for game in games)


def _remind_seats(game: Game, now: datetime) -> bool:
    """Remind each seat whose reminder is due and whose deadline has not passed yet."""
    seats = list(game.seats.all())
    due = [
        (seat, seat.deadline_at)
        for seat in seats
        if seat.remind_at is not None
        and seat.deadline_at is not None
        and seat.remind_at <= now < seat.deadline_at  # past it: a timeout instead
    ]
    if not due:  # the game's earliest reminder is a late seat's: the timeout deals with it
        return False
    engine, state = engine_for(game), load_state(game)
    with game_change(game) as change:
        for seat, deadline in due:
            payload = events.reminder_sent_payload(
                player=seat.display_name, deadline=deadline.isoformat()
            )
            change.append(event_type=events.REMINDER_SENT, payload=payload, actor=SWEEP, now=now)
            seat.remind_at = None
            seat.save(update_fields=["remind_at"])
            deadline_near.send(
                sender=Game, game=game, seat=seat, engine=engine, state=state, now=now
            )
        clocks_earliest(game, seats)
    return True


def _timeout_plays(game: Game, seat: Seat, order: Order | None, now: datetime) -> Move:
    """Play for the late player of ``seat`` his standing ``order``, if one is due (his
    standing answer to the question he is asked, or the first playable move he queued:
    ``games.play.orders``), else the kind's timeout move."""
    engine, state = engine_for(game), load_state(game)
    if order is None:
        move = kind_of(game.kind).timeout_move(engine, state, seat.display_name)
    else:
        move = order.move
    move_submit(
        game=game,
        seat=seat,
        move=move,
        expected_seq=game.last_seq,
        auto=True,
        order=None if order is None else order.kind,
        now=now,
    )
    return move


def _time_out(game: Game, seat: Seat, now: datetime) -> None:
    """Record the timeout of ``seat`` and climb the ladder one step; the move played for it
    is its standing order's, if one is due (an answer to its question, a queued move), before
    the bot's."""
    control = time_control(game.options)
    order = seat_order(engine_for(game), load_state(game), seat)
    seat.timeouts += 1
    payload = events.turn_timed_out_payload(
        player=seat.display_name,
        deadline=seat.deadline_at.isoformat() if seat.deadline_at else "",
        timeouts=seat.timeouts,
    )
    paused = control.timeout_policy == "pause"
    replaced = not paused and seat.timeouts >= control.replace_after
    with game_change(game) as change:
        change.append(event_type=events.TURN_TIMED_OUT, payload=payload, actor=SWEEP, now=now)
        if paused:
            payload = events.game_paused_payload(reason="timeout", player=seat.display_name)
            change.append(event_type=events.GAME_PAUSED, payload=payload, actor=SWEEP, now=now)
            game.status = Game.Status.PAUSED
            clocks_update(game=game, now=now)
    seat.save(update_fields=["timeouts"])
    if replaced:
        seat_hand_over(
            game=game,
            seat=seat,
            email=None,
            reason="timeouts",
            actor=SWEEP,
            now=now,
            ladder=True,
            level=ladder_level(game.options or {}),
        )
    if paused:
        turn_timed_out.send(
            sender=Game, game=game, seat=seat, move=None, replaced=False, paused=True, now=now
        )
        return
    played = _timeout_plays(game, seat, order, now)
    turn_timed_out.send(
        sender=Game, game=game, seat=seat, move=played, replaced=replaced, paused=False, now=now
    )


def _expire(game_id: int, now: datetime) -> str:
    """Time out the earliest late player of game ``game_id`` (``"late"``), or say that a bot
    seat is to move (``"bot"``), or that nothing is due (``""``)."""
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(skip_locked=True)
            .filter(pk=game_id, status=Game.Status.ACTIVE, deadline_at__lte=now)
            .first()
        )
        if game is None:
            return ""
        late = game.seats.filter(display_name__in=game.to_move, deadline_at__lte=now)
        seat = late.order_by("is_bot", "deadline_at", "position").first()
        if seat is None:
            return ""
        if seat.is_bot:
            return "bot"
        _time_out(game, seat, now)
        return "late"


def _expire_all(game_ids: list[int], now: datetime, until: float) -> int:
    """Time out each late player of the games ``game_ids`` in turn, each step its own
    savepoint, the games committed together; then, outside that transaction, play the bot
    seats whose turn it is (no move begun after ``until``); count the steps."""
    steps, bots = 0, []
    with transaction.atomic():
        for game_id in game_ids:
            for _ in range(BOT_CHAIN):
                found = _expire(game_id, now)
                if found == "bot":
                    bots.append(game_id)
                if found != "late":
                    break
                steps += 1
    return steps + sum(bots_play(game_id, until=until, now=now) for game_id in bots)


def due_games(
    field: str, now: datetime, batch: int, after: tuple[datetime, int] | None
) -> QuerySet[Game, tuple[datetime, int]]:
    """The next ``batch`` active games whose ``field`` (``remind_at`` or ``deadline_at``) is
    due at ``now``, oldest first after the ``(time, id)`` ``after``: ``(time, id)`` rows."""
    due = Game.objects.filter(status=Game.Status.ACTIVE, **{f"{field}__lte": now})
    if after is not None:
        at, pk = after
        due = due.filter(Q(**{f"{field}__gt": at}) | Q(**{field: at, "pk__gt": pk}))
    return due.order_by(field, "pk").values_list(field, "pk")[:batch]


def _sweep(
    field: str, step: Callable[[list[int], datetime], int], now: datetime, until: float
) -> int:
    steps, batch, after = 0, BATCH, None
    while True:
        rows = list(due_games(field, now, batch, after))
        for start in range(0, len(rows), CHUNK):
            if time.monotonic() >= until:
                return steps
            steps += step([game_id for _, game_id in rows[start : start + CHUNK]], now)
        if len(rows) < batch:
            return steps
        after, batch = rows[-1], min(2 * batch, MAX_BATCH)


def deadline_sweep(*, now: datetime | None = None) -> int:
    """Send due reminders and apply the ladder to every game past its deadline; count steps."""
    now = now or timezone.now()
    until = time.monotonic() + SWEEP_SECONDS
    steps = _sweep("remind_at", _remind, now, until)
    return steps + _sweep("deadline_at", partial(_expire_all, until=until), now, until)
