"""The email of a dealt round: each player hears of his table, with his seat's link.

Written to the outbox in the transaction that deals the round, in the
language he signed up in; it names the others at his table by their names
there (handles), never an address.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings

from games.display import game_label
from games.mail.outbox import mail_queue
from games.models import League, LeagueEntry, LeagueTable
from games.play.links import seat_link

KIND = "league_round"


def league_link(league: League) -> str:
    """The league's page."""
    return f"{settings.SITE_URL}/leagues/{league.pk}/"


def round_mails_queue(
    *,
    league: League,
    dealt: list[tuple[LeagueTable, list[LeagueEntry]]],
    now: datetime,
    **_signal: object,
) -> None:
    """Tell every player of the round just dealt his table, its players and his seat's link."""
    deadline = league.round_deadline.isoformat() if league.round_deadline else None
    for table, seated in dealt:
        seats = list(table.game.seats.order_by("position"))
        for seat, entry in zip(seats, seated, strict=True):
            mail_queue(
                to=entry.player.email,
                kind=KIND,
                language=entry.language,
                game=table.game,
                seat=seat,
                context={
                    "game": game_label(table.game),
                    "game_id": table.game_id,
                    "league": league.name,
                    "round": table.round,
                    "table": table.number,
                    "player": seat.display_name,
                    "others": [s.display_name for s in seats if s.pk != seat.pk],
                    "seat_link": seat_link(seat),
                    "league_link": league_link(league),
                    "deadline": deadline,
                    "time_zone": seat.time_zone,
                },
                now=now,
            )
