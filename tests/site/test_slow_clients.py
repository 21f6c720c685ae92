"""Idle and slow clients cannot freeze the production server: ``/healthz`` answers meanwhile.

The real server (gunicorn with ``freibeuter_site/gunicorn_conf.py``, on the test database and
Redis) faces connections that send half a request head and then nothing, slowloris clients that
dribble a header byte a second, and clients that send a whole head and dribble its body, each
reopened as soon as the server closes it, as an attacker would; a fresh client's
``GET /healthz`` must still be answered within a second, every second, for longer than the
server gives a request to arrive.
"""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import answers, production_server

from freibeuter_site.gunicorn_worker import (
    BODY_BYTES,
    HEAD_BYTES,
    REQUEST_SECONDS,
    Arrival,
    request_arrival,
)

IDLE = 30
"""Connections of each kind: more than the server's threads (5 workers of 4 on 2 cores)."""
HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
POST = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n"


@pytest.fixture
def server(db: None, tmp_path: Path) -> Iterator[int]:
    """The production server on a free port, answering; its port."""
    with production_server(tmp_path / "gunicorn.log") as port:
        yield port


class Attacker:
    """Connections that each hold a request open: they send ``opening``, then ``dribble`` (a
    byte, or nothing) a second."""

    def __init__(self, port: int, opening: bytes, dribble: bytes = b"") -> None:
        self.port = port
        self.opening = opening
        self.dribble = dribble
        self.sockets = [self._open() for _ in range(IDLE)]

    def _open(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(self.opening)
        return sock

    def tick(self) -> None:
        """Reopen each connection the server has closed; dribble one more byte on the rest."""
        for index, sock in enumerate(self.sockets):
            closed = bool(select.select([sock], [], [], 0)[0])  # an end of stream, or a refusal
            if not closed and self.dribble:
                try:
                    sock.send(self.dribble)
                except OSError:
                    closed = True
            if closed:
                sock.close()
                self.sockets[index] = self._open()

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


def test_idle_and_slow_clients_cannot_keep_healthz_from_answering(server: int) -> None:
    attackers = [
        Attacker(server, HEAD),
        Attacker(server, HEAD, dribble=b"X"),  # a header line that never ends
        Attacker(server, POST, dribble=b"m"),  # a body that never ends
    ]
    try:
        waits = []
        until = time.monotonic() + REQUEST_SECONDS + 5
        while time.monotonic() < until:
            for attacker in attackers:
                attacker.tick()
            started = time.monotonic()
            waits.append(time.monotonic() - started if answers(server) else None)
            time.sleep(max(0.0, 1 - (waits[-1] or 1)))
    finally:
        for attacker in attackers:
            attacker.close()
    assert None not in waits, f"unanswered within 1 s: {waits}"
    assert len(waits) >= REQUEST_SECONDS


@pytest.mark.parametrize(
    ("received", "arrival"),
    [
        (HEAD, Arrival.PARTIAL),
        (HEAD + b"\r\n", Arrival.WHOLE),
        (POST + b"m" * 999, Arrival.PARTIAL),
        (POST + b"m" * 1000, Arrival.WHOLE),
        (HEAD + b"X" * HEAD_BYTES, Arrival.HEAD_TOO_LARGE),
        (HEAD + b"Transfer-Encoding: chunked\r\n\r\n1\r\nm", Arrival.CHUNKED),
        (HEAD + b"Content-Length: +5\r\n\r\n", Arrival.BAD_LENGTH),
        (HEAD + b"Content-Length: %d\r\n\r\n" % (BODY_BYTES + 1), Arrival.BODY_TOO_LARGE),
    ],
    ids=["half a head", "head", "part of a body", "body", "endless head", "chunked", "+5", "huge"],
)
def test_a_request_reaches_a_thread_only_whole_and_its_body_only_by_length(
    received: bytes, arrival: Arrival
) -> None:
    """A body whose end the head does not fix (chunked, a length gunicorn would read otherwise)
    or that is larger than anything the site takes is refused before it is read."""
    assert request_arrival(received) is arrival
