"""The Celery application: broker from ``REDIS_URL``, tasks discovered in the apps.

Tasks (emails, deadline sweeps) come with later issues; the app is configured
here so a worker can already be started with
``celery -A freibeuter_site worker``.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freibeuter_site.settings")

app = Celery("freibeuter_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
