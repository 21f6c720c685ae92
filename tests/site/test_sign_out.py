"""Signing out: a POST with CSRF from the button every page shows a signed-in player ends the
session, so neither that browser nor a copy of its cookie lists his seat links any more."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from games.models import Game, OutboundMail
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create

pytestmark = pytest.mark.clock


@pytest.fixture(autouse=True)
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache per test, so the sign-in limits never carry over between tests."""


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne", email="anne@example.org"), PlayerSpec(name="Bart")],
        seed=1,
    )


def _csrf(page: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found, "the page has no form with a CSRF token"
    return found.group(1)


def _signed_in(client: Client) -> None:
    form = client.get("/signin/").content.decode()
    client.post("/signin/", {"email": "anne@example.org", "csrfmiddlewaretoken": _csrf(form)})
    link = OutboundMail.objects.filter(kind="sign_in").latest("id").context["link"]
    path = re.sub(r"^https?://[^/]+", "", link)
    answer = client.post(path, {"csrfmiddlewaretoken": _csrf(client.get(path).content.decode())})
    assert answer.status_code == 302


def test_signing_out_ends_the_session_and_its_seat_links(game: Game) -> None:
    client = Client(enforce_csrf_checks=True)
    _signed_in(client)
    play = f'href="/play/{seat_token(game.seats.get(display_name="Anne"))}/"'
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page = client.get("/my-games/").content.decode()
    assert play in page and 'action="/signout/"' in page
    assert play in client.get("/").content.decode()

    assert client.get("/signout/").status_code == 405  # a GET (a link, a scanner) changes nothing
    assert client.post("/signout/").status_code == 403  # no CSRF token: refused
    assert play in client.get("/my-games/").content.decode()

    answer = client.post("/signout/", {"csrfmiddlewaretoken": _csrf(page)})
    assert answer.status_code == 302 and answer["Location"] == "/"
    assert client.get("/my-games/")["Location"] == "/signin/"
    dashboard = client.get("/").content.decode()
    assert play not in dashboard and 'action="/signout/"' not in dashboard
    assert 'href="/signin/"' in dashboard

    stolen = Client()
    stolen.cookies[settings.SESSION_COOKIE_NAME] = cookie
    assert stolen.get("/my-games/")["Location"] == "/signin/"
    assert play not in stolen.get("/").content.decode()


def test_the_sign_out_button_shows_on_the_pages_a_signed_in_player_sees(game: Game) -> None:
    client = Client()
    _signed_in(client)
    for url in ("/", "/my-games/", "/players/handle/", "/leaderboard/", "/signin/"):
        assert 'action="/signout/"' in client.get(url).content.decode(), url
    assert 'action="/signout/"' not in Client().get("/").content.decode()
