"""A league's page and the list of leagues on a 360 px phone, in each language:
nothing sticks out sideways, and the standings reflow into one block per player.

The pages are the live server's, in Chromium; a long handle tries the standings and the
tables. Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.leagues.services import leagues_sweep
from games.models import LeagueTable
from tests.site.league_helpers import CLOSES, league_of, players_signed_up
from tests.site.player_helpers import bot_moves

PHONE = {"width": 360, "height": 740}
HANDLES = ["Hildegard-Wilhelmine-Friederike-vonKap", "Bart", "Cleo", "Dora", "Emil", "Fritz"]
WORDS = {"en": "Standings", "de": "Tabelle", "fr": "Classement de la ligue"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_league_pages_fit_a_phone(
    live_server: Any, browser: Any, console: Any, screenshots: Path, language: str
) -> None:
    league = league_of("seerauber", name="Wintermeisterschaft der Freibeuter 2026")
    players_signed_up(league, HANDLES)
    leagues_sweep(now=CLOSES)
    bot_moves(LeagueTable.objects.get(league=league, number=1).game, now=CLOSES)
    context = browser.new_context(viewport=PHONE, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = console.watch(context.new_page())
    for path in (f"/leagues/{league.pk}/", "/leagues/"):
        page.goto(f"{live_server.url}{path}")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        name = "league" if path.count("/") == 3 else "leagues"
        page.screenshot(path=screenshots / f"{name}-{language}.png", full_page=True)
        assert width <= PHONE["width"], f"{path} is {width} px wide at 360 px"
    page.goto(f"{live_server.url}/leagues/{league.pk}/")
    assert WORDS[language] in page.locator("main").inner_text()
    row = page.locator("table.games tbody tr").first
    assert row.evaluate("r => getComputedStyle(r).display") == "block"  # a block per player
    assert not page.locator("table.games thead").is_visible() or (
        page.locator("table.games thead").bounding_box()["width"] <= 1
    )
    assert not console.errors
    context.close()
