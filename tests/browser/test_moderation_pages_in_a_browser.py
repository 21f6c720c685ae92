"""Moderation pages: at 1280 px the admin's game list shows its last column
whole (nothing clipped or scrolled out), and the moderation page reads at 360 px.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission, User

from games.play.services import PlayerSpec, game_create

PASSWORD = "a long moderator password"


def _signed_in(browser: Any, live_server: Any, width: int) -> Any:
    user = User.objects.create_user("mara", password=PASSWORD, is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(codename__in=("moderate_game", "view_game"))
    )
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "mara")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")
    return page


def _overflow(page: Any) -> int:
    """How many pixels the page is wider than its window (0: nothing to scroll sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.django_db(transaction=True)
def test_the_admin_game_list_shows_its_last_column_at_1280_px(
    live_server: Any, browser: Any, console: Any
) -> None:
    for seed in range(3):
        game_create(
            kind="seerauber",
            players=[PlayerSpec(name=name) for name in ("Annemarie", "Bartholomäus", "Cleo")],
            seed=seed,
        )
    page = console.watch(_signed_in(browser, live_server, 1280))
    page.goto(f"{live_server.url}/admin/games/game/")
    last = page.locator("#result_list thead th").last
    box = last.bounding_box()
    result = page.locator("#changelist .results").bounding_box()
    assert box is not None and result is not None
    assert box["x"] + box["width"] <= result["x"] + result["width"] + 1
    assert box["x"] + box["width"] <= 1280
    assert _overflow(page) == 0
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_the_moderation_page_reads_on_a_phone(
    live_server: Any, browser: Any, console: Any, screenshots: Any
) -> None:
    players = [PlayerSpec(name="Anne"), PlayerSpec(name="Bart")]
    game = game_create(kind="freibeuter", players=players)
    page = console.watch(_signed_in(browser, live_server, 360))
    page.goto(f"{live_server.url}/moderate/games/{game.pk}/")
    assert page.locator("header", has_text="Sign out").count() == 1
    assert page.locator("button", has_text="Pause the game").count() == 1
    assert _overflow(page) == 0
    page.screenshot(path=str(screenshots / "moderate-game-360.png"), full_page=True)
    page.context.close()
    assert console.errors == []
