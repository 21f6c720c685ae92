"""Time controls and the clock: when the seat to move must have moved.

A game chooses its time control at creation, in ``options["time_control"]``:
a fixed time per move (``{"kind": "per_move", "hours": 72}``) or a time bank
(``{"kind": "bank", "bank_hours": 240, "increment_hours": 36, "cap_hours": 240}``).
Options also say whether weekends pause the clock (``weekend_pause``, Saturday
and Sunday in the time zone of the seat to move), how many vacation days each
player has per year (``vacation_days``), when the reminder goes out
(``reminder_hours`` before the deadline) and what a timeout does
(``timeout_policy``: ``"bot"`` plays for the player and after ``replace_after``
timeouts in a row the seat becomes a bot seat; ``"pause"`` waits for a
moderator).

Every seat the game waits for has a clock of its own, so in a step where
several players decide at once each has his own deadline. The clock state is
kept as projections, updated in the transaction of each event: per seat its
running clock (``turn_started_at`` and ``turn_allowance``, the counted time
it had then; ``deadline_at`` and ``remind_at``), its ``clock_bank``,
``timeouts`` in a row and ``vacation_until``; on ``Game`` the earliest
``deadline_at`` and ``remind_at`` of its seats, which the sweep looks for.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any

from games.errors import Refused
from games.models import Game, Seat

WEEKEND = (5, 6)  # Saturday, Sunday
CLOCK_FIELDS = ["deadline_at", "remind_at"]
"""The ``Game`` fields this module writes, the earliest of its seats' (``update_fields``)."""
RUNNING_FIELDS = ["turn_started_at", "turn_allowance", "deadline_at", "remind_at"]
"""A seat's running clock, set while the game waits for it."""
SEAT_CLOCK_FIELDS = [*RUNNING_FIELDS, "clock_bank", "timeouts", "vacation_until"]
"""Every ``Seat`` field the clock keeps."""


class BadOptions(Refused):
    """Game options that do not describe a time control or timeout policy."""

    code = "bad_options"


@dataclass(frozen=True)
class TimeControl:
    """A game's clock rules, read from its options."""

    kind: str = "per_move"
    per_move: timedelta = timedelta(hours=72)
    bank: timedelta = timedelta(days=10)
    increment: timedelta = timedelta(hours=36)
    cap: timedelta = timedelta(days=10)
    weekend_pause: bool = False
    vacation_days: int = 14
    reminder: timedelta = timedelta(hours=24)
    timeout_policy: str = "bot"
    replace_after: int = 3


def _hours(value: Any, name: str, default: timedelta) -> timedelta:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 24 * 366:
        raise BadOptions(f"{name} must be a number of hours between 0 and {24 * 366}.")
    return timedelta(hours=value)


