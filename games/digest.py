"""The daily digest: held turn emails of "daily digest" players, gathered into one per address.

A turn email for such a player is written to the outbox as *held*; once a day
:func:`digest_send` turns each address's held rows into one digest email
listing the games where it is still that player's turn.
"""

from __future__ import annotations

from datetime import datetime
from itertools import groupby

from django.db import transaction
from django.utils import timezone

from games.models import Game, OutboundMail
from games.outbox import mail_queue


def digest_send(*, now: datetime | None = None) -> int:
    """Write one digest per address with held turn emails; return how many were written."""
    now = now or timezone.now()
    held = (
        OutboundMail.objects.filter(status=OutboundMail.Status.HELD)
        .select_related("game", "seat")
        .order_by("to", "id")
    )
    written = 0
    for address, group in groupby(list(held), key=lambda row: row.to):
        with transaction.atomic():
            rows = list(
                OutboundMail.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(pk__in=[row.pk for row in group], status=OutboundMail.Status.HELD)
                .select_related("game", "seat")
                .order_by("id")
            )
            games = {}
            for row in rows:
                game, seat = row.game, row.seat
                if game is None or seat is None:
                    continue
                if game.status == Game.Status.ACTIVE and seat.display_name in game.to_move:
                    games[game.pk] = {
                        key: row.context.get(key)
                        for key in ("game", "player", "seat_link", "deadline", "time_zone")
                    }
            OutboundMail.objects.filter(pk__in=[row.pk for row in rows]).update(
                status=OutboundMail.Status.MERGED
            )
            if games:
                last = rows[-1]
                context = {
                    "games": list(games.values()),
                    "preferences_link": last.context.get("preferences_link"),
                    "unsubscribe_link": last.context.get("unsubscribe_link"),
                }
                mail_queue(
                    to=address, kind="digest", context=context, language=last.language, now=now
                )
                written += 1
    return written
