"""The time zone a page offers first is the browser's own, which the player confirms.

Rule: a seat still on UTC is shown the zone its browser reports (``Intl``), found in the list
under its place's name even when the browser gives an old alias (``Asia/Calcutta`` is
``Asia/Kolkata``); without JavaScript, the zone its languages suggest; a zone the player saved
is never replaced.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, Seat
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create


def _seat(**spec: Any) -> Seat:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne", **spec), PlayerSpec(name="Bart"), PlayerSpec(name="Cleo")],
        seed=2,
    )
    return Game.objects.get(pk=game.pk).seats.get(display_name="Anne")


def _offered(browser: Any, url: str, **options: Any) -> str:
    context = browser.new_context(viewport={"width": 360, "height": 780}, **options)
    page = context.new_page()
    page.goto(url)
    zone = page.input_value("#id_time_zone")
    context.close()
    return str(zone)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("browser_zone", "offered"),
    [("Europe/Kiev", "Europe/Kyiv"), ("Asia/Calcutta", "Asia/Kolkata")],
)
def test_a_seat_on_utc_is_offered_its_browsers_zone(
    live_server: Any, browser: Any, browser_zone: str, offered: str
) -> None:
    url = f"{live_server.url}/play/{seat_token(_seat())}/mail/"
    found = _offered(browser, url, timezone_id=browser_zone, locale="fr-FR")
    assert found == offered


@pytest.mark.django_db(transaction=True)
def test_without_javascript_the_browsers_languages_suggest_the_zone(
    live_server: Any, browser: Any
) -> None:
    url = f"{live_server.url}/play/{seat_token(_seat())}/mail/"
    options = {"timezone_id": "Asia/Tokyo", "locale": "fr-FR", "java_script_enabled": False}
    assert _offered(browser, url, **options) == "Europe/Paris"


@pytest.mark.django_db(transaction=True)
def test_a_saved_zone_is_kept_whatever_the_browser_says(live_server: Any, browser: Any) -> None:
    url = f"{live_server.url}/play/{seat_token(_seat(time_zone='America/New_York'))}/mail/"
    assert _offered(browser, url, timezone_id="Europe/Berlin") == "America/New_York"
