"""The Celery application: its broker and options come from the settings (``CELERY_*``).

``celery -A freibeuter_site worker --beat`` runs a worker with the periodic
sweeps below; production runs several workers and exactly one beat.
"""

from __future__ import annotations

import os

from celery import Celery
from celery.schedules import crontab

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freibeuter_site.settings")

app = Celery("freibeuter_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

app.conf.beat_schedule = {
    "outbox-sweep": {"task": "games.tasks.outbox_sweep_task", "schedule": 60.0},
    "deadline-sweep": {"task": "games.tasks.deadline_sweep_task", "schedule": 60.0},
    "daily-digest": {"task": "games.tasks.digest_send_task", "schedule": crontab(minute=0, hour=7)},
}
