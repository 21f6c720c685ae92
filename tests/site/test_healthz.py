"""``GET /healthz``: the database, the broker, the beat's sweeps and the outbox, for anyone;
503 when the database or broker does not answer or a sweep is late."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client
from mail_helpers import free_port, require_redis

from games import tasks
from games.mail.outbox import mail_queue
from games.models import Game, OutboundMail
from tests.clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.clock]

SWEEPS = {"daily-digest", "deadline-sweep", "league-sweep", "notice-sweep", "outbox-sweep"}


def sweep_all() -> None:
    """What the beat does each minute (and the digest each hour): run every sweep task."""
    tasks.outbox_sweep_task()
    tasks.notice_sweep_task()
    tasks.deadline_sweep_task()
    tasks.league_sweep_task()
    tasks.digest_send_task()


def test_it_answers_200_with_every_check_on_the_real_database_and_redis(
    client: Client, game: Game, clock: time_machine.Coordinates
) -> None:
    require_redis()
    sweep_all()
    mail_queue(to="anne@example.org", kind="notice", context={}, language="en", game=game)
    OutboundMail.objects.create(
        to="x@example.org", kind="notice", message_id="<m1@x>", status="failed", error="550"
    )
    clock.shift(timedelta(seconds=30))
    response = client.get("/healthz")
    assert response.status_code == 200
    report = response.json()
    assert report["ok"] is True
    assert report["database"] == {"ok": True} and report["broker"] == {"ok": True}
    assert set(report["sweeps"]) == SWEEPS
    for sweep in report["sweeps"].values():
        assert sweep["late"] is False and 29 <= sweep["age_seconds"] <= 40
    assert 29 <= report["outbox"]["oldest_pending_seconds"] <= 40
    assert report["outbox"]["failed"] == 1
    assert response["Cache-Control"].startswith("max-age=0")


def test_it_answers_503_when_the_broker_does_not_answer(
    client: Client, settings: Any, db: None
) -> None:
    sweep_all()
    closed = free_port()
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"] == {"ok": False}
    assert response.json()["database"] == {"ok": True}
    assert str(closed) not in response.content.decode()  # no address, no error text


def test_it_answers_503_once_the_beat_stopped_sweeping(
    client: Client, db: None, clock: time_machine.Coordinates
) -> None:
    require_redis()
    clock.move_to(T0.replace(minute=10, second=0, microsecond=0))  # the digest's next is at :00
    sweep_all()
    clock.shift(timedelta(minutes=5, seconds=50))
    assert client.get("/healthz").status_code == 200  # 5 minutes' grace after the next run
    clock.shift(timedelta(seconds=20))
    response = client.get("/healthz")
    assert response.status_code == 503
    late = ["deadline-sweep", "league-sweep", "notice-sweep", "outbox-sweep"]
    assert response.json()["late_sweeps"] == late
    tasks.outbox_sweep_task()
    tasks.notice_sweep_task()
    tasks.deadline_sweep_task()
    tasks.league_sweep_task()
    assert client.get("/healthz").status_code == 200


def test_it_answers_503_before_the_beat_ever_swept(client: Client, db: None) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["late_sweeps"] == sorted(SWEEPS)
    assert all(sweep["last_run"] is None for sweep in response.json()["sweeps"].values())


def test_readyz_keeps_a_node_in_the_balancer_while_only_the_beat_or_broker_is_late(
    client: Client, settings: Any, db: None
) -> None:
    """A balancer checks /readyz: a late beat or a lost broker (/healthz 503) is the whole
    service's trouble, and would take every node out at once; only a node whose database
    does not answer is not ready."""
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{free_port()}/0"
    assert client.get("/healthz").status_code == 503
    response = client.get("/readyz")
    assert response.status_code == 200 and response.json() == {"ok": True}


def test_an_hourly_sweep_is_not_late_before_its_first_hour_with_the_beat(
    client: Client, db: None, clock: time_machine.Coordinates
) -> None:
    require_redis()
    clock.move_to(T0.replace(minute=1, second=0, microsecond=0))  # the digest's run is at :00
    for _ in range(30):
        tasks.outbox_sweep_task()
        tasks.notice_sweep_task()
        tasks.deadline_sweep_task()
        tasks.league_sweep_task()
        clock.shift(timedelta(minutes=1))
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["sweeps"]["daily-digest"] == {
        "last_run": None,
        "age_seconds": None,
        "last_seconds": None,
        "late": False,
    }
