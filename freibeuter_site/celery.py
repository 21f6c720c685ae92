"""The Celery application: its broker and options come from the settings (``CELERY_*``).

``celery -A freibeuter_site worker --beat`` runs a worker with the periodic
sweeps below; production runs several workers and exactly one beat.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery, bootsteps, signals
from celery.schedules import crontab
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freibeuter_site.settings")

app = Celery("freibeuter_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's Django fixup closes the database connection around every task (a new PostgreSQL
# session per email) unless told to reuse it. Reuse it as Django does between requests:
# before each task, drop a connection that is broken or older than CONN_MAX_AGE.
app.conf["CELERY_DB_REUSE_MAX"] = 500


@signals.task_prerun.connect
def _database_like_a_request(sender: Any = None, **kwargs: Any) -> None:
    if not getattr(getattr(sender, "request", None), "is_eager", False):
        close_old_connections()


class ListenerStep(bootsteps.StartStopStep):
    """Run ``games.tasks.OutboxListener`` in the worker on PostgreSQL: it queues each
    committed email's send on the first queue this worker consumes; the step starts,
    stops and terminates it with the worker, after the pool's processes are forked
    (none inherits the listener's connection)."""

    requires = ("celery.worker.components:Pool",)

    def create(self, worker: Any) -> Any:
        from django.db import connection  # imported once the worker runs: the apps are ready

        from games.tasks import OutboxListener

        if connection.vendor != "postgresql":
            return None
        return OutboxListener(queue=next(iter(worker.app.amqp.queues.consume_from)))


app.steps["worker"].add(ListenerStep)

app.conf.beat_schedule = {
    "outbox-sweep": {"task": "games.tasks.outbox_sweep_task", "schedule": 60.0},
    "notice-sweep": {"task": "games.tasks.notice_sweep_task", "schedule": 60.0},
    "deadline-sweep": {"task": "games.tasks.deadline_sweep_task", "schedule": 60.0},
    "league-sweep": {"task": "games.tasks.league_sweep_task", "schedule": 60.0},
    # Hourly: each address gets its digest in the hour from 07:00 in its own time zone.
    "daily-digest": {"task": "games.tasks.digest_send_task", "schedule": crontab(minute=0)},
}
