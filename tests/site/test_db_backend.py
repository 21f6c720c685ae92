"""The site's PostgreSQL backend (``freibeuter_site.db``): the kept connection's
health check, the timestamps it reads and the transaction that begins with its first statement.

A request starts with the connection the last one left open. If the server has
ended it meanwhile (restarted, or the backend terminated), the request must
get a new one before its first query, not answer 500; if nothing has happened
to it, checking must cost no round trip. Every timestamp reads as Django's own loader reads it.
A transaction's ``BEGIN`` costs no round trip of its own, nor does a write left to wait
for the next statement or the ``COMMIT``, and a transaction is still one: what it wrote
is undone by its rollback and seen by no one before its commit.
"""

from __future__ import annotations

import re
import select
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC
from pathlib import Path

import psycopg
import pytest
from django.contrib.auth.models import Group
from django.db import (
    DatabaseError,
    IntegrityError,
    close_old_connections,
    connection,
    connections,
    transaction,
)
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from django.test.utils import CaptureQueriesContext
from psycopg.pq import Format, Trace, TransactionStatus

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
    connection.close()  # a connection of this test's own, well within its CONN_MAX_AGE
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


@contextmanager
def _sent(folder: Path) -> Iterator[list[str]]:
    """The SQL of each message the site's connection sends in the block, as libpq's protocol
    trace shows it (one ``Query`` message is one round trip)."""
    connection.ensure_connection()
    trace = folder / "trace.txt"
    sent: list[str] = []
    with trace.open("w") as file:
        connection.connection.pgconn.trace(file.fileno())
        connection.connection.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield sent
        finally:
            connection.connection.pgconn.untrace()
    for line in trace.read_text().splitlines():
        found = re.match(r'F\t\d+\t(Query|Parse)\t\s*(?:"[^"]*" )?"(.*)"', line)
        if found:
            sent.append(found.group(2))


def _others_see(other: psycopg.Connection, name: str) -> bool:
    found = other.execute("SELECT count(*) FROM auth_group WHERE name = %s", [name]).fetchone()
    return found == (1,)


