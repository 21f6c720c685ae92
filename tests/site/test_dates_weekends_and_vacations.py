"""The weekend pause and vacations at the moments that break clocks.

A paused weekend runs from Saturday 00:00 to Monday 00:00 on the wall clock
of the seat to move, so it is 48 hours long except when it holds a
daylight-saving change: 47 hours in spring, 49 in autumn. A vacation of N days
stops the clock for N times 24 real hours, and it counts against the
allowance of the year it starts in on the player's own calendar.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from games.interventions.services import NoVacationLeft, vacation_days_used, vacation_start
from games.interventions.sweep import deadline_sweep
from games.timecontrol.deadlines import counted_between, counted_until
from tests.site.dates_helpers import (
    CHANGES,
    DAY,
    EVERY_CHANGE,
    HOUR,
    Change,
    game_at,
    mails,
    play,
    seat_of,
    travel,
)

pytestmark = pytest.mark.clock

DAILY = {"time_control": {"kind": "per_move", "hours": 24}, "weekend_pause": True}
THREE_DAYS = {"time_control": {"kind": "per_move", "hours": 72}, "weekend_pause": True}
BANK = {
    "time_control": {"kind": "bank", "bank_hours": 240, "increment_hours": 36},
    "weekend_pause": True,
}


def _weekend(change: Change) -> timedelta:
    """The real length of the weekend that holds ``change``, Saturday 00:00 to Monday 00:00."""
    return change.wall(change.sunday + DAY, 0) - change.wall(change.sunday - DAY, 0)


@EVERY_CHANGE
def test_a_weekend_that_holds_a_change_is_47_hours_in_spring_and_49_in_autumn(
    change: Change,
) -> None:
    """Its local midnights exist once each (no zone changes at a Saturday's or a Monday's
    midnight), so only the weekend's length differs."""
    change.check()
    saturday, monday = change.sunday - DAY, change.sunday + DAY
    assert _weekend(change) == (47 * HOUR if change.shift > timedelta() else 49 * HOUR)
    for day in (saturday, monday):
        first, second = change.wall(day, 0, fold=0), change.wall(day, 0, fold=1)
        assert first == second and change.local(first) == datetime(day.year, day.month, day.day)


def test_santiago_skips_sunday_midnight_in_spring_and_repeats_saturday_23h_in_autumn() -> None:
    """The zone whose changes fall at local midnight, as the weekend tests below rely on."""
    spring, autumn = CHANGES["santiago-spring"], CHANGES["santiago-autumn"]
    spring.check()
    autumn.check()
    assert spring.local(spring.at - timedelta(seconds=1)) == datetime(2041, 9, 7, 23, 59, 59)
    assert spring.local(spring.at) == datetime(2041, 9, 8, 1, 0)  # 00:00-00:59 never shows
    assert autumn.local(autumn.at - timedelta(seconds=1)) == datetime(2041, 4, 6, 23, 59, 59)
    assert autumn.local(autumn.at) == datetime(2041, 4, 6, 23, 0)  # 23:00-23:59 again
    saturday = autumn.sunday - DAY
    twice = [autumn.wall(saturday, 23, 30, fold=fold) for fold in (0, 1)]
    assert twice[1] - twice[0] == HOUR


