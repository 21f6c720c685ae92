"""The daily digest: held turn emails of "daily digest" players, gathered into one per address.

A turn email for such a player is written to the outbox as *held*. Celery
beat runs :func:`digest_send` every hour; it turns the held rows of each
address whose local time (the time zone of its seat) is in the hour from
07:00 into one digest email listing the games where it is still that
player's turn. Rows held longer than a day (an hourly run was missed) go
out in the next run whatever the hour.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import groupby
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.mail.compose import mail_context
from games.mail.outbox import mail_queue
from games.models import Game, OutboundMail
from games.timecontrol.deadlines import zone_of

DIGEST_HOUR = 7
"""The digest goes out in the hour from 07:00 in its reader's time zone."""
OVERDUE = timedelta(hours=25)
"""A turn held longer than this goes out in the next run, whatever the local hour."""


def _digest_hour(rows: list[OutboundMail], now: datetime) -> bool:
    """Whether ``rows`` (one address's held turns) are due: 07:xx there, or held too long."""
    seat = next((row.seat for row in rows if row.seat is not None), None)
    local = now.astimezone(zone_of(seat)) if seat is not None else now
    return local.hour == DIGEST_HOUR or any(now - row.created_at >= OVERDUE for row in rows)


def digest_send(*, now: datetime | None = None) -> int:
    """Write one digest per address whose digest hour it is; return how many were written."""
    now = now or timezone.now()
    held = (
        OutboundMail.objects.filter(status=OutboundMail.Status.HELD)
        .select_related("game", "seat")
        .order_by("to", "id")
    )
    written = 0
    for address, group in groupby(list(held), key=lambda row: row.to):
        waiting = list(group)
        if not _digest_hour(waiting, now):
            continue
        with transaction.atomic():
            rows = list(
                OutboundMail.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(pk__in=[row.pk for row in waiting], status=OutboundMail.Status.HELD)
                .select_related("game", "seat")
                .order_by("id")
            )
            games = {}
            told: dict[str, Any] = {}
            for row in rows:
                game, seat = row.game, row.seat
                if game is None or seat is None:
                    continue
                if game.status == Game.Status.ACTIVE and seat.display_name in game.to_move:
                    told = mail_context(row)
                    games[game.pk] = {
                        key: told.get(key)
                        for key in ("game", "player", "seat_link", "deadline", "time_zone")
                    }
            OutboundMail.objects.filter(pk__in=[row.pk for row in rows]).update(
                status=OutboundMail.Status.MERGED
            )
            if games:
                context = {
                    "games": list(games.values()),
                    "preferences_link": told.get("preferences_link"),
                    "unsubscribe_link": told.get("unsubscribe_link"),
                }
                language = rows[-1].language
                mail_queue(to=address, kind="digest", context=context, language=language, now=now)
                written += 1
    return written
