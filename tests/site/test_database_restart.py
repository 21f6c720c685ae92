# ruff: noqa: F811  (pytest fixtures imported from cluster_helpers)
"""A database restart under load: 503 with Retry-After, never 500, and nothing lost or doubled.

A web node as production runs it (gunicorn with ``freibeuter_site.gunicorn_conf``) reaches
the test database through a TCP proxy, and games are played through it by the API, each
move with a ``move_id``. Mid-run the proxy cuts every connection and refuses new ones for
two seconds, as PostgreSQL does while it restarts (the shared server itself is never
restarted: other instances use it), then lets them through again. A client sends a request
again when it is answered 503 or its connection drops (sooner than ``Retry-After`` says,
to keep the test short). Then: no request was answered 500, every 503 carried
``Retry-After`` and the API's error body, the node logged no stack trace, play went on
after the restart without the node being touched, every acknowledged move is recorded once
and nothing else is, and each game's hash chain holds.
"""

from __future__ import annotations

import http.client
import os
import threading
import time
from collections import Counter

import pytest
from cluster_helpers import RETRIED, ApiPlayer, Cluster, cluster  # noqa: F401
from django.db import connection
from mail_helpers import free_port, poll
from tcp_proxy import TcpProxy

from games.models import Event, Game
from games.play.services import PlayerSpec, game_create
from games.store.hashes import chain_check
from tests.clock import clocked_command

pytestmark = [pytest.mark.clock, pytest.mark.django_db(transaction=True)]

GAMES = 3
MOVES = 16
CUT_AFTER = 8
"""Acknowledged moves, over all games, after which the database goes away for a while."""
CUT_SECONDS = 2.0


def test_a_database_restart_is_answered_503_and_loses_or_doubles_no_move(
    cluster: Cluster,
) -> None:
    database = connection.settings_dict
    proxy = TcpProxy((database["HOST"] or "127.0.0.1", int(database["PORT"] or 5432)))
    try:
        web = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{database['USER']}@127.0.0.1:{proxy.port}/{database['NAME']}",
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

        games = [
            game_create(
                kind="freibeuter", players=[PlayerSpec(name=n) for n in ("Ann", "Bo")], seed=i
            )
            for i in range(GAMES)
        ]
        clients = [ApiPlayer(web, game, MOVES) for game in games]
        threads = [threading.Thread(target=client.run) for client in clients]
        for thread in threads:
            thread.start()
        poll(lambda: sum(len(c.acknowledged) for c in clients) >= CUT_AFTER, timeout=60)
        proxy.cut()
        time.sleep(CUT_SECONDS)
        at_restart = sum(len(c.acknowledged) for c in clients)
        proxy.resume()
        for thread in threads:
            thread.join(timeout=120)
        for client in clients:
            if client.error is not None:
                raise client.error
    finally:
        proxy.close()

    statuses = sum((client.statuses for client in clients), Counter())
    unavailable = [answer for client in clients for answer in client.unavailable]
    assert statuses[500] == 0 and unavailable, statuses  # the restart was met, never as a 500
    for retry, body in unavailable:
        assert retry is not None and int(retry) > 0
        assert body["error"]["code"] == "unavailable", body
    assert "Traceback" not in cluster.log("web")
    assert sum(len(c.acknowledged) for c in clients) > at_restart  # play went on by itself
    for client in clients:
        game = Game.objects.get(pk=client.game.pk)
        events = Event.objects.filter(game=game).order_by("seq")
        assert list(events.values_list("seq", flat=True)) == list(range(1, events.count() + 1))
        assert chain_check(game=game) is None
        recorded = list(events.filter(type="move").values_list("move_id", flat=True))
        assert sorted(recorded) == sorted(client.acknowledged)


def _ready(port: int) -> bool:
    try:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        client.request("GET", "/readyz")
        ok = client.getresponse().status == 200
        client.close()
        return ok
    except RETRIED:
        return False
