# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""Faults: SMTP server down, a worker killed mid-send, Redis dropped: no email lost or doubled.

Every wait polls with a timeout; the clock-dependent parts (leases, the
grace before a never-queued row is swept) are shortened through settings.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import threading
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from django.conf import settings as django_settings
from django.db import connection
from django.utils import timezone
from mail_helpers import (  # noqa: F401
    SmtpSink,
    free_port,
    poll,
    queue,
    queue_delete,
    smtp,
    worker,
)
from tcp_proxy import TcpProxy

from games.mail.outbox import mail_due
from games.models import Event, Game, OutboundMail
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from games.tasks import LISTENER_NAME, mail_send_task, outbox_sweep_task
from tests.clock import clocked_command

pytestmark = [pytest.mark.clock, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def _games(count: int) -> list[Game]:
    return [
        game_create(
            kind="freibeuter",
            players=[
                PlayerSpec(name=n, email=f"{n.lower()}{i}@example.org") for n in ("Ann", "Bo")
            ],
            seed=i,
        )
        for i in range(count)
    ]


def _move(game: Game) -> None:
    game.refresh_from_db()
    (name,) = game.to_move
    move = engine_for(game).bot_move(load_state(game), name)
    move_submit(game=game, seat=game.seats.get(display_name=name), move=move, expected_seq=None)


def _all_sent_once(sink: SmtpSink) -> bool:
    rows = list(OutboundMail.objects.values_list("message_id", "status"))
    received = Counter(str(m["Message-ID"]) for m in sink.messages())
    assert all(count == 1 for count in received.values()), received
    return bool(rows) and all(status == "sent" for _, status in rows) and len(received) == len(rows)


def test_it_sends_every_email_once_when_the_smtp_server_is_back(
    worker: Any, smtp: SmtpSink
) -> None:
    smtp.stop()
    games = _games(3)
    for game in games:
        _move(game)
    poll(
        lambda: all(
            attempts >= 1 for attempts in OutboundMail.objects.values_list("attempts", flat=True)
        )
    )
    assert OutboundMail.objects.filter(status="pending").count() == 6 and smtp.received == []

    smtp.start()
    poll(lambda: outbox_sweep_task.delay() and _all_sent_once(smtp), timeout=30, every=0.5)


class _Hang:
    """An SMTP handler that accepts the connection, then never answers the message."""

    def __init__(self) -> None:
        self.entered = threading.Event()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.entered.set()
        await asyncio.sleep(60)
        return "451 too late"


def _worker_process(
    queue: str, smtp_port: int, broker: str, **extra: str
) -> subprocess.Popen[bytes]:
    database = django_settings.DATABASES["default"]
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}",
        "REDIS_URL": broker,
        "CELERY_BROKER_URL": broker,
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
        "MAIL_RETRY_BASE_SECONDS": "0.2",
        "MAIL_RETRY_MAX_SECONDS": "1",
        **extra,
    }
    command = clocked_command("celery", "-A", "freibeuter_site", "worker", "-Q", queue)
    command += ["--pool", "prefork", "--concurrency", "1", "--loglevel", "WARNING"]
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def test_it_sends_the_row_of_a_worker_killed_during_the_send(
    queue: str, smtp: SmtpSink, processes: list[subprocess.Popen[bytes]], settings: Any
) -> None:
    from aiosmtpd.controller import Controller

    hang = _Hang()
    hanging = Controller(hang, hostname="127.0.0.1", port=free_port())
    hanging.start()
    try:
        worker = _worker_process(
            queue, hanging.port, django_settings.CELERY_BROKER_URL, MAIL_LEASE_SECONDS="12"
        )
        processes.append(worker)
        (game,) = _games(1)
        assert hang.entered.wait(timeout=30), "the worker never started sending"
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=30)
    finally:
        hanging.stop()
    row = OutboundMail.objects.get(game=game)
    assert row.status == "pending" and row.attempts == 1 and row.claimed_until is not None
    assert mail_due(now=timezone.now()) == []  # the dead worker's lease still holds

    poll(lambda: mail_due(now=timezone.now()) == [row.pk], timeout=40)
    for mail_id in mail_due(now=timezone.now()):
        mail_send_task.apply(args=[mail_id])  # what the sweep's queued task does
    row.refresh_from_db()
    assert row.status == "sent" and row.attempts == 2
    assert [str(m["Message-ID"]) for m in smtp.messages()] == [row.message_id]


