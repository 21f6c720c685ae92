"""A seat's playing hours: the hours of the day, on its own wall clock, in which its player
wants to hear of his turns (``Seat.hours_from`` to ``Seat.hours_until``; none set: always).

Outside them a turn notice (its turn email and its channels' notices alike) is written with
its move as ever, but waits (:func:`notice_wait`) until the hours begin, on the day they
begin as the seat's zone counts it, across a change of summer time too. A notice never
waits past the seat's reminder time (or, with no reminder, its deadline), and the deadline
reminder itself never waits: the reminder comes at its time even outside the hours, since a
player who is not told before his deadline loses his turn. No notice is ever dropped for
the hours; one whose player moved while it waited is (``games.mail.outbox.mail_send``,
``games.notices.delivery.notice_send``).
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from games.models import Seat


def within(moment: time, start: time, end: time) -> bool:
    """Whether the wall-clock ``moment`` lies in the hours from ``start`` to ``end`` (which
    may pass midnight: 20:00 to 02:00)."""
    if start <= end:
        return start <= moment < end
    return moment >= start or moment < end


def hours_begin(seat: Seat, now: datetime) -> datetime | None:
    """When ``seat``'s playing hours next begin after ``now`` (``None``: they hold now, or it
    has none)."""
    start, end = seat.hours_from, seat.hours_until
    if start is None or end is None or start == end:
        return None
    zone = ZoneInfo(seat.time_zone)
    local = now.astimezone(zone)
    if within(local.time(), start, end):
        return None
    day = local.date() if local.time() < start else local.date() + timedelta(days=1)
    return datetime.combine(day, start, tzinfo=zone)


def notice_wait(seat: Seat, now: datetime) -> datetime | None:
    """Until when a turn notice to ``seat`` written at ``now`` waits: the start of its
    playing hours, but no later than its reminder time or, with none, its deadline
    (``None``: it goes now)."""
    begin = hours_begin(seat, now)
    if begin is None:
        return None
    latest = seat.remind_at or seat.deadline_at
    until = begin if latest is None else min(begin, latest)
    return until if until > now else None


def hours_set(seat: Seat, hours_from: time | None, hours_until: time | None) -> None:
    """Give ``seat`` the playing hours ``hours_from`` to ``hours_until`` (``None``: always),
    for the notices written from now on."""
    seat.hours_from, seat.hours_until = hours_from, hours_until
    seat.save(update_fields=["hours_from", "hours_until"])


def hours_shown(seat: Seat) -> str:
    """``seat``'s playing hours as its game's page shows them (``""``: always)."""
    start, end = seat.hours_from, seat.hours_until
    if start is None or end is None or start == end:
        return ""
    return f"{start:%H:%M}–{end:%H:%M} ({seat.time_zone})"
