"""The HTTP bench's client reconnects as a careful client does, and never sends a move twice."""

from __future__ import annotations

import importlib.util
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "http.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_http", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read_request(connection: socket.socket) -> bytes | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        ),
        0,
    )
    while len(body) < length:
        body += connection.recv(65536)
    return head.split(b"\r\n")[0]


class Server(threading.Thread):
    """Takes ``connections`` connections one after the other and answers ``answered`` requests
    on each with ``{}``, then closes it: with ``swallow`` once it has read one more request,
    without answering it; else while it is idle. ``requests`` are (connection, request line)."""

    def __init__(self, connections: int, answered: int, *, swallow: bool) -> None:
        super().__init__(daemon=True)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections, self.answered, self.swallow = connections, answered, swallow
        self.requests: list[tuple[int, bytes]] = []
        self.closed = threading.Event()  # set as each connection is closed

    def run(self) -> None:
        for number in range(self.connections):
            connection, _ = self.listener.accept()
            with connection:
                for _ in range(self.answered):
                    line = _read_request(connection)
                    if line is None:
                        break
                    self.requests.append((number, line))
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
                if self.swallow and (line := _read_request(connection)) is not None:
                    self.requests.append((number, line))
            self.closed.set()


@pytest.fixture
def player_and_server(request: pytest.FixtureRequest) -> Iterator[tuple[Any, Server]]:
    server = Server(**request.param)
    server.start()
    yield _bench().Player(server.port, games=[], seed=0), server
    server.join(timeout=5)
    server.listener.close()
    assert not server.is_alive(), "the client opened fewer connections than the test expects"


@pytest.mark.parametrize(
    "player_and_server", [{"connections": 2, "answered": 1, "swallow": False}], indirect=True
)
def test_it_sends_a_move_on_a_new_connection_when_the_idle_one_was_closed(
    player_and_server: tuple[Any, Server],
) -> None:
    player, server = player_and_server
    assert player._call("detail", "GET", "/game/", "token") == {}
    assert server.closed.wait(5)  # the server has closed the idle connection
    assert player._call("move", "POST", "/moves/", "token", {"m": 1}) == {}
    assert server.requests == [(0, b"GET /game/ HTTP/1.1"), (1, b"POST /moves/ HTTP/1.1")]
    assert player.errors == 0


@pytest.mark.parametrize(
    "player_and_server", [{"connections": 1, "answered": 0, "swallow": True}], indirect=True
)
def test_it_never_sends_a_move_again_once_the_server_may_have_read_it(
    player_and_server: tuple[Any, Server],
) -> None:
    player, server = player_and_server
    assert player._call("move", "POST", "/moves/", "token", {"m": 1}) is None
    assert server.requests == [(0, b"POST /moves/ HTTP/1.1")]
    assert player.errors == 1 and player.timings["move"] == []


@pytest.mark.parametrize(
    "player_and_server", [{"connections": 2, "answered": 0, "swallow": True}], indirect=True
)
def test_it_sends_a_read_again_when_its_connection_breaks_under_it(
    player_and_server: tuple[Any, Server],
) -> None:
    player, server = player_and_server
    with pytest.raises(_bench().DROPPED):
        player._call("detail", "GET", "/game/", "token")
    assert server.requests == [(0, b"GET /game/ HTTP/1.1"), (1, b"GET /game/ HTTP/1.1")]