def _whole(value: Any, name: str, default: int, maximum: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= maximum:
        raise BadOptions(f"{name} must be a whole number from 0 to {maximum}.")
    return value


def time_control(options: dict[str, Any]) -> TimeControl:
    """Read and check the clock options of a game; raise :class:`BadOptions` when wrong."""
    control = options.get("time_control") or {}
    policy = options.get("timeout_policy") or {}
    if not isinstance(control, dict) or not isinstance(policy, dict):
        raise BadOptions("time_control and timeout_policy must be objects.")
    kind = control.get("kind", "per_move")
    if kind not in ("per_move", "bank"):
        raise BadOptions("time_control.kind must be 'per_move' or 'bank'.")
    bank = _hours(control.get("bank_hours"), "time_control.bank_hours", TimeControl.bank)
    action = policy.get("action", "bot")
    if action not in ("bot", "pause"):
        raise BadOptions("timeout_policy.action must be 'bot' or 'pause'.")
    weekend_pause = options.get("weekend_pause", False)
    if not isinstance(weekend_pause, bool):
        raise BadOptions("weekend_pause must be true or false.")
    return TimeControl(
        kind=kind,
        per_move=_hours(control.get("hours"), "time_control.hours", TimeControl.per_move),
        bank=bank,
        increment=_hours(
            control.get("increment_hours"), "time_control.increment_hours", TimeControl.increment
        ),
        cap=_hours(control.get("cap_hours"), "time_control.cap_hours", bank),
        weekend_pause=weekend_pause,
        vacation_days=_whole(options.get("vacation_days"), "vacation_days", 14, 366),
        reminder=_hours(options.get("reminder_hours"), "reminder_hours", TimeControl.reminder),
        timeout_policy=action,
        replace_after=_whole(policy.get("replace_after"), "timeout_policy.replace_after", 3, 100),
    )


def zone_of(seat: Seat) -> zoneinfo.ZoneInfo:
    """``seat``'s time zone (UTC when its name is unknown)."""
    try:
        return zoneinfo.ZoneInfo(seat.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def _local_midnight(day: Any, zone: zoneinfo.ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)


def _counting_span(
    moment: datetime, zone: zoneinfo.ZoneInfo, weekend_pause: bool
) -> tuple[datetime, datetime | None]:
    """The stretch of counted time at or after ``moment``; its end is ``None`` if endless."""
    if not weekend_pause:
        return moment, None
    local = moment.astimezone(zone)
    day = local.date()
    if local.weekday() in WEEKEND:
        monday = day + timedelta(days=7 - local.weekday())
        start = _local_midnight(monday, zone)
        day = monday
    else:
        start = moment
    saturday = day + timedelta(days=5 - day.weekday())
    return start, _local_midnight(saturday, zone)


def counted_until(
    start: datetime, allowance: timedelta, *, zone: Any, weekend_pause: bool
) -> datetime:
    """The moment at which ``allowance`` of counted time after ``start`` is used up."""
    moment = start.astimezone(UTC)
    left = allowance
    while True:
        begin, end = _counting_span(moment, zone, weekend_pause)
        if end is None or begin + left <= end:
            return begin + left
        left -= end - begin
        moment = end


def counted_between(start: datetime, end: datetime, *, zone: Any, weekend_pause: bool) -> timedelta:
    """The counted time from ``start`` to ``end`` (weekends left out when they pause)."""
    total = timedelta()
    moment = start.astimezone(UTC)
    while moment < end:
        begin, stop = _counting_span(moment, zone, weekend_pause)
        if begin >= end:
            break
        stop = end if stop is None or stop > end else stop
        total += stop - begin
        moment = stop
    return total


def _clock_start(seat: Seat, now: datetime) -> datetime:
    return max(now, seat.vacation_until) if seat.vacation_until else now


def _time_left(seat: Seat, control: TimeControl, now: datetime) -> timedelta:
    """The counted time left at ``now`` of ``seat``'s running clock."""
    assert seat.turn_started_at is not None
    start = _clock_start(seat, seat.turn_started_at)
    used = counted_between(start, now, zone=zone_of(seat), weekend_pause=control.weekend_pause)
    return max((seat.turn_allowance or timedelta()) - used, timedelta())


def _set_deadline(seat: Seat, control: TimeControl, *, now: datetime) -> datetime:
    assert seat.turn_started_at is not None and seat.turn_allowance is not None
    start = _clock_start(seat, seat.turn_started_at)
    deadline = counted_until(
        start, seat.turn_allowance, zone=zone_of(seat), weekend_pause=control.weekend_pause
    )
    seat.deadline_at = deadline
    remind = deadline - control.reminder
    seat.remind_at = remind if remind > max(start, now) else None
    return deadline


def _clock_run(seat: Seat, control: TimeControl, now: datetime) -> None:
    """Start ``seat``'s clock afresh; a bot seat's deadline is now (the sweep plays for it)."""
    seat.turn_started_at = now
    if seat.is_bot:
        seat.turn_allowance, seat.deadline_at, seat.remind_at = timedelta(), now, None
        return
    if control.kind == "bank":
        seat.turn_allowance = seat.clock_bank if seat.clock_bank is not None else control.bank
    else:
        seat.turn_allowance = control.per_move
    _set_deadline(seat, control, now=now)


def clocks_earliest(game: Game, seats: Iterable[Seat]) -> None:
    """Set ``game``'s deadline and reminder time to the earliest of its seats' (the sweep's
    index and the dashboard's "until")."""
    seats = list(seats)
    game.deadline_at = min((s.deadline_at for s in seats if s.deadline_at), default=None)
    game.remind_at = min((s.remind_at for s in seats if s.remind_at), default=None)


def clocks_follow(
    *, game: Game, seats: Iterable[Seat], restart: Collection[str] = (), now: datetime
) -> None:
    """Run the clock of every seat ``game`` waits for and stop the others' (in memory).

    A seat that joins ``to_move`` starts a fresh clock, and so does a seat named in
    ``restart`` (it has just moved and is to move again, or changed hands). A seat
    waited on since before keeps its running clock: in a simultaneous step (the
    deploy, a rowing test) each player has a deadline of his own, and another
    player's decision does not reset it. Nothing runs unless the game is active.
    """
    seats = list(seats)
    control = time_control(game.options)
    for seat in seats:
        if game.status != Game.Status.ACTIVE or seat.display_name not in game.to_move:
            seat.turn_started_at = seat.turn_allowance = seat.deadline_at = seat.remind_at = None
        elif seat.display_name in restart or seat.turn_started_at is None:
            _clock_run(seat, control, now)
    clocks_earliest(game, seats)


def clock_turn_end(*, game: Game, seat: Seat, auto: bool, now: datetime) -> list[str]:
    """Charge ``seat``'s time bank for the move it made; a move of its own ends a timeout run.

    Returns the ``Seat`` fields changed (its running clock is stopped by :func:`clocks_follow`).
    """
    control = time_control(game.options)
    changed = []
    if control.kind == "bank" and not seat.is_bot and seat.turn_started_at is not None:
        seat.clock_bank = min(_time_left(seat, control, now) + control.increment, control.cap)
        changed.append("clock_bank")
    if not auto and seat.timeouts:
        seat.timeouts = 0
        changed.append("timeouts")
    return changed


def clock_pause_for(*, game: Game, seat: Seat, until: datetime, now: datetime) -> None:
    """Stop ``seat``'s clock until ``until`` (a vacation); its deadline moves on by as much.

    Changes the seat only: the caller sets the game's earliest deadline after.
    """
    if seat.turn_started_at is None or seat.is_bot:
        seat.vacation_until = until
        return
    control = time_control(game.options)
    seat.turn_allowance = _time_left(seat, control, now)
    seat.vacation_until = until
    seat.turn_started_at = now
    _set_deadline(seat, control, now=now)


def clock_extend(*, game: Game, seat: Seat, by: timedelta, now: datetime) -> datetime:
    """Give ``seat``, waited on, ``by`` more counted time; return its new deadline (the seat
    changes, not the game)."""
    seat.turn_allowance = (seat.turn_allowance or timedelta()) + by
    return _set_deadline(seat, time_control(game.options), now=now)


def deadline_for(game: Game, seat: Seat | None) -> datetime | None:
    """The deadline to show ``seat``: its own while the game waits for it, else the game's
    earliest (for a spectator too)."""
    return seat.deadline_at if seat is not None and seat.deadline_at else game.deadline_at
