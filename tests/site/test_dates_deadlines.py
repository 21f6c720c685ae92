"""Per-move deadlines, reminders, the sweep and time banks at the moments that break clocks.

The clock counts real hours: a 72-hour deadline is 72 hours of elapsed time
whatever a wall clock does meanwhile, so across a daylight-saving change the
player's own clock shows the deadline an hour later (spring) or earlier
(autumn) than the hour he was told the turn began at. Each test pins its own
instants (``tests.dates_helpers`` lists the changes and checks them against tzdata).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from games.interventions.sweep import deadline_sweep
from games.models import Event
from tests.site.dates_helpers import (
    CHANGES,
    EVERY_CHANGE,
    HOUR,
    SECOND,
    Change,
    event_types,
    game_at,
    mails,
    play,
    seat_of,
    travel,
)

pytestmark = pytest.mark.clock

MINUTE = timedelta(minutes=1)
BANK = {"time_control": {"kind": "bank", "bank_hours": 240, "increment_hours": 36}}


def _sweeps(first: datetime, last: datetime, every: timedelta, *exact: datetime) -> list[datetime]:
    """Sweep instants from ``first`` to ``last``, ``every`` apart, with ``exact`` ones too."""
    moments = {*exact}
    moment = first
    while moment <= last:
        moments.add(moment)
        moment += every
    return sorted(moments)


@EVERY_CHANGE
def test_every_change_these_tests_cross_is_where_tzdata_puts_it(change: Change) -> None:
    """The changes are written out in ``dates_helpers``; a tzdata that moved one fails here."""
    change.check()
    assert change.sunday.weekday() == 6
    assert (change.at + change.before).date() == change.sunday  # the clock read Sunday then
    assert abs(change.shift) == HOUR


@EVERY_CHANGE
def test_a_72_hour_deadline_is_72_real_hours_across_a_change(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """The player's wall clock moves on 71 or 73 hours meanwhile; the deadline does not care."""
    change.check()
    start = travel(clock, change.at - 36 * HOUR)
    game = game_at(start, change.zone)
    assert game.deadline_at == start + 72 * HOUR
    assert game.remind_at == start + 48 * HOUR
    assert change.local(game.deadline_at) - change.local(start) == 72 * HOUR + change.shift

    moved = start + 40 * HOUR  # after the change: Bart's clock starts afresh
    play(game, moved)
    assert seat_of(game, "Bart").deadline_at == game.deadline_at == moved + 72 * HOUR


def test_a_72_hour_deadline_is_72_real_hours_across_the_spring_change_in_berlin(
    db: None, clock: time_machine.Coordinates
) -> None:
    """Friday 12:00 CET plus 72 hours is Monday 13:00 CEST (the rule above, written out)."""
    berlin = ZoneInfo("Europe/Berlin")
    CHANGES["berlin-spring"].check()
    start = travel(clock, datetime(2041, 3, 29, 12, 0, tzinfo=berlin))
    game = game_at(start, "Europe/Berlin")
    assert game.deadline_at == datetime(2041, 4, 1, 11, 0, tzinfo=UTC)
    assert game.deadline_at.astimezone(berlin).isoformat() == "2041-04-01T13:00:00+02:00"


