"""Measure what ``python -m engine replay`` costs to start, beyond Python's own start.

    .venv/bin/python bench/startup.py [--runs 40]

Runs ``python -c pass`` and ``python -m engine replay RECORD`` (a complete
4-player Freibeuter game from ``tests/golden/``) by turns, each as a fresh
process, and prints the median wall time and the median CPU time (user +
system, from the child's resource usage) of each and their difference: the
engine's start-up is that difference, imports and the replay included. The
budget is checked on CPU time, which other work on a shared machine stretches
less than wall time. Both commands keep their bytecode in a fresh cache
directory (``PYTHONPYCACHEPREFIX``), compiled by a first run that is not
counted. The turns interleave so a change in the machine's load touches both
alike. Not part of the test run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "golden" / "4p-sea-deck-empty-mixed-seed8.record.json"
BUDGET_MS = 0.8
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -m engine replay": [sys.executable, "-m", "engine", "replay", str(RECORD)],
}


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``command`` once; return its wall seconds and its CPU seconds (user + system)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, command)
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="runs of each command (default 40)")
    runs = parser.parse_args().runs
    load = os.getloadavg()[0]
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as cache:
        # Bytecode as a user's Python keeps it, under a prefix of its own, not in the tree.
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for command in COMMANDS.values():  # warm the file cache and compile the bytecode
            run_once(command, env)
        for turn in range(runs):
            order = list(COMMANDS.items())
            for name, command in order if turn % 2 else reversed(order):
                wall, cpu = run_once(command, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
    print(
        f"engine start-up, Python {sys.version.split()[0]}, medians of {runs} interleaved runs"
        f" (load average {load:.2f} on {os.cpu_count()} CPUs before the run)"
    )
    for name in COMMANDS:
        wall_ms = statistics.median(walls[name]) * 1e3
        cpu_ms = statistics.median(cpus[name]) * 1e3
        print(f"{name:<28} wall {wall_ms:7.2f} ms   CPU {cpu_ms:7.2f} ms")
    base, engine = COMMANDS
    extra_wall = statistics.median(a - b for a, b in zip(walls[engine], walls[base], strict=True))
    extra_cpu = statistics.median(a - b for a, b in zip(cpus[engine], cpus[base], strict=True))
    verdict = "ok" if extra_cpu * 1e3 <= BUDGET_MS else "OVER BUDGET"
    print(
        f"{'start-up beyond python':<28} wall {extra_wall * 1e3:7.2f} ms   CPU"
        f" {extra_cpu * 1e3:7.2f} ms   budget <= {BUDGET_MS} ms CPU  {verdict}"
    )


if __name__ == "__main__":
    main()
