"""Celery tasks: thin wrappers that call the outbox and deadline services.

Each task is safe to run late, twice or concurrently: sending claims the
outbox row with a lease, and the sweeps re-check everything under row locks.
The beat's sweeps record each run (``games.monitoring.health``), for ``/healthz`` and ``/metrics``.
A task that finds the database or Redis away runs again a few seconds later
(:class:`ServiceTask`).
Work is queued the moment a transaction commits it: an outbox row's send by
:class:`OutboxListener` in a worker (PostgreSQL's ``NOTIFY``) or by the receiver of
``signals.mail_committed`` (SQLite), and a bot seat's move by the receiver of
``signals.bot_to_move`` (both connected in ``games.consequences``).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import psycopg
from celery import Task, shared_task
from django.conf import settings
from django.core.mail import get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.db import connection as database
from django.utils import timezone

from games.interventions import sweep
from games.leagues.services import leagues_sweep
from games.mail import digest, outbox
from games.models import Notice, OutboundMail
from games.monitoring.health import sweep_recorded
from games.notices import delivery
from games.play import bots
from games.store.outages import UNREACHABLE

log = logging.getLogger(__name__)

UNREACHABLE_RETRY_SECONDS = 5


class ServiceTask(Task[Any, Any]):
    """A task that runs again a few seconds later when the database or Redis is away (a
    restart, a failover), logged in one line, not as a failure with a stack trace. Nothing
    it did was kept (its transaction did not commit). Past its retries it fails as any task
    does, and the sweeps find its work."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().__call__(*args, **kwargs)
        except UNREACHABLE as failure:
            log.warning(
                "%s: a server is unreachable, running again in %ss: %s",
                self.name,
                UNREACHABLE_RETRY_SECONDS,
                failure,
            )
            raise self.retry(countdown=UNREACHABLE_RETRY_SECONDS, exc=failure) from None


IDLE_CHECK = 10.0
"""Seconds a kept connection may idle before a NOOP checks it (servers drop idle ones)."""

_kept = threading.local()
"""Per worker thread (or process): its open mail connection and when it was last used."""


def _smtp() -> BaseEmailBackend:
    """This worker thread's mail connection, kept open between sends."""
    connection = getattr(_kept, "connection", None)
    smtp = getattr(connection, "connection", None)
    if smtp is not None and time.monotonic() - _kept.last_used > IDLE_CHECK:
        try:
            smtp.noop()
        except Exception:
            _drop_smtp()
            connection = None
    if connection is None:
        connection = get_connection()
        connection.open()  # opened here, it stays open across send_messages calls
        _kept.connection = connection
    _kept.last_used = time.monotonic()
    return connection


def _drop_smtp() -> None:
    connection = getattr(_kept, "connection", None)
    _kept.connection = None
    if connection is not None:
        try:
            connection.close()
        except Exception:
            log.debug("closing a broken mail connection failed", exc_info=True)


@shared_task(base=ServiceTask, bind=True, max_retries=6, acks_late=True, reject_on_worker_lost=True)
def mail_send_task(self, mail_id: int) -> bool:  # type: ignore[no-untyped-def]
    """Send one outbox row; retry with backoff while the failure is transient."""
    try:
        return outbox.mail_send(mail_id=mail_id, connect=_smtp)
    except outbox.TransportError as failure:
        _drop_smtp()
        log.warning("mail #%s not sent, retrying in %ss: %s", mail_id, failure.retry_in, failure)
        raise self.retry(countdown=failure.retry_in, exc=failure) from None


def mail_send_soon(sender: object, *, mail_id: int, **kwargs: object) -> None:
    """Queue the send of a committed outbox row (on ``signals.mail_committed``)."""
    try:
        mail_send_task.delay(mail_id)
    except Exception:  # the broker is an accelerator: the sweep finds the row anyway
        log.warning("could not queue mail #%s; the sweep will send it", mail_id, exc_info=True)


LISTENER_LOCK = 0x6F7574626F78
"""The advisory lock a listener holds while it listens (the key spells "outbox" in ASCII):
one listener per database queues sends."""

LISTENER_NAME = "outbox-listener"
"""The listener's thread and its database session (``application_name``) are called so."""

LISTENER_RETRY = 2.0
"""Seconds a listener waits before it tries again to connect or to take the lock."""


