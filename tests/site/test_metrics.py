# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""``GET /metrics``: Prometheus metrics behind METRICS_TOKEN, read from the database, so
they move with the moves, emails and sweeps the service records."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from mail_helpers import SmtpSink, poll, queue, smtp, worker  # noqa: F401
from prometheus_client.parser import text_string_to_metric_families

from games import tasks
from games.models import Game
from games.play.selectors import game_legal_moves
from games.play.services import PlayerSpec, game_create, move_submit

TOKEN = "scrape-me-7f3a"


def scrape(client: Client) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """The metrics' samples by name and labels."""
    response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    families = text_string_to_metric_families(response.content.decode())
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in families
        for sample in family.samples
    }


@pytest.mark.django_db
def test_it_does_not_exist_without_a_token_and_refuses_a_wrong_one(
    client: Client, settings: Any
) -> None:
    settings.METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 404
    settings.METRICS_TOKEN = TOKEN
    assert client.get("/metrics").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}x").status_code == 403
    assert b"freibeuter" not in client.get("/metrics").content


def test_it_counts_each_move_and_each_sweep_run(client: Client, settings: Any, game: Game) -> None:
    settings.METRICS_TOKEN = TOKEN
    before = scrape(client)
    assert before[("freibeuter_moves_total", ())] == 0
    assert before[("freibeuter_games", (("status", "active"),))] == 1
    seat = game.seats.get(position=0)
    move_submit(
        game=game, seat=seat, move=game_legal_moves(game=game, seat=seat)[0], expected_seq=1
    )
    tasks.outbox_sweep_task()
    tasks.outbox_sweep_task()
    after = scrape(client)
    assert after[("freibeuter_moves_total", ())] == 1
    sweep = (("sweep", "outbox_sweep_task"),)
    assert after[("freibeuter_sweep_duration_seconds_count", sweep)] == 2
    assert 0 < after[("freibeuter_sweep_duration_seconds_sum", sweep)] < 5
    assert after[("freibeuter_sweep_last_run_timestamp_seconds", sweep)] > 0


@pytest.mark.django_db(transaction=True)
def test_it_counts_an_email_the_worker_sent(
    worker: Any, smtp: SmtpSink, client: Client, settings: Any
) -> None:
    settings.METRICS_TOKEN = TOKEN
    sent = ("freibeuter_emails_total", (("outcome", "sent"),))
    assert scrape(client)[sent] == 0
    game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne", email="anne@example.org"), PlayerSpec(name="Bart")],
        seed=3,
    )
    smtp.wait_for(1, "anne@example.org")
    assert poll(lambda: scrape(client)[sent] >= 1) and scrape(client)[sent] == 1
    assert scrape(client)[("freibeuter_emails_total", (("outcome", "failed"),))] == 0
