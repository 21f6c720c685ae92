"""The standing answers form on a Seeräuber and a Flußpiraten game page passes axe-core
and the W3C Nu validator and fits a 360 px phone in English, German and French; a player
sets his mutiny answer there, the others play on, and the answer fires, shown in his
history as played by standing order."""

from __future__ import annotations

from typing import Any

import pytest
from test_pages_checked import Inspector

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.play.standing import standing_answers
from games.store.loading import engine_for
from tests.site.seerauber_mutiny import NAMES, OPENING


@pytest.mark.django_db(transaction=True)
def test_a_player_sets_a_standing_answer_on_a_phone_and_it_fires(
    live_server: Any, browser: Any
) -> None:
    game = game_create(
        kind="seerauber",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES],
        seed=4,
    )
    bart = game.seats.get(display_name="Bart")
    page = f"/play/{seat_token(bart)}/"
    river = game_create(
        kind="flusspiraten", players=[PlayerSpec(name=n) for n in NAMES], seed=4
    ).seats.get(display_name="Anne")
    inspector = Inspector(browser, live_server.url, phone=True)
    for language in ("en", "de", "fr"):
        inspector.speak(language)
        inspector.check_page(f"a seat's page with its standing answers ({language})", page)
        inspector.check_page(
            f"a rower's standing answers ({language})", f"/play/{seat_token(river)}/"
        )
    inspector.speak("en")
    inspector.visit(page)
    inspector.page.select_option("#standing-mutiny", "never")
    inspector.page.get_by_role("button", name="Save standing answers").click()
    inspector.page.wait_for_url(f"**{page}")
    assert standing_answers(bart) == {"mutiny": {"mutiny": "never"}}
    inspector.page.select_option("#standing-mutiny", "wages")
    inspector.page.fill("#standing-ducats", "3")
    inspector.page.get_by_role("button", name="Save standing answers").click()
    inspector.page.wait_for_url(f"**{page}")
    assert standing_answers(bart) == {"mutiny": {"mutiny": "wages", "ducats": 3}}

    engine = engine_for(game)
    for player, text in OPENING:
        game = Game.objects.get(pk=game.pk)
        seat = game.seats.get(display_name=player)
        move_submit(game=game, seat=seat, move=engine.parse_move(text), expected_seq=game.last_seq)

    inspector.check_page("a seat's page after its standing answer fired", page)
    history = inspector.visit(f"{page}history/")
    assert "played by standing order" in history
    inspector.close()
    assert not inspector.problems, inspector.report()
