"""The outbox: every email is a row, claimed with a lease, sent, marked sent.

A row is written by :func:`mail_queue` in the transaction of the event that
caused it, and its send is queued the moment that transaction commits: on
PostgreSQL by a ``NOTIFY`` on :data:`CHANNEL` in the transaction itself, which
the database delivers at commit to the listener in a worker
(``games.tasks.OutboxListener``), so the request publishes nothing; elsewhere
(the embedded default's SQLite) ``signals.mail_committed`` is sent on commit and
``games.tasks`` answers it by queuing a send task. The task
claims the row with a conditional update that sets a lease, so two workers
never send one row; a row whose lease ran out (worker killed, SMTP down,
task lost with the broker) is due again and a periodic sweep queues it anew.
A duplicate is only possible when a worker dies between the SMTP server's
acceptance and the mark, and then carries the same ``Message-ID``.
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Callable
from datetime import datetime, timedelta
from email.utils import make_msgid
from typing import Any

from django.conf import settings
from django.core.mail import get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from games.mail.compose import context_composed, mail_compose
from games.models import Game, OutboundMail, Seat
from games.play.signals import mail_committed
from games.store.repository import outbox_claim, outbox_insert, outbox_mark

log = logging.getLogger(__name__)

SWEEP_LIMIT = 2000

CHANNEL = "games_outbox"
"""The PostgreSQL channel told the id of each committed row to send now (``NOTIFY``)."""

UNCLAIMED = (
    f"SELECT id FROM {OutboundMail._meta.db_table} "
    "WHERE status = %s AND claimed_until IS NULL ORDER BY id"
)
"""The rows to send that no one has claimed yet (a listener's catch-up when it starts)."""


def lease() -> timedelta:
    """How long a claim holds (``MAIL_LEASE_SECONDS``); longer than a send task's time limit."""
    return timedelta(seconds=settings.MAIL_LEASE_SECONDS)


class TransportError(Exception):
    """Sending failed; ``permanent`` means retrying cannot help (a 5xx answer)."""

    def __init__(self, message: str, *, permanent: bool = False, retry_in: float = 0) -> None:
        super().__init__(message)
        self.message = message
        self.permanent = permanent
        self.retry_in = retry_in


def mail_queue(
    *,
    to: str,
    kind: str,
    context: dict[str, Any],
    language: str = "en",
    game: Game | None = None,
    seat: Seat | None = None,
    hold: bool = False,
    now: datetime | None = None,
    unless_told: bool = False,
    with_change: bool = False,
    wait: datetime | None = None,
) -> OutboundMail:
    """Write one email to the outbox (a fixed ``INSERT``); its send is queued at commit.

    ``hold`` keeps it for the daily digest instead of sending it. ``unless_told``: not if
    the seat was told of its turn since it began. ``with_change``: written with the
    change of its game (``games.store.repository.game_change``), its id unread: the
    ``NOTIFY`` in it tells the sender. ``wait``: written leased until then, so the sweep
    sends it only then (a seat's playing hours: ``games.timecontrol.hours``).
    """
    row = OutboundMail(
        game=game,
        seat=seat,
        to=to,
        kind=kind,
        language=language,
        context=context,
        message_id=make_msgid(domain=settings.MAIL_DOMAIN),
        status=OutboundMail.Status.HELD if hold else OutboundMail.Status.PENDING,
        created_at=now or timezone.now(),
        claimed_until=wait,
    )
    notify = connection.vendor == "postgresql" and not hold
    channel = CHANNEL if notify else None
    written = outbox_insert(row, notify=channel, unless_told=unless_told, with_change=with_change)
    if written and not hold and not notify:
        transaction.on_commit(lambda: mail_committed.send(sender=OutboundMail, mail_id=row.pk))
    return row


def mail_claim(*, mail_id: int, now: datetime) -> OutboundMail | None:
    """Lease a pending row that no one holds; ``None`` if another has it or it is done. The
    row comes with its game and seat, which composing it reads."""
    return outbox_claim(mail_id, until=now + lease(), now=now)


def transport_error(error: Exception, attempts: int) -> TransportError:
    """Classify a sending failure: an SMTP 5xx answer is permanent, anything else transient
    and retried after a delay that doubles with each of the ``attempts``, up to a cap."""
    codes: list[int] = []
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in error.recipients.values()]
    elif isinstance(error, smtplib.SMTPResponseException):
        codes = [error.smtp_code]
    permanent = bool(codes) and all(500 <= code < 600 for code in codes)
    message = f"{type(error).__name__}: {error}"[:2000]
    base = float(settings.MAIL_RETRY_BASE_SECONDS)
    retry_in = float(min(base * 2 ** max(attempts - 1, 0), settings.MAIL_RETRY_MAX_SECONDS))
    return TransportError(message, permanent=permanent, retry_in=retry_in)


