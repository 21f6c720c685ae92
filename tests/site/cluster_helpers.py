"""Private server processes for the tests that run the service as it is deployed: each
started from the project's root with its output in a log file, and killed with all it
forked when the test ends."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from mail_helpers import free_port

from games.models import Game
from games.play.links import seat_token

ROOT = Path(__file__).resolve().parents[2]


def program(name: str) -> str:
    """The path of the program ``name``; fail the test with how to install it when missing."""
    found = shutil.which(name, path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    if not found:
        pytest.fail(
            f"This test needs {name}: install it as root with `apt-get install -y {name}`,"
            " or run `make test` (its .ci/services does).",
            pytrace=False,
        )
    return found


@dataclass
class Cluster:
    """The private processes of the test; :meth:`close` kills whatever still runs."""

    logs: Path
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def log(self, name: str) -> str:
        """What the process ``name`` wrote so far."""
        return (self.logs / f"{name}.log").read_text(errors="replace")

    def start(self, name: str, command: list[str], env: dict[str, str] | None = None) -> None:
        log = (self.logs / f"{name}.log").open("wb")
        self.processes[name] = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def kill(self, name: str) -> None:
        process = self.processes[name]
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # the process and all it forked
        process.wait(timeout=30)

    def close(self) -> None:
        for name in self.processes:
            with contextlib.suppress(ProcessLookupError):
                self.kill(name)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    """The test's private processes, killed at its end with the database sessions they left."""
    started = Cluster(tmp_path)
    try:
        yield started
    finally:
        started.close()
        with connection.cursor() as cursor:  # sessions a killed process left behind
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


class PrivatePostgres:
    """A PostgreSQL server of the test's own, on a free port, that the test may stop and start
    again (the shared server is never restarted: other instances use it). It runs as the
    ``postgres`` user when the tests run as root, since PostgreSQL refuses root."""

    def __init__(self, root: Path, port: int) -> None:
        versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
        self.bin = versions[-1].parent if versions else Path(program("initdb")).parent
        self.root, self.port = root, port
        self.data = root / "data"
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user:
            shutil.chown(root, self.user)
        self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.start()

    def run(self, name: str, *arguments: str) -> None:
        command = [str(self.bin / name), *arguments]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, cwd=self.root, check=True, capture_output=True, timeout=60)

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.root / "server.log")
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        """A fast shutdown, as a restart's: each session is told so and closed."""
        self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def copy(self, source: dict[str, Any]) -> str:
        """Copy the database Django's ``source`` settings name into a database of this server
        of the same name; return its URL."""
        name = source["NAME"]
        dump = self.root / "copy.dump"
        self.run(
            "pg_dump", "--format=custom", f"--file={dump}", "--no-owner",
            f"--host={source['HOST'] or '127.0.0.1'}", f"--port={source['PORT'] or 5432}",
            f"--username={source['USER']}", name,
        )  # fmt: skip
        self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        self.run("pg_restore", "--exit-on-error", f"--dbname={self.url(name)}", str(dump))
        return self.url(name)


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    """A private PostgreSQL server, stopped and removed at the test's end."""
    root = Path(tempfile.mkdtemp(prefix="freibeuter-postgres-"))  # reachable by its user
    server = PrivatePostgres(root, free_port())
    try:
        yield server
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            server.run("pg_ctl", "-D", str(server.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def database_on_private_server(
    transactional_db: None, private_postgres: PrivatePostgres
) -> Iterator[PrivatePostgres]:
    """The test database copied to a private server, with this process's connection moved
    there for the test, so that the test may restart the server its nodes and it use."""
    private_postgres.copy(connection.settings_dict)
    shared = {key: connection.settings_dict[key] for key in ("HOST", "PORT", "USER")}
    connection.close()
    connection.settings_dict.update(HOST="127.0.0.1", PORT=private_postgres.port, USER="postgres")
    try:
        yield private_postgres
    finally:
        connection.close()
        connection.settings_dict.update(shared)


RETRIED = (ConnectionError, http.client.HTTPException, TimeoutError)
"""What a client meets when a connection drops: it sends the request again."""


class ApiPlayer:
    """Plays one game by the API as each seat in turn, each move with a ``move_id``; a request
    that meets a dropped connection, a 502 or a 503 is sent again as it was. It keeps every
    status it was answered, each 503's ``Retry-After`` and body, and, once ``killed`` is set,
    which node answered (``X-Served-By``)."""

    def __init__(
        self, port: int, game: Game, moves: int, killed: threading.Event | None = None
    ) -> None:
        self.port, self.game, self.moves = port, game, moves
        self.killed = killed or threading.Event()
        self.tokens = {seat.display_name: seat_token(seat) for seat in game.seats.all()}
        self.acknowledged: list[str] = []
        self.statuses: Counter[int] = Counter()
        self.unavailable: list[tuple[str | None, Any]] = []
        self.served_after_kill: Counter[str] = Counter()
        self.error: BaseException | None = None

    def request(self, method: str, path: str, token: str, body: Any = None) -> Any:
        headers = {"Authorization": f"Seat {token}", "Content-Type": "application/json"}
        data = None if body is None else json.dumps(body)
        deadline = time.monotonic() + 30
        while True:
            killed = self.killed.is_set()
            try:
                client = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
                try:
                    client.request(method, path, data, headers)
                    answer = client.getresponse()
                    status, payload = answer.status, answer.read()
                    served, retry = answer.getheader("X-Served-By"), answer.getheader("Retry-After")
                finally:
                    client.close()
            except RETRIED:
                status, served, retry, payload = 0, None, None, b""
            self.statuses[status] += 1
            if status == 503:
                self.unavailable.append((retry, json.loads(payload)))
            elif status not in (0, 502):
                if killed:
                    self.served_after_kill[str(served)] += 1
                assert status in (200, 201), (method, path, body, status, payload[:500])
                return json.loads(payload)
            assert time.monotonic() < deadline, (method, path, status, payload[:500])
            time.sleep(0.2)

    def run(self) -> None:
        try:
            base = f"/api/games/{self.game.pk}"
            for number in range(self.moves):
                detail = self.request("GET", f"{base}/", next(iter(self.tokens.values())))
                if detail["status"] != "active":
                    return
                token = self.tokens[detail["to_move"][0]]
                legal = self.request("GET", f"{base}/legal/", token)
                move_id = f"g{self.game.pk}-m{number}"
                body = {"move": legal["moves"][0], "expected_seq": legal["seq"], "move_id": move_id}
                self.request("POST", f"{base}/moves/", token, body)
                self.acknowledged.append(move_id)
        except BaseException as error:  # reported by the test's thread
            self.error = error
