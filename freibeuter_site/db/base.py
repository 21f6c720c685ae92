"""Django's PostgreSQL backend, with two round trips of every request taken out and
timestamps read in C.

**The health check.** ``CONN_HEALTH_CHECKS`` makes Django ask a kept connection
``SELECT 1`` before a request's first query. A server that restarts or
terminates a backend writes its last message and closes the connection, so
the idle socket turns readable (a network that just drops the connection is
caught by neither check). So an idle connection whose socket has nothing to
read is usable; anything else (a readable socket, a transaction left open) is
asked the ``SELECT 1``.

**Timestamps.** Django reads ``timestamptz`` columns with a loader of its own, a
subclass of psycopg's pure-Python one. Here the loader is Django's, for UTC (the
site's connections' time zone), but each value is parsed by psycopg's default
loader, in C where psycopg has its C implementation: a list of games reads
hundreds of them.

**BEGIN.** psycopg stays in autocommit and a transaction's ``BEGIN`` goes in one
call with its first statement (``BEGIN; SELECT …``: two commands under
PostgreSQL's simple query protocol, as the site's cursors bind on the client).
``COMMIT`` and ``ROLLBACK`` are psycopg's, sent only when the server says a
transaction is open; out of autocommit (Django's manual transactions) the
statement after either begins the next. What cannot carry it (``executemany``,
a stored procedure, a named cursor's declaration) sends the ``BEGIN`` first. A
connection with an isolation level or read-only setting of its own, or binding
on the server, begins as Django's. Named cursors declared in a transaction are
``WITH HOLD``, as Django declares them in autocommit. The query log lists each
statement as its caller wrote it, after Django's own ``BEGIN`` entry.

**Writes that wait for the next statement.** In a transaction, a write whose
answer nobody reads (:meth:`DatabaseWrapper.defer`) goes in one call with the
transaction's next statement, ahead of it (so every read sees it), or with its
``COMMIT``. A rollback drops what waits. An error in a waiting write is raised
by the call that carried it, the commit's included, and the transaction is
rolled back as for any failed commit. The query log shows the writes in the
entry of the statement that carried them.
"""

from __future__ import annotations

import select
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg
from django.db.backends import utils
from django.db.backends.postgresql import base, operations
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from django.db.backends.utils import debug_transaction
from psycopg.pq import Format, TransactionStatus

__all__ = ["DatabaseWrapper"]

_found = psycopg.adapters.get_loader(psycopg.postgres.types["timestamptz"].oid, Format.TEXT)
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

Statement = tuple[str, Sequence[Any]]
"""A statement and its parameters."""


class DatabaseOperations(operations.DatabaseOperations):
    def last_executed_query(self, cursor: Any, sql: str, params: Any) -> str:
        """The statement as its caller wrote it (bound), for the query log, with the writes
        that waited for it ahead of it: Django logs the ``BEGIN`` as an entry of its own."""
        query = super().last_executed_query(cursor, sql, params)
        return query.removeprefix(BEGIN_WITH) if query else query


class _SendsWhatWaits:
    """A cursor wrapper that sends its connection's pending ``BEGIN`` and waiting writes with
    its next statement, or before what cannot carry them."""

    cursor: Any
    db: DatabaseWrapper

    def _execute(self, sql: str, params: Any, *ignored: Any) -> Any:
        if not (self.db.begin_pending or self.db.waiting):
            return super()._execute(sql, params, *ignored)  # type: ignore[misc]
        if isinstance(params, Mapping):  # named parameters: what waits goes on its own
            self.db.send_waiting()
            return super()._execute(sql, params, *ignored)  # type: ignore[misc]
        begin, ahead = self.db.take_waiting()
        if ahead:
            if params is None:
                sql = sql.replace("%", "%%")  # bound now, with the waiting writes' values
            params = [*(value for _, each in ahead for value in each), *(params or ())]
        text = begin + "".join(f"{write}; " for write, _ in ahead) + sql
        done = super()._execute(text, params, *ignored)  # type: ignore[misc]
        for _ in range(bool(begin) + len(ahead)):
            self.cursor.nextset()  # past what went ahead, to the statement's own result
        return done

    def _executemany(self, sql: str, param_list: Any, *ignored: Any) -> Any:
        self.db.send_waiting()
        return super()._executemany(sql, param_list, *ignored)  # type: ignore[misc]

    def callproc(self, *args: Any, **kwargs: Any) -> Any:
        self.db.send_waiting()
        return super().callproc(*args, **kwargs)  # type: ignore[misc]