def mail_send(
    *,
    mail_id: int,
    connect: Callable[[], BaseEmailBackend] = get_connection,
    now: datetime | None = None,
) -> bool:
    """Claim, send and mark one row; tell whether this call sent it.

    ``connect`` gives the mail connection (a worker keeps one open).
    A turn email that waited for its seat's playing hours is dropped unsent if its seat is
    no longer to move (it played meanwhile by its link). A permanent failure marks the row
    failed with the error. A transient one
    keeps the row pending, leased until its retry is due, and raises
    :class:`TransportError` so the task retries.
    """
    now = now or timezone.now()
    row = mail_claim(mail_id=mail_id, now=now)
    if row is None:
        return False
    waited = bool(row.context.get("waited"))
    if waited and not _still_to_move(row):
        OutboundMail.objects.filter(pk=row.pk, status=OutboundMail.Status.PENDING).update(
            status=OutboundMail.Status.DROPPED, claimed_until=None
        )
        return False
    composed = context_composed(row)
    if composed and waited:
        row.context["waited"] = True  # a retry of the composed row checks it again
    message = mail_compose(row)
    # A content composed now is kept in the row with what becomes of it (sent, failed or
    # retried), so a retry, the digest and the moderators' scrub see what was sent.
    kept = {"context": row.context} if composed else {}
    try:
        connect().send_messages([message])
    except Exception as error:
        failure = transport_error(error, row.attempts)
        pending = OutboundMail.objects.filter(pk=row.pk, status=OutboundMail.Status.PENDING)
        if failure.permanent:
            log.error("mail #%s to %s failed for good: %s", row.pk, row.to, failure.message)
            pending.update(status=OutboundMail.Status.FAILED, error=failure.message, **kept)
            return False
        retry_at = timezone.now() + timedelta(seconds=failure.retry_in)
        pending.update(error=failure.message, claimed_until=retry_at, **kept)
        raise failure from error
    row.status, row.sent_at = OutboundMail.Status.SENT, timezone.now()
    row.claimed_until, row.error = None, ""
    outbox_mark(row, ["status", "sent_at", "claimed_until", "error", *kept])
    return True


def _still_to_move(row: OutboundMail) -> bool:
    """Whether the seat of the turn email ``row`` is still to move in its active game."""
    game, seat = row.game, row.seat
    if game is None or seat is None:
        return False
    return game.status == Game.Status.ACTIVE and seat.display_name in game.to_move


def mail_due(*, now: datetime, limit: int = SWEEP_LIMIT) -> list[int]:
    """Pending rows that no task holds: lease run out, or never claimed so long after writing
    (``MAIL_UNQUEUED_GRACE_SECONDS``) that its send task is lost."""
    grace = timedelta(seconds=settings.MAIL_UNQUEUED_GRACE_SECONDS)
    return list(
        OutboundMail.objects.filter(status=OutboundMail.Status.PENDING)
        .filter(
            Q(claimed_until__lt=now) | Q(claimed_until__isnull=True, created_at__lt=now - grace)
        )
        .order_by("id")
        .values_list("id", flat=True)[:limit]
    )
