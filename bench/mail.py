"""Email benchmark: move-to-inbox latency and outbox throughput of one Celery worker.

    .venv/bin/python bench/mail.py [--moves 200] [--emails 10000] [--pool threads] [--concurrency 4]

It (re)creates its own database ``freibeuter_mailbench`` on the PostgreSQL of
``BENCH_DATABASE_URL`` (default: the local server), uses Redis at
``REDIS_URL`` (default: the local server) as the broker on a queue of its
own, runs an aiosmtpd SMTP server in this process and one Celery worker
(``--pool``, ``--concurrency`` processes or threads) as a separate process, all on
127.0.0.1:

1. latency: a player moves (``move_submit`` commits; the worker's outbox
   listener hears the turn email's ``NOTIFY`` and queues its send); the time
   until the SMTP server has received the next seat's turn email, one move at
   a time, p50/p99 over ``--moves`` moves;
2. throughput: ``--emails`` turn emails are written to the outbox while no
   worker runs, each a copy of the row a move writes (seat, seq, deadline:
   the worker composes its content, as it does every turn email's); then a
   fresh worker starts, its outbox listener queues one send task for each
   row never claimed (as a committed move's ``NOTIFY`` would), and the rate
   is measured from the first of them received to the last.

Never part of the test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as bench/mail.py, this folder would come first on the path (and bench/http.py shadow
# the standard library's ``http``): unlist it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "freibeuter_mailbench"
MESSAGE_ID = re.compile(rb"^Message-ID:\s*(<[^>]+>)", re.IGNORECASE | re.MULTILINE)


class Inbox:
    """SMTP handler that notes when each Message-ID arrived."""

    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        found = MESSAGE_ID.search(envelope.original_content or envelope.content)
        with self.lock:
            self.arrived[found.group(1).decode() if found else uuid.uuid4().hex] = (
                time.perf_counter()
            )
        return "250 OK"


def _setup(broker: str) -> str:
    base = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    import psycopg

    with psycopg.connect(base.replace("postgres://", "postgresql://"), autocommit=True) as db:
        db.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        db.execute(f"CREATE DATABASE {DATABASE}")
    url = base.rsplit("/", 1)[0] + f"/{DATABASE}"
    # The bench and its worker run as a service does: DEBUG off (no query log), a key set.
    os.environ.update(
        DATABASE_URL=url,
        REDIS_URL=broker,
        CELERY_BROKER_URL=broker,
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-not-for-production-0123456789abcdefghijklmnop",
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freibeuter_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


def _worker(queue: str, smtp_port: int, pool: str, concurrency: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}"}
    command = [sys.executable, "-m", "celery", "-A", "freibeuter_site", "worker", "-Q", queue]
    command += ["--pool", pool, "--concurrency", str(concurrency), "--loglevel", "WARNING"]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)


def _cpu_seconds(group: int) -> float:
    """CPU time (user + system) used so far by the processes of process group ``group``."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # fields after the name: state, ppid, pgrp, …
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)  # a warm shutdown of the worker and its pool
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _wait(condition: Any, timeout: float, every: float = 0.001) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("timed out waiting for the worker")
        time.sleep(every)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _new_game() -> Any:
    from games.play.services import PlayerSpec, game_create

    players = [PlayerSpec(name=n, email=f"{n.lower()}@bench.example") for n in "ABC"]
    return game_create(kind="freibeuter", players=players)


def _bot_moves(game: Any) -> None:
    """The bot makes the move of the player to move in ``game``, committed as a player's."""
    from games.play.services import move_submit
    from games.store.loading import engine_for, load_state

    (name,) = game.to_move
    move = engine_for(game).bot_move(load_state(game), name)
    seat = game.seats.get(display_name=name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)


def _latency(inbox: Inbox, moves: int) -> list[float]:
    from games.models import Game, OutboundMail

    latencies: list[float] = []
    game: Game | None = None
    while len(latencies) < moves:
        if game is None or game.status != Game.Status.ACTIVE:
            game = _new_game()
            first = OutboundMail.objects.filter(game=game).latest("id").message_id
            _wait(lambda m=first: m in inbox.arrived, 30)
        _bot_moves(game)
        committed = time.perf_counter()
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            continue
        wanted = OutboundMail.objects.filter(game=game, kind="turn").latest("id").message_id
        _wait(lambda m=wanted: m in inbox.arrived, 30)
        latencies.append(inbox.arrived[wanted] - committed)
    return latencies


def _fill_outbox(emails: int) -> list[Any]:
    """Write ``emails`` copies of a turn email's row as a move writes it, in a new game six
    moves in (with no worker running, so the row is not yet composed)."""
    from email.utils import make_msgid

    from games.models import OutboundMail

    game = _new_game()
    for _ in range(6):
        _bot_moves(game)
        game.refresh_from_db()
    template = OutboundMail.objects.filter(game=game, kind="turn").latest("id")
    rows = [
        OutboundMail(
            game_id=template.game_id,
            seat_id=template.seat_id,
            to=template.to,
            kind="turn",
            language=template.language,
            context=template.context,
            message_id=make_msgid(domain="bench.example"),
        )
        for _ in range(emails)
    ]
    return OutboundMail.objects.bulk_create(rows, batch_size=1000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--emails", type=int, default=10_000)
    parser.add_argument("--pool", choices=["prefork", "threads", "solo"], default="threads")
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    broker = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    _setup(broker)
    from aiosmtpd.controller import Controller

    from freibeuter_site.celery import app

    queue = f"mailbench-{os.getpid()}"
    app.conf.task_default_queue = queue
    inbox = Inbox()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        worker = _worker(queue, port, args.pool, args.concurrency)
        try:
            latencies = _latency(inbox, args.moves)
        finally:
            _stop(worker)
        # Queued by the fresh worker's outbox listener, which queues every row never claimed
        # when it starts: one send task a row, as a committed move's NOTIFY gives it.
        wanted = [row.message_id for row in _fill_outbox(args.emails)]
        worker = _worker(queue, port, args.pool, args.concurrency)
        try:
            _wait(lambda: any(m in inbox.arrived for m in wanted), 60, every=0.01)
            cpu_start = _cpu_seconds(worker.pid)
            _wait(lambda: all(m in inbox.arrived for m in wanted), 600, every=0.2)
            cpu = (_cpu_seconds(worker.pid) - cpu_start) / (args.emails - 1)
        finally:
            _stop(worker)
    finally:
        smtp.stop()
        import redis

        redis.Redis.from_url(broker).delete(queue)
    times = sorted(inbox.arrived[m] for m in wanted)
    rate = (len(times) - 1) / (times[-1] - times[0])
    ms = [value * 1000 for value in latencies]
    print(
        f"latency, committed move -> SMTP server has the next turn email ({len(ms)} moves): "
        f"p50 {statistics.median(ms):.1f} ms, p99 {_percentile(ms, 0.99):.1f} ms"
    )
    print(
        f"throughput, one worker ({args.pool}, concurrency {args.concurrency}), "
        f"{args.emails} queued: {rate:.0f} emails/s "
        f"({times[-1] - times[0]:.1f} s from first to last)"
    )
    print(
        f"worker CPU per email: {cpu * 1000:.1f} ms (so {1 / cpu:.0f} emails/s per core it gets); "
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
