"""Django's Redis cache (``CACHES``), clearing only its own keys.

The Redis database also holds the Celery broker's queues, and may hold other
instances' keys (``REDIS_KEY_PREFIX``): Django's ``clear()`` is a ``FLUSHDB``
that would delete them all, so this one deletes the keys under its own
``KEY_PREFIX`` only, by a client of redis-py's own made from the cache's URL.
"""

from __future__ import annotations

import re
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache


class RedisCache(DjangoRedisCache):
    """Django's Redis cache, whose ``clear()`` leaves other keys alone."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self.url = server

    def clear(self) -> None:
        """Delete every key of this cache, and nothing else in the Redis database."""
        with redis.Redis.from_url(self.url) as client:
            keys_delete(client, prefix=f"{self.key_prefix}:")


def keys_delete(client: Any, *, prefix: str) -> int:
    """Delete every key that begins with ``prefix`` (``SCAN``, never ``FLUSHDB``); count them."""
    pattern = re.sub(r"([\\*?\[\]])", r"\\\1", prefix) + "*"
    keys = list(client.scan_iter(match=pattern, count=1000))
    for start in range(0, len(keys), 1000):
        client.delete(*keys[start : start + 1000])
    return len(keys)
