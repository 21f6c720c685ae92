"""The notices' tests' game (Anne in German in Berlin, Bart in French in Paris, the bot
Cleo) and a real HTTP receiver for webhooks: a thread serving ``http.server`` on a local
port, which keeps each request and answers with the status it is told."""

from __future__ import annotations

import json
import ssl
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from mail_helpers import free_port

from games.models import Game
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """The receiver at ``url``; ``received`` holds its requests, ``status`` its answer; with
    ``tls``, it answers https."""

    port: int
    received: list[Received] = field(default_factory=list)
    status: int = 204
    answer: bytes = b""
    answer_headers: dict[str, str] = field(default_factory=dict)
    server: ThreadingHTTPServer | None = None
    tls: ssl.SSLContext | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook/abc?x=1"

    def start(self) -> None:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                receiver.received.append(Received(self.path, dict(self.headers), body))
                self.send_response(receiver.status)
                self.send_header("Content-Length", str(len(receiver.answer)))
                for name, value in receiver.answer_headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(receiver.answer)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        if self.tls is not None:
            self.server.socket = self.tls.wrap_socket(self.server.socket, server_side=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def receiver(settings: Any) -> Iterator[Receiver]:
    """A running receiver, its local http address allowed (``NOTICE_ALLOW_PRIVATE``)."""
    settings.NOTICE_ALLOW_PRIVATE = True
    running = Receiver(port=free_port())
    running.start()
    yield running
    running.stop()


@pytest.fixture
def game(db: None) -> Game:
    """A Freibeuter game whose first turn is Anne's."""
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(
                name="Anne", email="anne@example.org", language="de", time_zone="Europe/Berlin"
            ),
            PlayerSpec(
                name="Bart", email="bart@example.org", language="fr", time_zone="Europe/Paris"
            ),
            PlayerSpec(name="Cleo", is_bot=True),
        ],
        seed=4,
        now=T0,
    )


def anne_moves(game: Game) -> None:
    """Anne makes a legal move, so Bart's turn begins."""
    game.refresh_from_db()
    anne = game.seats.get(display_name="Anne")
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    assert "Bart" in game.to_move
