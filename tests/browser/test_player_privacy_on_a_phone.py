"""Reliability beside names and deleting an account, on a 360 px phone in each language.

In Chromium against the live server: a table's open-seat page names each
player's reliability and the table's minimum; a player signs in, asks to
delete his account, confirms in a second step and is signed out.
Nothing sticks out sideways.
Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.models import OutboundMail, Player
from games.people.accounts import player_create
from games.play.lobby import SeatSpec, open_seat_token, table_create
from games.play.open_seats import open_seat_take
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state

PHONE = {"width": 360, "height": 740}
HANDLE = "Hildegard-Wilhelmine-Friederike-vonKap"
WORDS = {
    "en": ("of 1 turn moved in time", "Delete my account", "Account deleted"),
    "de": ("von 1 Zug rechtzeitig gezogen", "Mein Konto löschen", "Konto gelöscht"),
    "fr": ("de 1 tour joué à temps", "Supprimer mon compte", "Compte supprimé"),
}


def _fits(page: Any, screenshots: Path, name: str) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    page.screenshot(path=screenshots / f"{name}.png", full_page=True)
    assert width <= PHONE["width"], f"{name} is {width} px wide at 360 px"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", sorted(WORDS))
def test_reliability_and_deletion_fit_a_phone(
    live_server: Any, browser: Any, console: Any, screenshots: Path, language: str
) -> None:
    reliable, confirm, deleted = WORDS[language]
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=3,
    )
    name = game.to_move[0]
    seat = game.seats.get(display_name=name)
    move = engine_for(game).bot_move(load_state(game), name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    player_create(email=f"{name.lower()}@example.org", handle=HANDLE)
    table = table_create(
        kind="freibeuter", seats=[SeatSpec(kind="open")] * 3, options={}, min_reliability=50
    )
    address = f"{name.lower()}@example.org"
    open_seat_take(
        table=table, name=name, email="", language="en", time_zone="UTC", verified_email=address
    )

    context = browser.new_context(viewport=PHONE, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = console.watch(context.new_page())
    page.goto(f"{live_server.url}/tables/{open_seat_token(table)}/join/")
    main = page.locator("main").inner_text()
    assert reliable in main and "50 %" in main
    _fits(page, screenshots, f"open-seat-reliability-{language}")

    page.goto(f"{live_server.url}/signin/")
    page.locator("input[name=email]").fill(f"{name.lower()}@example.org")
    with page.expect_navigation():
        page.locator("main form button").click()
    link = OutboundMail.objects.filter(kind="sign_in").latest("id").context["link"]
    page.goto(live_server.url + re.sub(r"^https?://[^/]+", "", link))
    with page.expect_navigation():
        page.locator("main form button").click()
    page.get_by_role("link", name=confirm).click()
    page.wait_for_url("**/my-games/delete/")
    _fits(page, screenshots, f"account-delete-{language}")
    page.locator("input[name=confirm]").check()
    with page.expect_navigation():
        page.locator("main form button").click()
    assert deleted in page.locator("h1").inner_text()
    _fits(page, screenshots, f"account-deleted-{language}")
    assert Player.objects.get().deleted_at is not None
    assert not console.errors
    context.close()