@EVERY_CHANGE
def test_the_sweep_reminds_once_and_times_out_once_across_a_change(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """The reminder goes out 24 real hours before the deadline, 12 hours each side of the
    change; sweeps every ten minutes through the skipped or repeated hour send it once, and
    time the player out once, at the deadline and not an hour either side."""
    change.check()
    start = travel(clock, change.at - 60 * HOUR)
    game = game_at(start, change.zone)
    remind, deadline = change.at - 12 * HOUR, change.at + 12 * HOUR
    assert (game.remind_at, game.deadline_at) == (remind, deadline)
    moments = _sweeps(
        remind - 2 * HOUR, deadline + 2 * HOUR, 10 * MINUTE, remind - SECOND, deadline - SECOND
    )
    for moment in moments:
        deadline_sweep(now=moment)
        reminders = mails(game, "reminder")
        assert len(reminders) == (moment >= remind), moment
        assert len(mails(game, "timed_out")) == (moment >= deadline), moment
    assert event_types(game)[1:4] == ["reminder_sent", "turn_timed_out", "move"]
    (reminder,) = reminders
    assert reminder.created_at == remind and reminder.to == "anne@example.org"
    assert reminder.context["deadline"] == deadline.isoformat()
    timed_out = Event.objects.get(game=game, type="turn_timed_out")
    assert timed_out.created_at == deadline


@EVERY_CHANGE
def test_a_time_bank_is_charged_the_real_hours_of_a_turn_across_a_change(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """48 hours on the bank's clock are 47 or 49 on the player's wall clock; he pays 48, and his
    next turn's deadline is his bank (less those 48, plus the increment) in real hours."""
    change.check()
    start = travel(clock, change.at - 20 * HOUR)
    game = game_at(start, change.zone, BANK)
    assert game.deadline_at == start + 240 * HOUR
    moved = start + 48 * HOUR
    assert change.local(moved) - change.local(start) == 48 * HOUR + change.shift
    play(game, moved)  # Anne
    anne = seat_of(game, "Anne")
    assert anne.clock_bank == (240 - 48 + 36) * HOUR
    play(game, moved + HOUR)  # Bart
    play(game, moved + 2 * HOUR)  # Cleo: Anne's turn again, on her bank
    assert game.to_move == ["Anne"]
    assert game.deadline_at == moved + 2 * HOUR + 228 * HOUR


@EVERY_CHANGE
def test_a_move_in_the_hour_around_a_change_is_charged_one_real_hour(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """Half an hour before the change to half an hour after it is one hour (the wall clock
    says two in spring, none in autumn): the bank pays one and gets its increment."""
    change.check()
    roomy = {"time_control": {**BANK["time_control"], "cap_hours": 300}}
    start = travel(clock, change.at - 30 * MINUTE)
    game = game_at(start, change.zone, roomy)
    moved = change.at + 30 * MINUTE
    assert change.local(moved) - change.local(start) == HOUR + change.shift
    play(game, moved)
    assert seat_of(game, "Anne").clock_bank == (240 - 1 + 36) * HOUR


@pytest.mark.parametrize(
    ("year", "deadline_day"),
    [(2044, date(2044, 3, 1)), (2045, date(2045, 3, 2)), (2048, date(2048, 3, 1))],
)
def test_a_72_hour_deadline_counts_29_february_as_a_day(
    db: None, clock: time_machine.Coordinates, year: int, deadline_day: date
) -> None:
    """From 27 February 12:00 in Berlin: 1 March in a leap year, 2 March otherwise; the
    reminder on 29 February goes out once."""
    berlin = ZoneInfo("Europe/Berlin")
    start = travel(clock, datetime(year, 2, 27, 12, 0, tzinfo=berlin))
    game = game_at(start, "Europe/Berlin")
    day = deadline_day
    assert game.deadline_at == datetime(day.year, day.month, day.day, 12, 0, tzinfo=berlin)
    assert game.deadline_at - start == 72 * HOUR
    remind = game.deadline_at - 24 * HOUR
    for moment in _sweeps(remind - HOUR, game.deadline_at + HOUR, 30 * MINUTE):
        deadline_sweep(now=moment)
    assert len(mails(game, "reminder")) == len(mails(game, "timed_out")) == 1


@pytest.mark.parametrize("zone", ["Pacific/Auckland", "UTC", "America/New_York"])
def test_a_72_hour_deadline_across_the_new_year_is_72_real_hours_and_times_out_once(
    db: None, clock: time_machine.Coordinates, zone: str
) -> None:
    """A turn begun on 30 December ends on 2 January, 72 hours on; the sweeps on either side of
    midnight (UTC's and the player's) remind him once and time him out once."""
    local = ZoneInfo(zone)
    start = travel(clock, datetime(2040, 12, 30, 18, 0, tzinfo=local))
    game = game_at(start, zone)
    assert game.deadline_at == datetime(2041, 1, 2, 18, 0, tzinfo=local)
    assert game.deadline_at - start == 72 * HOUR
    for moment in _sweeps(start, game.deadline_at + 2 * HOUR, HOUR, game.deadline_at - SECOND):
        deadline_sweep(now=moment)
        assert len(mails(game, "timed_out")) == (moment >= game.deadline_at)
    (reminder,) = mails(game, "reminder")
    assert reminder.created_at == datetime(2041, 1, 1, 18, 0, tzinfo=local)
