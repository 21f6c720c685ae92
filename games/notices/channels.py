"""A seat's webhook channels: added, removed and tried by its player on the seat's settings.

Only the seat's own link (the way that acts as the seat) reaches these; a channel's address
is checked when it is added (``games.notices.address``) and again at each send. A seat has
at most :data:`CHANNELS_LIMIT` channels, and its test sends are limited to
:data:`TESTS_LIMIT` in :data:`TESTS_WINDOW`.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import Conflict, Refused, TooMany
from games.models import Notice, NoticeChannel, Seat
from games.notices.address import webhook_target
from games.notices.delivery import ENDED, notice_context
from games.play.signals import notice_committed

CHANNELS_LIMIT = 3
TESTS_LIMIT = 3
TESTS_WINDOW = timedelta(minutes=10)


def _playing(seat: Seat) -> None:
    """Refuse a change to the channels of a seat whose game ended."""
    if seat.game.status in ENDED:
        raise Conflict(_("This game has ended: it sends no more notices."))


def channel_add(*, seat: Seat, kind: str, url: str, now: datetime) -> NoticeChannel:
    """Add a webhook of ``kind`` at ``url`` to ``seat``'s channels, with a new signing secret;
    refused unless the address passes the guard now (it is checked again at each send)."""
    _playing(seat)
    if kind not in NoticeChannel.Kind.values:
        raise Refused(_("Choose the kind of webhook."))
    webhook_target(url)
    with transaction.atomic():
        Seat.objects.select_for_update().filter(pk=seat.pk).first()
        if NoticeChannel.objects.filter(seat=seat).count() >= CHANNELS_LIMIT:
            raise TooMany(_("A seat has at most %(limit)s channels.") % {"limit": CHANNELS_LIMIT})
        return NoticeChannel.objects.create(
            seat=seat, kind=kind, url=url.strip(), secret=secrets.token_hex(32), created_at=now
        )


def channel_remove(*, seat: Seat, channel_id: int) -> None:
    """Remove ``seat``'s channel ``channel_id`` (another seat's is not found, so not removed)."""
    NoticeChannel.objects.filter(seat=seat, pk=channel_id).delete()


def channel_resume(*, seat: Seat, channel_id: int) -> None:
    """Resume ``seat``'s paused channel ``channel_id``, its count of failures cleared."""
    NoticeChannel.objects.filter(seat=seat, pk=channel_id).update(paused_at=None, failures=0)


def channel_test(*, seat: Seat, channel_id: int, now: datetime) -> Notice:
    """Write a test notice to ``seat``'s channel ``channel_id``, sent after the commit;
    :class:`TooMany` past :data:`TESTS_LIMIT` tests of the seat in :data:`TESTS_WINDOW`."""
    _playing(seat)
    channel = NoticeChannel.objects.filter(seat=seat, pk=channel_id).first()
    if channel is None:
        raise Refused(_("This channel is not one of this seat's."))
    with transaction.atomic():
        Seat.objects.select_for_update().filter(pk=seat.pk).first()
        recent = Notice.objects.filter(
            channel__seat=seat, kind="test", created_at__gte=now - TESTS_WINDOW
        )
        if recent.count() >= TESTS_LIMIT:
            minutes = int(TESTS_WINDOW.total_seconds()) // 60
            raise TooMany(
                _("At most %(limit)s tests in %(minutes)s minutes: try again later.")
                % {"limit": TESTS_LIMIT, "minutes": minutes}
            )
        notice = Notice.objects.create(
            channel=channel,
            game=seat.game,
            kind="test",
            notice_id=f"test-{uuid.uuid4().hex}",
            context=notice_context(game=seat.game, seat=seat, kind="test"),
            created_at=now,
        )
        transaction.on_commit(lambda: notice_committed.send(sender=Notice))
    return notice


def seat_channels(seat: Seat) -> list[NoticeChannel]:
    """``seat``'s channels, oldest first."""
    return list(NoticeChannel.objects.filter(seat=seat).order_by("id"))
