"""Webhook channels: a seat's, added, removed and tried by its player on the seat's settings
(a browser's push subscription among them), and a table's one, set by its host on the
table's channel page.

Only a seat's own links (its play link, its emails' settings link) and a table's host link
reach these; a channel's address is checked when it is added (``games.notices.address``) and
again at each send. A seat has at most :data:`CHANNELS_LIMIT` channels, a table one; the test
sends of a seat's or a table's channels are limited to :data:`TESTS_LIMIT` in
:data:`TESTS_WINDOW`.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.errors import Conflict, Refused, TooMany
from games.models import Game, Notice, NoticeChannel, Seat, Table
from games.notices.address import webhook_target
from games.notices.delivery import ENDED, notice_context, table_notice_context
from games.notices.push import keys_valid, push_enabled
from games.play.signals import notice_committed

CHANNELS_LIMIT = 3
MAX_URL = NoticeChannel._meta.get_field("url").max_length or 500
TESTS_LIMIT = 3
TESTS_WINDOW = timedelta(minutes=10)


def _playing(game: Game | None) -> None:
    """Refuse a change to the channels of a game that ended."""
    if game is not None and game.status in ENDED:
        raise Conflict(_("This game has ended: it sends no more notices."))


WEBHOOKS = (NoticeChannel.Kind.DISCORD, NoticeChannel.Kind.SLACK, NoticeChannel.Kind.JSON)
"""The kinds of channel added by their address (a push subscription comes from a browser)."""


def _checked(kind: str, url: str) -> str:
    """``url`` stripped, if ``kind`` is a kind of webhook and the address passes the guard
    now (it is checked again at each send)."""
    if kind not in WEBHOOKS:
        raise Refused(_("Choose the kind of webhook."))
    webhook_target(url.strip())
    return url.strip()


def channel_add(*, seat: Seat, kind: str, url: str, now: datetime) -> NoticeChannel:
    """Add a webhook of ``kind`` at ``url`` to ``seat``'s channels, with a new signing secret."""
    _playing(seat.game)
    url = _checked(kind, url)
    with transaction.atomic():
        Seat.objects.select_for_update().filter(pk=seat.pk).first()
        if NoticeChannel.objects.filter(seat=seat).count() >= CHANNELS_LIMIT:
            raise TooMany(_("A seat has at most %(limit)s channels.") % {"limit": CHANNELS_LIMIT})
        return NoticeChannel.objects.create(
            seat=seat, kind=kind, url=url, secret=secrets.token_hex(32), created_at=now
        )


def push_add(*, seat: Seat, endpoint: str, p256dh: str, auth: str, now: datetime) -> NoticeChannel:
    """Add the browser push subscription at ``endpoint``, with the browser's keys ``p256dh``
    and ``auth``, to ``seat``'s channels (a subscription it has already: its keys renewed and
    the channel resumed). The endpoint passes the webhooks' address guard, now and at each
    send."""
    _playing(seat.game)
    if not push_enabled():
        raise Refused(_("This site sends no browser push."))
    endpoint = endpoint.strip()
    if len(endpoint) > MAX_URL or not keys_valid(p256dh, auth):
        raise Refused(_("This browser's subscription cannot be used."))
    webhook_target(endpoint)
    keys = {"push_key": p256dh, "push_auth": auth, "paused_at": None, "failures": 0}
    with transaction.atomic():
        Seat.objects.select_for_update().filter(pk=seat.pk).first()
        mine = NoticeChannel.objects.filter(seat=seat)
        known = mine.filter(kind=NoticeChannel.Kind.PUSH, url=endpoint).first()
        if known is not None:
            mine.filter(pk=known.pk).update(**keys)
            return known
        if mine.count() >= CHANNELS_LIMIT:
            raise TooMany(_("A seat has at most %(limit)s channels.") % {"limit": CHANNELS_LIMIT})
        return NoticeChannel.objects.create(
            seat=seat, kind=NoticeChannel.Kind.PUSH, url=endpoint, created_at=now, **keys
        )


def table_channel_set(
    *, table: Table, kind: str, url: str, language: str, time_zone: str, now: datetime
) -> NoticeChannel:
    """Give ``table`` the webhook of ``kind`` at ``url``, speaking ``language`` in
    ``time_zone``, in place of the one it had, with a new signing secret."""
    _playing(table.game)
    url = _checked(kind, url)
    with transaction.atomic():
        NoticeChannel.objects.filter(table=table).delete()
        return NoticeChannel.objects.create(
            table=table,
            kind=kind,
            url=url,
            secret=secrets.token_hex(32),
            language=language,
            time_zone=time_zone,
            created_at=now,
        )


def owned(owner: Seat | Table) -> dict[str, Any]:
    """The filter of the channels of ``owner``, a seat or a table."""
    return {"seat": owner} if isinstance(owner, Seat) else {"table": owner}


def channel_remove(*, owner: Seat | Table, channel_id: int) -> None:
    """Remove ``owner``'s channel ``channel_id`` (another's is not found, so not removed)."""
    NoticeChannel.objects.filter(pk=channel_id, **owned(owner)).delete()


def channel_resume(*, owner: Seat | Table, channel_id: int) -> None:
    """Resume ``owner``'s paused channel ``channel_id``, its count of failures cleared."""
    NoticeChannel.objects.filter(pk=channel_id, **owned(owner)).update(paused_at=None, failures=0)


def channel_test(*, owner: Seat | Table, channel_id: int, now: datetime) -> Notice:
    """Write a test notice to ``owner``'s channel ``channel_id``, sent after the commit;
    :class:`TooMany` past :data:`TESTS_LIMIT` tests of the owner's channels in
    :data:`TESTS_WINDOW`."""
    game = owner.game
    _playing(game)
    channel = NoticeChannel.objects.filter(pk=channel_id, **owned(owner)).first()
    if channel is None:
        raise Refused(_("This channel is not one of this seat's."))
    with transaction.atomic():
        type(owner).objects.select_for_update().filter(pk=owner.pk).first()
        mine = Q(channel__seat=owner) if isinstance(owner, Seat) else Q(channel__table=owner)
        recent = Notice.objects.filter(mine, kind="test", created_at__gte=now - TESTS_WINDOW)
        if recent.count() >= TESTS_LIMIT:
            minutes = int(TESTS_WINDOW.total_seconds()) // 60
            raise TooMany(
                _("At most %(limit)s tests in %(minutes)s minutes: try again later.")
                % {"limit": TESTS_LIMIT, "minutes": minutes}
            )
        if isinstance(owner, Seat):
            context = notice_context(game=owner.game, seat=owner, kind="test")
        else:
            facts: dict[str, Any] = {"type": "test", "players": [], "deadline": None}
            context = table_notice_context(channel=channel, game=game, facts=facts)
        notice = Notice.objects.create(
            channel=channel,
            game=game,
            kind="test",
            notice_id=f"test-{uuid.uuid4().hex}",
            context=context,
            created_at=now,
        )
        transaction.on_commit(lambda: notice_committed.send(sender=Notice))
    return notice


def channels_of(owner: Seat | Table) -> list[NoticeChannel]:
    """``owner``'s channels, oldest first."""
    return list(NoticeChannel.objects.filter(**owned(owner)).order_by("id"))
