"""The table chat updates by itself: a message appears on the other players' open pages.

Table chat: without a reload, within the chat's polling interval,
and without wiping what the reader is typing at that moment.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create


@pytest.mark.django_db(transaction=True)
def test_a_chat_message_appears_on_the_other_open_page_without_a_reload(
    live_server: Any, browser: Any, console: Any
) -> None:
    game = game_create(
        kind="freibeuter", players=[PlayerSpec(name="Anne"), PlayerSpec(name="Bart")], seed=3
    )
    pages = {}
    for seat in game.seats.all():
        page = console.watch(browser.new_context().new_page())
        page.goto(f"{live_server.url}/play/{seat_token(seat)}/")
        page.locator("#chat-list").wait_for()
        pages[seat.display_name] = page
    pages["Bart"].fill("#chat input[name=text]", "half-typed")

    pages["Anne"].fill("#chat input[name=text]", "Ahoy, Bart!")
    pages["Anne"].locator("#chat button", has_text="Send").click()

    pages["Bart"].locator("#chat-list", has_text="Ahoy, Bart!").wait_for(timeout=12_000)
    assert pages["Bart"].input_value("#chat input[name=text]") == "half-typed"
    for page in pages.values():
        page.context.close()
    assert console.errors == []
