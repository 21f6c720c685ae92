"""Fixtures of the whole suite: the controlled clock (see :mod:`tests.clock`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import time_machine

from tests.clock import T0


@pytest.fixture(autouse=True)
def clock() -> Iterator[time_machine.Coordinates]:
    """The process clock at :data:`tests.clock.T0`, ticking; ``clock.move_to``/``shift`` move it."""
    with time_machine.travel(T0, tick=True) as traveller:
        yield traveller
