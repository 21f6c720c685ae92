"""A refused submit on a 360 px phone shows its error where the player is looking.

Rule: after a refused typed or confirmed move or a lobby form with a bad address, the error's
element is inside the viewport, and a typed move's panel stays open with the text
the player typed; with JavaScript (the pages' htmx boosting) and without it.
The pages are the live server's, in Chromium; the refused typed move's screenshots go
to ``var/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from tests.browser.checks import axe_violations, out_of_view, stale_confirmation_refused
from tests.browser.freibeuter_moves import choose_a_move

PHONE = {"width": 360, "height": 780}
REFUSED = "place Z9 draw sea"
JAVASCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])


@pytest.fixture
def phone(browser: Any, console: Any, javascript: bool) -> Iterator[Any]:
    """A 360 px page, with or without JavaScript, closed after the test."""
    context = browser.new_context(viewport=PHONE, java_script_enabled=javascript)
    yield console.watch(context.new_page())
    context.close()


@pytest.mark.django_db(transaction=True)
@JAVASCRIPT
def test_a_refused_typed_move_is_explained_beside_the_text_typed(
    live_server: Any, phone: Any, console: Any, javascript: bool, screenshots: Path
) -> None:
    game = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in "ABC"], seed=7)
    phone.goto(f"{live_server.url}/play/{seat_token(game.seats.get(position=0))}/")
    phone.locator("details.typed summary").click()
    phone.fill("#typed-move", REFUSED)
    phone.locator("#typed-move").scroll_into_view_if_needed()
    phone.locator(".typed-form button").click()
    phone.wait_for_selector("#typed-move-error")
    phone.screenshot(path=screenshots / f"typed-move-refused-{'js' if javascript else 'no-js'}.png")
    assert out_of_view(phone, "#typed-move-error") == ""
    assert phone.locator("details.typed").get_attribute("open") is not None
    assert phone.input_value("#typed-move") == REFUSED
    assert phone.evaluate("document.activeElement.id") == "typed-move"
    assert phone.locator("#typed-move-error").get_attribute("role") == "alert"
    assert Game.objects.get(pk=game.pk).last_seq == game.last_seq
    assert not console.errors
    assert not javascript or not axe_violations(phone)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True])
def test_a_refused_confirmed_move_is_explained_in_view(
    live_server: Any, phone: Any, console: Any, javascript: bool
) -> None:
    """The confirmation's move refused (here as stale) is told above the board, scrolled to."""
    game = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in "ABC"], seed=7)
    phone.goto(f"{live_server.url}/play/{seat_token(game.seats.get(position=0))}/")
    choose_a_move(phone)
    assert stale_confirmation_refused(phone) == ""
    assert Game.objects.get(pk=game.pk).last_seq == game.last_seq
    assert not console.errors


@pytest.mark.django_db(transaction=True)
@JAVASCRIPT
def test_a_bad_address_in_the_lobby_is_shown_where_the_player_is(
    live_server: Any, phone: Any, console: Any, javascript: bool
) -> None:
    phone.goto(f"{live_server.url}/games/new/")
    phone.select_option("#id_seat0_kind", "email")
    phone.fill("#id_seat0_name", "Dora")
    phone.fill("#id_seat0_email", "dora-at-example")
    phone.locator("form button[type=submit]").scroll_into_view_if_needed()
    phone.locator("form button[type=submit]").click()
    phone.wait_for_selector("#id_seat0_email_error")
    assert out_of_view(phone, "#id_seat0_email_error") == ""
    assert phone.input_value("#id_seat0_email") == "dora-at-example"
    assert phone.evaluate("document.activeElement.id") == "id_seat0_email"
    assert not console.errors
    assert not javascript or not axe_violations(phone)
