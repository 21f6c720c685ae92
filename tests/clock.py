"""The suite's clock: every test starts with the process clock at :data:`T0`, drawn per run.

A correspondence service decides by time (deadlines, reminders, digests, leases,
rate limits), so a test that read the real clock beside a fixed date would pass
today and fail the day that date goes by. ``tests/conftest.py`` therefore moves
the process clock of every test to ``T0`` with time-machine (it ticks on from
there, so leases and timeouts still run out), and a test that needs another
instant passes ``now=`` or moves the clock with the ``clock`` fixture. Child
processes a test starts (a Celery worker) get the same clock through
:func:`clocked_command`.

``T0`` is not one date but a whole minute drawn for each run from a seed
(:func:`start_of`), anywhere from :data:`EARLIEST` to :data:`LATEST`: runs over
time cover many days, weekdays and hours, so a test that passes on one date
only is found. The seed is printed at the start and end of a run, and
``pytest --clock-seed N`` repeats it (``tests/plugin.py``). The draw keeps
years away from the machine's own clock, which is what lets
``tests/plugin.py`` tell a timestamp written from the real clock from one
written from the suite's. Tests of particular dates (daylight-saving changes,
29 February, the new year) pin their own instants, in the same years.
"""

from __future__ import annotations

import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import time_machine

from tests.plugin import SEED_VARIABLE

EARLIEST = datetime(2031, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
"""The draw's range: years from the machine's clock, inside what every part stores."""


def start_of(seed: int) -> datetime:
    """The instant a run with ``seed`` starts each test at: a whole minute in the range."""
    minutes = (LATEST - EARLIEST) // timedelta(minutes=1)
    return EARLIEST + timedelta(minutes=random.Random(seed).randrange(minutes))


def _run_seed() -> int:
    try:
        return int(os.environ[SEED_VARIABLE])
    except (KeyError, ValueError):
        raise RuntimeError(
            f"{SEED_VARIABLE} is not set: run the tests with pytest, whose plugin "
            "tests/plugin.py draws the seed (or pass --clock-seed N)."
        ) from None


T0 = start_of(_run_seed())
"""The instant every test of this run starts at."""


def machine_now() -> datetime:
    """The machine's real clock, whatever the suite's reads."""
    return datetime.fromtimestamp(time_machine.escape_hatch.time.time(), UTC)


def clocked_command(module: str, *args: str) -> list[str]:
    """The command line that runs ``python -m module args`` on this process's clock.

    The child is given the offset between this process's (travelled) clock and
    the machine's, not an instant, so however long it takes to start, its clock
    reads what this one does: a lease a worker writes and the test that reads it
    agree.
    """
    hatch = time_machine.escape_hatch
    offset = time.time() - hatch.time.time() if hatch.is_travelling() else 0.0
    return [sys.executable, "-m", "tests.clocked", repr(offset), module, *args]


def next_local(hour: int, zone: str, *, after: datetime = T0) -> datetime:
    """The first ``hour``:00 on a wall clock in ``zone`` after ``after``, in UTC."""
    local_zone = ZoneInfo(zone)
    moment = after.replace(second=0, microsecond=0) + timedelta(minutes=15 - after.minute % 15)
    while (local := moment.astimezone(local_zone)).hour != hour or local.minute:
        moment += timedelta(minutes=15)
    return moment
