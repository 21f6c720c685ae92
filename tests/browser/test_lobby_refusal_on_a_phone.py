"""A lobby form refused with 429 (its network's share of tables used up) shows its error on a
360 px phone, with JavaScript (htmx, which swaps no 4xx answer unless told to) and without.

Rule: the page the server renders with the error replaces the form, and the error's element is
inside the viewport after the submit; nothing is created.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.models import Table
from games.play.lobby import INVITE_CLIENT_LIMIT, INVITE_CLIENT_WINDOW
from games.play.sign_in import client_network, counted

PHONE = {"width": 360, "height": 780}


@pytest.fixture
def phone(browser: Any, console: Any, javascript: bool) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, java_script_enabled=javascript)
    yield console.watch(context.new_page())
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_cache")
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_lobby_refused_as_too_many_shows_why_in_the_viewport(
    live_server: Any, phone: Any, console: Any, javascript: bool
) -> None:
    for _ in range(INVITE_CLIENT_LIMIT):  # the network's share, used up
        counted(f"invite:client:{client_network('127.0.0.1')}", window=INVITE_CLIENT_WINDOW)
    phone.goto(f"{live_server.url}/games/new/")
    for seat, name in enumerate(("Dora", "Emil")):
        phone.select_option(f"#id_seat{seat}_kind", "email")
        phone.fill(f"#id_seat{seat}_name", name)
        phone.fill(f"#id_seat{seat}_email", f"{name.lower()}@example.org")
    phone.locator("form button[type=submit]").scroll_into_view_if_needed()
    with phone.expect_response(lambda response: response.request.method == "POST") as answer:
        phone.locator("form button[type=submit]").click()
    assert answer.value.status == 429
    error = phone.get_by_text("Too many games with invitations came from your network")
    error.wait_for()
    box = error.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (
        f"the error is at {box}, outside the {PHONE['height']} px viewport"
    )
    assert phone.input_value("#id_seat1_email") == "emil@example.org"
    assert not Table.objects.exists()
    assert all("429" in message for message in console.errors), console.errors
