"""Rebuild the clock projections by replaying a game's events through the write path's clock.

Every event is stamped with the clock time of the service that appended it
(``Event.created_at``), so folding the functions of ``games.timecontrol.deadlines`` over
the events in order, each at its own time, leaves the clocks the write path
left: per seat its running clock (``turn_started_at``, ``turn_allowance``,
``deadline_at``, ``remind_at``), ``clock_bank``, ``timeouts`` and
``vacation_until``; on ``Game`` the earliest deadline and reminder.

One fact lives only on the rows, not in events: a seat's time zone (weekends
pause in it). Whether a seat was a bot from the start is read from its row
unless a ``seat_replaced`` event tells what it was before.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from engine.base import Rules
from games.models import Game, Seat
from games.store import events
from games.store.loading import fold
from games.timecontrol.deadlines import (
    clock_extend,
    clock_pause_for,
    clock_turn_end,
    clocks_earliest,
    clocks_follow,
)

STATUS_OF = {
    events.GAME_PAUSED: Game.Status.PAUSED,
    events.GAME_RESUMED: Game.Status.ACTIVE,
    events.GAME_ABORTED: Game.Status.ABORTED,
    events.GAME_FINISHED: Game.Status.FINISHED,
    events.GAME_ADJUDICATED: Game.Status.FINISHED,
}
"""The events that change a game's status, and the status each leaves."""

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


def clock_replay(
    *, game: Game, seats: Sequence[Seat], engine: Rules, stored: Sequence[StoredEvent]
) -> None:
    """Set the clock fields of ``game`` and ``seats`` (in memory) to what ``stored`` implies.

    Also moves ``game.status`` and ``to_move`` along the way; the caller sets them after.
    The write path lets the clocks follow once after a move and the passes the service
    made after it (``games.play.services._forced_passes``), so the replay does too.
    """
    by_name = {seat.display_name: seat for seat in seats}
    for name, is_bot in _initial_bots(by_name, stored).items():
        seat = by_name[name]
        seat.is_bot, seat.clock_bank, seat.timeouts, seat.vacation_until = is_bot, None, 0, None
        seat.turn_started_at = seat.turn_allowance = seat.deadline_at = seat.remind_at = None
    state: Any = None
    before_last_move: Any = None
    following: tuple[set[str], datetime] | None = None
    for seq, event_type, version, raw, now, actor in stored:
        payload = events.upcast(event_type, version, raw)
        if event_type == events.MOVE and actor == "system:pass":
            state = fold(engine, game.pk, state, [(seq, event_type, version, raw)])
            game.to_move = engine.to_move(state)
            continue
        if following is not None:
            clocks_follow(game=game, seats=seats, restart=following[0], now=following[1])
            following = None
        if event_type == events.GAME_CREATED:
            state = fold(engine, game.pk, None, [(seq, event_type, version, raw)])
            game.status, game.to_move = Game.Status.ACTIVE, engine.to_move(state)
            following = set(), now
        elif event_type == events.MOVE:
            before_last_move = state
            state = fold(engine, game.pk, state, [(seq, event_type, version, raw)])
            seat = by_name[payload["player"]]
            clock_turn_end(game=game, seat=seat, auto=payload.get("auto", False), now=now)
            game.to_move = engine.to_move(state)
            following = {seat.display_name}, now
        elif event_type == events.MOVE_TAKEN_BACK:
            state, before_last_move = before_last_move, None
            game.to_move = engine.to_move(state)
            clocks_follow(game=game, seats=seats, restart={payload["player"]}, now=now)
        else:
            _clock_event(game, by_name, event_type, payload, actor=actor, now=now)
    if following is not None:
        clocks_follow(game=game, seats=seats, restart=following[0], now=following[1])


def _clock_event(
    game: Game,
    seats: dict[str, Seat],
    event_type: str,
    payload: dict[str, Any],
    *,
    actor: str,
    now: datetime,
) -> None:
    """Apply one event that is not a move to the clocks, as the service that appended it did."""
    seat = seats.get(payload.get("player") or "")
    if event_type == events.TURN_TIMED_OUT and seat is not None:
        seat.timeouts = payload["timeouts"]
    elif event_type == events.REMINDER_SENT and seat is not None:
        seat.remind_at = None
    elif event_type == events.SEAT_REPLACED and seat is not None:
        # The timeout ladder's bot plays on at once; a moderator's change clears the timeouts
        # and restarts the seat's clock if the game waits for it
        # (``games.interventions.services.seat_hand_over``).
        seat.is_bot = payload["by"] == "bot"
        if actor != "system:deadline":
            seat.timeouts = 0
            clocks_follow(game=game, seats=seats.values(), restart={seat.display_name}, now=now)
    elif event_type == events.VACATION_STARTED and seat is not None:
        until = datetime.fromisoformat(payload["until"])
        clock_pause_for(game=game, seat=seat, until=until, now=now)
    elif event_type == events.DEADLINE_EXTENDED and seat is not None:
        clock_extend(game=game, seat=seat, by=timedelta(hours=payload["hours"]), now=now)
    elif event_type in STATUS_OF:
        game.status = STATUS_OF[event_type]
        clocks_follow(game=game, seats=seats.values(), now=now)
        return
    clocks_earliest(game, seats.values())
