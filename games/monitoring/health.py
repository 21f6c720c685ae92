"""Is the service healthy? The database, the broker, the beat's sweeps and the outbox.

Each periodic sweep records its runs in ``SweepRecord`` (:func:`sweep_recorded`),
in the database, so every web process reads the same answer whichever worker
ran the beat. :func:`health_report` gathers what ``/healthz`` and the
moderators' health page show; it says nothing secret (no URL, no address, no
error text from a server). The service is unhealthy when the database or the
broker does not answer, or when a sweep is more than ``HEALTH_SWEEP_LATE_MINUTES``
past its next run by the beat's schedule.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import wraps
from typing import Any

from celery import current_app
from celery.schedules import crontab, schedule
from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import F
from django.utils import timezone

from games.models import OutboundMail, SweepRecord

Sweep = Callable[[], int]


def sweep_recorded(sweep: Sweep) -> Sweep:
    """Wrap a sweep task's body: a run that ends without an error is recorded under the
    task's name with its duration and what it handled (a failing run is not, so it
    shows as late)."""
    name = f"{sweep.__module__}.{sweep.__name__}"

    @wraps(sweep)
    def recorded() -> int:
        started = time.monotonic()
        handled = sweep()
        sweep_record(name=name, seconds=time.monotonic() - started, handled=handled)
        return handled

    return recorded


def sweep_record(*, name: str, seconds: float, handled: int, now: datetime | None = None) -> None:
    """Count one finished run of the sweep ``name`` that took ``seconds``."""
    now = now or timezone.now()
    last = {"last_run_at": now, "last_seconds": seconds, "last_handled": handled}
    runs = SweepRecord.objects.filter(name=name)
    if runs.update(**last, runs=F("runs") + 1, total_seconds=F("total_seconds") + seconds):
        return
    _, created = SweepRecord.objects.get_or_create(
        name=name, defaults={**last, "first_run_at": now, "runs": 1, "total_seconds": seconds}
    )
    if not created:  # another run recorded the first one in between
        runs.update(**last, runs=F("runs") + 1, total_seconds=F("total_seconds") + seconds)


def _next_run(entry: schedule | crontab | float, last: datetime, now: datetime) -> datetime:
    """When the beat runs a sweep next after its run at ``last``, by its schedule entry."""
    if isinstance(entry, int | float):
        return last + timedelta(seconds=entry)
    return now + entry.remaining_estimate(last)


def _sweeps(now: datetime) -> dict[str, dict[str, Any]]:
    """Each sweep of the beat's schedule: its last run, how long it took, and if it is late.

    A sweep that has not run yet is late once the beat has been running (its first
    recorded run of any sweep) for longer than that sweep's period and the grace.
    """
    records = {record.name: record for record in SweepRecord.objects.all()}
    beat_start = min((record.first_run_at for record in records.values()), default=None)
    grace = timedelta(minutes=settings.HEALTH_SWEEP_LATE_MINUTES)
    report = {}
    for label, entry in sorted(current_app.conf.beat_schedule.items()):
        record = records.get(entry["task"])
        last = record.last_run_at if record else beat_start
        late = last is None or now > _next_run(entry["schedule"], last, now) + grace
        report[label] = {
            "last_run": record.last_run_at.isoformat() if record else None,
            "age_seconds": round((now - record.last_run_at).total_seconds(), 1) if record else None,
            "last_seconds": round(record.last_seconds, 3) if record else None,
            "late": late,
        }
    return report


def _outbox(now: datetime) -> dict[str, Any]:
    pending = OutboundMail.objects.filter(status=OutboundMail.Status.PENDING)
    oldest = pending.order_by("created_at").values_list("created_at", flat=True).first()
    return {
        "oldest_pending_seconds": round((now - oldest).total_seconds(), 1) if oldest else None,
        "failed": OutboundMail.objects.filter(status=OutboundMail.Status.FAILED).count(),
    }


def database_up() -> bool:
    """Whether this process's database connection answers a ``SELECT 1``."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return False
    return True


def broker_up() -> bool:
    """Whether the Celery broker answers (for Redis, a connection and a PING) within
    ``HEALTH_BROKER_TIMEOUT_SECONDS``."""
    timeout = settings.HEALTH_BROKER_TIMEOUT_SECONDS
    options = {"socket_timeout": timeout, "socket_connect_timeout": timeout}
    try:
        with current_app.connection_for_write(
            settings.CELERY_BROKER_URL, connect_timeout=timeout, transport_options=options
        ) as broker:
            broker.ensure_connection(max_retries=0)
    except Exception:  # any transport's failure to connect means the same: not reachable
        return False
    return True


def health_report(*, now: datetime | None = None) -> dict[str, Any]:
    """The service's health: ``ok`` and each check (the database's first, as the others
    read it)."""
    now = now or timezone.now()
    database = database_up()
    broker = broker_up()
    sweeps = _sweeps(now) if database else {}
    outbox = _outbox(now) if database else None
    late = sorted(label for label, sweep in sweeps.items() if sweep["late"])
    return {
        "ok": database and broker and not late,
        "checked_at": now.isoformat(),
        "database": {"ok": database},
        "broker": {"ok": broker},
        "sweeps": sweeps,
        "late_sweeps": late,
        "late_after_minutes": settings.HEALTH_SWEEP_LATE_MINUTES,
        "outbox": outbox,
    }


def failed_mails(*, limit: int = 20) -> list[OutboundMail]:
    """The latest failed emails, newest first, with the error each ended on."""
    failed = OutboundMail.objects.filter(status=OutboundMail.Status.FAILED)
    return list(failed.select_related("game").order_by("-id")[:limit])
