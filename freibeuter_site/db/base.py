"""Django's PostgreSQL backend, with three costs of every request taken out (issue 16).

**The health check.** ``CONN_HEALTH_CHECKS`` makes Django check a kept connection
before the first query of every request, and Django's PostgreSQL backend checks
by a ``SELECT 1``: a round trip for each request, which under load (the
hotseat bench) waits its turn at the server as long as the request's own
query. A connection that nothing has happened to needs no such
question. When the server restarts, or a backend is terminated, the server
writes its last message (``FATAL``) and closes the connection, so the idle
connection's socket turns readable; a network that just drops the connection is
caught by neither check, the ``SELECT 1`` would wait as long as the first query.
So an idle connection whose socket has nothing to read is usable, and anything
else (a readable socket, a transaction left open) is asked the ``SELECT 1``.

**Timestamps.** Django reads ``timestamptz`` columns with a loader of its own, a
subclass of psycopg's pure-Python one, which parses each value in Python (a
game and its seats hold a dozen). Here the loader is Django's, for UTC (the site's
connections' time zone), but parsing by psycopg's own loader, in C where
psycopg has its C implementation.

**BEGIN.** Out of autocommit, psycopg starts each transaction by sending
``BEGIN`` on its own before the first statement: a round trip, the costliest
part of a statement on the client, for an answer that says nothing. Here
psycopg stays in autocommit and the transaction's ``BEGIN`` goes in one call
with its first statement (``BEGIN; SELECT …``, which PostgreSQL's simple query
protocol takes as two commands; the site's cursors bind on the client, so
every statement goes so). ``COMMIT`` and ``ROLLBACK`` are psycopg's, which
sends them whenever the server says a transaction is open, and not when none
is (a transaction that ran no statement opened none); out of autocommit
(Django's manual transactions) the statement after either begins the next. A
statement that cannot carry it (``executemany``, a stored procedure, the
declaration of a named cursor) sends the ``BEGIN`` first. A connection with
an isolation level or read-only setting of its own, or binding on the
server, begins as Django's. Named cursors declared in a transaction are
``WITH HOLD``, as Django declares them in autocommit (psycopg's setting,
which Django reads): the same rows; the server keeps what is left of one
still open at the commit. The query log lists each statement as its caller
wrote it, after Django's own ``BEGIN`` entry, as with Django's backend.
"""

from __future__ import annotations

import select
from datetime import UTC, datetime
from typing import Any

import psycopg
from django.db.backends import utils
from django.db.backends.postgresql import base, operations
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg.postgres import types
from psycopg.pq import Format, TransactionStatus

__all__ = ["DatabaseWrapper"]

_TIMESTAMPTZ = types["timestamptz"].oid
_found = psycopg.adapters.get_loader(_TIMESTAMPTZ, Format.TEXT)
assert _found is not None, "psycopg reads timestamptz"
_parser = _found
"""psycopg's default loader of timestamptz text (its C one where it has its C implementation)."""


class UtcTimestampLoader(BaseTzLoader):  # type: ignore[misc]  # psycopg's classes are untyped here
    """Django's timestamptz loader for UTC, each value parsed by psycopg's default loader."""

    timezone = UTC

    def __init__(self, oid: int, context: Any = None) -> None:
        super().__init__(oid, context)
        self._parse = _parser(oid, context).load

    def load(self, data: Any) -> datetime:
        # As Django's: the value in the connection's time zone, which Django sets to UTC.
        loaded: datetime = self._parse(data)
        return loaded.replace(tzinfo=UTC)


BEGIN_WITH = "BEGIN; "
"""What a transaction's first statement is sent after."""


class DatabaseOperations(operations.DatabaseOperations):
    def last_executed_query(self, cursor: Any, sql: str, params: Any) -> str:
        """The statement as its caller wrote it (bound), for the query log: Django logs the
        ``BEGIN`` as an entry of its own. (Django's gives ``None`` when it cannot tell; a
        statement that began with ``BEGIN; `` itself would be logged without it, and the site
        writes none.)"""
        query = super().last_executed_query(cursor, sql, params)
        return query.removeprefix(BEGIN_WITH) if query else query


class _BeginsWithFirstStatement:
    """A cursor wrapper that sends its connection's pending ``BEGIN`` with its next
    statement, or before what cannot carry it."""

    cursor: Any
    db: DatabaseWrapper

    def _execute(self, sql: str, params: Any, *ignored: Any) -> Any:
        if not self.db.begin_pending:
            return super()._execute(sql, params, *ignored)  # type: ignore[misc]
        self.db.begin_pending = False
        done = super()._execute(BEGIN_WITH + sql, params, *ignored)  # type: ignore[misc]
        self.cursor.nextset()  # past BEGIN's own result, to the statement's
        return done

    def _executemany(self, sql: str, param_list: Any, *ignored: Any) -> Any:
        self.db.begin_now()
        return super()._executemany(sql, param_list, *ignored)  # type: ignore[misc]

    def callproc(self, *args: Any, **kwargs: Any) -> Any:
        self.db.begin_now()
        return super().callproc(*args, **kwargs)  # type: ignore[misc]


class CursorWrapper(_BeginsWithFirstStatement, utils.CursorWrapper):
    pass


class CursorDebugWrapper(_BeginsWithFirstStatement, base.CursorDebugWrapper):
    pass


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
    begin_pending = False
    """Whether Django has begun a transaction that has not reached the server yet."""

    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        if self.timezone is UTC:  # USE_TZ, the database's TIME_ZONE unset: Django's UTC
            params["context"].register_loader("timestamptz", UtcTimestampLoader)
        return params

    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed:
            return False
        quiet = not select.select([connection.fileno()], [], [], 0)[0]
        if quiet and connection.info.transaction_status == TransactionStatus.IDLE:
            return True
        return bool(super().is_usable())

    def _begins_with_first_statement(self) -> bool:
        connection = self.connection
        plain = connection.isolation_level is None and connection.read_only is None
        return plain and not self.features.uses_server_side_binding

    def _set_autocommit(self, autocommit: bool) -> None:
        if not self._begins_with_first_statement():
            super()._set_autocommit(autocommit)  # type: ignore[misc]
            return
        if not self.connection.autocommit:  # a new connection: psycopg's default is off
            with self.wrap_database_errors:
                self.connection.autocommit = True
        self.begin_pending = not autocommit

    def _commit(self) -> None:
        super()._commit()  # type: ignore[misc]
        self._next_transaction()

    def _rollback(self) -> None:
        super()._rollback()  # type: ignore[misc]
        self._next_transaction()

    def _next_transaction(self) -> None:
        # Out of autocommit (Django's manual transactions), the next statement begins the next
        # transaction, as it does under psycopg's own BEGIN; an atomic block's end turns
        # autocommit on right after, which drops it again.
        connection = self.connection  # None: never opened, or closed
        if connection is not None and not self.autocommit and connection.autocommit:
            self.begin_pending = True

    def begin_now(self) -> None:
        """Send the pending ``BEGIN`` on its own (for what cannot carry it)."""
        if self.begin_pending:
            self.begin_pending = False
            with self.wrap_database_errors:
                self.connection.execute("BEGIN")

    def create_cursor(self, name: str | None = None) -> Any:
        if name is not None:
            self.begin_now()  # a named cursor is declared in the transaction
        return super().create_cursor(name)

    def make_cursor(self, cursor: Any) -> CursorWrapper:
        return CursorWrapper(cursor, self)

    def make_debug_cursor(self, cursor: Any) -> CursorDebugWrapper:
        return CursorDebugWrapper(cursor, self)
