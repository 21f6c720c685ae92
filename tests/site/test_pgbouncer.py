"""Behind PgBouncer in transaction mode the site plays, and the outbox listener goes around it.

Most PostgreSQL operators put PgBouncer in front of Django, in transaction mode: each
transaction may run on another server connection, so nothing that lives in a session
(``LISTEN``, a session advisory lock, a cursor kept open) survives through it. Here the
site's connection goes through a private PgBouncer in that mode
(``DATABASE_TRANSACTION_POOLING``) and a game is played to many moves through the API: every
move is written whole, the events are gap-free and their hash chain holds. The outbox
listener connects to PostgreSQL itself (``LISTENER_DATABASE_URL``) and hears every turn
email the moves committed through the pooler.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from api_helpers import get_json, post_json
from cluster_helpers import program
from django.db import connection
from django.test import Client
from mail_helpers import free_port

from games import tasks
from games.models import Event, Game, OutboundMail
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.store.hashes import chain_check

pytestmark = pytest.mark.django_db(transaction=True)

CONFIG = """\
[databases]
* = host={host} port={port}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {listen}
unix_socket_dir =
auth_type = trust
auth_file = {root}/users.txt
pool_mode = transaction
default_pool_size = 4
ignore_startup_parameters = extra_float_digits,options
"""


@pytest.fixture
def pooled(tmp_path: Path) -> Iterator[str]:
    """The default connection through a private PgBouncer in transaction mode; the URL of the
    test database on PostgreSQL itself."""
    settings = connection.settings_dict
    host, port = settings["HOST"] or "127.0.0.1", settings["PORT"] or "5432"
    listen = free_port()
    (tmp_path / "users.txt").write_text(f'"{settings["USER"]}" ""\n')
    ini = tmp_path / "pgbouncer.ini"
    ini.write_text(CONFIG.format(host=host, port=port, listen=listen, root=tmp_path))
    user = ["-u", "postgres"] if os.geteuid() == 0 else []  # PgBouncer will not run as root
    bouncer = subprocess.Popen([program("pgbouncer"), *user, str(ini)], stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                psycopg.connect(host="127.0.0.1", port=listen, dbname="postgres").close()
                break
            except psycopg.OperationalError:
                time.sleep(0.05)
        before = dict(settings)
        connection.close()
        settings.update(HOST="127.0.0.1", PORT=str(listen), DISABLE_SERVER_SIDE_CURSORS=True)
        try:
            yield f"postgresql://{before['USER']}@{host}:{port}/{before['NAME']}"
        finally:
            connection.close()
            settings.clear()
            settings.update(before)
    finally:
        bouncer.terminate()
        bouncer.wait(timeout=10)


def test_a_game_plays_through_the_pooler_and_the_listener_hears_every_turn_email(
    pooled: str, client: Client, settings: Any, monkeypatch: Any
) -> None:
    settings.LISTENER_DATABASE_URL = pooled
    heard: list[int] = []

    def hear(listener: Any, task: Any, row_id: int) -> None:
        if task is tasks.mail_send_task:
            heard.append(row_id)

    monkeypatch.setattr(tasks.OutboxListener, "_queue", hear)
    listener = tasks.OutboxListener("unused")
    listener.start()
    try:
        game = game_create(
            kind="freibeuter",
            players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Ann", "Bo")],
        )
        tokens = {seat.display_name: seat_token(seat) for seat in game.seats.all()}
        time.sleep(0.5)  # the listener's LISTEN is in place before the first move commits
        for number in range(12):
            game.refresh_from_db()
            (player,) = game.to_move
            legal = get_json(client, f"/api/games/{game.pk}/legal/", tokens[player]).json()
            body = {"move": legal["moves"][0], "expected_seq": legal["seq"]}
            answer = post_json(client, f"/api/games/{game.pk}/moves/", body, tokens[player])
            assert answer.status_code == 201, (number, answer.json())
        seqs = list(Event.objects.filter(game=game).values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= 13
        assert chain_check(game=Game.objects.get(pk=game.pk)) is None
        turn_mails = set(OutboundMail.objects.filter(game=game).values_list("id", flat=True))
        deadline = time.monotonic() + 10
        while not turn_mails <= set(heard) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert turn_mails <= set(heard)
    finally:
        listener.stop()
