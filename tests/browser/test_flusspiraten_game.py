"""A short Flußpiraten game in the browser, with a rowing test played from both seats.

The service (with the bots) brings a 3-player game to its first rowing test;
then both rowers play it by clicks on their seat pages: the helmsman clicks
"club", his page says he waits for the other rower, and the partner's page
shows the three choices and nothing of the helmsman's; the partner clicks
"die". A few more turns are clicked, the bots finish the game, and the
finished page has no controls. The river is an SVG on every page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state

PLAYERS = ("Volker", "Birgit", "Dieter")
CLICKS_AFTER_TEST = 6


def _bot(game: Game) -> None:
    game.refresh_from_db()
    name = game.to_move[0]
    move = engine_for(game).bot_move(load_state(game), name)
    move_submit(
        game=game,
        seat=game.seats.get(display_name=name),
        move=move,
        expected_seq=game.last_seq,
    )
    game.refresh_from_db()


def _click(page: Any, url: str, game: Game, move: str) -> None:
    """Press the button of ``move`` on the seat page and wait until the move is stored."""
    page.goto(url)
    seq = game.last_seq
    page.locator(f'section.moves button[data-move="{move}"]').first.click()
    for _ in range(100):
        game.refresh_from_db()
        if game.last_seq > seq:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{move!r} after seq {seq} was not stored")


@pytest.mark.django_db(transaction=True)
def test_a_rowing_test_is_played_by_clicks_from_both_seats(
    live_server: Any, browser: Any, console: Any, screenshots: Path
) -> None:
    game = game_create(
        kind="flusspiraten", players=[PlayerSpec(name=name) for name in PLAYERS], seed=7
    )
    engine = engine_for(game)
    while (step := engine.summary(load_state(game))["step"])["kind"] != "choose":
        _bot(game)
    helmsman, partner = step["helmsman"], step["partner"]
    urls = {
        seat.display_name: f"{live_server.url}/play/{seat_token(seat)}/"
        for seat in game.seats.all()
    }
    pages = {name: console.watch(browser.new_context().new_page()) for name in PLAYERS}

    pages[partner].goto(urls[partner])
    assert pages[partner].locator("svg.river").count() == 1
    assert pages[partner].locator("section.rowing-test button").count() == 3

    _click(pages[helmsman], urls[helmsman], game, "club")
    pages[helmsman].goto(urls[helmsman])
    assert pages[helmsman].locator("[data-waiting=rower]").count() == 1
    assert pages[helmsman].locator("section.moves").count() == 0
    pages[partner].goto(urls[partner])
    assert pages[partner].locator("section.rowing-test button").count() == 3
    outside_controls = pages[partner].evaluate(
        "() => { const area = document.querySelector('#play-area').cloneNode(true);"
        " area.querySelector('section.moves').remove(); return area.outerHTML; }"
    )
    assert "club" not in outside_controls and "choose" in outside_controls
    pages[partner].screenshot(path=str(screenshots / "flusspiraten-test.png"), full_page=True)

    _click(pages[partner], urls[partner], game, "die")
    for _ in range(CLICKS_AFTER_TEST):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        name = game.to_move[0]
        pages[name].goto(urls[name])
        first = pages[name].locator("section.moves button").first.get_attribute("data-move")
        _click(pages[name], urls[name], game, first)
    while game.status == Game.Status.ACTIVE:
        _bot(game)
    end = pages[helmsman]
    end.goto(urls[helmsman])
    end.screenshot(path=str(screenshots / "flusspiraten-end.png"), full_page=True)
    assert end.locator(".status-finished").count() == 1
    assert end.locator("section.moves").count() == 0
    assert end.locator("svg.river").count() == 1
    for page in pages.values():
        page.context.close()  # no polling page holds a database connection at teardown
    assert console.errors == []
