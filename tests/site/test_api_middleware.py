"""Requests under ``/api/`` skip the pages' language, message and htmx middleware
(``games.api.middleware``); the pages keep all three."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from api_helpers import get_json, post_json, seat_auth
from asgiref.sync import sync_to_async
from django.db import connections
from django.http.response import HttpResponseBase
from django.test import AsyncClient, Client

from games.models import Game

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def test_an_api_answer_is_in_the_apis_one_language_whatever_the_reader_asks(
    game: Game, tokens: dict[str, str]
) -> None:
    client = Client()
    read = client.get(f"/api/games/{game.pk}/", **seat_auth(tokens["Anne"]), **GERMAN)
    assert read.status_code == 200
    assert "Content-Language" not in read, "the API does not choose a language"
    assert "Accept-Language" not in read.get("Vary", "")
    # DRF's own message, which Django would translate for a German reader, stays English.
    refused = client.post(
        f"/api/games/{game.pk}/moves/",
        "{}",
        content_type="application/json",
        **seat_auth(tokens["Anne"]),
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


@pytest.mark.django_db(transaction=True)  # the view runs in asgiref's thread, on its connection
def test_under_asgi_an_api_request_skips_them_too(game: Game, tokens: dict[str, str]) -> None:
    async def read() -> HttpResponseBase:
        answer = await AsyncClient().get(
            f"/api/games/{game.pk}/", headers={"Authorization": f"Seat {tokens['Anne']}"}, **GERMAN
        )
        await sync_to_async(connections.close_all)()  # the connection the view's thread kept
        return answer

    # A loop of its own in a thread of its own: a browser test may keep one in this thread.
    with ThreadPoolExecutor(max_workers=1) as thread:
        answer = thread.submit(asyncio.run, read()).result()
    assert answer.status_code == 200
    assert "Content-Language" not in answer
