"""Presentation helpers shared by pages and emails: a game's label, local times, deadlines.

They sit below web and mail, so neither imports the other to name a game or a moment;
the web views add the label and the deadline to a kind's page context.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime

from django.utils import formats
from django.utils.translation import pgettext

from engine.base import get_game
from games.models import Game, Seat
from games.timecontrol.deadlines import deadline_for


def game_label(game: Game) -> str:
    """The game's name in subjects and bodies: its chosen name, or its title and number."""
    name = game.options.get("name") if isinstance(game.options, dict) else None
    return str(name)[:60] if name else f"{get_game(game.kind).TITLE} #{game.pk}"


def local_time(moment: str | None, time_zone: str) -> str:
    """An ISO time as an absolute local time with its zone, in the active language.

    In the hour an autumn change repeats, the wall clock shows each time twice: then the
    UTC offset says which of the two it is.
    """
    if not moment:
        return ""
    try:
        zone = zoneinfo.ZoneInfo(time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = datetime.fromisoformat(moment).astimezone(zone)
    day = formats.date_format(local, "l")
    date = formats.date_format(local, "DATETIME_FORMAT")
    shown = pgettext("a weekday and a date", "%(day)s, %(date)s") % {"day": day, "date": date}
    if local.replace(fold=1 - local.fold).utcoffset() != local.utcoffset():
        return f"{shown} ({zone.key}, UTC{local.isoformat()[-6:]})"
    return f"{shown} ({zone.key})"


def deadline_local(game: Game, seat: Seat | None) -> str:
    """The deadline a page shows ``seat`` (its own while the game waits for it, else the
    game's earliest) in its time zone, in the active language."""
    deadline = deadline_for(game, seat)
    time_zone = seat.time_zone if seat is not None else "UTC"
    return local_time(deadline.isoformat() if deadline else None, time_zone)
