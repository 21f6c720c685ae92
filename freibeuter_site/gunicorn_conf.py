"""gunicorn's settings for the service, as ``bench/http.py`` measured them best (README, *HTTP*):

    gunicorn --config python:freibeuter_site.gunicorn_conf freibeuter_site.wsgi

A worker process a core, each with threads: a request is a few milliseconds of Python and
then waits on PostgreSQL (a move's durable commit waits for the disk), so a worker's other
threads use its core meanwhile, while more processes than cores only make the cores switch
between them. ``WEB_CONCURRENCY`` (gunicorn's own name) and ``WEB_THREADS`` change the
counts; options on the command line override this file.
"""

from __future__ import annotations

import os

workers = int(os.environ.get("WEB_CONCURRENCY") or os.cpu_count() or 1)
threads = int(os.environ.get("WEB_THREADS") or 8)
worker_class = "gthread"
# The application is imported once, before the workers fork: they start at once and share it.
preload_app = True
