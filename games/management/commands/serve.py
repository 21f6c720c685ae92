"""``manage.py serve``: web, Celery worker and beat together, stopped together (``make run``).

On the embedded default the worker uses the filesystem broker under
``var/`` and writes emails to ``var/mail/``, shown at ``/dev/mail/``; in
production run these as separate services instead (gunicorn, workers, one beat).

SIGTERM (a process manager), SIGINT (Ctrl-C) and SIGHUP (a closed terminal)
stop all of them: each child runs in a process group of its own (so a
terminal's signals reach this command only, and it stops the children in
order), gets SIGTERM, and what is left of its group after ``--grace`` seconds
gets SIGKILL; the command then exits 0.
A child that ends by itself stops the others, and the command fails.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def _signal_group(child: subprocess.Popen[bytes], number: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # the child and all it started have gone
        os.killpg(child.pid, number)


def _stop_children(children: dict[str, subprocess.Popen[bytes]], grace: float) -> None:
    """SIGTERM each child's process group, wait up to ``grace`` seconds, then SIGKILL the rest."""
    for child in children.values():
        if child.poll() is None:
            _signal_group(child, signal.SIGTERM)
    deadline = time.monotonic() + grace
    for child in children.values():
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(timeout=max(deadline - time.monotonic(), 0))
    for child in children.values():
        _signal_group(child, signal.SIGKILL)  # also whatever the child left behind in its group
        child.wait()


class Command(BaseCommand):
    help = "Run the development web server with a Celery worker and beat beside it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument(
            "--grace",
            type=float,
            default=10.0,
            help="Seconds the children get to stop after SIGTERM before they are killed.",
        )

    def handle(self, *args: Any, addrport: str, grace: float, **options: Any) -> None:
        received: list[int] = []  # the stop signals, kept instead of dying of them
        for number in STOP_SIGNALS:
            signal.signal(number, lambda number, frame: received.append(number))
        commands = {
            "Celery worker and beat": [
                sys.executable, "-m", "celery", "-A", "freibeuter_site", "worker", "--beat",
                "--pool", "solo", "--loglevel", "INFO",
            ],
            "web server": [
                sys.executable, str(settings.BASE_DIR / "manage.py"), "runserver", "--noreload",
                addrport,
            ],
        }  # fmt: skip
        children: dict[str, subprocess.Popen[bytes]] = {}
        ended: str | None = None
        try:
            for name, command in commands.items():
                children[name] = subprocess.Popen(command, start_new_session=True)
            self.stdout.write(f"Web at http://{addrport}/ · mailbox at http://{addrport}/dev/mail/")
            while not received and ended is None:
                time.sleep(0.2)
                ended = next((name for name, c in children.items() if c.poll() is not None), None)
        finally:
            if received:
                self.stdout.write(
                    f"{signal.Signals(received[0]).name}: stopping web, worker and beat."
                )
            _stop_children(children, grace)
        if not received:
            raise CommandError(f"The {ended} stopped by itself; the others were stopped too.")
