"""The history page's replay: the slider, Previous/Next and the address bar always agree.

A replay position is shared by its URL (``?at=N``) and the browser's back button
returns to the position before: Next moves the slider and the URL, the slider moves
the URL, and a URL with a position opens the page at it.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.play.services import PlayerSpec, game_create
from tests.site.player_helpers import bot_moves

pytestmark = pytest.mark.django_db(transaction=True)

MOVES = 6
WAIT = 5000  # ms


def _shows(page: Any, at: int) -> None:
    """The page is at move ``at``: its URL, its slider, its board's caption and its list."""
    page.wait_for_url(f"**/history/?at={at}", timeout=WAIT)
    caption = f"After move {at} of {MOVES}" if at else "Before the first move"
    page.locator(".replay-caption", has_text=caption).wait_for(timeout=WAIT)
    # The slider's value and spoken text follow once the swapped board has settled.
    page.wait_for_function(
        f"""() => {{
            const slider = document.querySelector('#at');
            return slider.value === '{at}'
                && slider.getAttribute('aria-valuetext') === 'move {at} of {MOVES}';
        }}""",
        timeout=WAIT,
    )
    current = page.locator(".moves-list li.current")
    assert (current.get_attribute("id") if at else current.count()) == (f"move-{at}" if at else 0)


def test_the_slider_the_links_and_the_url_follow_each_other(
    live_server: Any, browser: Any, console: Any
) -> None:
    """Next, Previous and the slider each move the other two and the URL; back returns."""
    game = game_create(
        kind="freibeuter", players=[PlayerSpec(name="Anne"), PlayerSpec(name="Bart")], seed=5
    )
    bot_moves(game, MOVES)
    context = browser.new_context()
    page = console.watch(context.new_page())
    history = f"{live_server.url}/games/{game.pk}/history/"

    page.goto(f"{history}?at=2")
    _shows(page, 2)

    page.locator("#replay a.button", has_text="Next").click()
    _shows(page, 3)
    page.locator("#replay a.button", has_text="Next").click()
    _shows(page, 4)
    page.locator("#replay a.button", has_text="Previous").click()
    _shows(page, 3)

    page.focus("#at")
    page.keyboard.press("Home")
    _shows(page, 0)
    page.keyboard.press("End")
    _shows(page, MOVES)

    page.go_back()
    _shows(page, 0)
    page.go_back()
    _shows(page, 3)

    page.goto(f"{history}?at=5")
    _shows(page, 5)

    page.goto(f"{live_server.url}/games/{game.pk}/")  # the page's script, arriving by htmx
    page.evaluate(
        """() => document.addEventListener('htmx:afterSettle', () => { window.settled = true; },
                                           {once: true})"""
    )
    page.locator("a", has_text="History and replay").click()
    page.wait_for_url("**/history/", timeout=WAIT)
    # The address changes as the new page is swapped in; its slider listens once it settled.
    page.wait_for_function("() => window.settled === true", timeout=WAIT)
    page.focus("#at")
    page.keyboard.press("Home")
    _shows(page, 0)
    page.locator("#replay a.button", has_text="Next").click()
    _shows(page, 1)
    context.close()
    assert console.errors == []
