# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""Two nodes behind HAProxy on PgBouncer: one node killed mid-run loses and doubles nothing.

What ``deploy/`` describes is started here from its own files, as private processes on free
ports: PgBouncer in transaction mode (``deploy/pgbouncer.ini``) in front of the test
database, HAProxy (``deploy/haproxy.cfg``: round robin, ``/readyz`` checks) in front of two
web nodes (gunicorn with ``freibeuter_site.gunicorn_conf``), and one Celery worker per node,
each with its outbox listener on PostgreSQL itself (``LISTENER_DATABASE_URL``), sending to
an SMTP sink. Games are played concurrently through the balancer by the API, each move with
a ``move_id`` that a client sends again after a dropped connection or a 502/503. Mid-run
node A's web and worker are killed (SIGKILL). Then: every game's events are gap-free and
their chain holds, every acknowledged move is recorded once and nothing else is, the
balancer answers from node B only, node B's listener takes the lock and queues an email
committed after the kill, and every email is delivered, more than once only as the same
message (the same ``Message-ID``: the worker died after SMTP took it, before marking it).
"""

from __future__ import annotations

import configparser
import http.client
import os
import re
import threading
from collections import Counter
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest
from cluster_helpers import RETRIED, ApiPlayer, Cluster, cluster, program  # noqa: F401
from django.conf import settings as django_settings
from django.db import connection
from django.utils import timezone
from mail_helpers import SmtpSink, free_port, poll, queue, smtp  # noqa: F401

from games.mail.outbox import mail_due
from games.models import Event, Game, OutboundMail
from games.play.services import PlayerSpec, game_create
from games.store.hashes import chain_check
from games.tasks import LISTENER_NAME, mail_send_task
from tests.clock import clocked_command

pytestmark = [pytest.mark.clock, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
GAMES = 4
MOVES = 14
"""Moves each game is played to (fewer if it ends first)."""
KILL_AFTER = 16
"""Acknowledged moves, over all games, after which node A is killed."""
CONCURRENCY = 2
"""Sends a worker makes at once: at most this many can be cut between SMTP and the mark."""
LEASE_SECONDS = 4
"""How long a send's claim holds: then node A's claims have run out and the sweep finds them."""
SITE_HOST = "freibeuter.example.org"
"""The Host the health check of ``deploy/haproxy.cfg`` sends."""


def _pgbouncer_ini(path: Path, *, listen: int, host: str, port: str, user: str) -> Path:
    """``deploy/pgbouncer.ini`` with this machine's addresses, no password and no files of
    the system's: its pool mode and sizes as shipped."""
    ini = configparser.ConfigParser(interpolation=None)
    ini.read(DEPLOY / "pgbouncer.ini")
    ini.remove_section("databases")
    ini.add_section("databases")
    ini.set("databases", "*", f"host={host} port={port}")
    bouncer = ini["pgbouncer"]
    assert bouncer["pool_mode"] == "transaction"
    for key in ("logfile", "pidfile"):
        bouncer.pop(key, None)
    (path / "users.txt").write_text(f'"{user}" ""\n')
    bouncer.update(
        listen_addr="127.0.0.1",
        listen_port=str(listen),
        unix_socket_dir="",
        auth_type="trust",
        auth_file=str(path / "users.txt"),
    )
    target = path / "pgbouncer.ini"
    with target.open("w") as out:
        ini.write(out)
    return target


def _haproxy_cfg(path: Path, *, listen: int, nodes: dict[str, int]) -> Path:
    """``deploy/haproxy.cfg`` with a foreground process's ``global``, this machine's ports,
    and each answer naming its node (``X-Served-By``)."""
    text = (DEPLOY / "haproxy.cfg").read_text()
    text = re.sub(r"(?ms)^global\n.*?\n\n", "global\n    maxconn 256\n\n", text)
    text = re.sub(r"(?m)^    bind .*$", f"    bind 127.0.0.1:{listen}", text)
    text = re.sub(r"(?m)^    server .*\n", "", text)
    servers = "".join(f"    server {name} 127.0.0.1:{port}\n" for name, port in nodes.items())
    text = text.rstrip("\n") + "\n    http-response set-header X-Served-By %s\n" + servers
    target = path / "haproxy.cfg"
    target.write_text(text)
    return target


def _lock_holder() -> int | None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = %s "
            "AND a.datname = current_database()",
            [LISTENER_NAME],
        )
        holders = [pid for (pid,) in cursor.fetchall()]
    assert len(holders) <= 1, holders
    return holders[0] if holders else None


def _listeners() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name = %s",
            [LISTENER_NAME],
        )
        return int(cursor.fetchone()[0])


def _emails_all_sent(sink: SmtpSink) -> Counter[str] | None:
    """The Message-IDs received and how often, once every row is sent and each was received;
    none received that no row has."""
    rows = dict(OutboundMail.objects.values_list("message_id", "status"))
    received = Counter(str(m["Message-ID"]) for m in sink.messages())
    assert set(received) <= set(rows), set(received) - set(rows)
    if all(status == "sent" for status in rows.values()) and set(received) == set(rows):
        return received
    return None


