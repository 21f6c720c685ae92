"""gunicorn's threaded worker, but a connection gets a thread only once its whole request is in.

gunicorn's ``gthread`` worker hands a connection to a thread as soon as it is readable, and the
thread then blocks reading the request: a client that sends half a head and waits holds a
thread with no time limit, and a handful of them hold every thread. This worker reads each
request, its head and its ``Content-Length`` body, in the worker's main loop without blocking,
as a buffering proxy would; a request that is not whole within ``REQUEST_SECONDS`` of its first
byte (or of the connection's accept) closes its connection. Only a whole request reaches a
thread, whose parser reads it from the buffer, never from the socket: an idle or slow client
costs a socket and a buffer for a few seconds, not a thread (docs/decisions/slow-clients.md).
"""

from __future__ import annotations

import contextlib
import errno
import selectors
import time
from collections import deque
from enum import Enum
from functools import partial
from typing import Any

# gunicorn ships no type information
from gunicorn.errors import ConfigError  # type: ignore[import-untyped]
from gunicorn.workers.gthread import TConn, ThreadWorker  # type: ignore[import-untyped]

REQUEST_SECONDS = 10.0
"""How long a request may take to arrive whole; its connection is closed after that."""
HEAD_BYTES = 64 * 1024
"""The longest head taken (nginx takes 32 KiB by default); a longer one is refused."""
BODY_BYTES = 1024 * 1024
"""The longest body buffered; the site takes 64 KiB (``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""
READ_BYTES = 64 * 1024


class Arrival(Enum):
    """How far a connection's request has come."""

    PARTIAL = "partial"
    WHOLE = "whole"
    # the others are refused, with these status lines
    HEAD_TOO_LARGE = "431 Request Header Fields Too Large"
    CHUNKED = "411 Length Required"
    BAD_LENGTH = "400 Bad Request"
    BODY_TOO_LARGE = "413 Content Too Large"


def request_arrival(received: bytes | bytearray) -> Arrival:
    """Whether ``received`` holds a whole request: its head and as many body bytes as its
    ``Content-Length`` says. A chunked body is refused: Django reads ``CONTENT_LENGTH`` bytes
    only, so the site cannot use one, and its end could come at any pace."""
    end = received.find(b"\r\n\r\n")
    if end < 0:
        return Arrival.PARTIAL if len(received) <= HEAD_BYTES else Arrival.HEAD_TOO_LARGE
    length = 0
    for line in bytes(received[:end]).split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.lower()
        if name == b"transfer-encoding":
            return Arrival.CHUNKED
        if name == b"content-length":
            if not value.strip().isdigit():  # gunicorn refuses it, or reads it otherwise
                return Arrival.BAD_LENGTH
            length = int(value)
    if length > BODY_BYTES:
        return Arrival.BODY_TOO_LARGE
    return Arrival.WHOLE if len(received) >= end + 4 + length else Arrival.PARTIAL


class RequestBufferingWorker(ThreadWorker):  # type: ignore[misc]
    """``gthread`` whose main loop buffers each request whole before a thread takes it."""

    @classmethod
    def check_config(cls, cfg: Any, log: Any) -> None:
        super().check_config(cfg, log)
        if cfg.is_ssl:
            raise ConfigError("RequestBufferingWorker reads plain HTTP: end TLS in front of it")

    def init_process(self) -> None:
        self.arriving: deque[TConn] = deque()  # oldest deadline first; the main loop's own
        super().init_process()

    def accept(self, server: Any, listener: Any) -> None:
        """Take a connection as gunicorn does, with a deadline for its first request."""
        try:
            sock, client = listener.accept()
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                return
            raise
        conn = TConn(self.cfg, sock, client, server)
        self.nr_conns += 1
        self._start_request(conn)
        with self._lock:
            self.poller.register(
                conn.sock, selectors.EVENT_READ, partial(self.on_client_socket_readable, conn)
            )

    def on_client_socket_readable(self, conn: TConn, client: Any) -> None:
        if getattr(conn, "received", None) is None and not self._start_request(conn):
            return
        try:
            data = conn.sock.recv(READ_BYTES)
        except BlockingIOError:
            return
        except OSError as error:
            if error.errno not in (errno.ECONNRESET, errno.ENOTCONN, errno.EPIPE):
                self.log.exception("Socket error reading a request")
            data = b""
        if not data:  # the client has gone
            self._drop(conn)
            return
        conn.received += data
        arrival = request_arrival(conn.received)
        if arrival is Arrival.PARTIAL:
            return
        if arrival is not Arrival.WHOLE:
            self._refuse(conn, arrival.value.encode())
            return
        self._unwatch(conn)
        conn.init()
        # The thread's reads get the buffered request first and only then the socket.
        conn.parser.unreader.unread(bytes(conn.received))
        conn.received = None
        conn.sock.settimeout(REQUEST_SECONDS)  # a reader too slow for the answer lets go
        self._wrap_future(self.tpool.submit(self.handle, conn), conn)

    def _start_request(self, conn: TConn) -> bool:
        """Give the connection's next request a buffer and a deadline; ``False`` if the
        connection, idle after an earlier request, has just been closed as expired."""
        if conn.initialized:
            with self._lock:
                try:
                    self._keep.remove(conn)
                except ValueError:
                    return False
        conn.received = bytearray()
        conn.deadline = time.monotonic() + REQUEST_SECONDS
        self.arriving.append(conn)
        return True

    def _unwatch(self, conn: TConn) -> None:
        self.arriving.remove(conn)
        with self._lock:
            self.poller.unregister(conn.sock)

    def _drop(self, conn: TConn) -> None:
        self._unwatch(conn)
        self.nr_conns -= 1
        conn.close()

    def _refuse(self, conn: TConn, status: bytes) -> None:
        """Answer a request that will not be taken, and close its connection."""
        answer = b"HTTP/1.1 %s\r\nConnection: close\r\nContent-Length: 0\r\n\r\n" % status
        with contextlib.suppress(OSError):
            conn.sock.send(answer)
        self._drop(conn)

    def murder_keepalived(self) -> None:
        """Close idle keep-alive connections (gunicorn's) and those whose request is late."""
        super().murder_keepalived()
        now = time.monotonic()
        while self.arriving and self.arriving[0].deadline <= now:
            self._drop(self.arriving[0])
