"""The site's PostgreSQL backend (``freibeuter_site.db``, issue 16): the kept connection's
health check and the timestamps it reads.

A request starts with the connection the last one left open. If the server has
ended it meanwhile (restarted, or the backend terminated), the request must
get a new one before its first query, not answer 500; if nothing has happened
to it, checking must cost no round trip. Every timestamp reads as Django's own loader reads it.
"""

from __future__ import annotations

import select
import time
from collections.abc import Iterator
from datetime import UTC

import psycopg
import pytest
from django.db import close_old_connections, connection
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg.pq import Format

from freibeuter_site.db.base import UtcTimestampLoader

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def other() -> Iterator[psycopg.Connection]:
    """A connection of its own, to watch and end the site's."""
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as watcher:
        yield watcher


def _last_query(watcher: psycopg.Connection, pid: int) -> str:
    found = watcher.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone()
    assert found is not None, f"backend {pid} is gone"
    return str(found[0])


def _request_starts() -> None:
    """What Django does as a request begins (``request_started``), then the check it arms."""
    close_old_connections()
    connection.close_if_health_check_failed()


def test_a_quiet_kept_connection_is_used_without_asking_the_server(
    other: psycopg.Connection,
) -> None:
    assert connection.health_check_enabled, "settings keep connections with health checks"
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'the last request'")
    pid = connection.connection.info.backend_pid
    _request_starts()
    assert connection.connection.info.backend_pid == pid, "the kept connection is reused"
    assert _last_query(other, pid) == "SELECT 'the last request'", "no SELECT 1 was sent"


def test_a_connection_the_server_ended_is_replaced_before_the_first_query(
    other: psycopg.Connection,
) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    pid = connection.connection.info.backend_pid
    assert other.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone() == (True,)
    # The server's FATAL message and the close reach the kept socket (bounded wait, no clock).
    readable, _, _ = select.select([connection.connection.fileno()], [], [], 10)
    assert readable, "the terminated backend's socket never turned readable"
    _request_starts()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (new_pid,) = cursor.fetchone()
    assert new_pid != pid, "the request runs on a new connection"


def test_a_connection_left_in_a_transaction_is_asked_as_before(
    other: psycopg.Connection,
) -> None:
    connection.ensure_connection()
    raw = connection.connection
    raw.execute("BEGIN")
    raw.execute("SELECT 'left open'")
    pid = raw.info.backend_pid
    assert connection.is_usable(), "a transaction left open still works"
    deadline = time.monotonic() + 10
    while _last_query(other, pid) != "SELECT 1" and time.monotonic() < deadline:
        time.sleep(0.05)  # pg_stat_activity is updated by the backend itself, soon after
    assert _last_query(other, pid) == "SELECT 1", "a transaction left open is checked by a query"
    raw.execute("ROLLBACK")


TIMESTAMPS = (
    "2026-12-01 21:00:00.123456+00",
    "2026-03-29 01:30:00+02",  # another zone's offset: the same instant in UTC
    "2026-10-25 02:30:00.5-09:30",
    "0001-01-01 00:00:00+00",
    "9999-12-31 23:59:59.999999+00",
    "2000-02-29 12:00:00+14",
)


def test_timestamps_read_as_djangos_loader_reads_them() -> None:
    connection.ensure_connection()
    assert connection.connection.adapters.get_loader(1184, Format.TEXT) is UtcTimestampLoader
    values = ", ".join(f"'{text}'::timestamptz" for text in TIMESTAMPS)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {values}")
        ours = cursor.fetchone()
    with connection.connection.cursor() as raw:  # the same row through Django's loader
        raw.adapters.register_loader(
            "timestamptz", type("Django", (BaseTzLoader,), {"timezone": UTC})
        )
        djangos = raw.execute(f"SELECT {values}").fetchone()
    assert ours == djangos
    assert all(value.tzinfo is UTC for value in ours)
