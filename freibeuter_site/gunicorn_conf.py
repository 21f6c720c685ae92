"""gunicorn's settings for the service:

    gunicorn --config python:freibeuter_site.gunicorn_conf freibeuter_site.wsgi

Workers as gunicorn's documentation advises, two a core and one more, each with a few
threads that use the core while a request waits on PostgreSQL. ``WEB_CONCURRENCY``
(gunicorn's own name) and ``WEB_THREADS`` change the counts; options on the command line
override this file. The worker (``freibeuter_site.gunicorn_worker``) gives a connection a
thread only once its whole request has arrived, so slow clients cannot hold the threads.
"""

from __future__ import annotations

import gc
import os
from typing import Any

workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)
threads = int(os.environ.get("WEB_THREADS") or 4)
worker_class = "freibeuter_site.gunicorn_worker.RequestBufferingWorker"
# Access and error logs with every link's secret path segment shown as [token].
logger_class = "freibeuter_site.access_log.RedactedLogger"
# The application is imported once, before the workers fork: they start at once and share it.
preload_app = True


def pre_fork(server: Any, worker: Any) -> None:
    """Freeze what the master has loaded before each worker forks (``gc.freeze``): the
    workers' garbage collections then never scan the application's objects, nor write to
    their pages, which stay shared."""
    gc.freeze()
