"""Fixtures of the whole suite: the controlled clock (see :mod:`tests.clock`), a fresh cache."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine

from tests.clock import T0


@pytest.fixture(autouse=True)
def clock() -> Iterator[time_machine.Coordinates]:
    """The process clock at :data:`tests.clock.T0`, ticking; ``clock.move_to``/``shift`` move it."""
    with time_machine.travel(T0, tick=True) as traveller:
        yield traveller


@pytest.fixture
def fresh_cache(settings: Any) -> None:
    """An empty local cache of the test's own, so the request limits counted in it never
    carry over from another test (the shared Redis cache would)."""
    from django.core.cache import cache

    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"}
    }
    cache.clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test database, whose sessions all end before it is dropped.

    PostgreSQL refuses to drop a database that a session still uses, and the database would
    be left on the shared server. This process's own connections are closed first; whatever
    session is still on the database then is a leftover (a thread's or a child process's),
    named in a warning so that it can be found, and ended."""
    yield
    from django.db import connection, connections

    name = connection.settings_dict["NAME"]
    if connection.vendor != "postgresql":
        return
    connections.close_all()
    with django_db_blocker.unblock(), connection._nodb_cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid), application_name, client_port, "
            "backend_start, state, left(query, 200) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            [name],
        )
        left = cursor.fetchall()
    if left:
        warnings.warn(f"sessions left on {name}, ended before the drop: {left}", stacklevel=1)
