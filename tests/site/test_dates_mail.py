"""What the emails and the page say, and when the digest goes out, at the moments that break
clocks.

A deadline is shown on the player's own wall clock, with its weekday and zone;
the daily digest goes out once a day, in the hour from 07:00 on its reader's
wall clock, however long that day is (23 or 25 hours), and a held turn whose
digest run was missed goes out once it has been held 25 real hours.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import urlsplit

import pytest
import time_machine
from django.test import Client
from django.utils import translation

from games.display import local_time
from games.interventions.sweep import deadline_sweep
from games.mail.compose import mail_compose
from games.mail.digest import OVERDUE, digest_send
from games.models import OutboundMail
from games.play.links import seat_link
from tests.site.dates_helpers import (
    CHANGES,
    DAY,
    EVERY_CHANGE,
    HOUR,
    SECOND,
    Change,
    game_at,
    mails,
    seat_of,
    travel,
)

pytestmark = pytest.mark.clock

MINUTE = timedelta(minutes=1)


def _on_the_hour(moment: datetime) -> datetime:
    """The first full UTC hour at or after ``moment`` (the beat runs the digest at :00)."""
    hour = moment.replace(minute=0, second=0, microsecond=0)
    return hour if hour == moment else hour + HOUR


def _digests() -> list[OutboundMail]:
    return list(OutboundMail.objects.filter(kind="digest").order_by("id"))


def _shown(client: Client, game_id: int, hours: int) -> tuple[str, str]:
    """Anne's turn email's text and her play page, for the game ``game_id``."""
    row = OutboundMail.objects.get(game_id=game_id, kind="turn")
    assert row.seat is not None
    page = client.get(urlsplit(seat_link(row.seat)).path)
    assert page.status_code == 200, hours
    return str(mail_compose(row).body), page.content.decode()


@EVERY_CHANGE
def test_exactly_one_digest_goes_out_each_day_around_a_change_at_seven_on_the_readers_clock(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """Hourly runs from Saturday to Monday (the Sunday 23 or 25 hours long) write one digest a
    day, each in the reader's 07:00 hour, while her turns are held at all hours of the day
    (one a second after Saturday's digest: it waits for Sunday's, up to 25 hours, and is not
    sent early as overdue)."""
    change.check()
    saturday = change.sunday - DAY
    first, last = change.wall(saturday, 0), change.wall(change.sunday + 2 * DAY, 0)
    saturday_seven = _on_the_hour(change.wall(saturday, 7))
    held = [first - 3 * HOUR + k * 5 * HOUR for k in range(16)] + [saturday_seven + SECOND]
    run, sent = _on_the_hour(first), []
    while run < last:
        for moment in [moment for moment in held if run - HOUR < moment <= run]:
            travel(clock, moment)
            game_at(moment, change.zone, digest=True)
        travel(clock, run)
        written = digest_send(now=run)
        assert written in (0, 1)
        sent += [change.local(run)] * written
        run += HOUR
    assert [moment.date() for moment in sent] == [saturday, change.sunday, change.sunday + DAY]
    assert [moment.hour for moment in sent] == [7, 7, 7]
    sunday = _digests()[1]
    assert sunday.created_at - saturday_seven == 24 * HOUR - change.shift
    waiting = [moment for moment in held if saturday_seven < moment <= sunday.created_at]
    assert len(sunday.context["games"]) == len(waiting)


@EVERY_CHANGE
def test_a_turn_held_past_a_missed_digest_goes_out_once_held_25_real_hours(
    db: None, clock: time_machine.Coordinates, change: Change
) -> None:
    """Held a second after Saturday's digest; Sunday's 07:00 run never comes: the first run
    25 real hours after it was held sends it, on Sunday, and none sends it twice."""
    change.check()
    saturday = change.sunday - DAY
    held = travel(clock, _on_the_hour(change.wall(saturday, 7)) + SECOND)
    game_at(held, change.zone, digest=True)
    missed = _on_the_hour(change.wall(change.sunday, 7))
    due = _on_the_hour(held + OVERDUE)
    assert missed < due and change.local(due).date() == change.sunday
    run = held - SECOND + HOUR
    while run <= due + 3 * HOUR:
        if run != missed:
            travel(clock, run)
            digest_send(now=run)
            assert len(_digests()) == (run >= due), run
        run += HOUR
    (digest,) = _digests()
    assert digest.created_at == due and change.local(due).hour != 7


SHOWN = [
    (
        "berlin-spring",
        "Saturday, March 30, 2041, noon (Europe/Berlin)",
        "Monday, April 1, 2041, 1 p.m. (Europe/Berlin)",
    ),
    (
        "berlin-autumn",
        "Saturday, Oct. 26, 2041, noon (Europe/Berlin)",
        "Monday, Oct. 28, 2041, 11 a.m. (Europe/Berlin)",
    ),
    (
        "new-york-spring",
        "Saturday, March 9, 2041, noon (America/New_York)",
        "Monday, March 11, 2041, 1 p.m. (America/New_York)",
    ),
    (
        "new-york-autumn",
        "Saturday, Nov. 2, 2041, noon (America/New_York)",
        "Monday, Nov. 4, 2041, 11 a.m. (America/New_York)",
    ),
    (
        "santiago-spring",
        "Saturday, Sept. 7, 2041, noon (America/Santiago)",
        "Monday, Sept. 9, 2041, 1 p.m. (America/Santiago)",
    ),
    (
        "santiago-autumn",
        "Saturday, April 6, 2041, noon (America/Santiago)",
        "Monday, April 8, 2041, 11 a.m. (America/Santiago)",
    ),
    (
        "adelaide-spring",
        "Saturday, Oct. 5, 2041, noon (Australia/Adelaide)",
        "Monday, Oct. 7, 2041, 1 p.m. (Australia/Adelaide)",
    ),
    (
        "adelaide-autumn",
        "Saturday, April 6, 2041, noon (Australia/Adelaide)",
        "Monday, April 8, 2041, 11 a.m. (Australia/Adelaide)",
    ),
]


@pytest.mark.parametrize(("name", "before", "after"), SHOWN, ids=[row[0] for row in SHOWN])
def test_the_deadline_is_shown_on_the_players_clock_on_each_side_of_a_change(
    db: None, clock: time_machine.Coordinates, client: Client, name: str, before: str, after: str
) -> None:
    """Turns begun on Friday at noon: a 24-hour deadline before the change is Saturday noon, a
    72-hour one after it Monday 13:00 (spring) or 11:00 (autumn), in the turn email, on the
    play page and in the reminder, which goes out 24 real hours before."""
    change = CHANGES[name]
    change.check()
    start = travel(clock, change.wall(change.sunday - 2 * DAY, 12))
    for hours, shown in ((24, before), (72, after)):
        options = {"time_control": {"kind": "per_move", "hours": hours}}
        game = game_at(start, change.zone, options, email_prefix=f"{hours}-")
        text, page = _shown(client, game.pk, hours)
        assert f"Deadline: {shown}" in text and shown in page
    assert game.remind_at is not None
    travel(clock, game.remind_at)
    deadline_sweep(now=game.remind_at)
    (reminder,) = mails(game, "reminder")
    assert f"is due {after}" in str(mail_compose(reminder).body)
    assert seat_of(game, "Anne").remind_at is None


AMBIGUOUS = [
    (
        "berlin-autumn",
        "Sunday, Oct. 27, 2041, 2:30 a.m. (Europe/Berlin, UTC+02:00)",
        "Sunday, Oct. 27, 2041, 2:30 a.m. (Europe/Berlin, UTC+01:00)",
    ),
    (
        "new-york-autumn",
        "Sunday, Nov. 3, 2041, 1:30 a.m. (America/New_York, UTC-04:00)",
        "Sunday, Nov. 3, 2041, 1:30 a.m. (America/New_York, UTC-05:00)",
    ),
    (
        "santiago-autumn",
        "Saturday, April 6, 2041, 11:30 p.m. (America/Santiago, UTC-03:00)",
        "Saturday, April 6, 2041, 11:30 p.m. (America/Santiago, UTC-04:00)",
    ),
    (
        "adelaide-autumn",
        "Sunday, April 7, 2041, 2:30 a.m. (Australia/Adelaide, UTC+10:30)",
        "Sunday, April 7, 2041, 2:30 a.m. (Australia/Adelaide, UTC+09:30)",
    ),
]


@pytest.mark.parametrize(("name", "first", "second"), AMBIGUOUS, ids=[row[0] for row in AMBIGUOUS])
def test_a_deadline_in_the_hour_an_autumn_change_repeats_says_which_of_the_two_it_is(
    db: None, clock: time_machine.Coordinates, client: Client, name: str, first: str, second: str
) -> None:
    """Half an hour before and after the change the wall clock reads the same; the email and
    the page add the UTC offset then, so the player knows which one the sweep will keep."""
    change = CHANGES[name]
    change.check()
    for shown, deadline in ((first, change.at - 30 * MINUTE), (second, change.at + 30 * MINUTE)):
        start = travel(clock, deadline - 72 * HOUR)
        game = game_at(start, change.zone, email_prefix=f"{deadline:%H%M}-")
        assert game.deadline_at == deadline
        text, page = _shown(client, game.pk, 72)
        assert f"Deadline: {shown}" in text and shown in page


@pytest.mark.parametrize(
    ("language", "zone", "shown"),
    [
        ("en", "America/New_York", "Wednesday, Dec. 31, 2059, 5:30 p.m. (America/New_York)"),
        ("de", "Europe/Berlin", "Mittwoch, 31. Dezember 2059 23:30 (Europe/Berlin)"),
        ("fr", "Europe/Paris", "mercredi 31 décembre 2059 23:30 (Europe/Paris)"),
    ],
)
def test_new_years_eve_is_written_as_each_language_writes_a_weekday_and_a_date(
    language: str, zone: str, shown: str
) -> None:
    """A deadline names its weekday as the reader's language does: a comma after it in
    English and German, none in French ("mercredi 31 décembre")."""
    with translation.override(language):
        assert local_time("2059-12-31T22:30:00+00:00", zone) == shown
