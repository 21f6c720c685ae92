"""Django's PostgreSQL backend with a health check that costs no round trip while nothing
has happened to the connection (issue 16).

``CONN_HEALTH_CHECKS`` makes Django check a kept connection before the first query
of every request, and Django's PostgreSQL backend checks by a ``SELECT 1``: one
round trip for each request, a quarter of a game read's time under load. A
connection that nothing has happened to needs no such question. When the
server restarts, or a backend is terminated, the server writes its last
message (``FATAL``) and closes the connection, so the idle connection's socket
turns readable; a network that just drops the connection is caught by neither
check, the ``SELECT 1`` would wait as long as the first query. So: an idle
connection whose socket has nothing to read is usable, and anything else (a
readable socket, a transaction left open) is asked the ``SELECT 1`` as before.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus

__all__ = ["DatabaseWrapper"]


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed:
            return False
        quiet = not select.select([connection.fileno()], [], [], 0)[0]
        if quiet and connection.info.transaction_status == TransactionStatus.IDLE:
            return True
        return bool(super().is_usable())
