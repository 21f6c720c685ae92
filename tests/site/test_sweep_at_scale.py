"""The deadline sweep at scale: a backlog of due seats in one run, on the due indexes.

Twenty thousand games, a few hundred of them with a reminder due: one run sends
every reminder, its batches growing with the backlog (made small here, so that
the run reads several), and each of its reads of the games uses an index, never
a sequential scan, with the tables analysed so that the planner's choice is a
real one. How long a thousand take is ``bench/sweep.py``'s to measure.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.interventions import sweep
from games.models import Event, Game, Seat
from games.play.services import PlayerSpec, game_create
from games.store import events
from tests.bulk import games_clone
from tests.clock import T0

pytestmark = pytest.mark.clock

DUE, LATER = 1000, 19_000
DUE_HERE = 150


def _dealt(now: timedelta) -> Game:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")]
    return game_create(kind="freibeuter", players=players, seed=4, now=T0 + now)


def test_one_run_reminds_every_due_seat_on_the_due_index(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sweep, "BATCH", 10)  # reads of 10, 20, 40, 40, 40, then none
    monkeypatch.setattr(sweep, "MAX_BATCH", 40)
    assert sweep.CHUNK == 20
    due = _dealt(timedelta())
    games_clone(due, DUE_HERE - 1)
    games_clone(_dealt(timedelta(days=30)), LATER)  # their reminders are weeks away
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game; ANALYZE games_seat; ANALYZE games_event")
    now = due.remind_at + timedelta(minutes=1)
    with CaptureQueriesContext(connection) as queries:
        assert sweep.deadline_sweep(now=now) == DUE_HERE
    assert Event.objects.filter(type=events.REMINDER_SENT).count() == DUE_HERE
    assert not Seat.objects.filter(remind_at__lte=now).exists()
    assert not Game.objects.filter(remind_at__lte=now).exists()
    reads = [
        q["sql"] for q in queries if q["sql"].startswith("SELECT") and "games_game" in q["sql"]
    ]
    batches = [sql for sql in reads if sql.startswith('SELECT "games_game"."remind_at" AS')]
    assert len(batches) == 6  # the last one empty: the backlog is done
    locks = [sql for sql in reads if "FOR UPDATE SKIP LOCKED" in sql]
    assert len(locks) == 8  # chunks of 20 (CHUNK) within the batches: 10 | 20 | 20 20 | …
    with connection.cursor() as cursor:
        for sql in dict.fromkeys(reads):  # each distinct statement once
            cursor.execute(f"EXPLAIN {sql}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert "Seq Scan on games_game" not in plan, f"{sql}\n{plan}"


def test_the_due_reads_walk_the_due_indexes_oldest_first(db: None) -> None:
    games_clone(_dealt(timedelta()), DUE)
    games_clone(_dealt(timedelta(days=30)), LATER)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game")
    now = T0 + timedelta(days=10)
    first = list(sweep.due_games("remind_at", now, sweep.BATCH, None))
    assert len(first) == sweep.BATCH and first == sorted(first)
    for field in ("remind_at", "deadline_at"):
        for after in (None, first[-1]):
            plan = sweep.due_games(field, now, 2 * sweep.BATCH, after).explain()
            conditions = [line for line in plan.splitlines() if "Index Cond" in line]
            assert "Seq Scan" not in plan, plan
            assert any(f"'active'::text) AND ({field} " in line for line in conditions), plan
    rest = list(sweep.due_games("remind_at", now, DUE, first[-1]))
    assert first + rest == sorted(first + rest) and len(first + rest) == DUE + 1