class CursorWrapper(_SendsWhatWaits, utils.CursorWrapper):
    pass


class CursorDebugWrapper(_SendsWhatWaits, base.CursorDebugWrapper):
    pass


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
    begin_pending = False
    """Whether Django has begun a transaction that has not reached the server yet."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting: list[Statement] = []
        """Writes of the open transaction that wait for its next statement or its commit."""

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

    def defer(self, sql: str, params: Sequence[Any]) -> bool:
        """Send the write ``sql`` (a ``%s`` for each of ``params``, ``%%`` for a percent sign;
        its answer unread) with the transaction's next statement, or with its ``COMMIT``; tell
        whether it waits. It waits only in an atomic block whose statements go as text
        (``BEGIN`` with the first); else nothing is done, and the caller sends it."""
        if self.connection is None or not self.in_atomic_block:
            return False
        if not self._begins_with_first_statement():
            return False
        self.waiting.append((sql, params))
        return True

    def take_waiting(self) -> tuple[str, list[Statement]]:
        """The pending ``BEGIN`` (its text, or ``""``) and the waiting writes, for the caller
        to send ahead of its statement: they no longer wait."""
        begin = BEGIN_WITH if self.begin_pending else ""
        self.begin_pending = False
        ahead, self.waiting = self.waiting, []
        return begin, ahead

    def send_waiting(self) -> None:
        """Send the pending ``BEGIN`` and the waiting writes now, in one call (for what cannot
        carry them)."""
        statements = self._taken()
        if statements:
            self._send_now(statements)

    def _taken(self) -> list[Statement]:
        """:meth:`take_waiting`'s ``BEGIN`` and writes as statements to send by themselves."""
        begin, ahead = self.take_waiting()
        return [("BEGIN", []), *ahead] if begin else ahead

    def _send_now(self, statements: list[Statement]) -> None:
        text = "; ".join(sql for sql, _ in statements)
        values = [value for _, each in statements for value in each]
        with self.wrap_database_errors, self.connection.cursor() as cursor:
            cursor.execute(text, values)

    def _commit(self) -> None:
        if self.waiting and self.connection is not None:
            statements = [*self._taken(), ("COMMIT", [])]
            with debug_transaction(self, "; ".join(sql for sql, _ in statements)):
                self._send_now(statements)
        else:
            super()._commit()  # type: ignore[misc]  # psycopg's: no COMMIT when none is open
        self._next_transaction()

    def _rollback(self) -> None:
        self.waiting.clear()
        super()._rollback()  # type: ignore[misc]
        self._next_transaction()

    def _next_transaction(self) -> None:
        # Out of autocommit (Django's manual transactions), the next statement begins the next
        # transaction, as it does under psycopg's own BEGIN; an atomic block's end turns
        # autocommit on right after, which drops it again.
        connection = self.connection  # None: never opened, or closed
        if connection is not None and not self.autocommit and connection.autocommit:
            self.begin_pending = True

    def _close(self) -> None:
        self.waiting.clear()  # a closed connection's transaction is gone with it
        super()._close()  # type: ignore[misc]

    def create_cursor(self, name: str | None = None) -> Any:
        if name is not None:
            self.send_waiting()  # a named cursor is declared in the transaction
        return super().create_cursor(name)

    def make_cursor(self, cursor: Any) -> CursorWrapper:
        return CursorWrapper(cursor, self)

    def make_debug_cursor(self, cursor: Any) -> CursorDebugWrapper:
        return CursorDebugWrapper(cursor, self)
