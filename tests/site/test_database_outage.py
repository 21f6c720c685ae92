"""While the database is unreachable, a request is answered 503 with ``Retry-After``, not 500.

A PostgreSQL restart (here: every connection through a TCP proxy cut, and new ones refused)
makes each request's query fail. The API answers ``503`` in its one error body, a page
answers a short page, both with ``Retry-After``, and the log has one line per request
instead of a stack trace. Nothing half done is left: a move sent during the outage is not
recorded, and sent again with its ``move_id`` once the server is back it is applied once.
The service recovers by itself: the next request opens a new connection.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import get_json, post_json
from django.db import connection
from django.test import Client
from tcp_proxy import TcpProxy

from games.models import Event, Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def proxy() -> Iterator[TcpProxy]:
    """The default connection, through a proxy to the test database's server."""
    settings = connection.settings_dict
    before = settings["HOST"], settings["PORT"]
    proxy = TcpProxy((settings["HOST"] or "127.0.0.1", int(settings["PORT"] or 5432)))
    connection.close()
    settings["HOST"], settings["PORT"] = "127.0.0.1", str(proxy.port)
    try:
        yield proxy
    finally:
        connection.close()
        settings["HOST"], settings["PORT"] = before
        proxy.close()


def _move(client: Client, game: Game, token: str, move_id: str) -> Any:
    legal = get_json(client, f"/api/games/{game.pk}/legal/", token).json()
    body = {"move": legal["moves"][0], "expected_seq": legal["seq"], "move_id": move_id}
    return body, f"/api/games/{game.pk}/moves/"


def test_an_outage_answers_503_with_retry_after_and_a_move_sent_again_is_applied_once(
    proxy: TcpProxy, client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    game = game_create(
        kind="freibeuter", players=[PlayerSpec(name=n) for n in ("Anne", "Bart", "Cleo")]
    )
    seat = game.seats.get(display_name=game.to_move[0])
    token = seat_token(seat)
    body, path = _move(client, game, token, "outage-1")
    moves_before = Event.objects.filter(game=game, type="move").count()

    proxy.cut()
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        refused = post_json(client, path, body, token)
        page = client.get("/")
        german = client.get("/", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 503
    assert refused["Retry-After"] == "5"
    assert refused.json()["error"]["code"] == "unavailable"
    assert page.status_code == 503 and page["Retry-After"] == "5"
    assert "Back in a moment" in page.content.decode()
    assert german.status_code == 503 and "Gleich wieder da" in german.content.decode()
    assert not [r for r in caplog.records if r.exc_info], "no stack trace in the log"

    proxy.resume()
    applied = post_json(client, path, body, token)
    assert applied.status_code == 201, applied.json()
    again = post_json(client, path, body, token)
    assert again.status_code in (200, 201) and again.json()["seq"] == applied.json()["seq"]
    assert Event.objects.filter(game=game, type="move").count() == moves_before + 1
