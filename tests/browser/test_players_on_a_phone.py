"""A profile and a leaderboard on a 360 px phone, in each language: nothing sticks out sideways.

The pages are the live server's, in Chromium; their tables reflow into one
block per row, so neither the page nor a word is squeezed. A long handle tries the headings and
the leaderboard's rows. Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from games.people.accounts import player_create
from games.people.profiles import LEADERBOARD_MIN_GAMES
from tests.site.player_helpers import address, finished_game

PHONE = {"width": 360, "height": 740}
NAMES = ["Hildegard-Wilhelmine-Friederike-vonKap", "Bart", "Cleo"]
WORDS = {"en": "Games by kind", "de": "Spiele nach Art", "fr": "Parties par jeu"}
BOARDS = {"en": "Leaderboard", "de": "Rangliste", "fr": "Palmarès"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_profile_and_the_leaderboard_fit_a_phone(
    live_server: Any, browser: Any, console: Any, screenshots: Path, language: str
) -> None:
    rng = random.Random(3)
    for _ in range(LEADERBOARD_MIN_GAMES):
        finished_game("seerauber", NAMES, rng)
    for name in NAMES:
        player_create(email=address(name), handle=name)
    context = browser.new_context(viewport=PHONE, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = console.watch(context.new_page())
    for path, word in (
        (f"/players/{NAMES[0]}/", WORDS[language]),
        ("/leaderboard/seerauber/", BOARDS[language]),
    ):
        page.goto(f"{live_server.url}{path}")
        assert word in page.locator("main").inner_text()
        width = page.evaluate("document.scrollingElement.scrollWidth")
        page.screenshot(
            path=screenshots / f"players-{path.split('/')[1]}-{language}.png", full_page=True
        )
        assert width <= PHONE["width"], f"{path} is {width} px wide at 360 px"
    page.get_by_role("link", name="Bart").click()
    page.wait_for_url("**/players/Bart/")
    assert page.locator("h1").inner_text() == "Bart"
    assert not console.errors
    context.close()
