"""The suite as a neighbour and a clock-keeper: what it may touch on shared servers, and when.

PostgreSQL and Redis may serve other instances of the service while the tests
run. The tests keep to their own database and to their own Redis keys
(``REDIS_KEY_PREFIX``, set per process by ``tests/plugin.py``), and the
suite's clock is years from the machine's, so a timestamp written from the
real clock stands out (the plugin's guard).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.core.cache import cache

from freibeuter_site.celery import app
from games.models import Game
from games.play.services import PlayerSpec, game_create
from tests.clock import T0, machine_now
from tests.plugin import real_clock_timestamps


@pytest.fixture
def redis_client() -> Iterator[redis.Redis]:
    with redis.Redis.from_url(settings.REDIS_URL) as connection:
        yield connection


def test_the_runs_redis_keys_carry_a_prefix_of_their_own_for_cache_and_broker() -> None:
    prefix = settings.REDIS_KEY_PREFIX
    assert prefix.startswith("tests-")
    assert cache.make_key("x").startswith(prefix)
    broker = app.conf.broker_transport_options["global_keyprefix"]
    assert broker.startswith(prefix) and not cache.make_key("x").startswith(broker)


def test_clearing_the_cache_deletes_its_keys_and_leaves_the_broker_and_other_instances(
    redis_client: redis.Redis,
) -> None:
    other = f"another-instance-{uuid.uuid4().hex}:"  # a prefix nobody else uses
    kept = [
        f"{other}freibeuter:1:snapshot",
        f"{other}broker:celery",
        app.conf.broker_transport_options["global_keyprefix"] + f"queue-{uuid.uuid4().hex}",
    ]
    try:
        for key in kept:
            redis_client.set(key, "theirs", ex=60)
        cache.set("snapshot", "ours", 60)
        cache.clear()
        assert cache.get("snapshot") is None
        assert [redis_client.get(key) for key in kept] == [b"theirs"] * len(kept)
    finally:
        redis_client.delete(*kept)


def test_the_suite_clock_is_years_from_the_machines() -> None:
    assert abs(T0 - machine_now()) > timedelta(days=365)


def test_the_guard_finds_a_timestamp_written_from_the_machines_clock(db: None) -> None:
    game = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in ("Ann", "Bo")])
    assert real_clock_timestamps(machine_now()) == []
    Game.objects.filter(pk=game.pk).update(updated_at=machine_now())
    assert real_clock_timestamps(machine_now()) == ["games_game.updated_at"]
    Game.objects.filter(pk=game.pk).update(updated_at=T0)  # so the guard passes this test
