"""Fixtures of the whole suite: the controlled clock (see :mod:`tests.clock`)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from tests.clock import T0

DST_ZONE = ZoneInfo("Europe/Berlin")
"""The zone whose daylight-saving change ``--machine-clock-dst`` runs across."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("clock", "the machine's clock (proves no test reads it)")
    group.addoption(
        "--machine-clock-years",
        type=int,
        default=0,
        metavar="N",
        help="run as if the machine's clock were N years ahead of the real date",
    )
    group.addoption(
        "--machine-clock-dst",
        action="store_true",
        help="start the machine's clock 20 s before the next daylight-saving change in "
        "Europe/Berlin (after the years of --machine-clock-years), so the run crosses it",
    )


def _next_dst_change(after: datetime) -> datetime:
    """The first instant after ``after`` at which Berlin's UTC offset changes (to the minute)."""
    hour = after.replace(minute=0, second=0, microsecond=0)
    while hour.astimezone(DST_ZONE).utcoffset() == after.astimezone(DST_ZONE).utcoffset():
        hour += timedelta(hours=1)
    minute = hour - timedelta(hours=1)
    offset = minute.astimezone(DST_ZONE).utcoffset()
    while minute.astimezone(DST_ZONE).utcoffset() == offset:
        minute += timedelta(minutes=1)
    return minute


def pytest_configure(config: pytest.Config) -> None:
    years, dst = config.getoption("--machine-clock-years"), config.getoption("--machine-clock-dst")
    if not (years or dst):
        return
    now = datetime.now(UTC)
    machine = now.replace(year=now.year + years, day=min(now.day, 28))
    if dst:
        machine = _next_dst_change(machine) - timedelta(seconds=20)
    traveller = time_machine.travel(machine, tick=True)
    traveller.start()
    config.add_cleanup(traveller.stop)


def pytest_report_header(config: pytest.Config) -> str:
    return f"machine clock: {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC; each test starts at {T0}"


@pytest.fixture(autouse=True)
def clock() -> Iterator[time_machine.Coordinates]:
    """The process clock at :data:`tests.clock.T0`, ticking; ``clock.move_to``/``shift`` move it."""
    with time_machine.travel(T0, tick=True) as traveller:
        yield traveller
