"""Write-path benchmark: a move POST against the database's own cost of its writes.

    .venv/bin/python bench/write_path.py [--moves 300] [--seats 4] [--database NAME] [--profile N]

It (re)creates its own database (``--database``, default ``freibeuter_writebench``) on the
PostgreSQL of
``BENCH_DATABASE_URL`` (default: the local server), uses Redis at
``REDIS_URL`` (default: the local server) for the cache and the broker, and
runs, interleaved one by one in this one process:

- the **floor**: one raw psycopg transaction doing what a move must do at the
  least: ``SELECT … FOR UPDATE`` the game, ``INSERT`` the event, ``UPDATE``
  the projections, ``INSERT`` an outbox row with a 4 KB context, ``COMMIT``;
- the **site**: a legal move POSTed to ``/api/games/<id>/moves/`` through the
  whole Django stack as gunicorn calls it (the WSGI application with the
  request's environ: request signals, middleware, DRF, the services; Freibeuter,
  ``--seats`` seats, each with an email address, so every move writes a turn
  email);
- a **refused POST**: the same with a forged seat token, answered 403 at the
  authentication: what the stack costs before the move's own work begins.

Each is timed in process CPU (``time.process_time``: the machine's other load
does not count); it prints the medians, their ratio (the budget: at most 3)
and the round trips to PostgreSQL of one floor and one POST (the ``Query`` messages in
libpq's protocol trace). ``--profile N`` then runs ``N`` more POSTs under
cProfile (process time) and prints where they spent it. Never part of the test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as bench/write_path.py, this folder would come first on the path (and bench/http.py
# shadow the standard library's ``http``): unlist it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import cProfile  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import pstats  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from datetime import UTC, datetime  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "freibeuter_writebench"
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
BUDGET = 3.0
CONTEXT = json.dumps({"text": "x" * 4000})

FLOOR_LOCK = "SELECT id, last_seq FROM games_game WHERE id = %s FOR UPDATE"
FLOOR_EVENT = (
    "INSERT INTO games_event (game_id, seq, type, version, payload, actor, move_id, created_at,"
    " nonce, hash) VALUES (%s, %s, 'move', 1, %s, 'seat:0', NULL, %s, %s, %s)"
)
FLOOR_PROJECT = (
    "UPDATE games_game SET last_seq = %s, head_hash = %s, to_move = %s, updated_at = %s"
    " WHERE id = %s"
)
FLOOR_OUTBOX = (
    'INSERT INTO games_outboundmail (game_id, seat_id, "to", kind, language, context,'
    " message_id, status, created_at, attempts, error)"
    " VALUES (%s, NULL, 'ann@bench.example', 'turn', 'en', %s, %s, 'pending', %s, 0, '')"
)


def _setup(database: str) -> None:
    base = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    import psycopg

    with psycopg.connect(base.replace("postgres://", "postgresql://"), autocommit=True) as db:
        db.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        db.execute(f"CREATE DATABASE {database}")
    broker = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    os.environ.update(
        DATABASE_URL=base.rsplit("/", 1)[0] + f"/{database}",
        REDIS_URL=broker,
        CELERY_BROKER_URL=broker,
        DEBUG="0",
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="testserver",
        SECRET_KEY="bench-only-secret-key-not-for-production-0123456789abcdefghijklmnop",
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freibeuter_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class Floor:
    """The essential writes of a move, as one raw psycopg transaction on a connection of its own."""

    def __init__(self, game_id: int) -> None:
        import psycopg
        from django.db import connection

        self.connection = psycopg.connect(**connection.get_connection_params())
        self.game_id = game_id
        self.number = 0

    def run(self) -> None:
        self.number += 1
        now = datetime.now(UTC)
        digest = f"{self.number:064x}"
        with self.connection.transaction():
            (_, last_seq) = self.connection.execute(FLOOR_LOCK, (self.game_id,)).fetchone()
            payload = json.dumps({"player": "Ann", "move": {"type": "draw"}, "auto": False})
            self.connection.execute(
                FLOOR_EVENT, (self.game_id, last_seq + 1, payload, now, digest[:32], digest)
            )
            self.connection.execute(
                FLOOR_PROJECT, (last_seq + 1, digest, json.dumps(["Ben"]), now, self.game_id)
            )
            message_id = f"<floor-{self.number}@bench.example>"
            self.connection.execute(FLOOR_OUTBOX, (self.game_id, CONTEXT, message_id, now))


class Site:
    """Legal moves POSTed through the whole site, a new game dealt whenever one ends."""

    def __init__(self, seats: int, seed: int) -> None:
        from freibeuter_site.wsgi import application

        self.application = application
        self.seats = seats
        self.rng = random.Random(seed)
        self.game: Any = None
        self.tokens: dict[str, str] = {}
        self.deal()

    def deal(self) -> None:
        from games.play.links import seat_token
        from games.play.services import PlayerSpec, game_create

        players = [PlayerSpec(name=n, email=f"{n.lower()}@bench.example") for n in NAMES]
        self.game = game_create(
            kind="freibeuter", players=players[: self.seats], seed=self.rng.randrange(2**32)
        )
        self.tokens = {seat.display_name: seat_token(seat) for seat in self.game.seats.all()}

    def prepare(self) -> Callable[[], None]:
        """The next POST, ready to run (choosing the move is not timed)."""
        from games.models import Game
        from games.store.loading import engine_for, load_state

        self.game.refresh_from_db()
        if self.game.status != Game.Status.ACTIVE:
            self.deal()
        game = self.game
        name = game.to_move[0]
        move = self.rng.choice(engine_for(game).legal_moves(load_state(game), name))
        body = json.dumps({"move": move, "expected_seq": game.last_seq})
        path = f"/api/games/{game.pk}/moves/"

        def post() -> None:
            status, content = self.post(path, body, f"Seat {self.tokens[name]}")
            if status != 201:
                raise SystemExit(f"move POST answered {status}: {content!r}")

        return post

    def post(self, path: str, body: str, authorization: str) -> tuple[int, bytes]:
        """POST ``body`` (JSON) to ``path`` as gunicorn does: the site's WSGI application
        called with the request's environ; its status and its body."""
        data = body.encode()
        environ = {
            "REQUEST_METHOD": "POST",
            "SCRIPT_NAME": "",
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(data)),
            "SERVER_NAME": "testserver",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "testserver",
            "HTTP_AUTHORIZATION": authorization,
            "wsgi.input": io.BytesIO(data),
            "wsgi.errors": sys.stderr,
            "wsgi.url_scheme": "http",
            "wsgi.version": (1, 0),
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        started: list[str] = []
        answer = self.application(environ, lambda status, headers, *_: started.append(status))
        try:
            content = b"".join(answer)
        finally:
            getattr(answer, "close", lambda: None)()  # request_finished, as a server does
        return int(started[0].split()[0]), content

    def refused(self) -> None:
        """The same kind of POST with a forged seat token: refused (403) at authentication,
        what the stack itself costs (middleware, DRF, the JSON answer) before any move."""
        path = f"/api/games/{self.game.pk}/moves/"
        body = json.dumps({"move": {"type": "pass"}, "expected_seq": 1})
        status, _ = self.post(path, body, "Seat forged")
        if status != 403:
            raise SystemExit(f"a forged token answered {status}")


