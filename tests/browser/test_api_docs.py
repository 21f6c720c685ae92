"""The API docs work offline: Swagger UI and Redoc come from the site, not from a CDN.

With every request to another host blocked, ``/api/docs/``
renders, *Authorize* takes ``Seat <token>`` and *Execute* answers the seat's
own view of its game; ``/api/redoc/`` renders the same schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from games.models import Game
from games.play import selectors
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create


class OtherHosts:
    """Blocks every request of a browser context that leaves the live server, and keeps them."""

    def __init__(self, live_server_url: str) -> None:
        self.own = urlsplit(live_server_url).netloc
        self.blocked: list[str] = []

    def guard(self, context: Any) -> Any:
        context.route("**/*", self._route)
        return context

    def _route(self, route: Any) -> None:
        url = route.request.url
        if urlsplit(url).scheme in ("data", "blob") or urlsplit(url).netloc == self.own:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def offline(live_server: Any, browser: Any) -> Iterator[tuple[Any, OtherHosts]]:
    """A browser context that reaches the live server only, and what it tried beyond."""
    hosts = OtherHosts(live_server.url)
    context = hosts.guard(browser.new_context())
    yield context, hosts
    context.close()


@pytest.fixture
def game() -> Game:
    return game_create(
        kind="freibeuter", players=[PlayerSpec(name="Anne"), PlayerSpec(name="Bart")], seed=5
    )


def test_it_authorizes_as_a_seat_and_calls_the_api_from_the_docs_offline(
    live_server: Any, offline: tuple[Any, OtherHosts], console: Any, game: Game, screenshots: Any
) -> None:
    anne = game.seats.get(display_name="Anne")
    context, hosts = offline
    page = console.watch(context.new_page())

    page.goto(f"{live_server.url}/api/docs/")
    page.locator(".swagger-ui .info .title", has_text="Freibeuter play-by-email API").wait_for()
    page.locator(".swagger-ui .auth-wrapper button.authorize").click()
    dialog = page.locator(".swagger-ui .dialog-ux")
    seat_scheme = dialog.locator("form", has_text="seatToken")
    seat_scheme.locator("input").fill(f"Seat {seat_token(anne)}")
    seat_scheme.locator("button.authorize").click()
    seat_scheme.locator("h6", has_text="Authorized").wait_for()
    seat_scheme.locator("button.btn-done").click()

    operation = page.locator("#operations-games-games_detail")
    operation.locator(".opblock-summary").click()
    operation.locator("button.try-out__btn").click()
    operation.locator("tr[data-param-name='id'] input").fill(str(game.pk))
    operation.locator("button.execute").click()
    live = operation.locator(".live-responses-table .response")
    live.locator(".response-col_status", has_text="200").wait_for()
    page.screenshot(path=str(screenshots / "api-docs.png"), full_page=True)
    body = json.loads(live.locator(".response-col_description pre").first.inner_text())

    assert body["you"]["name"] == "Anne"
    assert body["view"] == json.loads(json.dumps(selectors.game_state(game=game, seat=anne)))
    assert hosts.blocked == []
    assert console.errors == []


REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def test_it_renders_redoc_from_the_site_alone(
    live_server: Any, offline: tuple[Any, OtherHosts], console: Any
) -> None:
    context, hosts = offline
    page = console.watch(context.new_page())

    page.goto(f"{live_server.url}/api/redoc/")
    page.locator("h1", has_text="Freibeuter play-by-email API").wait_for()
    page.locator("h2", has_text="Send a move").wait_for()

    assert hosts.blocked == []
    # Redoc's footer names its vendor's logo; the page's policy refuses it before any request.
    assert [error for error in console.errors if REDOCLY_LOGO not in error] == []
