"""Fixtures of the whole suite: the controlled clock (see :mod:`tests.clock`), a fresh cache."""

from __future__ import annotations

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
