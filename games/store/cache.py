"""Django's Redis cache, keeping its clients and clearing only its own keys (``CACHES``).

Django's ``RedisCache`` makes a new ``redis.Redis`` client for every call, and a
move makes three (its snapshot read and written, ...): making the client costs
more CPU than sending the command. This one keeps a client per connection pool
(a client is safe to share between threads: each command takes a connection
from the pool), and is otherwise Django's.

The Redis database also holds the Celery broker's queues, and may hold other
instances' keys (``REDIS_KEY_PREFIX``): Django's ``clear()`` is a ``FLUSHDB``
that would delete them all, so this one deletes the keys under its own
``KEY_PREFIX`` only.
"""

from __future__ import annotations

import re
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

    def clear(self) -> None:
        """Delete every key of this cache, and nothing else in the Redis database."""
        keys_delete(self._cache.get_client(write=True), prefix=f"{self.key_prefix}:")


def keys_delete(client: Any, *, prefix: str) -> int:
    """Delete every key that begins with ``prefix`` (``SCAN``, never ``FLUSHDB``); count them."""
    pattern = re.sub(r"([\\*?\[\]])", r"\\\1", prefix) + "*"
    keys = list(client.scan_iter(match=pattern, count=1000))
    for start in range(0, len(keys), 1000):
        client.delete(*keys[start : start + 1000])
    return len(keys)
