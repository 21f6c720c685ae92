"""The move POST answers JSON to a client that takes it, and refuses one that takes none."""

from __future__ import annotations

import pytest
from api_helpers import post_json
from django.http import HttpResponse
from django.test import Client
from rest_framework.exceptions import NotAcceptable

from games.models import Game
from games.play.links import seat_token
from games.play.selectors import game_legal_moves


def _move_post(game: Game, client: Client, path: str = "") -> HttpResponse:
    anne = game.seats.get(position=0)
    move = game_legal_moves(game=game, seat=anne)[0]
    body = {"move": move, "expected_seq": 1}
    return post_json(client, f"/api/games/{game.pk}/moves/{path}", body, seat_token(anne))


@pytest.mark.parametrize("accept", [None, "*/*", "application/json", "application/*"])
def test_a_move_post_answers_json_to_any_json_accept(
    game: Game, client: Client, accept: str | None
) -> None:
    if accept is not None:
        client.defaults["HTTP_ACCEPT"] = accept
    response = _move_post(game, client)
    assert response.status_code == 201
    assert response["Content-Type"] == "application/json"
    assert response.json()["seq"] == 2


def test_a_move_post_may_ask_for_json_by_format(game: Game, client: Client) -> None:
    response = _move_post(game, client, "?format=json")
    assert response.status_code == 201
    assert response["Content-Type"] == "application/json"


def test_a_move_post_asking_for_html_is_refused_before_the_move(game: Game, client: Client) -> None:
    client.defaults["HTTP_ACCEPT"] = "text/html"
    response = _move_post(game, client)
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == NotAcceptable.default_code
    game.refresh_from_db()
    assert game.last_seq == 1
