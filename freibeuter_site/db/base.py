"""Django's PostgreSQL backend, with two costs of every request taken out (issue 16).

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
"""

from __future__ import annotations

import select
from datetime import UTC, datetime
from typing import Any

import psycopg
from django.db.backends.postgresql import base
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


class DatabaseWrapper(base.DatabaseWrapper):
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
