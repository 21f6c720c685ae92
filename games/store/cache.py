"""Django's Redis cache, keeping its clients (``CACHES`` in the settings).

Django's ``RedisCache`` makes a new ``redis.Redis`` client for every call, and a
move makes three (its snapshot read and written, ...): making the client costs
more CPU than sending the command. This one keeps a client per connection pool
(a client is safe to share between threads: each command takes a connection
from the pool), and is otherwise Django's (issue 16).
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends import redis


class _KeptClients(redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._kept.get(id(pool))
        if client is None:
            client = self._kept[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class RedisCache(redis.RedisCache):
    """Django's Redis cache with a client kept per connection pool."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _KeptClients
