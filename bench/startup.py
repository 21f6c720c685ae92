"""Measure what ``python -m engine replay`` costs to start, beyond Python's own start.

    .venv/bin/python bench/startup.py [--runs 40]

Runs ``python -c pass`` and ``python -m engine replay RECORD`` (a complete
4-player Freibeuter game from ``tests/golden/``) by turns, each as a fresh
process, and prints the median wall time and the median CPU time (user +
system, from the child's resource usage) of each and their difference, the
*total beyond python*: imports, reading, replaying and printing the record.

That total holds the command's work as well as its start-up, so each turn also
runs the same command in this process, warm (its modules imported and its
code run before the first turn): the entry function ``engine.__main__.main``
with ``replay RECORD``, several times over with its output sent to a null
sink, timed by this process's CPU clock and divided per run. The *start-up
beyond python* is then, per turn, ``(python -m engine replay) - (python -c
pass) - (the warm in-process run)``: what a fresh process spends on imports,
on running cold code for the first time and, at its exit, on freeing what it
imported. Its median is the figure checked
against the budget, on CPU time, which other work on a shared machine
stretches less than wall time.

What the import system itself charges for that many modules is measured
alongside: ``python -c "import runpy, _json, hollow…"``, a tree of empty files
with the names of the engine modules a replay imports (``hollow`` for
``engine``), run by turns with the others; its time beyond ``python -c pass``
is the share of the start-up that no module's content causes, the floor of
this layout of modules. And ``python -m nothing``, an empty module run as
``-m`` runs the engine, shows what the switch alone costs beyond ``python -c
pass`` (``runpy`` and the modules it imports): no command run as ``python -m``
starts in less. The start-up beyond it is printed too, for what the engine's
own modules and code cost; the budget is checked as DESIGN §8 and issue 16
define it, beyond ``python -c pass``.

The commands keep their bytecode in a fresh cache directory
(``PYTHONPYCACHEPREFIX``), compiled by a first run that is not counted. The
turns interleave, so a change in the machine's load touches every measurement
alike. Not part of the test run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The warm run imports the engine of this checkout, as ``python -m engine`` run from ROOT does,
# and nothing of this folder (bench/http.py would shadow the standard library's ``http``).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))

from engine.__main__ import main as engine_main  # noqa: E402

RECORD = ROOT / "tests" / "golden" / "4p-sea-deck-empty-mixed-seed8.record.json"
BUDGET_MS = 0.8
WORK_RUNS = 20
"""In-process runs of the command per turn, timed together (one run is a fraction of a ms)."""
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -m engine replay": [sys.executable, "-m", "engine", "replay", str(RECORD)],
}
WORK_ARGV = ["replay", str(RECORD)]
HOLLOW = "hollow"
"""The name of the tree of empty modules that stands for ``engine``."""
NOTHING = "nothing"
"""The name of the empty module run as ``python -m``."""


def hollow_tree(folder: Path) -> list[str]:
    """Write under ``folder`` an empty file for each engine module this process has imported,
    in the same tree (``hollow`` for ``engine``); return the modules' names."""
    names = sorted(name for name in sys.modules if name.split(".")[0] == "engine")
    for name in names:
        path = folder.joinpath(HOLLOW, *name.split(".")[1:])
        is_package = any(other.startswith(f"{name}.") for other in names)
        file = path / "__init__.py" if is_package else path.with_suffix(".py")
        file.parent.mkdir(parents=True, exist_ok=True)
        file.touch()
    return [HOLLOW + name.removeprefix("engine") for name in names]


def run_once(command: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float]:
    """Run ``command`` once in ``cwd``; return its wall seconds and its CPU seconds (user +
    system)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, command)
    return wall, usage.ru_utime + usage.ru_stime


def work_once(runs: int) -> tuple[float, float]:
    """Run ``replay RECORD`` in this process ``runs`` times; return wall and CPU seconds per run."""
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        for _ in range(runs):
            if engine_main(WORK_ARGV):
                raise RuntimeError(f"python -m engine {' '.join(WORK_ARGV)} failed")
        wall, cpu = time.perf_counter() - wall_start, time.process_time() - cpu_start
    return wall / runs, cpu / runs


def line(name: str, wall: float, cpu: float, budget: str = "") -> str:
    return f"{name:<42} wall {wall * 1e3:7.2f} ms   CPU {cpu * 1e3:7.2f} ms{budget}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="runs of each command (default 40)")
    runs = parser.parse_args().runs
    load = os.getloadavg()[0]
    work_walls: list[float] = []
    work_cpus: list[float] = []
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as hollow:
        # Bytecode as a user's Python keeps it, under a prefix of its own, not in the tree.
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        work_once(WORK_RUNS)  # the command's code run in this process before it is timed
        modules = hollow_tree(Path(hollow))
        Path(hollow, f"{NOTHING}.py").touch()
        imports = ", ".join(["runpy", "_json", *modules])
        commands = {
            **{name: (command, ROOT) for name, command in COMMANDS.items()},
            "python -c 'import <empty tree>'": (
                [sys.executable, "-c", f"import {imports}"],
                Path(hollow),
            ),
            "python -m <empty module>": ([sys.executable, "-m", NOTHING], Path(hollow)),
        }
        walls: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for command, cwd in commands.values():  # warm the file cache and compile the bytecode
            run_once(command, env, cwd)
        for turn in range(runs):
            order = list(commands.items())
            for name, (command, cwd) in order if turn % 2 else reversed(order):
                wall, cpu = run_once(command, env, cwd)
                walls[name].append(wall)
                cpus[name].append(cpu)
            wall, cpu = work_once(WORK_RUNS)
            work_walls.append(wall)
            work_cpus.append(cpu)
    print(
        f"engine start-up, Python {sys.version.split()[0]}, medians of {runs} interleaved runs"
        f" (load average {load:.2f} on {os.cpu_count()} CPUs before the run)"
    )
    for name in commands:
        print(line(name, statistics.median(walls[name]), statistics.median(cpus[name])))
    base, engine, empty, nothing = commands

    def beyond(times: dict[str, list[float]], name: str, *less: list[float]) -> list[float]:
        """Per turn, the seconds of ``name`` less those of ``python -c pass`` and of ``less``."""
        rows = zip(times[name], times[base], *less, strict=True)
        return [first - second - sum(rest) for first, second, *rest in rows]

    def show(label: str, wall: list[float], cpu: list[float], budget: str = "") -> None:
        print(line(label, statistics.median(wall), statistics.median(cpu), budget))

    show("total beyond python", beyond(walls, engine), beyond(cpus, engine))
    show("  the replay's work, warm in process", work_walls, work_cpus)
    start_cpus = beyond(cpus, engine, work_cpus)
    verdict = "ok" if statistics.median(start_cpus) * 1e3 <= BUDGET_MS else "OVER BUDGET"
    show(
        "start-up beyond python",
        beyond(walls, engine, work_walls),
        start_cpus,
        f"   budget <= {BUDGET_MS} ms CPU  {verdict}",
    )
    show("  the same imports, empty modules", beyond(walls, empty), beyond(cpus, empty))
    switch_walls, switch_cpus = beyond(walls, nothing), beyond(cpus, nothing)
    show("  python -m of an empty module", switch_walls, switch_cpus)
    show(
        "start-up beyond python -m <empty module>",
        beyond(walls, engine, work_walls, switch_walls),
        beyond(cpus, engine, work_cpus, switch_cpus),
    )


if __name__ == "__main__":
    main()