def test_a_transaction_begins_with_its_first_statement(tmp_path: Path) -> None:
    with (
        CaptureQueriesContext(connection) as logged,
        _sent(tmp_path) as sent,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("SELECT 'first'")
        cursor.execute("SELECT %s", ["second"])
        assert cursor.fetchone() == ("second",), "each statement answers with its own rows"
    assert sent == ["BEGIN; SELECT 'first'", "SELECT 'second'", "COMMIT"]
    # The query log lists what was asked for, as with Django's own backend.
    assert [query["sql"] for query in logged] == [
        "BEGIN",
        "SELECT 'first'",
        "SELECT 'second'",
        "COMMIT",
    ]


def test_a_transaction_that_runs_no_statement_sends_nothing(tmp_path: Path) -> None:
    with _sent(tmp_path) as sent, transaction.atomic():
        pass
    assert sent == []


def test_outside_a_transaction_each_statement_commits_at_once(
    tmp_path: Path, other: psycopg.Connection
) -> None:
    with _sent(tmp_path) as sent:
        Group.objects.create(name="at once")
    assert _others_see(other, "at once")
    assert not any("BEGIN" in query for query in sent)


def test_others_see_a_transactions_writes_only_at_its_commit(other: psycopg.Connection) -> None:
    with transaction.atomic():
        Group.objects.create(name="committed")
        assert connection.connection.info.transaction_status == TransactionStatus.INTRANS
        assert not _others_see(other, "committed"), "seen before the commit"
    assert _others_see(other, "committed")


def test_a_rolled_back_transaction_leaves_nothing_and_the_connection_works(
    other: psycopg.Connection,
) -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        Group.objects.create(name="undone")
        raise RuntimeError("the request failed")
    assert not _others_see(other, "undone")
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT no_such_column FROM auth_group")  # the first statement fails
    assert connection.connection.info.transaction_status == TransactionStatus.IDLE
    assert Group.objects.filter(name="undone").count() == 0, "the connection still answers"


def test_a_savepoint_rolls_back_only_its_own_writes(other: psycopg.Connection) -> None:
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():  # the savepoint is the first
            Group.objects.create(name="inner")
            raise RuntimeError("the inner block failed")
        Group.objects.create(name="outer")
    assert _others_see(other, "outer")
    assert not _others_see(other, "inner")


def test_executemany_and_named_cursors_run_inside_the_transaction(
    tmp_path: Path, other: psycopg.Connection
) -> None:
    with pytest.raises(RuntimeError), transaction.atomic(), connection.cursor() as cursor:
        cursor.executemany("INSERT INTO auth_group (name) VALUES (%s)", [["many 1"], ["many 2"]])
        raise RuntimeError("undo them")
    assert not _others_see(other, "many 1")
    Group.objects.bulk_create([Group(name=f"kept {number}") for number in range(3)])
    with _sent(tmp_path) as sent, transaction.atomic():
        names = [group.name for group in Group.objects.order_by("name").iterator(chunk_size=2)]
    assert names == ["kept 0", "kept 1", "kept 2"]
    assert sent[0] == "BEGIN", "the named cursor's DECLARE runs in the transaction"
    assert sent[-1] == "COMMIT"


def test_manual_transactions_begin_again_after_each_commit_and_rollback(
    other: psycopg.Connection,
) -> None:
    transaction.set_autocommit(False)
    try:
        Group.objects.create(name="first, committed")
        transaction.commit()
        Group.objects.create(name="second, rolled back")
        assert not _others_see(other, "second, rolled back"), "it runs in a transaction"
        transaction.rollback()
        Group.objects.create(name="third, committed")
        transaction.commit()
    finally:
        transaction.set_autocommit(True)
    assert _others_see(other, "first, committed")
    assert not _others_see(other, "second, rolled back")
    assert _others_see(other, "third, committed")


def test_commit_and_rollback_without_a_connection_do_nothing() -> None:
    unopened = connections.create_connection("default")  # as each new thread gets one
    try:
        unopened.commit()
        unopened.rollback()
        assert unopened.connection is None, "nothing opened a connection"
    finally:
        unopened.close()


def test_a_write_left_to_wait_goes_with_the_commit(
    tmp_path: Path, other: psycopg.Connection
) -> None:
    insert = "INSERT INTO auth_group (name) VALUES (%s)"
    with _sent(tmp_path) as sent, CaptureQueriesContext(connection) as logged, transaction.atomic():
        assert Group.objects.filter(name="waited").count() == 0
        assert connection.defer(insert, ["waited"])
        assert not _others_see(other, "waited")
    assert sent[-1] == "INSERT INTO auth_group (name) VALUES ('waited'); COMMIT"
    assert len(sent) == 2, "the write took no round trip of its own"
    assert logged[-1]["sql"] == f"{insert}; COMMIT", "the query log shows it with the COMMIT"
    assert _others_see(other, "waited")


def test_the_next_statement_carries_what_waits_and_sees_it(tmp_path: Path) -> None:
    with _sent(tmp_path) as sent, transaction.atomic(), connection.cursor() as cursor:
        assert connection.defer("INSERT INTO auth_group (name) VALUES (%s)", ["100% seen"])
        # A statement with a % of its own and no parameters.
        cursor.execute("SELECT name, '100%' FROM auth_group WHERE name LIKE '100%'")
        assert cursor.fetchall() == [("100% seen", "100%")]
        cursor.execute("SELECT count(*) FROM auth_group WHERE name LIKE %s", ["100%%"])
        assert cursor.fetchone() == (1,)
        assert connection.defer("INSERT INTO auth_group (name) VALUES (%s)", ["another"])
        # The statement's own row count, not the waiting INSERT's.
        assert Group.objects.filter(name__startswith="100").update(name="renamed") == 1
    assert sent[0] == (
        "BEGIN; INSERT INTO auth_group (name) VALUES ('100% seen');"
        " SELECT name, '100%' FROM auth_group WHERE name LIKE '100%'"
    )
    assert sent[-1] == "COMMIT"


def test_a_rollback_drops_what_waits(tmp_path: Path, other: psycopg.Connection) -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        Group.objects.create(name="written")
        assert connection.defer("INSERT INTO auth_group (name) VALUES (%s)", ["waited"])
        raise RuntimeError("the request failed")
    with _sent(tmp_path) as sent, transaction.atomic():
        Group.objects.create(name="next")
    assert not any("waited" in query for query in sent), "nothing waits into the next one"
    assert not _others_see(other, "written") and not _others_see(other, "waited")
    assert _others_see(other, "next")


def test_a_waiting_write_that_fails_fails_the_commit_and_undoes_the_transaction(
    other: psycopg.Connection,
) -> None:
    Group.objects.create(name="taken")
    committed: list[bool] = []
    with pytest.raises(IntegrityError), transaction.atomic():
        Group.objects.create(name="alongside")
        assert connection.defer("INSERT INTO auth_group (name) VALUES (%s)", ["taken"])
        transaction.on_commit(lambda: committed.append(True))
    assert not _others_see(other, "alongside")
    assert committed == [], "no commit hook runs"
    assert connection.connection.info.transaction_status == TransactionStatus.IDLE
    assert Group.objects.filter(name="taken").count() == 1, "the connection still answers"


def test_outside_an_atomic_block_nothing_waits() -> None:
    connection.ensure_connection()
    assert not connection.defer("INSERT INTO auth_group (name) VALUES (%s)", ["never"])
    assert connection.waiting == []
    assert Group.objects.filter(name="never").count() == 0
