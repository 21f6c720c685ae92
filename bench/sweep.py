"""The deadline sweep at scale: a thousand due seats among 100,000 games, in one beat run.

    .venv/bin/python bench/sweep.py [--due 1000] [--games 100000]

It (re)creates its own database ``freibeuter_sweepbench`` on the PostgreSQL of
``BENCH_DATABASE_URL`` (default: the local server; Redis at ``REDIS_URL``),
deals two 4-seat games by email a month apart, clones them in bulk
(``tests.bulk``) to ``--due`` games whose seat to move is due for its reminder
and the rest of ``--games`` whose reminders are weeks away, lets ``VACUUM
ANALYZE`` give the planner its figures (as autovacuum would), and runs one
``deadline_sweep`` as the beat does. It prints the steps, the run's wall and
CPU time, the statements per step, and whether the one run dealt with every
due seat within the beat's minute.

Never part of the test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the standard library's ``http`` for Django: unlist this folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import os  # noqa: E402
import time  # noqa: E402
from datetime import timedelta  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "freibeuter_sweepbench"
BEAT_SECONDS = 60.0


def _database() -> None:
    import psycopg

    base = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DATABASE}")
    os.environ["DATABASE_URL"] = base.rsplit("/", 1)[0] + f"/{DATABASE}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freibeuter_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--due", type=int, default=1000, help="games with a seat due")
    parser.add_argument("--games", type=int, default=100_000, help="games under way in all")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    _database()
    from django.db import connection

    from games.interventions import sweep
    from games.play.services import PlayerSpec, game_create
    from tests.bulk import games_clone

    def dealt(now: Any) -> Any:
        names = ("Ann", "Ben", "Cy", "Dee")
        players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in names]
        return game_create(kind="freibeuter", players=players, seed=1, now=now)

    start = dealt(None)
    games_clone(start, args.due - 1)
    games_clone(dealt(start.created_at + timedelta(days=30)), args.games - args.due - 1)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    statements = 0

    def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        nonlocal statements
        statements += 1
        return execute(sql, params, many, context)

    now = start.remind_at + timedelta(minutes=1)
    wall, cpu = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(counted):
        steps = sweep.deadline_sweep(now=now)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"sweep bench: {args.due} due seats among {args.games} games under way, PostgreSQL")
    print(f"  one run          {steps} steps in {wall:5.1f} s wall, {cpu:5.1f} s CPU")
    per = max(steps, 1)
    print(
        f"  per step         {1000 * wall / per:5.1f} ms wall, {1000 * cpu / per:5.1f} ms CPU, "
        f"{statements / per:.1f} statements"
    )
    done = steps == args.due and wall <= BEAT_SECONDS
    print(f"  budget           every due seat in one beat minute: {'ok' if done else 'OVER'}")
    print(
        f"  machine          {os.cpu_count()} cores, load average {load_before:.2f} before the run"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
