"""Requests under ``/api/`` skip the pages' language, message and htmx middleware
(``games.api.middleware``, issue 16); the pages keep all three."""

from __future__ import annotations

from api_helpers import get_json, post_json
from asgiref.sync import async_to_sync
from django.http.response import HttpResponseBase
from django.test import AsyncClient, Client

from games.models import Game

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def test_an_api_answer_is_in_the_apis_one_language_whatever_the_reader_asks(
    game: Game, tokens: dict[str, str]
) -> None:
    client = Client()
    read = client.get(
        f"/api/games/{game.pk}/", HTTP_AUTHORIZATION=f"Seat {tokens['Anne']}", **GERMAN
    )
    assert read.status_code == 200
    assert "Content-Language" not in read, "the API does not choose a language"
    assert "Accept-Language" not in read.get("Vary", "")
    # DRF's own message, which Django would translate for a German reader, stays English.
    refused = client.post(
        f"/api/games/{game.pk}/moves/",
        "{}",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Seat {tokens['Anne']}",
        **GERMAN,
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["message"].endswith(": This field is required.")


def test_the_api_still_reads_and_moves_as_a_seat(game: Game, tokens: dict[str, str]) -> None:
    client = Client()
    legal = get_json(client, f"/api/games/{game.pk}/legal/", tokens["Anne"]).json()
    body = {"move": legal["moves"][0], "expected_seq": legal["seq"]}
    assert (
        post_json(client, f"/api/games/{game.pk}/moves/", body, tokens["Anne"]).status_code == 201
    )


def test_a_page_is_still_in_the_readers_language(game: Game) -> None:
    page = Client().get(f"/games/{game.pk}/", **GERMAN)
    assert page.status_code == 200
    assert page["Content-Language"] == "de"
    assert "Accept-Language" in page["Vary"]


def test_under_asgi_an_api_request_skips_them_too(game: Game, tokens: dict[str, str]) -> None:
    async def read() -> HttpResponseBase:
        return await AsyncClient().get(
            f"/api/games/{game.pk}/", headers={"Authorization": f"Seat {tokens['Anne']}"}, **GERMAN
        )

    answer = async_to_sync(read)()
    assert answer.status_code == 200
    assert "Content-Language" not in answer
