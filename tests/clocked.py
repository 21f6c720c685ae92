"""``python -m tests.clocked INSTANT MODULE ARGS…``: run a module with the clock at INSTANT.

The child-process half of :func:`tests.clock.clocked_command`: the clock is moved
with time-machine before the module runs and ticks on from there (forked
children, such as Celery's prefork pool, inherit it).
"""

from __future__ import annotations

import runpy
import sys

import time_machine

if __name__ == "__main__":
    instant, module, *args = sys.argv[1:]
    sys.argv = [module, *args]
    with time_machine.travel(instant, tick=True):
        runpy.run_module(module, run_name="__main__", alter_sys=True)
