"""What a query or a cache call raises while its server is away.

While PostgreSQL restarts, a failover runs or a network drops its connections, a query
fails with Django's ``OperationalError`` or ``InterfaceError`` (through PgBouncer too: it
answers with an error while it cannot log in to the server); the cache and the broker's
client raise redis-py's ``ConnectionError``. Nothing half done is kept, since the
transaction did not commit, so the work can simply be done again once the server is back:
a web request is answered 503 (``games.web.unavailable``), a task runs again a few seconds
later (``games.tasks``).
"""

from __future__ import annotations

from django.db import InterfaceError, OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

UNREACHABLE = (OperationalError, InterfaceError, RedisConnectionError)
