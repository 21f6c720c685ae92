"""The suite's clock: every test runs with the process clock set to :data:`T0`.

A correspondence service decides by time (deadlines, reminders, digests, leases,
rate limits), so a test that read the real clock beside a fixed date would pass
today and fail the day that date goes by. ``tests/conftest.py`` therefore moves
the process clock of every test to ``T0`` with time-machine (it ticks on from
there, so leases and timeouts still run out), and a test that needs another
instant passes ``now=`` or moves the clock with the ``clock`` fixture. Child
processes a test starts (a Celery worker) get the same clock through
:func:`clocked_command`. ``make test`` runs the time-related tests again with the
machine's clock moved three years ahead and across a daylight-saving change
(Debian's faketime), so a test that still reads the real clock fails the day it
is written.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime

import time_machine

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
"""The instant every test starts at: a Tuesday morning."""


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
