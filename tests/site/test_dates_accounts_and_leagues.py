"""Sign-in links and league rounds at the moments that break clocks.

A sign-in link is valid for 15 real minutes, however the asker's wall clock
jumps meanwhile; a league round ends ``round_hours`` real hours after it was
dealt, across a daylight-saving change or the new year, and its email and page
say when in UTC (a league's players have no zone of their own there).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from games.leagues.services import league_create, league_sign_up, leagues_sweep
from games.mail.compose import mail_compose
from games.models import Event, Game, League, LeagueTable, OutboundMail
from games.people.accounts import player_create
from tests.site.dates_helpers import (
    CHANGES,
    DAY,
    EVERY_CHANGE,
    HOUR,
    SECOND,
    Change,
    game_at,
    travel,
)

pytestmark = pytest.mark.clock

MINUTE = timedelta(minutes=1)
VALID = timedelta(minutes=15)
HANDLES = ("Anne", "Bart", "Cleo")


@pytest.fixture(autouse=True)
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache per test, so sign-in limits never carry over between tests."""


def _links(client: Client, count: int) -> list[str]:
    """Ask for ``count`` sign-in links for Anne's address; the path of each."""
    for _ in range(count):
        client.post("/signin/", {"email": "anne@example.org"})
    rows = OutboundMail.objects.filter(kind="sign_in").order_by("id")
    return [re.sub(r"^https?://[^/]+", "", row.context["link"]) for row in rows]


def _link_works(clock: time_machine.Coordinates, link: str, at: datetime) -> bool:
    """Whether ``link``'s page, opened at ``at``, still offers to sign in (changes nothing).
    The clock stays at ``at`` until it is moved again: a link's last second is tested to the
    second, which a ticking clock on a busy machine would overrun."""
    clock.move_to(at, tick=False)
    answer = Client().get(link)
    assert answer.status_code in (200, 410)
    return answer.status_code == 200


@EVERY_CHANGE
def test_a_sign_in_link_works_for_15_real_minutes_across_a_change(
    db: None, clock: time_machine.Coordinates, client: Client, change: Change
) -> None:
    """Asked for 7 minutes before the change: a second before 15 minutes are up (the asker's
    clock says 75 have passed, or -45) it still signs in; a second after, it is refused, by
    GET and POST alike."""
    change.check()
    game_at(change.at - DAY, change.zone)  # Anne plays somewhere
    asked = travel(clock, change.at - 7 * MINUTE)
    spent, late = _links(client, 2)
    later = asked + VALID - SECOND
    assert change.local(later) - change.local(asked) == VALID - SECOND + change.shift
    assert _link_works(clock, spent, later) and _link_works(clock, late, later)
    assert Client().post(spent).status_code == 302
    assert not _link_works(clock, late, asked + VALID + SECOND)
    assert Client().post(late).status_code == 410


def test_a_sign_in_link_asked_for_before_midnight_on_new_years_eve_expires_in_the_new_year(
    db: None, clock: time_machine.Coordinates, client: Client
) -> None:
    """Asked at 23:50 UTC on 31 December: it works until 00:05 on 1 January, not after."""
    game_at(datetime(2040, 12, 30, 12, 0, tzinfo=UTC), "Pacific/Auckland")
    asked = travel(clock, datetime(2040, 12, 31, 23, 50, tzinfo=UTC))
    (link,) = _links(client, 1)
    assert _link_works(clock, link, asked + VALID - SECOND)
    assert not _link_works(clock, link, asked + VALID + SECOND)
    assert Client().post(link).status_code == 410


def _league(closes: datetime, round_hours: int) -> League:
    """A two-round Seeräuber league of three players whose sign-up closes at ``closes``."""
    opens = closes - 2 * DAY
    league = league_create(
        name="Date League",
        kind="seerauber",
        signup_opens_at=opens,
        signup_closes_at=closes,
        rounds=2,
        round_hours=round_hours,
        options={"time_control": {"kind": "per_move", "hours": 72}},
        now=opens,
    )
    for index, handle in enumerate(HANDLES):
        player = player_create(email=f"{handle.lower()}@example.org", handle=handle, now=opens)
        league_sign_up(league=league, player=player, language="en", now=opens + index * MINUTE)
    return league


def _round_games(league: League, number: int) -> list[Game]:
    tables = LeagueTable.objects.filter(league=league, round=number).select_related("game")
    return [table.game for table in tables]


ROUNDS = [
    # dealt on Friday 12:00 in Berlin before the change; a week is 167 or 169 hours there
    ("berlin-spring", datetime(2041, 3, 29, 11, 0, tzinfo=UTC), 168, "April 5, 2041, 11 a.m."),
    ("berlin-autumn", datetime(2041, 10, 25, 10, 0, tzinfo=UTC), 168, "Nov. 1, 2041, 10 a.m."),
    ("new-york-spring", datetime(2041, 3, 8, 17, 0, tzinfo=UTC), 72, "March 11, 2041, 5 p.m."),
    ("new-year", datetime(2040, 12, 29, 18, 0, tzinfo=UTC), 96, "Jan. 2, 2041, 6 p.m."),
]


@pytest.mark.parametrize(
    ("name", "closes", "round_hours", "ends"), ROUNDS, ids=[row[0] for row in ROUNDS]
)
def test_a_league_round_ends_its_round_hours_in_real_hours_after_it_was_dealt(
    db: None,
    clock: time_machine.Coordinates,
    client: Client,
    name: str,
    closes: datetime,
    round_hours: int,
    ends: str,
) -> None:
    """Across a change or the new year: the sweep a second before the round's deadline leaves
    it; the one at the deadline decides its games and deals the next round, which ends
    ``round_hours`` later again. The round's email and page give the end in UTC."""
    if name in CHANGES:
        CHANGES[name].check()
    league = _league(closes, round_hours)
    travel(clock, closes)
    assert leagues_sweep(now=closes) == 1
    league.refresh_from_db()
    deadline = closes + round_hours * HOUR
    assert (league.round, league.round_deadline) == (1, deadline)
    row = OutboundMail.objects.filter(kind="league_round").first()
    assert row is not None and "decided by" in str(mail_compose(row).body)
    assert f"{ends} (UTC)" in str(mail_compose(row).body)
    assert f"{ends} UTC" in client.get(f"/leagues/{league.pk}/").content.decode()

    travel(clock, deadline - SECOND)
    assert leagues_sweep(now=deadline - SECOND) == 0
    travel(clock, deadline)
    assert leagues_sweep(now=deadline) == 1
    league.refresh_from_db()
    (decided,) = _round_games(league, 1)
    assert decided.status == Game.Status.FINISHED
    adjudicated = Event.objects.get(game=decided, type="game_adjudicated")
    assert adjudicated.created_at == deadline
    assert (league.round, league.round_deadline) == (2, deadline + round_hours * HOUR)
