"""``manage.py serve``: web, Celery worker and beat together, stopped together (``make run``).

On the embedded default the worker uses the filesystem broker under
``var/`` and writes emails to ``var/mail/``, shown at ``/dev/mail/``; in
production run these as separate services instead (gunicorn, workers, one beat).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Run the development web server with a Celery worker and beat beside it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")

    def handle(self, *args: Any, addrport: str, **options: Any) -> None:
        worker = [
            sys.executable, "-m", "celery", "-A", "freibeuter_site", "worker", "--beat",
            "--pool", "solo", "--loglevel", "INFO",
        ]  # fmt: skip
        web = [sys.executable, "manage.py", "runserver", "--noreload", addrport]
        children = [subprocess.Popen(worker), subprocess.Popen(web)]
        self.stdout.write(f"Web at http://{addrport}/ · mailbox at http://{addrport}/dev/mail/")
        try:
            while all(child.poll() is None for child in children):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in children:
                try:
                    child.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    child.kill()
