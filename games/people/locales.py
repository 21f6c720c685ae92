"""A player's language and time zone: those of one seat (its mail settings), or of every seat
of his games still to be played (chosen at his first sign-in)."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.db.models import QuerySet

from games.errors import Refused
from games.models import Game, Player, Seat


class BadLocale(Refused):
    """A language the site does not speak, or no time zone of the database: bad input, read
    as the lobby's refusal of it (the pages' forms offer only what is good)."""

    code = "lobby_error"


def _checked(language: str, time_zone: str) -> None:
    languages = [code for code, _name in settings.LANGUAGES]
    if language not in languages:
        raise BadLocale(f"The language must be one of {', '.join(languages)}.")
    if time_zone not in zoneinfo.available_timezones():
        raise BadLocale(f"{time_zone!r} is not a time zone such as Europe/Berlin.")


def _locale_set(seats: QuerySet[Seat], *, language: str, time_zone: str) -> int:
    _checked(language, time_zone)
    return seats.update(language=language, time_zone=time_zone)


def seat_locale_set(*, seat: Seat, language: str, time_zone: str) -> None:
    """Write ``seat``'s emails in ``language`` and tell its deadlines in ``time_zone`` (the
    weekend pause and the vacation year follow the zone from the next turn on)."""
    _locale_set(Seat.objects.filter(pk=seat.pk), language=language, time_zone=time_zone)
    seat.language, seat.time_zone = language, time_zone


def player_locale_set(*, player: Player, language: str, time_zone: str) -> int:
    """The same for every seat of ``player`` in a game not over; how many seats there are."""
    playing = Seat.objects.filter(player=player).exclude(
        game__status__in=[Game.Status.FINISHED, Game.Status.ABORTED]
    )
    return _locale_set(playing, language=language, time_zone=time_zone)
