"""The pages work in Chromium under their Content-Security-Policy, and the policy is enforced.

The game page, the lobby, Swagger UI and Redoc are loaded with every
``securitypolicyviolation`` event and every console error collected: none may
occur, so each script and style the pages need is allowed by the policy (from
the site or by the response's nonce) while nothing inline is. htmx still
loads the game's chat and plays a move on the page without reloading it, and
a script injected into the page without the nonce is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from tests.browser.freibeuter_moves import choose_a_move

pytestmark = pytest.mark.django_db(transaction=True)

REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportViolation(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`);
});
"""


class Violations:
    """A browser context whose pages report each CSP violation and console error they meet."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.found: list[str] = []
        context.expose_function("reportViolation", self.report)
        context.add_init_script(REPORT_VIOLATIONS)

    def report(self, violation: str) -> None:
        self.found.append(violation)

    def new_page(self) -> Any:
        page = self.context.new_page()
        page.on("console", lambda m: m.type == "error" and self.report(m.text))
        page.on("pageerror", lambda error: self.report(f"uncaught: {error}"))
        return page

    def goto(self, page: Any, url: str) -> None:
        """Open ``url`` and check that its response carries a policy without 'unsafe-inline'."""
        response = page.goto(url)
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy, (url, policy)
        assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy, (url, policy)


@pytest.fixture
def violations(browser: Any) -> Iterator[Violations]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    yield Violations(context)
    context.close()


@pytest.fixture
def game() -> Game:
    return game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in ("Anne", "Bart")])


def test_htmx_plays_a_move_on_the_game_page_under_the_policy(
    live_server: Any, violations: Violations, game: Game
) -> None:
    """The chat loads by htmx, a move is chosen and confirmed in place, and nothing is refused."""
    anne = game.seats.get(display_name="Anne")
    page = violations.new_page()
    violations.goto(page, f"{live_server.url}/play/{seat_token(anne)}/")
    page.locator("#chat-list").wait_for()  # swapped in by htmx's hx-trigger="load"

    choose_a_move(page)
    page.evaluate("window.sameDocument = true")
    page.locator("#confirm .confirm-form button[type=submit]").click()
    page.wait_for_selector(".banner-you", state="detached")

    game.refresh_from_db()
    assert game.last_seq > 0  # the move was made
    assert page.evaluate("window.sameDocument === true")  # posted by htmx, not by a page load
    assert violations.found == []


def test_the_lobby_and_the_api_docs_run_under_the_policy(
    live_server: Any, violations: Violations, game: Game
) -> None:
    """The lobby, Swagger UI and Redoc render their content with no violation."""
    page = violations.new_page()
    violations.goto(page, f"{live_server.url}/games/new/")
    page.locator("#id_name").wait_for()
    violations.goto(page, f"{live_server.url}/api/docs/")
    page.locator(".swagger-ui .info .title", has_text="play-by-email API").wait_for()
    page.locator("#operations-games-games_detail").wait_for()
    violations.goto(page, f"{live_server.url}/api/redoc/")
    page.locator("h2", has_text="Send a move").wait_for()
    # Redoc's footer names its vendor's logo, which img-src refuses on purpose.
    assert [found for found in violations.found if "redoc.ly" not in found] == []


def test_it_refuses_a_script_injected_without_the_nonce(
    live_server: Any, violations: Violations, game: Game
) -> None:
    """Markup that reaches the page (as a name or a chat line might) runs no script and no style."""
    page = violations.new_page()
    violations.goto(page, f"{live_server.url}/games/{game.pk}/")
    page.evaluate(
        """() => {
          const box = document.createElement("div");
          box.innerHTML = '<img src="/x.png" onerror="window.pwned = true">'
            + '<p id="styled" style="color: rgb(255, 0, 0)">red?</p>';
          document.body.append(box);
          const script = document.createElement("script");
          script.textContent = "window.pwned = true";
          document.body.append(script);
        }"""
    )
    page.wait_for_function("() => document.querySelector('img[src=\"/x.png\"]').complete")
    assert page.evaluate("window.pwned === undefined")
    assert page.locator("#styled").evaluate("p => getComputedStyle(p).color") != "rgb(255, 0, 0)"
    assert any("script-src" in found for found in violations.found), violations.found
