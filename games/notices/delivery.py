"""Delivery of notices, as the outbox delivers emails: a row per notice written with its
event, sent after the commit, retried with back-off, never lost.

:func:`turn_notices_queue` answers ``signals.turn_begun`` inside the move's transaction: one
``INSERT … SELECT`` a seat whose turn begins writes a notice for each of its channels that
is not paused, with the change's writes (no read, no round trip of its own). On PostgreSQL
it tells ``NOTIFY`` :data:`CHANNEL` each new id at commit, which the outbox's listener
queues (``games.tasks``); elsewhere ``signals.notice_committed`` is sent on commit. A send
claims its row with a lease (:func:`notice_send`); a failure leaves it leased until its
retry, which the sweep (:func:`notices_due`) queues. A channel whose sends failed
``NOTICE_PAUSE_AFTER`` times in a row is paused, its waiting notices dropped, and its
player told by email. A duplicate is only possible when a worker dies between the
receiver's answer and the mark, and then carries the same ``X-Notice-Id``.

A notice names the game, whose turn it is, the deadline in the player's zone and the game's
public page: never the seat's play link, since a channel may be read by others.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.display import deadline_local, game_label
from games.mail.outbox import mail_queue
from games.models import Game, Notice, NoticeChannel, Seat
from games.notices.address import Resolver
from games.notices.webhooks import SendFailed, notice_post
from games.play.links import preferences_link
from games.play.signals import notice_committed
from games.store.repository import change_rows_written

log = logging.getLogger(__name__)

CHANNEL = "games_notices"
"""The PostgreSQL channel told the id of each committed notice to send now (``NOTIFY``)."""

UNCLAIMED = (
    f"SELECT id FROM {Notice._meta.db_table} "
    "WHERE status = %s AND claimed_until IS NULL ORDER BY id"
)
"""The notices to send that no one has claimed yet (a listener's catch-up when it starts)."""

LEASE = timedelta(seconds=60)
"""How long a send's claim holds: longer than a request's two timeouts."""

SWEEP_LIMIT = 500

ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


def game_link(game: Game) -> str:
    """The game's public page: what a notice links to (never a seat's own link)."""
    return f"{settings.SITE_URL}/games/{game.pk}/"


def notice_context(*, game: Game, seat: Seat, kind: str) -> dict[str, Any]:
    """What a notice of ``kind`` (``turn`` or ``test``) to ``seat``'s channels says, in its
    player's language and time zone."""
    with translation.override(seat.language):
        deadline = deadline_local(game, seat) if seat.deadline_at else ""
        words = {
            "player": seat.display_name,
            "game": game_label(game),
            "deadline": deadline,
            "link": game_link(game),
        }
        if kind == "test":
            text = _("A test from the pirate games for %(player)s in %(game)s: this channel works.")
        elif deadline:
            text = _("%(player)s to move in %(game)s, until %(deadline)s: %(link)s")
        else:
            text = _("%(player)s to move in %(game)s: %(link)s")
    return {
        "type": kind,
        "game": {"id": game.pk, "kind": game.kind, "name": words["game"], "url": words["link"]},
        "player": seat.display_name,
        "deadline": seat.deadline_at.isoformat() if seat.deadline_at else None,
        "deadline_local": deadline,
        "text": text % words,
    }


def _insert_for_seat(game: Game, seat: Seat, now: datetime) -> tuple[str, list[Any]]:
    """The ``INSERT … SELECT`` of a turn notice to each of ``seat``'s channels not paused."""
    notices, channels = Notice._meta.db_table, NoticeChannel._meta.db_table
    postgres = connection.vendor == "postgresql"
    context = "CAST(%s AS jsonb)" if postgres else "%s"
    sql = (
        f"INSERT INTO {notices} (channel_id, game_id, kind, notice_id, context, status,"
        " created_at, attempts, error)"
        f" SELECT c.id, %s, 'turn', %s || CAST(c.id AS TEXT), {context}, %s, %s, 0, ''"
        f" FROM {channels} c WHERE c.seat_id = %s AND c.paused_at IS NULL"
        " ON CONFLICT (notice_id) DO NOTHING"
    )
    body = json.dumps(notice_context(game=game, seat=seat, kind="turn"))
    at = connection.ops.adapt_datetimefield_value(now)
    params: list[Any] = [game.pk, f"turn-{game.pk}-{game.last_seq}-", body]
    params += [Notice.Status.PENDING, at, seat.pk]
    if postgres:
        sql, params = f"{sql} RETURNING pg_notify(%s, CAST(id AS TEXT))", [*params, CHANNEL]
    return sql, params


def turn_notices_queue(
    *,
    game: Game,
    seats: list[Seat],
    moved: str | None,
    waited: list[str],
    now: datetime,
    **_signal: object,
) -> None:
    """Write a turn notice to the channels of each seat whose turn begins, as its turn email
    is written (``games.mail.notices.turn_mails_queue``); an ended game writes none."""
    if game.status != Game.Status.ACTIVE:
        return
    by_name = {seat.display_name: seat for seat in seats}
    begun = [
        by_name[name]
        for name in game.to_move
        if not by_name[name].is_bot and (name not in waited or name == moved)
    ]
    if not begun:
        return
    change_rows_written([_insert_for_seat(game, seat, now) for seat in begun])
    if connection.vendor != "postgresql":
        transaction.on_commit(lambda: notice_committed.send(sender=Notice))


def retry_in(attempts: int) -> timedelta:
    """How long a notice waits after its ``attempts``-th failed send: doubling, capped."""
    base = settings.NOTICE_RETRY_BASE_SECONDS
    return timedelta(
        seconds=min(base * 2 ** max(attempts - 1, 0), settings.NOTICE_RETRY_MAX_SECONDS)
    )


def notice_send(
    *, notice_id: int, now: datetime | None = None, resolve: Resolver | None = None
) -> bool:
    """Claim, send and mark one notice; tell whether this call sent it. A notice of a game
    that ended, or to a paused channel, is dropped unsent; a failure counts against its
    channel and leaves the notice leased until its retry (none after a 4xx answer)."""
    now = now or timezone.now()
    waiting = Notice.objects.filter(pk=notice_id, status=Notice.Status.PENDING)
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    if not waiting.filter(free).update(claimed_until=now + LEASE, attempts=F("attempts") + 1):
        return False
    notice = Notice.objects.select_related("channel__seat", "game").get(pk=notice_id)
    if notice.channel.paused_at is not None or (notice.game and notice.game.status in ENDED):
        waiting.update(status=Notice.Status.DROPPED, claimed_until=None)
        return False
    try:
        notice_post(notice, timestamp=int(now.timestamp()), resolve=resolve)
    except SendFailed as failure:
        log.warning("notice %s not taken: %s", notice.notice_id, failure.message)
        _failed(notice, failure, now)
        return False
    waiting.update(status=Notice.Status.SENT, sent_at=timezone.now(), claimed_until=None, error="")
    NoticeChannel.objects.filter(pk=notice.channel_id).exclude(failures=0).update(failures=0)
    return True


@transaction.atomic
def _failed(notice: Notice, failure: SendFailed, now: datetime) -> None:
    """Keep ``failure`` in ``notice`` (failed for good if it is permanent, else leased until
    its retry) and count it against its channel, pausing it at ``NOTICE_PAUSE_AFTER``."""
    mark: dict[str, Any] = {"error": failure.message[:2000]}
    if failure.permanent:
        mark |= {"status": Notice.Status.FAILED, "claimed_until": None}
    else:
        mark["claimed_until"] = now + retry_in(notice.attempts)
    Notice.objects.filter(pk=notice.pk, status=Notice.Status.PENDING).update(**mark)
    channel = NoticeChannel.objects.select_for_update().get(pk=notice.channel_id)
    channel.failures += 1
    channel.save(update_fields=["failures"])
    if channel.failures >= settings.NOTICE_PAUSE_AFTER and channel.paused_at is None:
        _pause(channel, failure.message, now)


def _pause(channel: NoticeChannel, error: str, now: datetime) -> None:
    """Pause ``channel``, drop its waiting notices and tell its player by email why (``error``,
    the last failure)."""
    channel.paused_at = now
    channel.save(update_fields=["paused_at"])
    channel.notices.filter(status=Notice.Status.PENDING).update(
        status=Notice.Status.DROPPED, claimed_until=None
    )
    seat = channel.seat
    log.warning("notice channel #%s paused after %s failures", channel.pk, channel.failures)
    if seat.email:
        context = {
            "seat_name": seat.display_name,
            "game": game_label(seat.game),
            "channel": channel.get_kind_display(),
            "error": error[:300],
            "link": preferences_link(seat),
        }
        mail_queue(
            to=seat.email,
            kind="channel_paused",
            context=context,
            language=seat.language,
            game=seat.game,
            seat=seat,
            now=now,
        )


def notices_due(*, now: datetime, limit: int = SWEEP_LIMIT) -> list[int]:
    """Pending notices that no send holds: never claimed, or their lease or retry wait over."""
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    due = Notice.objects.filter(status=Notice.Status.PENDING).filter(free).order_by("id")
    return list(due.values_list("id", flat=True)[:limit])
