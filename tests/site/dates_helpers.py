"""The moments that break correspondence clocks, for the ``test_dates_*`` tests.

Each daylight-saving change is written out as the instant tzdata puts it at and
the UTC offsets on either side; :meth:`Change.check` asserts both, so a tzdata
that moves a change shows up as that, not as a puzzling deadline. Every date is
in 2031-2099, away from the machine's own clock and independent of the suite's
start instant (``tests.clock.T0``): a test pins its own instant.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine

from games.models import Event, Game, MailPreference, OutboundMail, Seat
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
SECOND = timedelta(seconds=1)
PLAYERS = ("Anne", "Bart", "Cleo")
"""The players of :func:`game_at`; with its seed Anne moves first."""


@dataclass(frozen=True)
class Change:
    """A daylight-saving change: at the UTC instant ``at`` the offset goes from ``before`` to
    ``after``."""

    zone: str
    at: datetime
    before: timedelta
    after: timedelta
    sunday: date
    """The local Sunday whose weekend holds the change."""

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.zone)

    @property
    def shift(self) -> timedelta:
        """How far the wall clock jumps: +1 h in spring, -1 h in autumn."""
        return self.after - self.before

    def check(self) -> None:
        """Assert that tzdata still changes the offset at ``at``, from ``before`` to ``after``."""
        assert (self.at - SECOND).astimezone(self.tz).utcoffset() == self.before, self
        assert self.at.astimezone(self.tz).utcoffset() == self.after, self
        assert (self.at - DAY).astimezone(self.tz).utcoffset() == self.before, self
        assert (self.at + DAY).astimezone(self.tz).utcoffset() == self.after, self

    def wall(self, day: date, hour: int, minute: int = 0, *, fold: int = 0) -> datetime:
        """The UTC instant of ``hour:minute`` on ``day`` on this zone's wall clock."""
        local = datetime(day.year, day.month, day.day, hour, minute, tzinfo=self.tz, fold=fold)
        return local.astimezone(UTC)

    def local(self, moment: datetime) -> datetime:
        """``moment`` on this zone's wall clock, as a naive datetime (what a clock shows)."""
        return moment.astimezone(self.tz).replace(tzinfo=None)


def _h(hours: float) -> timedelta:
    return timedelta(hours=hours)


CHANGES = {
    "berlin-spring": Change(
        "Europe/Berlin", datetime(2041, 3, 31, 1, 0, tzinfo=UTC), _h(1), _h(2), date(2041, 3, 31)
    ),
    "berlin-autumn": Change(
        "Europe/Berlin", datetime(2041, 10, 27, 1, 0, tzinfo=UTC), _h(2), _h(1), date(2041, 10, 27)
    ),
    "new-york-spring": Change(
        "America/New_York",
        datetime(2041, 3, 10, 7, 0, tzinfo=UTC),
        _h(-5),
        _h(-4),
        date(2041, 3, 10),
    ),
    "new-york-autumn": Change(
        "America/New_York",
        datetime(2041, 11, 3, 6, 0, tzinfo=UTC),
        _h(-4),
        _h(-5),
        date(2041, 11, 3),
    ),
    # Santiago changes at local midnight: in spring Sunday 00:00 never shows (00:00 -04 is
    # 01:00 -03); in autumn Saturday's last hour, 23:00-23:59, shows twice.
    "santiago-spring": Change(
        "America/Santiago",
        datetime(2041, 9, 8, 4, 0, tzinfo=UTC),
        _h(-4),
        _h(-3),
        date(2041, 9, 8),
    ),
    "santiago-autumn": Change(
        "America/Santiago",
        datetime(2041, 4, 7, 3, 0, tzinfo=UTC),
        _h(-3),
        _h(-4),
        date(2041, 4, 7),
    ),
    # Adelaide: a half-hour offset, southern hemisphere (spring in October).
    "adelaide-spring": Change(
        "Australia/Adelaide",
        datetime(2041, 10, 5, 16, 30, tzinfo=UTC),
        _h(9.5),
        _h(10.5),
        date(2041, 10, 6),
    ),
    "adelaide-autumn": Change(
        "Australia/Adelaide",
        datetime(2041, 4, 6, 16, 30, tzinfo=UTC),
        _h(10.5),
        _h(9.5),
        date(2041, 4, 7),
    ),
}

EVERY_CHANGE = pytest.mark.parametrize("change", list(CHANGES.values()), ids=list(CHANGES))
"""Parametrise a test's ``change`` over every change above."""
SPRING_AND_AUTUMN = {
    name: (CHANGES[f"{name}-spring"], CHANGES[f"{name}-autumn"])
    for name in ("berlin", "new-york", "santiago", "adelaide")
}


def game_at(
    now: datetime,
    zone: str,
    options: dict[str, Any] | None = None,
    *,
    digest: bool = False,
    email_prefix: str = "",
) -> Game:
    """A Freibeuter game made at ``now`` whose three players (Anne first) live in ``zone``."""
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(
                name=name,
                email=f"{email_prefix}{name.lower()}@example.org",
                time_zone=zone,
            )
            for name in PLAYERS
        ],
        options=options,
        seed=5,
        now=now,
    )
    if digest:
        game.seats.update(mail_preference=MailPreference.DIGEST)
        OutboundMail.objects.filter(game=game, kind="turn").update(status="held", created_at=now)
    return game


def seat_of(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def play(game: Game, now: datetime) -> str:
    """The player to move makes the bot's move, at ``now``; return his name."""
    game.refresh_from_db()
    (name,) = game.to_move
    move = engine_for(game).bot_move(load_state(game), name)
    move_submit(game=game, seat=seat_of(game, name), move=move, expected_seq=game.last_seq, now=now)
    game.refresh_from_db()
    return name


def event_types(game: Game) -> list[str]:
    return list(Event.objects.filter(game=game).order_by("seq").values_list("type", flat=True))


def mails(game: Game, kind: str) -> list[OutboundMail]:
    return list(OutboundMail.objects.filter(game=game, kind=kind).order_by("id"))


def travel(clock: time_machine.Coordinates, moment: datetime) -> datetime:
    """Move the suite's clock to ``moment`` (for what reads it: pages, defaults); return it."""
    clock.move_to(moment)
    return moment
