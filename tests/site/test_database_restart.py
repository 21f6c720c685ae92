# ruff: noqa: F811  (pytest fixtures imported from cluster_helpers)
"""A database restart under load: 503 with Retry-After, never 500, and nothing lost or doubled.

A web node as production runs it (gunicorn with ``freibeuter_site.gunicorn_conf``) serves
from a PostgreSQL server of the test's own, holding a copy of the test database's games,
and games are played through it by the API, each move with a ``move_id``. Mid-run that
server is stopped as a restart stops it (a fast shutdown: every session is told and
closed), stays down for two seconds and is started again. A client sends a request again
when it is answered 503 or its connection drops (sooner than ``Retry-After`` says, to keep
the test short). Then: no request was answered 500, every 503 carried ``Retry-After`` and
the API's error body, the node logged no stack trace, play went on after the restart
without the node being touched, every acknowledged move is recorded once and nothing else
is, and every game replays from its events with its hash chain holding.
"""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import threading
import time
from collections import Counter

import psycopg
import pytest
from cluster_helpers import (  # noqa: F401
    RETRIED,
    ROOT,
    ApiPlayer,
    Cluster,
    PrivatePostgres,
    cluster,
    private_postgres,
)
from django.db import connection
from mail_helpers import free_port, poll

from games.play.services import PlayerSpec, game_create
from tests.clock import clocked_command

pytestmark = [pytest.mark.clock, pytest.mark.django_db(transaction=True)]

GAMES = 3
MOVES = 16
RESTART_AFTER = 8
"""Acknowledged moves, over all games, after which the database restarts."""
DOWN_SECONDS = 2.0


def test_a_database_restart_is_answered_503_and_loses_or_doubles_no_move(
    cluster: Cluster, private_postgres: PrivatePostgres
) -> None:
    games = [
        game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in ("Ann", "Bo")], seed=i)
        for i in range(GAMES)
    ]
    database = private_postgres.copy(connection.settings_dict)
    web = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SITE_URL": f"http://127.0.0.1:{web}",
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "4",
    }
    gunicorn = clocked_command("gunicorn", "--config", "python:freibeuter_site.gunicorn_conf")
    cluster.start("web", [*gunicorn, "--bind", f"127.0.0.1:{web}", "freibeuter_site.wsgi"], env)
    poll(lambda: _ready(web), timeout=30, every=0.2)

    clients = [ApiPlayer(web, game, MOVES) for game in games]
    threads = [threading.Thread(target=client.run) for client in clients]
    for thread in threads:
        thread.start()
    poll(lambda: sum(len(c.acknowledged) for c in clients) >= RESTART_AFTER, timeout=60)
    private_postgres.stop()
    time.sleep(DOWN_SECONDS)
    at_restart = sum(len(c.acknowledged) for c in clients)
    private_postgres.start()
    for thread in threads:
        thread.join(timeout=120)
    for client in clients:
        if client.error is not None:
            raise client.error

    statuses = sum((client.statuses for client in clients), Counter())
    unavailable = [answer for client in clients for answer in client.unavailable]
    assert statuses[500] == 0 and unavailable, statuses  # the restart was met, never as a 500
    for retry, body in unavailable:
        assert retry is not None and int(retry) > 0
        assert body["error"]["code"] == "unavailable", body
    assert "Traceback" not in cluster.log("web")
    assert sum(len(c.acknowledged) for c in clients) > at_restart  # play went on by itself
    with psycopg.connect(database) as restarted:
        for client in clients:
            seqs = [seq for (seq,) in restarted.execute(
                "SELECT seq FROM games_event WHERE game_id = %s ORDER BY seq", [client.game.pk]
            )]  # fmt: skip
            assert seqs == list(range(1, len(seqs) + 1))
            recorded = [move_id for (move_id,) in restarted.execute(
                "SELECT move_id FROM games_event WHERE game_id = %s AND type = 'move'",
                [client.game.pk],
            )]  # fmt: skip
            assert sorted(recorded) == sorted(client.acknowledged)
    replayed = subprocess.run(
        [sys.executable, "manage.py", "replay_check"],
        cwd=ROOT,
        env={**env, "DATABASE_URL": database},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert f"{GAMES} games replay and their hash chains hold." in replayed.stdout


def _ready(port: int) -> bool:
    try:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        client.request("GET", "/readyz")
        ok = client.getresponse().status == 200
        client.close()
        return ok
    except RETRIED:
        return False
