"""Rebuild the clock projections by replaying a game's events through the write path's clock.

Every event is stamped with the clock time of the service that appended it
(``Event.created_at``), so folding the functions of ``games.deadlines`` over
the events in order, each at its own time, leaves the clock the write path
left: on ``Game`` ``turn_started_at``, ``turn_allowance``, ``deadline_at`` and
``remind_at``, per seat ``clock_bank``, ``timeouts`` and ``vacation_until``.

Two facts live only on the rows, not in events: a sent reminder (the sweep
clears ``remind_at`` without an event, so a ``remind_at`` the row has cleared
stays cleared) and a seat's time zone (weekends pause in it). Whether a seat
was a bot from the start is read from its row unless a ``seat_replaced``
event tells what it was before.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from engine.base import Game as Engine
from games import events
from games.deadlines import (
    CLOCK_FIELDS,
    clock_extend,
    clock_pause_for,
    clock_turn_end,
    clock_turn_start,
)
from games.loading import fold
from games.models import Game, Seat

SEAT_CLOCK_FIELDS = ["clock_bank", "timeouts", "vacation_until"]
"""The ``Seat`` fields the clock keeps."""

StoredEvent = tuple[int, str, int, Any, datetime, str]
"""``(seq, type, version, payload, created_at, actor)`` of one event."""


def _initial_bots(seats: dict[str, Seat], stored: Sequence[StoredEvent]) -> dict[str, bool]:
    """Whether each seat was a bot at creation: before its first replacement, else as now."""
    initial = {name: seat.is_bot for name, seat in seats.items()}
    replaced: set[str] = set()
    for _, event_type, version, raw, _, _ in stored:
        if event_type == events.SEAT_REPLACED:
            payload = events.upcast(event_type, version, raw)
            if payload["player"] not in replaced:
                replaced.add(payload["player"])
                initial[payload["player"]] = payload["by"] == "player"
    return initial


def _mover(game: Game, seats: dict[str, Seat]) -> Seat | None:
    return seats[game.to_move[0]] if game.to_move else None


def _stop(game: Game, status: str, now: datetime) -> None:
    game.status = status
    clock_turn_start(game=game, seat=None, now=now)


def clock_replay(
    *, game: Game, seats: Sequence[Seat], engine: Engine, stored: Sequence[StoredEvent]
) -> None:
    """Set the clock fields of ``game`` and ``seats`` (in memory) to what ``stored`` implies.

    Also moves ``game.status`` and ``to_move`` along the way; the caller sets them after.
    """
    by_name = {seat.display_name: seat for seat in seats}
    sent_reminder = game.remind_at is None
    for name, is_bot in _initial_bots(by_name, stored).items():
        seat = by_name[name]
        seat.is_bot, seat.clock_bank, seat.timeouts, seat.vacation_until = is_bot, None, 0, None
    for field in CLOCK_FIELDS:
        setattr(game, field, None)
    state: Any = None
    before_last_move: Any = None
    for seq, event_type, version, raw, now, actor in stored:
        payload = events.upcast(event_type, version, raw)
        if event_type == events.GAME_CREATED:
            state = fold(engine, game.pk, None, [(seq, event_type, version, raw)])
            game.status, game.to_move = Game.Status.ACTIVE, engine.to_move(state)
            clock_turn_start(game=game, seat=_mover(game, by_name), now=now)
        elif event_type == events.MOVE:
            before_last_move = state
            state = fold(engine, game.pk, state, [(seq, event_type, version, raw)])
            if actor != "system:pass":
                seat = by_name[payload["player"]]
                clock_turn_end(game=game, seat=seat, auto=payload.get("auto", False), now=now)
            game.to_move = engine.to_move(state)
            clock_turn_start(game=game, seat=_mover(game, by_name), now=now)
        elif event_type == events.MOVE_TAKEN_BACK:
            state, before_last_move = before_last_move, None
            game.to_move = engine.to_move(state)
            clock_turn_start(game=game, seat=_mover(game, by_name), now=now)
        elif event_type == events.TURN_TIMED_OUT:
            by_name[payload["player"]].timeouts = payload["timeouts"]
        elif event_type == events.SEAT_REPLACED:
            _replaced(game, by_name, payload, actor=actor, now=now)
        elif event_type == events.VACATION_STARTED:
            until = datetime.fromisoformat(payload["until"])
            clock_pause_for(game=game, seat=by_name[payload["player"]], until=until, now=now)
        elif event_type == events.DEADLINE_EXTENDED:
            by = timedelta(hours=payload["hours"])
            clock_extend(game=game, seat=by_name[payload["player"]], by=by, now=now)
        elif event_type == events.GAME_PAUSED:
            _stop(game, Game.Status.PAUSED, now)
        elif event_type == events.GAME_RESUMED:
            game.status = Game.Status.ACTIVE
            clock_turn_start(game=game, seat=_mover(game, by_name), now=now)
        elif event_type == events.GAME_ABORTED:
            _stop(game, Game.Status.ABORTED, now)
        elif event_type in (events.GAME_FINISHED, events.GAME_ADJUDICATED):
            _stop(game, Game.Status.FINISHED, now)
    if sent_reminder:
        game.remind_at = None


def _replaced(
    game: Game, seats: dict[str, Seat], payload: dict[str, Any], *, actor: str, now: datetime
) -> None:
    """A seat changed hands: the timeout ladder's bot plays on at once; a moderator's change
    clears the timeouts and restarts the clock of a seat to move (``games.timeouts``,
    ``games.moderation``)."""
    seat = seats[payload["player"]]
    seat.is_bot = payload["by"] == "bot"
    if actor == "system:deadline":
        return
    seat.timeouts = 0
    if seat.display_name in game.to_move and game.status == Game.Status.ACTIVE:
        clock_turn_start(game=game, seat=_mover(game, seats) if seat.is_bot else seat, now=now)
