"""A player's deadlines as a calendar feed (iCalendar, RFC 5545), behind a revocable token.

One event per active game of the player's seats, at the deadline his seat's page shows (its
own while the game waits for him, else the game's earliest), with a stable UID and the
game's seq as its ``SEQUENCE``, so a calendar that reads the feed again moves the event as
the game goes. While it is his turn the event carries an alarm at his reminder's time. An
event says only what the game's public page says: the game, who is to move and the
deadline, with the public page's link (a calendar is often shared: never the play link).
"""

from __future__ import annotations

import hmac
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import translation
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from icalendar import Alarm, Calendar, Event

from games.display import game_label
from games.models import CalendarFeed, Game, Player, Seat
from games.notices.delivery import game_link
from games.people.accounts import player_of_handle
from games.timecontrol.deadlines import deadline_for

_SALT = "games.calendar-feed"


def _version(player: Player) -> int:
    feed = CalendarFeed.objects.filter(player=player).first()
    return feed.version if feed is not None else 1


def calendar_token(player: Player) -> str:
    """The token of ``player``'s feed as it is now (made from its version, never stored)."""
    return salted_hmac(_SALT, f"{player.pk}:{_version(player)}").hexdigest()[:32]


def calendar_link(player: Player) -> str:
    """The address a calendar subscribes to."""
    return (
        f"{settings.SITE_URL}/players/{player.handle}/calendar.ics?token={calendar_token(player)}"
    )


def player_of_calendar(*, handle: str, token: str) -> Player | None:
    """The player whose feed ``handle`` and ``token`` open, or ``None`` (no such player, a
    deleted account, a wrong or revoked token)."""
    player = player_of_handle(handle=handle)
    if player is None or player.deleted_at is not None:
        return None
    return player if hmac.compare_digest(calendar_token(player), token) else None


@transaction.atomic
def calendar_revoke(*, player: Player) -> None:
    """Give ``player``'s feed a new token; the old one opens nothing any more."""
    feed, made = CalendarFeed.objects.get_or_create(player=player, defaults={"version": 2})
    if not made:
        CalendarFeed.objects.filter(pk=feed.pk).update(version=F("version") + 1)


def _event(seat: Seat, now: datetime) -> Event | None:
    """The event of ``seat``'s game, in its language; ``None`` while it has no deadline."""
    game = seat.game
    deadline = deadline_for(game, seat)
    if deadline is None:
        return None
    words = {"game": game_label(game), "players": ", ".join(game.to_move)}
    own = seat.display_name in game.to_move
    with translation.override(seat.language):
        summary = _("Your move in %(game)s") if own else _("%(players)s to move in %(game)s")
        summary %= words
    event = Event()
    event.add("uid", f"game-{game.pk}.seat-{seat.pk}@{settings.MAIL_DOMAIN}")
    event.add("sequence", game.last_seq)
    event.add("dtstamp", now)
    event.add("last-modified", game.updated_at)
    event.add("dtstart", deadline)
    event.add("dtend", deadline)
    event.add("summary", summary)
    event.add("url", game_link(game))
    event.add("description", game_link(game))
    if own and seat.remind_at is not None and seat.remind_at < deadline:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", summary)
        alarm.add("trigger", seat.remind_at)
        event.add_component(alarm)
    return event


def calendar_ics(*, player: Player, now: datetime) -> bytes:
    """``player``'s feed: an event for each active game of his seats that has a deadline."""
    calendar = Calendar()
    calendar.add("prodid", f"-//{settings.MAIL_DOMAIN}//deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"{settings.SITE_NAME}: {player.handle}")
    seats = Seat.objects.filter(player=player, game__status=Game.Status.ACTIVE)
    for seat in seats.select_related("game").order_by("game_id"):
        event = _event(seat, now)
        if event is not None:
            calendar.add_component(event)
    ical: bytes = calendar.to_ical()
    return ical
