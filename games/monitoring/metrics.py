"""Prometheus metrics, read from the database when Prometheus scrapes ``/metrics``.

The counts live where the service already keeps its truth: moves are events,
emails are outbox rows, sweeps record their runs (``games.monitoring.health``). So
every gunicorn process gives the same figures, nothing resets when a process
restarts, and the Celery workers, wherever they run, need no exporter of their own.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import Count
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    Metric,
    SummaryMetricFamily,
)
from prometheus_client.registry import Collector

from games.models import Event, Game, OutboundMail, SweepRecord
from games.store import events


class DatabaseCollector(Collector):
    """The service's counters and gauges, each one query at scrape time."""

    def collect(self) -> Iterator[Metric]:
        moves = CounterMetricFamily("freibeuter_moves", "Moves recorded, the service's included.")
        moves.add_metric([], Event.objects.filter(type=events.MOVE).count())
        yield moves
        by_status = dict(
            OutboundMail.objects.values_list("status").annotate(n=Count("id")).order_by()
        )
        emails = CounterMetricFamily(
            "freibeuter_emails", "Emails that left the outbox, by outcome.", labels=["outcome"]
        )
        for outcome in (OutboundMail.Status.SENT, OutboundMail.Status.FAILED):
            emails.add_metric([outcome], by_status.get(outcome, 0))
        yield emails
        waiting = GaugeMetricFamily(
            "freibeuter_emails_waiting", "Emails in the outbox not yet sent.", labels=["status"]
        )
        for status in (OutboundMail.Status.PENDING, OutboundMail.Status.HELD):
            waiting.add_metric([status], by_status.get(status, 0))
        yield waiting
        games = GaugeMetricFamily("freibeuter_games", "Games by status.", labels=["status"])
        counted = dict(Game.objects.values_list("status").annotate(n=Count("id")).order_by())
        for game_status in Game.Status:
            games.add_metric([game_status], counted.get(game_status, 0))
        yield games
        yield from _sweep_metrics()


def _sweep_metrics() -> Iterator[Metric]:
    durations = SummaryMetricFamily(
        "freibeuter_sweep_duration_seconds", "Time the beat's sweeps took.", labels=["sweep"]
    )
    last = GaugeMetricFamily(
        "freibeuter_sweep_last_duration_seconds", "Time the last run took.", labels=["sweep"]
    )
    when = GaugeMetricFamily(
        "freibeuter_sweep_last_run_timestamp_seconds",
        "When the last run finished (Unix time).",
        labels=["sweep"],
    )
    for record in SweepRecord.objects.order_by("name"):
        sweep = record.name.rsplit(".", 1)[-1]
        durations.add_metric([sweep], count_value=record.runs, sum_value=record.total_seconds)
        last.add_metric([sweep], record.last_seconds)
        when.add_metric([sweep], record.last_run_at.timestamp())
    yield from (durations, last, when)


REGISTRY = CollectorRegistry(auto_describe=False)
REGISTRY.register(DatabaseCollector())


def metrics_text() -> bytes:
    """The metrics in Prometheus' text exposition format."""
    return generate_latest(REGISTRY)