def _round_trips(pgconn: Any, action: Callable[[], None]) -> int:
    """How many queries ``action`` sends on the libpq connection ``pgconn``, each a round trip
    (the ``Query`` messages of libpq's protocol trace; the site's cursors and the floor's
    send each call so)."""
    from psycopg.pq import Trace

    with tempfile.TemporaryFile("w+") as trace:
        pgconn.trace(trace.fileno())
        pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS)
        try:
            action()
        finally:
            pgconn.untrace()
        trace.seek(0)
        return sum(line.startswith("F\t") and "\tQuery\t" in line for line in trace)


def _cpu_ms(action: Callable[[], None]) -> float:
    started = time.process_time()
    action()
    return (time.process_time() - started) * 1000


def _profile(site: Site, posts: int) -> None:
    """Run ``posts`` POSTs under cProfile in process time; print the costliest functions."""
    profile = cProfile.Profile(time.process_time)
    for _ in range(posts):
        post = site.prepare()
        profile.runcall(post)
    print(f"\ncProfile of {posts} move POSTs (process time):")
    pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    pstats.Stats(profile).sort_stats("tottime").print_stats(25)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seats", type=int, default=4, choices=range(2, 5))
    parser.add_argument("--warm-up", type=int, default=20)
    parser.add_argument("--database", default=DATABASE, help=f"default {DATABASE}")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile N POSTs")
    args = parser.parse_args()
    _setup(args.database)
    from django.db import connection

    floor = Floor(Site(args.seats, seed=15).game.pk)  # a game of its own, never played
    site = Site(args.seats, seed=16)
    floor_ms, site_ms, refused_ms = [], [], []
    for number in range(args.warm_up + args.moves):
        post = site.prepare()
        timings = (_cpu_ms(floor.run), _cpu_ms(post), _cpu_ms(site.refused))
        if number >= args.warm_up:
            floor_ms.append(timings[0])
            site_ms.append(timings[1])
            refused_ms.append(timings[2])
    floor_trips = _round_trips(floor.connection.pgconn, floor.run)
    site_trips = _round_trips(connection.connection.pgconn, site.prepare())
    floor.connection.close()
    floor_median, site_median = statistics.median(floor_ms), statistics.median(site_ms)
    ratio = site_median / floor_median
    print(
        f"write path, {args.moves} moves interleaved, process CPU medians "
        f"(Freibeuter, {args.seats} seats with email):"
    )
    print(f"  floor (raw psycopg)  {floor_median:6.2f} ms   ({floor_trips} round trips)")
    print(f"  move POST (site)     {site_median:6.2f} ms   ({site_trips} round trips)")
    print(f"  refused POST (site)  {statistics.median(refused_ms):6.2f} ms   (a forged token, 403)")
    print(f"  ratio                {ratio:6.1f}x   budget <= {BUDGET:.0f}x: "
          f"{'ok' if ratio <= BUDGET else 'OVER'}")  # fmt: skip
    if args.profile:
        _profile(site, args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
