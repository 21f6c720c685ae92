"""The suite's pytest plugin: its clock's seed, its own Redis keys, and the real-clock guard.

Loaded before Django's settings (``-p tests.plugin`` in ``pyproject.toml``), so
what it puts in the environment reaches the settings of this process and of
every process the tests start (xdist's workers, Celery workers, ``serve``):

- the seed of the run's clock (:mod:`tests.clock`): drawn afresh for each run
  unless ``--clock-seed`` names one, printed at the start and the end;
- ``REDIS_KEY_PREFIX``: every Redis key this process's tests write (cache and
  broker) begins with a prefix of its own, so runs side by side, xdist's
  workers and other instances of the service on the same Redis never see each
  other's keys; the prefix's keys are deleted when the process ends;
- a ``SECRET_KEY`` of the tests' own, and ``DEBUG``, unless the environment
  gives them: the settings refuse to start without a key once a database is
  configured.

After each test that used the database it looks at every timestamp stored
there: one within :data:`NEAR` of the machine's real clock was written from
that clock, behind the suite's back (the suite's clock is years away), and
fails the test.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Generator, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest

SEED_VARIABLE = "TESTS_CLOCK_SEED"
"""Carries the run's seed to every process of the run (read by :mod:`tests.clock`)."""
NEAR = timedelta(days=2)
"""How close to the machine's clock a stored timestamp must be to count as read from it."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("clock", "the suite's clock (tests/clock.py)")
    group.addoption(
        "--clock-seed",
        type=int,
        metavar="N",
        help="start every test at the instant seed N draws (default: a new seed each run)",
    )


@pytest.hookimpl(wrapper=True)
def pytest_load_initial_conftests(
    early_config: pytest.Config, parser: pytest.Parser, args: list[str]
) -> Generator[None]:
    seed = early_config.known_args_namespace.clock_seed
    if seed is None:
        seed = os.environ.get(SEED_VARIABLE) or secrets.randbelow(1_000_000)
    os.environ[SEED_VARIABLE] = str(seed)  # xdist's workers inherit it, and so the same T0
    os.environ["REDIS_KEY_PREFIX"] = f"tests-{os.getpid()}:"
    # A database and Redis are configured, so the settings want a key; DEBUG keeps them as
    # a developer runs them (no HTTPS redirect, no Secure cookies on the test client's http).
    os.environ.setdefault("SECRET_KEY", "tests-only-key-never-for-a-reachable-service")
    os.environ.setdefault("DEBUG", "1")
    return (yield)


def _seed_line() -> str:
    from tests.clock import T0

    seed = os.environ[SEED_VARIABLE]
    start = f"{T0:%Y-%m-%d %H:%M} UTC"
    return f"suite clock: seed {seed}, each test starts at {start} (again: --clock-seed {seed})"


def pytest_report_header(config: pytest.Config) -> str:
    return _seed_line()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    terminalreporter.write_line(_seed_line())


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Delete this process's Redis keys (its cache entries and broker queues)."""
    url, prefix = os.environ.get("REDIS_URL"), os.environ["REDIS_KEY_PREFIX"]
    if not url:
        return
    import redis

    from games.store.cache import keys_delete

    client = redis.Redis.from_url(url)
    try:
        keys_delete(client, prefix=prefix)
    except redis.RedisError:
        pass  # Redis is gone: nothing of ours is left to tidy
    finally:
        client.close()


def _uses_database(item: pytest.Item) -> bool:
    names = getattr(item, "fixturenames", ())
    return (
        "db" in names or "transactional_db" in names or bool(item.get_closest_marker("django_db"))
    )


def _timestamp_columns() -> Iterator[tuple[str, str]]:
    from django.apps import apps
    from django.db import models

    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if isinstance(field, models.DateTimeField):
                yield model._meta.db_table, field.column


def real_clock_timestamps(now: datetime) -> list[str]:
    """The ``table.column``s of the test database holding a timestamp near ``now``."""
    from django.db import connection

    quote = connection.ops.quote_name
    columns = list(_timestamp_columns())
    query = " UNION ALL ".join(
        f"SELECT '{table}.{column}' FROM {quote(table)} WHERE {quote(column)} BETWEEN %s AND %s"
        for table, column in columns
    )
    with connection.cursor() as cursor:
        cursor.execute(query, [now - NEAR, now + NEAR] * len(columns))
        return sorted({row[0] for row in cursor.fetchall()})


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None]:
    result = yield
    if _uses_database(item):
        from django.db import DatabaseError

        from tests.clock import machine_now

        try:
            found = real_clock_timestamps(machine_now())
        except DatabaseError:
            found = []  # the test left its transaction broken; its own teardown reports that
        if found:
            pytest.fail(
                f"timestamps within {NEAR.days} days of the machine's clock in "
                f"{', '.join(found)}: read from the real clock behind the suite's back, or "
                "pinned near today (a test's own dates belong in tests.clock's range)",
                pytrace=False,
            )
    return result
