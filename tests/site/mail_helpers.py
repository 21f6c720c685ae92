"""Fixtures and helpers of the email tests: a real SMTP server, a real Celery worker on Redis.

The SMTP server is aiosmtpd on a free local port; the worker is Celery's
in-process test worker consuming a queue of this test run only (so parallel
runs on one Redis never take each other's tasks). Without Redis the tests
fail, never skip: ``make test`` starts it.
"""

from __future__ import annotations

import email
import email.policy
import io
import mailbox
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any, TypeVar

import pytest
import redis
from aiosmtpd.controller import Controller
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import Client

from freibeuter_site.celery import app
from games import tasks

T = TypeVar("T")


def poll(condition: Callable[[], T], timeout: float = 15.0, every: float = 0.05) -> T:
    """Wait until ``condition()`` is truthy and return it; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"condition not met within {timeout}s", pytrace=True)
        time.sleep(every)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class _Collect:
    def __init__(self, sink: SmtpSink) -> None:
        self.sink = sink

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.sink.refuse_with:
            return self.sink.refuse_with
        raw = envelope.original_content or envelope.content
        with self.sink.lock:
            self.sink.received.append((list(envelope.rcpt_tos), bytes(raw)))
        return "250 OK"


class SmtpSink:
    """A real SMTP server that keeps what it receives; it can be stopped and started again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.received: list[tuple[list[str], bytes]] = []
        self.lock = threading.Lock()
        self.refuse_with = ""
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(_Collect(self), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def messages(self) -> list[EmailMessage]:
        with self.lock:
            raws = [raw for _, raw in self.received]
        return [email.message_from_bytes(raw, policy=email.policy.default) for raw in raws]  # type: ignore[misc]

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages() if address in str(m["To"])]

    def wait_for(
        self, count: int, address: str | None = None, timeout: float = 15.0
    ) -> list[EmailMessage]:
        """Wait until ``count`` messages (to ``address``) arrived; return them."""
        return poll(
            lambda: (
                (got := self.to(address) if address else self.messages())
                and len(got) >= count
                and got
            ),
            timeout,
        )


def text_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    return str(part.get_content()) if part is not None else ""


def require_redis() -> str:
    url = settings.CELERY_BROKER_URL
    if not url.startswith("redis://"):
        pytest.fail(
            f"The email tests need Redis as the Celery broker, not {url!r}: set "
            "REDIS_URL=redis://127.0.0.1:6379/0 or run `make test`.",
            pytrace=False,
        )
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis is unreachable ({error}); `make test` starts it.", pytrace=False)
    return url


@pytest.fixture
def smtp(settings: Any) -> Iterator[SmtpSink]:
    """A running SMTP server, and the site's mail settings pointing at it."""
    sink = SmtpSink()
    sink.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    settings.MAIL_RETRY_BASE_SECONDS = 0.2
    settings.MAIL_RETRY_MAX_SECONDS = 1
    tasks._drop_smtp()
    yield sink
    tasks._drop_smtp()
    sink.stop()


@pytest.fixture
def queue() -> Iterator[str]:
    """A Celery queue of this test only; tasks published in the test go there."""
    require_redis()
    name = f"test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    before = app.conf.task_default_queue
    app.conf.task_default_queue = name
    app.amqp.queues.select_add(name)
    yield name
    app.conf.task_default_queue = before
    queue_delete(name)


def queue_delete(name: str) -> None:
    """Delete the broker's queue ``name``: its key, under the run's prefix (``tests/plugin.py``)."""
    prefix = app.conf.broker_transport_options.get("global_keyprefix", "")
    with redis.Redis.from_url(settings.CELERY_BROKER_URL) as client:
        client.delete(prefix + name)


def _close_other_connections() -> None:
    """End the worker threads' database sessions so the test database can be flushed and dropped."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture
def worker(transactional_db: None, queue: str, smtp: SmtpSink) -> Iterator[Any]:
    """A real Celery worker (in this process, a thread) consuming this test's queue."""
    with start_worker(
        app, pool="solo", perform_ping_check=False, queues=[queue], loglevel="WARNING"
    ) as running:
        yield running
    _close_other_connections()


INBOUND_SECRET = "inbound-test-secret"
"""The webhook secret the inbound-mail tests set (``INBOUND_MAIL_SECRET``)."""


def by_webhook(raw: bytes, client: Client, tmp_path: Path) -> str:
    """Deliver ``raw`` to ``POST /mail/inbound/``; the outcome it answers."""
    answer = client.post(
        "/mail/inbound/",
        raw,
        content_type="message/rfc822",
        HTTP_AUTHORIZATION=f"Bearer {INBOUND_SECRET}",
    )
    assert answer.status_code == 200
    return str(answer.json()["outcome"])


def by_maildir(raw: bytes, client: Client, tmp_path: Path) -> str:
    """Deliver ``raw`` into a Maildir read by ``fetch_mail``; the outcome it prints."""
    box = mailbox.Maildir(tmp_path / "replies", create=True)
    key = box.add(raw)
    out = io.StringIO()
    call_command("fetch_mail", maildir=str(tmp_path / "replies"), stdout=out)
    assert box.get_message(key).get_subdir() == "cur"
    return out.getvalue().removeprefix(f"{key}: ").strip()


CHANNELS: dict[str, Callable[[bytes, Client, Path], str]] = {
    "webhook": by_webhook,
    "maildir": by_maildir,
}
"""The two ways received mail comes in, by name (for ``parametrize``)."""
