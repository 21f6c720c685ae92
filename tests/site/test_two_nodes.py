# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""Two nodes behind HAProxy on PgBouncer: a node killed and a database restarted mid-run lose
and double nothing, and the beat sweeps once a minute.

What ``deploy/`` describes is started here from its own files, as private processes on free
ports: PgBouncer in transaction mode (``deploy/pgbouncer.ini``) in front of a PostgreSQL
server of the test's own (holding the test database, so the test may restart it), HAProxy
(``deploy/haproxy.cfg``: round robin, ``/readyz`` checks) in front of two web nodes
(gunicorn with ``freibeuter_site.gunicorn_conf``), and one Celery worker per node, each with
its outbox listener on PostgreSQL itself (``LISTENER_DATABASE_URL``), sending to
an SMTP sink; node B also runs the one beat. Games are played concurrently through the
balancer by the API, each move with a ``move_id`` that a client sends again after a dropped
connection or a 502/503. Mid-run node A's web and worker are killed (SIGKILL), and later
PostgreSQL is restarted (a fast shutdown, two seconds down). Then: every game's events are
gap-free and their chain holds, every acknowledged move is recorded once and nothing else
is, the balancer answers from node B only, node B's listener takes the lock and queues an
email committed after the restart, the beat's minutely sweeps each run once a minute (its
second round, a minute after the first, finds what node A's worker held when it died), and
every email is delivered, more than once only as the same message (the same
``Message-ID``: the worker died after SMTP took it, before marking it).
"""

from __future__ import annotations

import configparser
import http.client
import os
import re
import threading
import time
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from celery.app.defaults import DEFAULTS
from celery.beat import PersistentScheduler
from cluster_helpers import (  # noqa: F401
    RETRIED,
    ApiPlayer,
    Cluster,
    PrivatePostgres,
    cluster,
    database_on_private_server,
    private_postgres,
    program,
)
from django.conf import settings as django_settings
from django.db import connection
from mail_helpers import SmtpSink, free_port, poll, queue, smtp  # noqa: F401

from freibeuter_site.celery import app
from games.models import Event, Game, OutboundMail, SweepRecord
from games.play.services import PlayerSpec, game_create
from games.store.hashes import chain_check
from games.tasks import LISTENER_NAME
from tests.clock import clocked_command

pytestmark = [pytest.mark.clock, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
GAMES = 4
MOVES = 14
"""Moves each game is played to (fewer if it ends first)."""
KILL_AFTER = 16
"""Acknowledged moves, over all games, after which node A is killed."""
ALONE = 12
"""Acknowledged moves, over all games, that node B serves alone before PostgreSQL is
restarted (counted from the kill's end: the games go on while node A dies)."""
DOWN_SECONDS = 2.0
CONCURRENCY = 2
"""Sends a worker makes at once: at most this many can be cut between SMTP and the mark."""
LEASE_SECONDS = 4
"""How long a send's claim holds: then node A's claims have run out and the sweep finds them."""
BEAT_QUEUE = DEFAULTS["task_default_queue"]
"""Where the beat sends the sweeps: the nodes' default queue, which the workers consume too."""
MINUTELY = sorted(
    label for label, entry in app.conf.beat_schedule.items() if entry["schedule"] == 60.0
)
"""The beat's entries that run every minute (the outbox, notice, deadline and league sweeps)."""
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
    """``deploy/haproxy.cfg`` with a foreground process's ``global``, this machine's ports in
    place of its example addresses, the pages of ``deploy/`` where they are, and each answer
    naming its node (``X-Served-By``)."""
    text = (DEPLOY / "haproxy.cfg").read_text()
    text = re.sub(r"(?ms)^global\n.*?\n\n", "global\n    maxconn 256\n\n", text)
    text = re.sub(r"(?m)^    bind .*$", f"    bind 127.0.0.1:{listen}", text)
    text = text.replace(
        "\n    default_backend",
        "\n    http-response set-header X-Served-By %s\n    default_backend",
    )
    for name, port in nodes.items():
        text = re.sub(rf"(?m)^(    server {name}) \S+", rf"\1 127.0.0.1:{port}", text)
    text = text.replace("/etc/haproxy/errors/freibeuter-", f"{DEPLOY}/")
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


def test_a_node_killed_and_a_database_restart_lose_no_move_or_email_and_the_beat_sweeps(
    cluster: Cluster, database_on_private_server: PrivatePostgres, queue: str, smtp: SmtpSink
) -> None:
    server = database_on_private_server
    name = connection.settings_dict["NAME"]
    bouncer, balancer = free_port(), free_port()
    pgbouncer = [program("pgbouncer"), *(["-u", "postgres"] if os.geteuid() == 0 else [])]
    ini = _pgbouncer_ini(
        cluster.logs, listen=bouncer, host="127.0.0.1", port=str(server.port), user="postgres"
    )
    cluster.start("pgbouncer", [*pgbouncer, str(ini)])
    poll(lambda: _connects(bouncer, "postgres"), timeout=10)

    node_env = {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{bouncer}/{name}",
        "DATABASE_TRANSACTION_POOLING": "1",
        "LISTENER_DATABASE_URL": server.url(name),
        "CELERY_BROKER_URL": django_settings.CELERY_BROKER_URL,
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp.port}",
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": f"127.0.0.1,{SITE_HOST}",
        "SITE_URL": f"http://127.0.0.1:{balancer}",
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "4",
        "MAIL_LEASE_SECONDS": str(LEASE_SECONDS),
        "MAIL_UNQUEUED_GRACE_SECONDS": str(LEASE_SECONDS),
        "MAIL_RETRY_BASE_SECONDS": "0.2",
        "MAIL_RETRY_MAX_SECONDS": "1",
    }
    # The beat starts first: its second round, a minute after its first, runs during the rest.
    schedule = _schedule_due_now(cluster.logs / "celerybeat-schedule")
    beat = clocked_command("celery", "-A", "freibeuter_site", "beat", "-s", str(schedule))
    cluster.start("node-b-beat", [*beat, "--loglevel", "INFO"], node_env)
    webs = {"node-a": free_port(), "node-b": free_port()}
    for node in webs:  # node A's listener starts first, and takes the lock
        worker = clocked_command("celery", "-A", "freibeuter_site", "worker")
        worker += ["-Q", f"{queue},{BEAT_QUEUE}", "-n", f"{node}@%h"]
        worker += ["--pool", "prefork", "--concurrency", str(CONCURRENCY)]
        cluster.start(f"{node}-worker", [*worker, "--loglevel", "WARNING"], node_env)
        poll(lambda: _lock_holder() is not None, timeout=30)
    poll(lambda: _listeners() == 2, timeout=30)
    first_listener = _lock_holder()
    for node, web in webs.items():
        gunicorn = clocked_command("gunicorn", "--config", "python:freibeuter_site.gunicorn_conf")
        gunicorn += ["--bind", f"127.0.0.1:{web}", "freibeuter_site.wsgi"]
        cluster.start(f"{node}-web", gunicorn, node_env)
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
    poll(lambda: sum(len(p.acknowledged) for p in players) >= before_kill + ALONE, timeout=60)
    server.stop()
    time.sleep(DOWN_SECONDS)
    before_restart = sum(len(p.acknowledged) for p in players)
    server.start()
    connection.close()  # this process's session ended with the server
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
    assert sum(len(p.acknowledged) for p in players) > before_restart > before_kill
    served = sum((p.served_after_kill for p in players), Counter())
    assert set(served) == {"node-b"}, served
    assert sum(p.statuses[500] for p in players) == 0
    # A request the restart cut is answered 503 (by node B, or by the balancer while no node
    # is up); one that arrives while the server is down waits in PgBouncer and is served.
    for retry, body in (answer for player in players for answer in player.unavailable):
        assert retry is not None and int(retry) > 0
        assert body["error"]["code"] == "unavailable", body
    assert "lost its database session" in cluster.log("node-b-worker")  # the restart was met
    assert not [log for log in cluster.logs.glob("node-b-*.log") if "Traceback" in log.read_text()]

    # Node B's listener took the lock and, after the restart, queues what is committed now.
    poll(lambda: _lock_holder() not in (None, first_listener), timeout=30)
    pair = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Cy", "Di")]
    late = game_create(kind="freibeuter", players=pair)
    late_mail = OutboundMail.objects.get(game=late)
    poll(lambda: OutboundMail.objects.get(pk=late_mail.pk).status == "sent", timeout=20)

    # What node A's worker held when it died is sent by the beat's next round of sweeps.
    received = poll(lambda: _emails_all_sent(smtp), timeout=90, every=1)
    # More than once only as the same message: node A's worker died between SMTP and the mark.
    assert sum(received.values()) - len(received) <= CONCURRENCY, received
    rounds = poll(lambda: _minutely_rounds(2), timeout=30, every=0.5)
    for runs, first, last in rounds:  # when each run ended: a wait in the queue shifts them
        assert runs == 2 and timedelta(seconds=45) < last - first < timedelta(seconds=90)


def _schedule_due_now(path: Path) -> Path:
    """A beat schedule file at ``path`` whose minutely entries last ran a minute ago, as a beat
    that has been running finds them: it runs them as it starts, and then once a minute."""
    scheduler = PersistentScheduler(app=app, schedule_filename=str(path))
    for label in MINUTELY:
        scheduler.schedule[label].last_run_at = app.now() - timedelta(minutes=1)
    scheduler.sync()
    scheduler.close()
    return path


def _minutely_rounds(at_least: int) -> list[tuple[int, datetime, datetime]] | None:
    """Each minutely sweep's runs, first and last run, once each ran ``at_least`` times."""
    tasks = [app.conf.beat_schedule[label]["task"] for label in MINUTELY]
    records = {record.name: record for record in SweepRecord.objects.filter(name__in=tasks)}
    if len(records) < len(tasks) or min(r.runs for r in records.values()) < at_least:
        return None
    return [(r.runs, r.first_run_at, r.last_run_at) for r in records.values()]


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
