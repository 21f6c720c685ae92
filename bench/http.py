"""HTTP benchmark of the service: gunicorn on PostgreSQL, 16 concurrent players.

    .venv/bin/python bench/http.py [--mode hotseat|seats] [--players 16] [--seconds 30]
                                   [--workers N] [--threads N] [--worker-class CLASS]
                                   [--database freibeuter_bench]

It (re)creates its own database (``--database``, ``freibeuter_bench``) on the PostgreSQL of
``BENCH_DATABASE_URL`` (default: the local server), migrates it, deals 4-seat
games, starts gunicorn on a loopback port, and plays from this separate load
process over keep-alive connections to 127.0.0.1 only, until the time is up:

- ``hotseat`` (the worst case): each of the 16 player threads plays every
  seat of its own games, so 16 requests are always in flight: read the game
  as the seat to move, fetch its legal moves, post one.
- ``seats`` (turn-based play): each thread is one seat of a 4-seat table and
  acts only when its turn comes (told in-process, as the turn email would):
  legal moves, the move, then the game it left. 16 players, 4 tables.

It prints the latency of the move POST, the game-detail GET and the legal GET
(p50/p99), and moves per second.

- ``pages`` (the pages and lists): 100,000 games under way (``--games``),
  dealt by the services for a few dozen and then cloned in bulk with SQL
  (games, seats, events: the same records under new ids; then ``VACUUM
  ANALYZE``, as autovacuum would), and the reader threads fetch the seat's game
  page ``/play/<token>/`` and the spectator's ``/games/<id>/`` of a random
  game, the dashboard ``/`` and its 20th page, the game list ``/api/games/``,
  and its ``?player=`` for a name in every cloned game and for a name in one.

Never part of the test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as bench/http.py, this file would shadow the standard library's ``http``: unlist its folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import runpy  # noqa: E402
import select  # noqa: E402
import signal  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402
from urllib.parse import urlsplit, urlunsplit  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SEATS = ("Ann", "Ben", "Cy", "Dee")
GAMES_PER_PLAYER = 12
DATABASE = "freibeuter_bench"
DROPPED = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)
"""How a connection the server has closed shows when a request is sent on it."""


def _bench_env(port: int, database: str) -> dict[str, str]:
    base = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    parts = urlsplit(base)
    return {
        **os.environ,
        "DATABASE_URL": urlunsplit(parts._replace(path=f"/{database}")),
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdefghijklmnop",
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "SITE_URL": f"http://127.0.0.1:{port}",
        "ALLOWED_HOSTS": "127.0.0.1",
        "PYTHONPATH": str(ROOT),
    }


def _recreate_database(env: dict[str, str]) -> None:
    import psycopg

    parts = urlsplit(env["DATABASE_URL"])
    database = parts.path.lstrip("/")
    with psycopg.connect(
        urlunsplit(parts._replace(path="/postgres")), autocommit=True
    ) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {database}")
    manage = [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"]
    subprocess.run(manage, cwd=ROOT, env=env, check=True)


def _deal(env: dict[str, str], count: int) -> list[dict[str, Any]]:
    """Create ``count`` games with the service's own code; return their ids and seat tokens."""
    code = f"""
import json
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
games = []
for i in range({count}):
    players = [PlayerSpec(name=name) for name in {list(SEATS)!r}]
    game = game_create(kind="freibeuter", players=players, seed=i)
    tokens = {{seat.display_name: seat_token(seat) for seat in game.seats.all()}}
    games.append({{"id": game.pk, "tokens": tokens}})
print(json.dumps(games))
"""
    shell = [sys.executable, "manage.py", "shell", "--no-imports", "-c", code]
    result = subprocess.run(shell, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


PAGE_TEMPLATES = 40
RARE = ("Rosa", "Sven")
"""The players of one game only: ``?player=Rosa`` finds one game among all the others."""


def _deal_many(env: dict[str, str], count: int) -> list[dict[str, Any]]:
    """``count`` games under way: a few dealt and played by the services, then cloned in bulk
    (``tests.bulk``: three ``INSERT … SELECT`` statements a template), then analysed."""
    code = f"""
import json, random
from django.db import transaction
from games.play.links import seat_token
from games.store.loading import engine_for, load_state
from games.models import Game
from games.play.services import PlayerSpec, game_create, move_submit
from tests.bulk import games_clone
templates = []
for i in range({PAGE_TEMPLATES}):
    game = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in {list(SEATS)!r}],
                       seed=i)
    rng = random.Random(i)
    for _ in range(rng.randint(0, 60)):
        state, name = load_state(game), game.to_move[0]
        seat = game.seats.get(display_name=name)
        move = rng.choice(engine_for(game).legal_moves(state, name))
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
        game.refresh_from_db()
        if game.status != "active":
            break
    if game.status == "active":
        templates.append(game)
rare = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in {list(RARE)!r}], seed=1)
clones = []
with transaction.atomic():
    for number, template in enumerate(templates):
        copies = ({count} - len(templates) - 1) // len(templates)
        copies += number < ({count} - len(templates) - 1) % len(templates)
        clones += games_clone(template, copies)
sample = random.Random(0).sample(clones, min(400, len(clones)))
picked = templates + list(Game.objects.filter(pk__in=sample))
print(json.dumps([{{"id": g.pk, "tokens": {{s.display_name: seat_token(s) for s in g.seats.all()}}}}
                  for g in picked]))
"""
    shell = [sys.executable, "manage.py", "shell", "--no-imports", "-c", code]
    result = subprocess.run(shell, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    _analyse(env)
    return json.loads(result.stdout.strip().splitlines()[-1])


def _analyse(env: dict[str, str]) -> None:
    """What autovacuum would do after a bulk load: the planner's statistics, the visibility map."""
    import psycopg

    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as connection:
        connection.execute("VACUUM ANALYZE")


def _start_gunicorn(
    env: dict[str, str], port: int, workers: int, threads: int, worker_class: str
) -> subprocess.Popen:
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "freibeuter_site.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--worker-class",
        worker_class if threads > 1 else "sync",
        "--backlog",
        "256",
        "--log-level",
        "warning",
        "--config",
        "python:freibeuter_site.gunicorn_conf",  # the service's own settings (preload too)
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/health/")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("gunicorn did not come up")


def _cpu_seconds(root: int) -> float:
    """The user and system CPU so far of process ``root`` and its children (Linux's /proc):
    the server's cost, which the other load of a shared machine changes far less than the
    latencies."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # the process has just ended
            continue
        if root in (int(stat.parent.name), int(fields[1])):
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


class Player(threading.Thread):
    """One concurrent player: plays its games move by move until the time is up."""

    def __init__(self, port: int, games: list[dict[str, Any]], seed: int) -> None:
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.games = games
        self.stop_at = 0.0
        self.rng = random.Random(seed)
        self.timings: dict[str, list[float]] = {"move": [], "detail": [], "legal": []}
        self.errors = 0
        self.finished_games = 0

    def _call(self, kind: str, method: str, path: str, token: str, body: Any = None) -> Any:
        """The answer's JSON; ``None`` (an error) when the connection broke under a POST."""
        headers = {"Authorization": f"Seat {token}"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        try:
            response = self._exchange(method, path, data, headers)
        except DROPPED:
            if method == "GET":
                raise
            self.errors += 1
            return None
        payload = json.loads(response.read())
        self.timings[kind].append((time.perf_counter() - started) * 1000)
        if response.status >= 300:
            self.errors += 1
        return payload

    def _exchange(
        self, method: str, path: str, data: str | None = None, headers: dict[str, str] | None = None
    ) -> http.client.HTTPResponse:
        """Send one request and get its answer, as a careful client does.

        A keep-alive connection that the server closed while it was idle (readable with
        nothing asked: its end of the stream) is replaced before sending, as urllib3 does,
        so such a request is never lost. If the connection breaks once the request is out,
        the server may have read it: a GET is sent again on a new connection, a POST is not
        (a move is never sent twice; ``DROPPED`` is raised, and the player reads the game
        again to see whether it went in).
        """
        sock = self.connection.sock
        if sock is not None and select.select([sock], [], [], 0)[0]:
            self.connection.close()
        try:
            self.connection.request(method, path, body=data, headers=headers or {})
            return self.connection.getresponse()
        except DROPPED:
            self.connection.close()
            if method != "GET":
                raise
        self.connection.request(method, path, body=data, headers=headers or {})
        return self.connection.getresponse()

    def warm_up(self) -> None:
        """Open the connection and let a worker load everything once (not timed)."""
        game = self.games[0]
        token = next(iter(game["tokens"].values()))
        self._call("detail", "GET", f"/api/games/{game['id']}/", token)
        self.timings["detail"].clear()

    def run(self) -> None:
        """Hot seat: play every seat of its games in turn, always with a request in flight."""
        for game in self.games:
            token = next(iter(game["tokens"].values()))
            base = f"/api/games/{game['id']}"
            while time.monotonic() < self.stop_at:
                detail = self._call("detail", "GET", f"{base}/", token)
                if detail["status"] != "active":
                    self.finished_games += 1
                    break
                token = game["tokens"][detail["to_move"][0]]
                self._move(base, token)
            if time.monotonic() >= self.stop_at:
                return

    def _move(self, base: str, token: str) -> None:
        legal = self._call("legal", "GET", f"{base}/legal/", token)
        move = self.rng.choice(legal["moves"])
        self._call(
            "move", "POST", f"{base}/moves/", token, {"move": move, "expected_seq": legal["seq"]}
        )


class Table:
    """The games of one group of seat players, and whose turn it is (what the turn email says)."""

    def __init__(self, games: list[dict[str, Any]]) -> None:
        self.games = games
        self.index = 0
        self.turn: str | None = SEATS[0]
        self.changed = threading.Condition()

    def pass_turn(self, detail: dict[str, Any]) -> None:
        with self.changed:
            if detail["status"] == "active":
                self.turn = detail["to_move"][0]
            else:
                self.index += 1
                self.turn = SEATS[0] if self.index < len(self.games) else None
            self.changed.notify_all()


class SeatPlayer(Player):
    """One seat of a table: acts only when its turn comes, then reads the game it left."""

    def __init__(self, port: int, table: Table, name: str, seed: int) -> None:
        super().__init__(port, table.games, seed)
        self.table = table
        self.name = name

    def run(self) -> None:
        table = self.table
        while True:
            with table.changed:
                mine = table.changed.wait_for(
                    lambda: table.turn in (self.name, None),
                    timeout=max(self.stop_at - time.monotonic(), 0),
                )
                if not mine or table.turn is None or time.monotonic() >= self.stop_at:
                    return
                game = table.games[table.index]
            token = game["tokens"][self.name]
            base = f"/api/games/{game['id']}"
            self._move(base, token)
            detail = self._call("detail", "GET", f"{base}/", token)
            if detail["status"] != "active":
                self.finished_games += 1
            table.pass_turn(detail)


class Reader(Player):
    """One reader of the pages and lists: a seat's game page, a spectator's, the dashboard's
    first and 20th page, the game list API and its ``?player=`` (a name in every cloned
    game, and a name in one game only)."""

    KINDS = (
        "game page",
        "spectator page",
        "dashboard",
        "dashboard page 20",
        "API list",
        "API ?player=Ann",
        "API ?player=Rosa",
    )

    def __init__(self, port: int, games: list[dict[str, Any]], seed: int) -> None:
        super().__init__(port, games, seed)
        self.timings = {kind: [] for kind in self.KINDS}

    def _get(self, kind: str, path: str) -> None:
        started = time.perf_counter()
        response = self._exchange("GET", path)
        response.read()
        self.timings[kind].append((time.perf_counter() - started) * 1000)
        if response.status != 200:
            self.errors += 1

    def warm_up(self) -> None:
        self._get("dashboard", "/")
        self.timings["dashboard"].clear()

    def run(self) -> None:
        while time.monotonic() < self.stop_at:
            game = self.rng.choice(self.games)
            token = self.rng.choice(list(game["tokens"].values()))
            self._get("game page", f"/play/{token}/")
            self._get("spectator page", f"/games/{game['id']}/")
            self._get("dashboard", "/")
            self._get("dashboard page 20", "/?page=20")
            self._get("API list", "/api/games/")
            self._get("API ?player=Ann", "/api/games/?player=Ann")
            self._get("API ?player=Rosa", f"/api/games/?player={RARE[0]}")


PAGE_BUDGET = 30.0
"""Each page's and list's p50, in ms."""


def _report_pages(readers: list[Reader], elapsed: float, server: str, count: int) -> None:
    print(f"http bench: {len(readers)} concurrent readers (pages), {count} games under way, "
          f"{server}, PostgreSQL + Redis, {elapsed:.1f} s")  # fmt: skip
    over = []
    for kind in Reader.KINDS:
        values = [t for reader in readers for t in reader.timings[kind]]
        p50, p99 = _percentile(values, 50), _percentile(values, 99)
        print(
            f"  {kind + ' GET':24} p50 {p50:6.1f} ms   p99 {p99:6.1f} ms   ({len(values)} requests)"
        )
        if p50 > PAGE_BUDGET:
            over.append(kind)
    print(f"  errors           {sum(reader.errors for reader in readers)}")
    verdict = f"OVER: {', '.join(over)}" if over else "ok"
    print(f"  budget           each p50 <= {PAGE_BUDGET:.0f} ms: {verdict}")


def _percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else 0


def _report(players: list[Player], elapsed: float, mode: str, server: str) -> None:
    print(
        f"http bench: {len(players)} concurrent players ({mode}), {server}, PostgreSQL + Redis, "
        f"{elapsed:.1f} s"
    )
    for kind, label in (
        ("move", "move POST"),
        ("detail", "game detail GET"),
        ("legal", "legal GET"),
    ):
        values = [t for player in players for t in player.timings[kind]]
        p50, p99 = _percentile(values, 50), _percentile(values, 99)
        print(f"  {label:16} p50 {p50:6.1f} ms   p99 {p99:6.1f} ms   ({len(values)} requests)")
        if kind == "move":
            moves, verdicts = (
                len(values),
                [
                    f"move {name} <= {limit:.0f} ms: {'ok' if value <= limit else 'OVER'}"
                    for name, limit, value in (("p50", 25.0, p50), ("p99", 100.0, p99))
                ],
            )
    finished = sum(player.finished_games for player in players)
    errors = sum(player.errors for player in players)
    print(
        f"  moves/s          {moves / elapsed:6.1f}   ({finished} games finished, {errors} errors)"
    )
    print(f"  budget           {', '.join(verdicts)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=16, help="a multiple of 4 for --mode seats")
    parser.add_argument("--mode", choices=["hotseat", "seats", "pages"], default="hotseat")
    parser.add_argument("--games", type=int, default=100_000, help="games under way (pages)")
    parser.add_argument("--seconds", type=float, default=30.0)
    conf = runpy.run_path(str(ROOT / "freibeuter_site" / "gunicorn_conf.py"))
    parser.add_argument(
        "--workers", type=int, default=conf["workers"], help="default: the service's"
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=conf["threads"],
        help="1: sync workers; default: the service's",
    )
    parser.add_argument(
        "--worker-class", default=conf["worker_class"], help="default: the service's"
    )
    parser.add_argument("--port", type=int, default=8731)
    parser.add_argument("--database", default=DATABASE, help="(re)created for the run")
    args = parser.parse_args()

    load_before = os.getloadavg()[0]
    env = _bench_env(args.port, args.database)
    _recreate_database(env)
    if args.mode == "pages":
        games = _deal_many(env, args.games)
    else:
        games = _deal(env, GAMES_PER_PLAYER * args.players)  # more than can be finished in time
    server = _start_gunicorn(env, args.port, args.workers, args.threads, args.worker_class)
    try:
        players: list[Player] = []
        if args.mode == "pages":
            players = [Reader(args.port, games, seed=i) for i in range(args.players)]
        elif args.mode == "hotseat":
            for i in range(args.players):
                mine = games[i * GAMES_PER_PLAYER : (i + 1) * GAMES_PER_PLAYER]
                players.append(Player(args.port, mine, seed=i))
        else:
            per_table = GAMES_PER_PLAYER * len(SEATS)
            for t in range(args.players // len(SEATS)):
                table = Table(games[t * per_table : (t + 1) * per_table])
                players += [
                    SeatPlayer(args.port, table, name, seed=t * len(SEATS) + i)
                    for i, name in enumerate(SEATS)
                ]
        for player in players:
            player.warm_up()
        started, cpu_before = time.monotonic(), _cpu_seconds(server.pid)
        client_before = time.process_time()
        for player in players:
            player.stop_at = started + args.seconds
            player.start()
        for player in players:
            player.join(timeout=args.seconds + 60)
        elapsed = time.monotonic() - started
        server_cpu = _cpu_seconds(server.pid) - cpu_before
        client_cpu = time.process_time() - client_before
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)

    server_name = f"gunicorn {args.workers} workers x {args.threads} threads ({args.worker_class})"
    if args.mode == "pages":
        _report_pages(players, elapsed, server_name, args.games)  # type: ignore[arg-type]
    else:
        _report(players, elapsed, args.mode, server_name)
        requests = sum(len(times) for player in players for times in player.timings.values())
        for name, seconds, whose in (
            ("server", server_cpu, "gunicorn's processes"),
            ("client", client_cpu, "this load process, on the same cores"),
        ):
            print(
                f"  {name} CPU       {seconds * 1000 / max(requests, 1):6.2f} ms a request "
                f"({seconds / elapsed * 100:.0f} % of a core; {whose})"
            )
    print(
        f"  machine          {os.cpu_count()} cores, load average {load_before:.2f} before the run"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
