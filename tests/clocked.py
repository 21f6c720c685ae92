"""``python -m tests.clocked OFFSET MODULE ARGS…``: run a module with the clock OFFSET s ahead.

The child-process half of :func:`tests.clock.clocked_command`: the clock is moved
by OFFSET seconds (the parent's travelled clock minus the machine's) with
time-machine before the module runs, and ticks on with the machine's (forked
children, such as Celery's prefork pool, inherit it).
"""

from __future__ import annotations

import runpy
import sys
import time

import time_machine

if __name__ == "__main__":
    offset, module, *args = sys.argv[1:]
    sys.argv = [module, *args]
    with time_machine.travel(time.time() + float(offset), tick=True):
        runpy.run_module(module, run_name="__main__", alter_sys=True)