def test_a_node_killed_mid_run_loses_no_move_or_email_and_the_other_node_serves_and_listens(
    cluster: Cluster, queue: str, smtp: SmtpSink
) -> None:
    database = connection.settings_dict
    host, port, user = (
        database["HOST"] or "127.0.0.1",
        str(database["PORT"] or 5432),
        database["USER"],
    )
    bouncer, balancer = free_port(), free_port()
    pgbouncer = [program("pgbouncer"), *(["-u", "postgres"] if os.geteuid() == 0 else [])]
    ini = _pgbouncer_ini(cluster.logs, listen=bouncer, host=host, port=port, user=user)
    cluster.start("pgbouncer", [*pgbouncer, str(ini)])
    poll(lambda: _connects(bouncer, user), timeout=10)

    node_env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{user}@127.0.0.1:{bouncer}/{database['NAME']}",
        "DATABASE_TRANSACTION_POOLING": "1",
        "LISTENER_DATABASE_URL": f"postgres://{user}@{host}:{port}/{database['NAME']}",
        "CELERY_BROKER_URL": django_settings.CELERY_BROKER_URL,
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp.port}",
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": f"127.0.0.1,{SITE_HOST}",
        "SITE_URL": f"http://127.0.0.1:{balancer}",
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "4",
        "MAIL_LEASE_SECONDS": str(LEASE_SECONDS),
        "MAIL_RETRY_BASE_SECONDS": "0.2",
        "MAIL_RETRY_MAX_SECONDS": "1",
    }
    webs = {"node-a": free_port(), "node-b": free_port()}
    for name in webs:  # node A's listener starts first, and takes the lock
        worker = clocked_command("celery", "-A", "freibeuter_site", "worker", "-Q", queue)
        worker += ["-n", f"{name}@%h", "--pool", "prefork", "--concurrency", str(CONCURRENCY)]
        cluster.start(f"{name}-worker", [*worker, "--loglevel", "WARNING"], node_env)
        poll(lambda: _lock_holder() is not None, timeout=30)
    poll(lambda: _listeners() == 2, timeout=30)
    first_listener = _lock_holder()
    for name, web in webs.items():
        gunicorn = clocked_command("gunicorn", "--config", "python:freibeuter_site.gunicorn_conf")
        gunicorn += ["--bind", f"127.0.0.1:{web}", "freibeuter_site.wsgi"]
        cluster.start(f"{name}-web", gunicorn, node_env)
    cfg = _haproxy_cfg(cluster.logs, listen=balancer, nodes=webs)
    cluster.start("haproxy", [program("haproxy"), "-db", "-f", str(cfg)])
    poll(lambda: _served_by(balancer) == set(webs), timeout=40, every=0.5)

    games = [
        game_create(
            kind="freibeuter",
            players=[
                PlayerSpec(name=n, email=f"{n.lower()}{i}@example.org") for n in ("Ann", "Bo")
            ],
            seed=i,
        )
        for i in range(GAMES)
    ]
    killed = threading.Event()
    players = [ApiPlayer(balancer, game, MOVES, killed) for game in games]
    threads = [threading.Thread(target=player.run) for player in players]
    for thread in threads:
        thread.start()
    poll(lambda: sum(len(p.acknowledged) for p in players) >= KILL_AFTER, timeout=60)
    cluster.kill("node-a-web")
    cluster.kill("node-a-worker")
    killed.set()  # a request sent from now on can only be answered by node B
    before_kill = sum(len(p.acknowledged) for p in players)
    for thread in threads:
        thread.join(timeout=120)
    for player in players:
        if player.error is not None:
            raise player.error

    for player in players:
        game = Game.objects.get(pk=player.game.pk)
        seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1))
        assert chain_check(game=game) is None
        move_ids = list(
            Event.objects.filter(game=game, type="move").values_list("move_id", flat=True)
        )
        assert sorted(move_ids) == sorted(player.acknowledged)  # each acknowledged move once
    assert sum(len(p.acknowledged) for p in players) > before_kill  # play went on after it
    served = sum((p.served_after_kill for p in players), Counter())
    assert set(served) == {"node-b"}, served

    # Node B's listener took the lock and queues what is committed now, with no sweep run.
    poll(lambda: _lock_holder() not in (None, first_listener), timeout=30)
    pair = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Cy", "Di")]
    late = game_create(kind="freibeuter", players=pair)
    late_mail = OutboundMail.objects.get(game=late)
    poll(lambda: OutboundMail.objects.get(pk=late_mail.pk).status == "sent", timeout=20)

    # What node A's worker held when it died is the sweep's, once its lease has run out.
    later = timezone.now() + timedelta(minutes=5)

    def swept_and_all_sent() -> Counter[str] | None:
        for mail_id in mail_due(now=later):
            mail_send_task.delay(mail_id)
        return _emails_all_sent(smtp)

    received = poll(swept_and_all_sent, timeout=60, every=1)
    # More than once only as the same message: node A's worker died between SMTP and the mark.
    assert sum(received.values()) - len(received) <= CONCURRENCY, received


def _connects(port: int, user: str) -> bool:
    try:
        psycopg.connect(
            host="127.0.0.1", port=port, user=user, dbname="postgres", connect_timeout=2
        ).close()
    except psycopg.OperationalError:
        return False
    return True


def _served_by(port: int) -> set[str]:
    """The nodes that answered ``/readyz`` through the balancer, over a few requests."""
    seen = set()
    for _ in range(4):
        try:
            client = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            client.request("GET", "/readyz", headers={"Host": SITE_HOST})
            answer = client.getresponse()
            answer.read()
            client.close()
        except RETRIED:
            continue
        if answer.status == 200:
            seen.add(str(answer.getheader("X-Served-By")))
    return seen