@EVERY_CHANGE
def test_a_daily_deadline_set_on_friday_noon_is_monday_noon_after_a_changed_weekend(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """24 counted hours from Friday 12:00: Saturday 00:00 is reached after 12, the other 12
    run from Monday 00:00; in real time 24 hours and the weekend's 47 or 49."""
    change.check()
    start = travel(clock, change.wall(change.sunday - 2 * DAY, 12))
    game = game_at(start, change.zone, DAILY)
    assert game.deadline_at == change.wall(change.sunday + DAY, 12)
    assert game.deadline_at - start == 24 * HOUR + _weekend(change)
    assert change.local(game.deadline_at).hour == 12


@EVERY_CHANGE
def test_a_three_day_deadline_that_lands_after_a_changed_weekend_is_tuesday_noon(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """From Thursday 12:00: 36 hours to Saturday, 36 from Monday; the reminder, 24 real hours
    before, is on Monday at noon, and the sweep sends it there, not during the weekend."""
    change.check()
    start = travel(clock, change.wall(change.sunday - 3 * DAY, 12))
    game = game_at(start, change.zone, THREE_DAYS)
    tuesday_noon = change.wall(change.sunday + 2 * DAY, 12)
    assert game.deadline_at == tuesday_noon
    assert game.deadline_at - start == 72 * HOUR + _weekend(change)
    assert game.remind_at == change.wall(change.sunday + DAY, 12)
    assert deadline_sweep(now=game.remind_at - timedelta(seconds=1)) == 0
    assert deadline_sweep(now=game.remind_at) == 1
    assert deadline_sweep(now=tuesday_noon - timedelta(seconds=1)) == 0
    assert len(mails(game, "reminder")) == 1 and not mails(game, "timed_out")


@EVERY_CHANGE
def test_a_turn_begun_during_a_changed_weekend_starts_counting_at_monday_midnight(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """Begun on Sunday 10:00, after the change: the 24 hours are Monday's, to Tuesday 00:00."""
    change.check()
    start = travel(clock, change.wall(change.sunday, 10))
    game = game_at(start, change.zone, DAILY)
    assert game.deadline_at == change.wall(change.sunday + 2 * DAY, 0)


@pytest.mark.parametrize("fold", [0, 1])
def test_a_turn_begun_in_santiagos_repeated_saturday_hour_waits_for_monday(
    db: None, clock: time_machine.Coordinates, fold: int
) -> None:
    """Both 23:30s of the autumn Saturday are in the weekend; the clock starts on Monday."""
    change = CHANGES["santiago-autumn"]
    change.check()
    start = travel(clock, change.wall(change.sunday - DAY, 23, 30, fold=fold))
    game = game_at(start, change.zone, DAILY)
    assert game.deadline_at == datetime(2041, 4, 9, 0, 0, tzinfo=ZoneInfo("America/Santiago"))


@EVERY_CHANGE
def test_a_time_bank_is_charged_only_the_weekday_hours_around_a_changed_weekend(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """Friday 18:00 to Monday 06:00 costs 12 hours: six before the weekend, six after it."""
    change.check()
    start = travel(clock, change.wall(change.sunday - 2 * DAY, 18))
    game = game_at(start, change.zone, BANK)
    moved = change.wall(change.sunday + DAY, 6)
    play(game, moved)
    assert seat_of(game, "Anne").clock_bank == min(240 - 12 + 36, 240) * HOUR
    zone = change.tz
    assert counted_between(start, moved, zone=zone, weekend_pause=True) == 12 * HOUR
    assert counted_until(start, 12 * HOUR, zone=zone, weekend_pause=True) == moved


@pytest.mark.parametrize("zone", ["Europe/Berlin", "Pacific/Auckland", "America/New_York"])
def test_a_weekend_that_begins_at_new_years_midnight_pauses_until_monday(
    db: None, clock: time_machine.Coordinates, zone: str
) -> None:
    """1 January 2033 is a Saturday: a daily turn begun on New Year's Eve at noon is due on
    Monday 3 January at noon, the pause starting at the player's own midnight."""
    local = ZoneInfo(zone)
    assert date(2033, 1, 1).weekday() == 5
    start = travel(clock, datetime(2032, 12, 31, 12, 0, tzinfo=local))
    game = game_at(start, zone, DAILY)
    assert game.deadline_at == datetime(2033, 1, 3, 12, 0, tzinfo=local)
    assert game.deadline_at - start == 72 * HOUR
    new_year = datetime(2033, 1, 1, 0, 0, tzinfo=local)
    assert counted_between(start, new_year + 12 * HOUR, zone=local, weekend_pause=True) == (
        12 * HOUR
    )


def test_a_weekend_on_29_february_pauses_two_days_and_the_turn_ends_on_2_march(
    db: None, clock: time_machine.Coordinates
) -> None:
    """29 February 2048 is a Saturday: from Friday 28 February noon, Monday 2 March noon."""
    berlin = ZoneInfo("Europe/Berlin")
    assert date(2048, 2, 29).weekday() == 5
    start = travel(clock, datetime(2048, 2, 28, 12, 0, tzinfo=berlin))
    game = game_at(start, "Europe/Berlin", DAILY)
    assert game.deadline_at == datetime(2048, 3, 2, 12, 0, tzinfo=berlin)


@pytest.mark.parametrize(
    ("year", "until_day", "deadline_day"),
    [(2044, date(2044, 3, 1), date(2044, 3, 3)), (2045, date(2045, 3, 2), date(2045, 3, 4))],
)
def test_a_vacation_over_29_february_lasts_its_days_and_moves_the_deadline_by_as_much(
    db: None, clock: time_machine.Coordinates, year: int, until_day: date, deadline_day: date
) -> None:
    """Two days from 28 February noon: 1 March in a leap year, 2 March otherwise; the 48 hours
    of the turn left then run from the vacation's end."""
    start = travel(clock, datetime(year, 2, 27, 12, 0, tzinfo=UTC))
    game = game_at(start, "UTC")
    anne = seat_of(game, "Anne")
    until = vacation_start(game=game, seat=anne, days=2, now=start + DAY)
    game.refresh_from_db()
    assert until == datetime(until_day.year, until_day.month, until_day.day, 12, tzinfo=UTC)
    assert game.deadline_at == datetime(
        deadline_day.year, deadline_day.month, deadline_day.day, 12, tzinfo=UTC
    )
    assert deadline_sweep(now=start + 72 * HOUR) == 0  # the old deadline passes unnoticed


@pytest.mark.parametrize("name", ["berlin-spring", "berlin-autumn", "adelaide-spring"])
def test_a_vacation_across_a_change_stops_the_clock_for_its_days_in_real_hours(
    db: None, clock: time_machine.Coordinates, name: str
) -> None:
    """Seven days from Friday noon end 168 hours later: at 13:00 after a spring change, 11:00
    after an autumn one, on the player's clock; the deadline moves on by the same 168 hours."""
    change = CHANGES[name]
    change.check()
    start = travel(clock, change.wall(change.sunday - 2 * DAY, 12))
    game = game_at(start, change.zone)
    before = game.deadline_at
    until = vacation_start(game=game, seat=seat_of(game, "Anne"), days=7, now=start)
    game.refresh_from_db()
    assert until == start + 7 * 24 * HOUR
    assert change.local(until).hour == 12 + change.shift // HOUR
    assert game.deadline_at == before + 7 * 24 * HOUR


def test_a_vacation_counts_against_the_year_it_starts_in_even_when_it_runs_into_the_next(
    db: None, clock: time_machine.Coordinates
) -> None:
    """Fourteen days from 31 December use up that year; on 1 January the new year's fourteen
    may follow at once (the second vacation begins where the first ends)."""
    start = travel(clock, datetime(2040, 12, 30, 12, 0, tzinfo=UTC))
    game = game_at(start, "UTC", {"vacation_days": 14})
    anne = seat_of(game, "Anne")
    first = vacation_start(
        game=game, seat=anne, days=14, now=datetime(2040, 12, 31, 10, 0, tzinfo=UTC)
    )
    assert first == datetime(2041, 1, 14, 10, 0, tzinfo=UTC)
    assert vacation_days_used(seat=anne, year=2040) == 14
    assert vacation_days_used(seat=anne, year=2041) == 0
    with pytest.raises(NoVacationLeft):
        vacation_start(game=game, seat=anne, days=1, now=datetime(2040, 12, 31, 23, 59, tzinfo=UTC))
    second = vacation_start(game=game, seat=anne, days=14, now=datetime(2041, 1, 1, tzinfo=UTC))
    assert second == first + 14 * DAY
    assert vacation_days_used(seat=anne, year=2041) == 14
    with pytest.raises(NoVacationLeft):
        vacation_start(game=game, seat=anne, days=1, now=datetime(2041, 1, 1, 1, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("zone", "refused_at", "allowed_at"),
    [
        # 1 January 09:00 in Auckland is still 31 December in UTC.
        ("Pacific/Auckland", None, datetime(2041, 1, 1, 9, 0)),
        # 31 December 20:00 in New York is already 1 January in UTC.
        ("America/New_York", datetime(2040, 12, 31, 20, 0), datetime(2041, 1, 1, 9, 0)),
    ],
)
def test_the_vacation_year_is_the_calendar_year_on_the_players_own_clock(
    db: None,
    clock: time_machine.Coordinates,
    zone: str,
    refused_at: datetime | None,
    allowed_at: datetime,
) -> None:
    """A player who took this year's fourteen days is refused more until his own 1 January,
    and gets the new year's days then, whatever year it is in UTC."""
    local = ZoneInfo(zone)
    start = travel(clock, datetime(2040, 12, 10, 12, 0, tzinfo=local))
    game = game_at(start, zone, {"vacation_days": 14})
    anne = seat_of(game, "Anne")
    vacation_start(game=game, seat=anne, days=14, now=start)
    assert vacation_days_used(seat=anne, year=2040) == 14
    if refused_at is not None:
        refused = refused_at.replace(tzinfo=local)
        assert refused.astimezone(UTC).year == 2041
        with pytest.raises(NoVacationLeft):
            vacation_start(game=game, seat=anne, days=1, now=refused.astimezone(UTC))
    allowed = allowed_at.replace(tzinfo=local).astimezone(UTC)
    vacation_start(game=game, seat=anne, days=14, now=allowed)
    assert vacation_days_used(seat=anne, year=2041) == 14
    assert vacation_days_used(seat=anne, year=2040) == 14