def test_it_loses_no_event_or_email_when_redis_drops_mid_run(
    queue: str, smtp: SmtpSink, processes: list[subprocess.Popen[bytes]], monkeypatch: Any
) -> None:
    url = redis.connection.parse_url(django_settings.CELERY_BROKER_URL)
    proxy = TcpProxy((url.get("host", "127.0.0.1"), url.get("port", 6379)))
    try:
        db = url.get("db", 0)
        processes.append(_worker_process(queue, smtp.port, f"redis://127.0.0.1:{proxy.port}/{db}"))
        games = _games(2)
        poll(lambda: len(smtp.messages()) == 2, timeout=30)

        proxy.cut()  # the worker loses Redis ...
        queue_delete(queue)  # ... and its queue
        with monkeypatch.context() as patch:  # publishing fails too while Redis is away
            patch.setattr(mail_send_task, "delay", _refuse)
            for game in games:
                _move(game)
        for game in games:
            _move(game)  # published to a queue nobody reads until Redis is back
        queue_delete(queue)
        proxy.resume()

        assert Event.objects.filter(type="move").count() == 4
        later = timezone.now() + timedelta(minutes=5)

        def swept_and_all_sent() -> bool:
            for mail_id in mail_due(now=later):  # the sweep, with the clock moved past its grace
                mail_send_task.delay(mail_id)
            return _all_sent_once(smtp)

        poll(swept_and_all_sent, timeout=40, every=1)
    finally:
        proxy.close()


def _refuse(*args: Any, **kwargs: Any) -> None:
    raise ConnectionError("Redis is restarting")


def _listener_sessions() -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name = %s",
            [LISTENER_NAME],
        )
        return [pid for (pid,) in cursor.fetchall()]


def _lock_holders() -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = %s "
            "AND a.datname = current_database()",
            [LISTENER_NAME],
        )
        return [pid for (pid,) in cursor.fetchall()]


def test_the_workers_listener_queues_a_committed_moves_email_without_a_sweep(
    worker: Any, smtp: SmtpSink
) -> None:
    """The move publishes nothing; the worker hears the commit (PostgreSQL NOTIFY)
    and the turn email is at SMTP well before the sweep's grace (the budget: p50 ≤ 1 s)."""
    poll(lambda: len(_listener_sessions()) == 1)
    (game,) = _games(1)
    smtp.wait_for(1, timeout=5)  # the turn email of the seat to move first
    _move(game)
    smtp.wait_for(2, timeout=5)
    # SMTP accepts the message before the worker marks its row sent: wait for the mark.
    poll(lambda: OutboundMail.objects.filter(status="sent").count() == 2, timeout=5)

    # Its database session cut, the listener connects again and hears the next commit.
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", _listener_sessions())
    poll(lambda: len(_listener_sessions()) == 1, timeout=10)
    _move(game)
    smtp.wait_for(3, timeout=5)
    assert _all_sent_once(smtp)


def test_a_standing_by_workers_listener_takes_over_when_the_listening_one_dies(
    queue: str, smtp: SmtpSink, processes: list[subprocess.Popen[bytes]]
) -> None:
    """One listener per database queues the sends (an advisory lock); when its
    worker is killed, another worker's listener takes the lock and hears the next commit."""
    broker = django_settings.CELERY_BROKER_URL
    first = _worker_process(queue, smtp.port, broker)
    processes.append(first)
    poll(lambda: len(_listener_sessions()) == 1, timeout=30)
    processes.append(_worker_process(queue, smtp.port, broker))
    poll(lambda: len(_listener_sessions()) == 2, timeout=30)
    assert len(_lock_holders()) == 1  # the second one stands by
    (game,) = _games(1)
    smtp.wait_for(1, timeout=10)

    os.killpg(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    poll(lambda: len(_lock_holders()) == 1, timeout=10)
    _move(game)
    smtp.wait_for(2, timeout=15)
    assert _all_sent_once(smtp)
