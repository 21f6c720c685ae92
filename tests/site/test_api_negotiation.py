"""The move POST's content negotiation chooses what DRF's own would, whatever is asked."""

from __future__ import annotations

import pytest
from api_helpers import post_json
from django.test import Client
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from games.api.negotiation import JsonFirstNegotiation
from games.models import Game
from games.play.links import seat_token
from games.play.selectors import game_legal_moves

ACCEPTS = [
    None,
    "*/*",
    "application/json",
    "application/json; indent=4",
    "application/*",
    "text/html",
    "text/html, */*;q=0.8",
    "application/json, text/plain",
    "",
    "image/png",
]
QUERIES = ["", "format=json", "format=api", "format=xml", "page=2"]
RENDERERS = {
    "json": [JSONRenderer()],
    "json, browsable": [JSONRenderer(), BrowsableAPIRenderer()],
    "browsable, json": [BrowsableAPIRenderer(), JSONRenderer()],
}


def _chosen(
    negotiation: DefaultContentNegotiation,
    request: Request,
    renderers: list[BaseRenderer],
    suffix: str | None,
) -> object:
    try:
        renderer, media_type = negotiation.select_renderer(request, renderers, suffix)
    except Exception as error:  # noqa: BLE001 - the refusal is part of the answer compared
        return type(error)
    return type(renderer), media_type


@pytest.mark.parametrize("renderers", RENDERERS.values(), ids=RENDERERS.keys())
@pytest.mark.parametrize("suffix", [None, "json", "api"])
@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("accept", ACCEPTS)
def test_it_chooses_what_drf_chooses(
    accept: str | None, query: str, suffix: str | None, renderers: list[BaseRenderer]
) -> None:
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().post(f"/api/games/1/moves/?{query}", **headers))
    ours = _chosen(JsonFirstNegotiation(), request, renderers, suffix)
    assert ours == _chosen(DefaultContentNegotiation(), request, renderers, suffix)


def test_a_move_post_answers_json_to_any_json_accept(game: Game, client: Client) -> None:
    anne = game.seats.get(position=0)
    move = game_legal_moves(game=game, seat=anne)[0]
    body = {"move": move, "expected_seq": 1}
    client.defaults["HTTP_ACCEPT"] = "*/*"
    response = post_json(client, f"/api/games/{game.pk}/moves/", body, seat_token(anne))
    assert response.status_code == 201
    assert response["Content-Type"] == "application/json"
    assert response.json()["seq"] == 2


def test_a_move_post_asking_for_html_is_refused_before_the_move(game: Game, client: Client) -> None:
    anne = game.seats.get(position=0)
    move = game_legal_moves(game=game, seat=anne)[0]
    body = {"move": move, "expected_seq": 1}
    client.defaults["HTTP_ACCEPT"] = "text/html"
    response = post_json(client, f"/api/games/{game.pk}/moves/", body, seat_token(anne))
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == NotAcceptable.default_code
    game.refresh_from_db()
    assert game.last_seq == 1