class OutboxListener(threading.Thread):
    """Queue the send of each outbox row and notice the moment its transaction commits
    (PostgreSQL).

    ``outbox.mail_queue`` writes a ``NOTIFY`` with the row's id into the move's transaction;
    ``delivery.turn_notices_queue`` does so for notices on its own channel; the database
    delivers each at commit to this thread, which publishes the send task on
    ``queue``, so the request itself publishes nothing. Each worker runs one (``ListenerStep``
    in ``freibeuter_site.celery``); the one that holds :data:`LISTENER_LOCK` listens, the
    others stand by. Once listening, it queues the rows written while none listened; a row
    whose publish fails is the outbox sweep's.
    """

    def __init__(self, queue: str) -> None:
        super().__init__(name=LISTENER_NAME, daemon=True)
        self.queue = queue
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                self._listen()
            except psycopg.OperationalError as lost:  # the server restarted or went away
                log.warning("the outbox listener lost its database session; retrying: %s", lost)
            except Exception:  # anything else is logged whole: the listener carries on
                log.warning("the outbox listener stopped listening; retrying", exc_info=True)
            self.stopping.wait(LISTENER_RETRY)

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=2 * LISTENER_RETRY)

    def _listen(self) -> None:
        params = {**database.get_connection_params(), "application_name": LISTENER_NAME}
        if settings.LISTENER_DATABASE_URL:  # around a transaction pooler, to PostgreSQL itself
            params |= psycopg.conninfo.conninfo_to_dict(settings.LISTENER_DATABASE_URL)
        with psycopg.connect(**params, autocommit=True) as db:
            locked = "SELECT pg_try_advisory_lock(%s)"
            while db.execute(locked, [LISTENER_LOCK]).fetchone() != (True,):
                if self.stopping.wait(LISTENER_RETRY):
                    return
            db.execute(f"LISTEN {outbox.CHANNEL}")
            db.execute(f"LISTEN {delivery.CHANNEL}")
            for (mail_id,) in db.execute(outbox.UNCLAIMED, [OutboundMail.Status.PENDING]):
                self._queue(mail_send_task, mail_id)  # written while no listener listened
            for (notice_id,) in db.execute(delivery.UNCLAIMED, [Notice.Status.PENDING]):
                self._queue(notice_send_task, notice_id)
            while not self.stopping.is_set():
                for note in db.notifies(timeout=1.0):
                    task = notice_send_task if note.channel == delivery.CHANNEL else mail_send_task
                    self._queue(task, int(note.payload))

    def _queue(self, task: Task[Any, Any], row_id: int) -> None:
        try:
            task.apply_async((row_id,), queue=self.queue)
        except Exception:  # the broker is an accelerator: the sweep finds the row anyway
            log.warning("could not queue %s #%s; the sweep will", task.name, row_id, exc_info=True)


@shared_task(base=ServiceTask, acks_late=True)
@sweep_recorded
def outbox_sweep_task() -> int:
    """Queue a send for every row that no task holds (lease ran out or task lost)."""
    due = outbox.mail_due(now=timezone.now())
    for mail_id in due:
        mail_send_task.delay(mail_id)
    return len(due)


@shared_task(base=ServiceTask, acks_late=True)
def notice_send_task(notice_id: int) -> bool:
    """Send one notice; a failure waits for its retry, which :func:`notice_sweep_task` queues."""
    return delivery.notice_send(notice_id=notice_id)


@shared_task(base=ServiceTask, acks_late=True)
@sweep_recorded
def notice_sweep_task() -> int:
    """Queue a send for every notice that no send holds (new, or its retry due)."""
    due = delivery.notices_due(now=timezone.now())
    for notice_id in due:
        notice_send_task.delay(notice_id)
    return len(due)


def notice_sweep_soon(sender: object, **kwargs: object) -> None:
    """Queue the notices' sweep (on ``signals.notice_committed``)."""
    try:
        notice_sweep_task.delay()
    except Exception:  # the broker is an accelerator: the beat's sweep finds them anyway
        log.warning("could not queue the notices' sweep", exc_info=True)


@shared_task(base=ServiceTask, acks_late=True)
@sweep_recorded
def deadline_sweep_task() -> int:
    """Apply reminders and the timeout ladder to games whose time has come."""
    return sweep.deadline_sweep(now=timezone.now())


@shared_task(base=ServiceTask, acks_late=True)
def bot_move_task(game_id: int) -> int:
    """Play the move of a game's bot seat to move, chosen without the game's lock
    (``games.play.bots``); its commit queues the next bot's. Count the moves played."""
    return bots.bots_play(game_id, most=1)


def bot_move_soon(sender: object, *, game_id: int, **kwargs: object) -> None:
    """Queue the moves of a game's bot seat to move (on ``signals.bot_to_move``)."""
    try:
        bot_move_task.delay(game_id)
    except Exception:  # the minutely beat sweep plays the bot's move anyway
        log.warning("could not queue the bot's move in game #%s", game_id, exc_info=True)


@shared_task(base=ServiceTask, acks_late=True)
@sweep_recorded
def league_sweep_task() -> int:
    """Close the leagues' sign-ups that are due and end and deal their rounds."""
    return leagues_sweep(now=timezone.now())


@shared_task(base=ServiceTask, acks_late=True)
@sweep_recorded
def digest_send_task() -> int:
    """Gather the held turn emails of each address whose digest hour it is into one digest."""
    return digest.digest_send(now=timezone.now())
