"""Every answer under ``/api/`` is JSON: unknown URLs, wrong methods and server errors too.

Django's own pages (its 404 for a URL no route matches, its 405,
its 500 and the debug pages that replace them with ``DEBUG`` on) become the
API's one error body, ``{"error": {"code", "message"}}``, with their status.
Pages outside ``/api/`` keep Django's HTML.
"""

from __future__ import annotations

from typing import Any, NoReturn

import pytest
from django.http import HttpRequest
from django.test import Client, override_settings
from django.urls import include, path

from games.models import Game


def _broken(request: HttpRequest) -> NoReturn:
    raise RuntimeError("a bug on our side")


# This module is the URLconf of the server-error tests: the API's routes and one broken view.
urlpatterns = [path("api/broken/", _broken), path("api/", include("games.api.urls"))]

DEBUG = pytest.mark.parametrize("debug", [True, False], ids=["debug", "production"])


def _json_error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json", response.content[:300]
    body: dict[str, Any] = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    assert body["error"]["message"]
    return body


@DEBUG
@pytest.mark.parametrize(
    "url",
    ["/api/nothing/here/", "/api/games/abc/", "/api/games/999999/", "/api/games/999999/legal/"],
)
def test_it_answers_an_unknown_url_or_game_with_the_error_body(
    db: None, client: Client, debug: bool, url: str
) -> None:
    with override_settings(DEBUG=debug):
        _json_error(client.get(url), 404, "not_found")


@DEBUG
@pytest.mark.parametrize(
    ("method", "url", "allowed"),
    [
        ("delete", "/api/games/", "GET, POST"),
        ("put", "/api/games/{id}/", "GET"),
        ("get", "/api/games/{id}/moves/", "POST"),
        ("post", "/api/schema/", "GET"),
        ("post", "/api/docs/", "GET"),
    ],
)
def test_it_answers_a_wrong_method_with_the_error_body_and_the_allowed_ones(
    game: Game, client: Client, debug: bool, method: str, url: str, allowed: str
) -> None:
    with override_settings(DEBUG=debug):
        response = getattr(client, method)(url.format(id=game.pk))
    _json_error(response, 405, "method_not_allowed")
    assert {m.strip() for m in response["Allow"].split(",")} >= set(allowed.split(", "))


@DEBUG
@pytest.mark.urls(__name__)
def test_it_answers_a_server_error_with_the_error_body(db: None, debug: bool) -> None:
    client = Client(raise_request_exception=False)
    with override_settings(DEBUG=debug):
        body = _json_error(client.get("/api/broken/"), 500, "server_error")
    assert "a bug on our side" not in str(body)


def test_it_answers_a_refused_host_with_the_error_body(client: Client) -> None:
    _json_error(client.get("/api/games/", HTTP_HOST="evil.example"), 400, "bad_request")


@DEBUG
def test_it_keeps_the_html_page_for_an_unknown_url_outside_the_api(
    db: None, client: Client, debug: bool
) -> None:
    with override_settings(DEBUG=debug):
        response = client.get("/nothing/here/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
